//! The readable text form of a [`Solution`]: the verdict, then the optimal play step by step.

use super::Solution;
use std::fmt::Write;

impl Solution {
    /// Renders the solution for people; `instance` names the instance (e.g. `[4, 6, 2, 3]`).
    pub fn to_text(&self, instance: &str) -> String {
        let mut out = String::new();
        // Writing to a String cannot fail.
        let _ = writeln!(out, "{} {instance}", self.game);
        let _ = writeln!(out, "solver: {}", self.solver.name());
        let _ = writeln!(
            out,
            "winner: {}  (first {}, second {}, margin {:+})",
            self.winner.name(),
            self.first_score,
            self.second_score,
            self.margin
        );
        match &self.moves {
            None => {
                // Either --value-only asked for the value alone or the instance is above the
                // game's move-list limit (README, "Solvers"); the solution does not say which.
                let _ = writeln!(
                    out,
                    "optimal play: not listed (only the value was computed: --value-only, or \
                     above the game's move-list limit)"
                );
            }
            Some(moves) => {
                let _ = writeln!(
                    out,
                    "optimal play (equally good moves: the first in the game's order is shown):"
                );
                let width = moves
                    .iter()
                    .map(|record| record.description.text.chars().count())
                    .max()
                    .unwrap_or(0)
                    .max(4);
                let columns = NumberColumns::of(moves);
                let NumberColumns {
                    index: index_width,
                    gain: gain_width,
                    score: score_width,
                } = columns;
                let _ = writeln!(
                    out,
                    "  {:>index_width$}  {:<6}  {:<width$}  {:>gain_width$}  {:>score_width$}  {:>score_width$}  then",
                    "#", "player", "move", "gain", "first", "second"
                );
                let (mut first, mut second) = (0i64, 0i64);
                for (index, record) in moves.iter().enumerate() {
                    match record.player {
                        crate::game::Player::First => first += record.gain,
                        crate::game::Player::Second => second += record.gain,
                    }
                    let _ = writeln!(
                        out,
                        "  {:>index_width$}  {:<6}  {:<width$}  {:>+gain_width$}  {:>score_width$}  {:>score_width$}  {}",
                        index + 1,
                        record.player.name(),
                        record.description.text,
                        record.gain,
                        first,
                        second,
                        record.position_after
                    );
                }
            }
        }
        out
    }
}

/// The widths of the move table's number columns: at least the usual 4 (move number) and 6
/// (gain, scores), wider when a value needs it, so the columns stay aligned at any size.
struct NumberColumns {
    index: usize,
    gain: usize,
    score: usize,
}

impl NumberColumns {
    fn of(moves: &[super::MoveRecord]) -> NumberColumns {
        let (mut first, mut second) = (0i64, 0i64);
        let mut columns = NumberColumns {
            index: decimal_width(moves.len() as i64, false).max(4),
            gain: 6,
            score: 6,
        };
        for record in moves {
            match record.player {
                crate::game::Player::First => first += record.gain,
                crate::game::Player::Second => second += record.gain,
            }
            columns.gain = columns.gain.max(decimal_width(record.gain, true));
            let scores = decimal_width(first, false).max(decimal_width(second, false));
            columns.score = columns.score.max(scores);
        }
        columns
    }
}

/// Characters `value` takes in decimal, with its sign (`+` too when `plus`).
fn decimal_width(value: i64, plus: bool) -> usize {
    let digits = value
        .unsigned_abs()
        .checked_ilog10()
        .map_or(1, |log| log as usize + 1);
    digits + usize::from(plus || value < 0)
}

#[cfg(test)]
mod tests {
    use super::decimal_width;

    #[test]
    fn decimal_widths_count_digits_and_signs() {
        for value in [
            0,
            7,
            -7,
            10,
            -10,
            99_999,
            i64::MAX,
            i64::MIN,
            1_000_000_000_000_000_000,
        ] {
            assert_eq!(
                decimal_width(value, false),
                value.to_string().len(),
                "{value}"
            );
            assert_eq!(
                decimal_width(value, true),
                format!("{value:+}").len(),
                "{value}"
            );
        }
    }
}
