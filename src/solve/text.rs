//! The readable text form of a [`Solution`]: the verdict, then the optimal play step by step.

use crate::solve::{MoveRecord, Solution};
use crate::util::digits::{INTEGER_BYTES, integer_digits};
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
                // Either --value-only asked for the value alone or the line would be too long
                // to list (the limits are in the guide's file formats); the solution does not
                // say which.
                let _ = writeln!(
                    out,
                    "optimal play: not listed (only the value was computed: --value-only, or an \
                     instance too large to list its line)"
                );
            }
            Some(moves) => {
                let _ = writeln!(
                    out,
                    "optimal play (equally good moves: the first in the game's order is shown):"
                );
                let Columns {
                    index: index_width,
                    description: width,
                    gain: gain_width,
                    score: score_width,
                } = Columns::of(moves);
                let _ = writeln!(
                    out,
                    "  {:>index_width$}  {:<6}  {:<width$}  {:>gain_width$}  {:>score_width$}  {:>score_width$}  then",
                    "#", "player", "move", "gain", "first", "second"
                );
                for (index, (record, (first, second))) in
                    moves.iter().zip(running_scores(moves)).enumerate()
                {
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

/// The widths of the move table's columns: at least the usual 4 (move number and move) and 6
/// (gain, scores), wider when a value needs it, so the columns stay aligned at any size.
struct Columns {
    index: usize,
    description: usize,
    gain: usize,
    score: usize,
}

impl Columns {
    fn of(moves: &[MoveRecord]) -> Columns {
        let mut columns = Columns {
            index: decimal_width(moves.len() as i64).max(4),
            description: 4,
            gain: 6,
            score: 6,
        };
        for (record, (first, second)) in moves.iter().zip(running_scores(moves)) {
            let description = record.description.text.chars().count();
            columns.description = columns.description.max(description);
            // The gain is written with its sign, `+` included.
            let gain = decimal_width(record.gain) + usize::from(record.gain >= 0);
            columns.gain = columns.gain.max(gain);
            let scores = decimal_width(first).max(decimal_width(second));
            columns.score = columns.score.max(scores);
        }
        columns
    }
}

/// Both players' scores after each move.
fn running_scores(moves: &[MoveRecord]) -> impl Iterator<Item = (i64, i64)> + '_ {
    moves.iter().scan((0i64, 0i64), |(first, second), record| {
        match record.player {
            crate::base::game::Player::First => *first += record.gain,
            crate::base::game::Player::Second => *second += record.gain,
        }
        Some((*first, *second))
    })
}

/// Characters `value` takes in decimal, with its `-` if negative.
fn decimal_width(value: i64) -> usize {
    integer_digits(value, &mut [0; INTEGER_BYTES]).len()
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
            assert_eq!(decimal_width(value), value.to_string().len(), "{value}");
        }
    }
}
