//! The readable text form of an [`Analysis`]: the position, its value and every move best first.

use crate::analysis::Analysis;
use std::fmt::Write;

impl Analysis {
    /// A readable table: the position, its value for the player to move, and every move best
    /// first, with the colours' meaning in words.
    pub fn to_text(&self) -> String {
        let mut text = self.heading();
        if self.finished {
            let _ = writeln!(
                text,
                "the game is over: {} for the {} player (margin {}), who would move next",
                self.value.name(),
                self.to_move.name(),
                self.margin
            );
            return text;
        }
        let _ = writeln!(
            text,
            "{} to move: {} {} from here; over the whole game {} {} under optimal play; {} left",
            self.to_move.name(),
            self.remaining_value.name(),
            signed(self.remaining_margin),
            self.value.name(),
            signed(self.margin),
            crate::util::plural::counted(self.remoteness, "move")
        );
        if let Some(grundy) = self.grundy {
            let _ = writeln!(text, "Grundy value: {grundy}");
        }
        text.push_str(&self.moves_table());
        let _ = writeln!(
            text,
            "values are for the {} player, as own points minus the opponent's; from here: the \
             rest of the game, as the explorer colours it: win (green), tie (yellow), lose \
             (maroon); whole game: points taken so far included",
            self.to_move.name()
        );
        text
    }

    /// The game, the moves that led to the position, the position and the scores so far.
    fn heading(&self) -> String {
        let mut text = String::new();
        let line = if self.line.is_empty() {
            "at the start".to_string()
        } else {
            format!("after {}", self.line.join(", "))
        };
        let _ = writeln!(text, "{} {line}: {}", self.game, self.position);
        let _ = writeln!(
            text,
            "scores so far: first {}, second {}",
            self.scores.first, self.scores.second
        );
        text
    }

    /// Every move best first, in aligned columns: its value from here and over the whole game,
    /// its remoteness, the value it gives away, and whether optimal play makes it.
    fn moves_table(&self) -> String {
        let mut text = String::new();
        let width = self
            .moves
            .iter()
            .map(|m| m.name.len())
            .max()
            .unwrap_or(4)
            .max(4);
        let cells: Vec<(String, String)> = self
            .moves
            .iter()
            .map(|m| {
                (
                    format!(
                        "{} {}",
                        m.remaining_value.name(),
                        signed(m.remaining_margin)
                    ),
                    format!("{} {}", m.value.name(), signed(m.margin)),
                )
            })
            .collect();
        let here = cells.iter().map(|c| c.0.len()).max().unwrap_or(0).max(9);
        let whole = cells.iter().map(|c| c.1.len()).max().unwrap_or(0).max(10);
        let _ = writeln!(
            text,
            "{:<width$}  {:<here$}  {:<whole$}  remoteness  difference",
            "move", "from here", "whole game"
        );
        for (entry, (from_here, whole_game)) in self.moves.iter().zip(&cells) {
            let _ = writeln!(
                text,
                "{:<width$}  {from_here:<here$}  {whole_game:<whole$}  {:>10}  {:>10}{}",
                entry.name,
                entry.remoteness,
                entry.difference,
                if entry.optimal {
                    "  (optimal play)"
                } else {
                    ""
                }
            );
        }
        text
    }
}

/// A margin with its sign: `+3`, `0`, `-2`.
fn signed(margin: i64) -> String {
    if margin > 0 {
        format!("+{margin}")
    } else {
        margin.to_string()
    }
}
