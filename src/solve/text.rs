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
                let _ = writeln!(
                    out,
                    "  {:>4}  {:<6}  {:<width$}  {:>6}  {:>6}  {:>6}  then",
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
                        "  {:>4}  {:<6}  {:<width$}  {:>+6}  {:>6}  {:>6}  {}",
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
