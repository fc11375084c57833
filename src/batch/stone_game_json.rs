//! stone-game solutions written as JSON straight into a byte buffer: the same bytes serde writes
//! for a [`crate::solve::Solution`] of the `rolling` solver (tests check it), without building
//! the solution's move records, strings and vectors first.

use crate::game::{Scores, Winner};

/// Appends the decimal digits of `value`.
pub fn push_integer(out: &mut Vec<u8>, value: i64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut rest = value.unsigned_abs();
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    if value < 0 {
        out.push(b'-');
    }
    out.extend_from_slice(&digits[at..]);
}

/// The fields before the move list: `{"game":...,"winner":"first","moves":`.
fn push_head(out: &mut Vec<u8>, scores: Scores) {
    out.extend_from_slice(br#"{"game":"stone-game","solver":"rolling","first_score":"#);
    push_integer(out, scores.first);
    out.extend_from_slice(br#","second_score":"#);
    push_integer(out, scores.second);
    out.extend_from_slice(br#","margin":"#);
    push_integer(out, scores.margin());
    out.extend_from_slice(match Winner::from_margin(scores.margin()) {
        Winner::First => br#","winner":"first","moves":"#.as_slice(),
        Winner::Second => br#","winner":"second","moves":"#.as_slice(),
        Winner::Tie => br#","winner":"tie","moves":"#.as_slice(),
    });
}

/// One solution without its moves (`"moves":null`), as a JSON line.
pub fn push_value_line(out: &mut Vec<u8>, scores: Scores) {
    push_head(out, scores);
    out.extend_from_slice(b"null}\n");
}

/// One solution with its moves as a JSON line: `takes_right` lists optimal play, one entry per
/// move (`true`: the move takes the right pile).
pub fn push_solution_line(
    out: &mut Vec<u8>,
    piles: &[i64],
    scores: Scores,
    takes_right: impl IntoIterator<Item = bool>,
) {
    push_head(out, scores);
    out.push(b'[');
    let (mut left, mut right) = (0, piles.len());
    for (index, takes_right) in takes_right.into_iter().enumerate() {
        if index > 0 {
            out.push(b',');
        }
        out.extend_from_slice(if index % 2 == 0 {
            br#"{"player":"first","gain":"#.as_slice()
        } else {
            br#"{"player":"second","gain":"#.as_slice()
        });
        let pile = if takes_right {
            right -= 1;
            piles[right]
        } else {
            left += 1;
            piles[left - 1]
        };
        push_integer(out, pile);
        out.extend_from_slice(if takes_right {
            br#","side":"right","took":["#.as_slice()
        } else {
            br#","side":"left","took":["#.as_slice()
        });
        push_integer(out, pile);
        out.extend_from_slice(b"]}");
    }
    out.extend_from_slice(b"]}\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stone_game::StoneGame;
    use crate::registry::AnyGame;
    use crate::solve::SolverKind;
    use crate::solve::dp::stone_game::margin_and_line_in;

    fn serde_line(solution: &crate::solve::Solution) -> Vec<u8> {
        let mut line = serde_json::to_vec(solution).unwrap();
        line.push(b'\n');
        line
    }

    #[test]
    fn integers_print_as_std_does() {
        for value in [0, 7, -7, 10, 1234567890, i64::MAX, i64::MIN] {
            let mut out = Vec::new();
            push_integer(&mut out, value);
            assert_eq!(out, value.to_string().into_bytes());
        }
    }

    #[test]
    fn lines_are_the_bytes_serde_writes() {
        for piles in [
            vec![4, 6, 2, 3],
            vec![1, 100, 3],
            vec![7],
            vec![-5, 0, 5],
            vec![3, 3],
            vec![i64::MIN + 1],
        ] {
            let game = StoneGame::new(piles.clone()).unwrap();
            let solution = game.solve(SolverKind::Rolling).unwrap();
            let (mut table, mut line) = (Vec::new(), Vec::new());
            margin_and_line_in(&piles, &mut table, &mut line);
            let mut out = Vec::new();
            push_solution_line(&mut out, &piles, solution.scores(), line);
            assert_eq!(
                String::from_utf8(out).unwrap(),
                String::from_utf8(serde_line(&solution)).unwrap()
            );
            let value = game.solve_value(SolverKind::Rolling).unwrap();
            let mut out = Vec::new();
            push_value_line(&mut out, value.scores());
            assert_eq!(out, serde_line(&value));
        }
    }
}
