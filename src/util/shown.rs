//! Messages as one line shows them: control characters escaped, long values cut to their start.

/// The most characters of a quoted value that a message repeats.
pub const SHOWN_VALUE: usize = 60;

/// `message` fit to show on one line: every quoted value (`'...'`, or serde's `` `...` ``) without whitespace that is
/// longer than [`SHOWN_VALUE`] characters cut to its start and its length (a 100,000-digit
/// value that a message quotes twice made a 200 KB line), and every control character escaped
/// (`\u{1b}`), so that none reaches a terminal.
///
/// A quote followed by text with whitespace before the next quote is an apostrophe, not a
/// value, and the next quote may open one: `the player's move 'x'` finds `'x'`.
pub fn for_one_line(message: &str) -> String {
    let mut shown = String::with_capacity(message.len().min(4096));
    let mut rest = message;
    while let Some(open) = rest.find(QUOTES) {
        let quote = rest[open..].chars().next().unwrap_or('\'');
        shown.push_str(&rest[..open + quote.len_utf8()]);
        let after = &rest[open + quote.len_utf8()..];
        let Some(close) = after.find(quote) else {
            rest = after;
            break;
        };
        let value = &after[..close];
        let length = value.chars().count();
        if value.contains(char::is_whitespace) {
            // Not a value: the closing quote may open one.
            shown.push_str(value);
            rest = &after[close..];
            continue;
        }
        if length > SHOWN_VALUE {
            shown.extend(value.chars().take(SHOWN_VALUE));
            shown.push_str(&format!("... ({length} characters)"));
        } else {
            shown.push_str(value);
        }
        shown.push(quote);
        rest = &after[close + quote.len_utf8()..];
    }
    shown.push_str(rest);
    shown
        .chars()
        .map(|character| match character {
            c if c.is_control() => c.escape_default().to_string(),
            c => c.to_string(),
        })
        .collect()
}

/// The quotes around values in messages: gamelab's `'`, and serde's backquote (`` unknown field
/// `x` ``).
const QUOTES: [char; 2] = ['\'', '`'];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_values_are_cut_and_control_characters_escaped() {
        let long = "7".repeat(100);
        let message = format!("invalid value '{long}': the code '{long}' has no point");
        let start = "7".repeat(SHOWN_VALUE);
        assert_eq!(
            for_one_line(&message),
            format!(
                "invalid value '{start}... (100 characters)': the code '{start}... (100 \
                 characters)' has no point"
            )
        );
        // Short values, prose between apostrophes, and an apostrophe before a value.
        assert_eq!(for_one_line("pile 2 is 'x'"), "pile 2 is 'x'");
        let prose = format!("the player's {} move '{long}'", "very ".repeat(20));
        assert!(for_one_line(&prose).ends_with(&format!("move '{start}... (100 characters)'")));
        assert_eq!(for_one_line("an unclosed 'quote"), "an unclosed 'quote");
        assert_eq!(for_one_line("uni\u{1b}[31mform"), "uni\\u{1b}[31mform");
        assert_eq!(
            for_one_line(&format!("unknown field `{long}`, expected `piles`")),
            format!("unknown field `{start}... (100 characters)`, expected `piles`")
        );
    }
}
