//! Counts with their nouns in agreement: `1 stone`, `2 stones`, `1 ply`, `3 plies`. Every
//! message that prints a count beside a noun goes through here, so that no output reads
//! "1 stones".

use std::fmt::Display;

/// `count` followed by `singular` when it is one, and by `singular` + "s" otherwise:
/// `counted(1, "stone")` is `1 stone`, `counted(2, "stone")` is `2 stones`. The count is any
/// integer or preformatted count (`cost::count` writes large ones as `3.4e19`, plural).
pub fn counted(count: impl Display, singular: &str) -> String {
    let count = count.to_string();
    if count == "1" {
        format!("1 {singular}")
    } else {
        format!("{count} {}", plural(singular))
    }
}

/// [`counted`] with an irregular plural: `counted_as(2, "ply", "plies")` is `2 plies`.
pub fn counted_as(count: impl Display, singular: &str, plural: &str) -> String {
    let count = count.to_string();
    if count == "1" {
        format!("1 {singular}")
    } else {
        format!("{count} {plural}")
    }
}

/// The plural of a regular noun, or of a phrase whose first word is the noun
/// (`"pile count"` becomes `"pile counts"`, `"instance per n"` becomes `"instances per n"`):
/// an "s" after the first word when the phrase has a preposition after it, else at the end.
fn plural(singular: &str) -> String {
    const LINKS: [&str; 4] = [" per ", " of ", " in ", " with "];
    match LINKS.iter().filter_map(|link| singular.find(link)).min() {
        Some(at) => format!("{}s{}", &singular[..at], &singular[at..]),
        None => format!("{singular}s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_everything_else_plural() {
        assert_eq!(counted(1, "stone"), "1 stone");
        assert_eq!(counted(0, "stone"), "0 stones");
        assert_eq!(counted(2u64, "instance"), "2 instances");
        assert_eq!(counted("3.4e19", "instance"), "3.4e19 instances");
        assert_eq!(counted(1, "pile count"), "1 pile count");
        assert_eq!(counted(5, "pile count"), "5 pile counts");
        assert_eq!(counted(7, "instance per n"), "7 instances per n");
        assert_eq!(counted(1, "instance per n"), "1 instance per n");
        assert_eq!(counted_as(1, "ply", "plies"), "1 ply");
        assert_eq!(counted_as(4, "ply", "plies"), "4 plies");
    }
}
