//! The record every solver returns ([`Solution`], with its principal variation as
//! [`MoveRecord`]s) and the solvers' names ([`SolverKind`]).

use crate::base::game::{Action, ActionValue, MoveDescription, Player, Scores, Winner};
use serde::Serialize;
use serde::ser::SerializeMap;

/// Optimal play is listed move by move only for instances up to this size (piles, or N for
/// number games); larger instances get their value without the move list, since the list alone
/// would be as large as the input and the fastest solvers keep no table to read it from. The one
/// exception is stone-game, whose `rolling` solver (`auto`'s pick for the moves) recovers the
/// line from checkpoint rows at every size; its table solvers keep their own size limit.
pub const PRINCIPAL_VARIATION_LIMIT: usize = 16_384;

/// A solver, by its command-line name. Three apply to every game: [`SolverKind::AUTO`] (the
/// fastest exact solver for the game and instance), [`SolverKind::BRUTE`] and
/// [`SolverKind::MEMO`]; the others belong to the games that list them (their registry entry's
/// solvers) and are declared in their folders, e.g. `stone_game::ROLLING`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SolverKind(&'static str);

impl SolverKind {
    /// The fastest exact solver for the game and instance among those proved exact; it may
    /// depend on whether the moves are asked for (stone-game: `rolling` with the moves; for the
    /// value alone `rolling` up to 256 piles and `peaks` above).
    pub const AUTO: SolverKind = SolverKind("auto");
    /// Plain exhaustive minimax over the game tree (exponential; for checking).
    pub const BRUTE: SolverKind = SolverKind("brute");
    /// Memoised minimax over distinct positions (generic).
    pub const MEMO: SolverKind = SolverKind("memo");

    /// The solver called `name` on the command line: how a game declares its own solvers.
    pub const fn named(name: &'static str) -> SolverKind {
        SolverKind(name)
    }

    /// The command-line name, e.g. `closed-form`.
    pub fn name(self) -> &'static str {
        self.0
    }

    /// Whether every game has this solver (`auto`, `brute`, `memo`).
    pub fn is_generic(self) -> bool {
        [SolverKind::AUTO, SolverKind::BRUTE, SolverKind::MEMO].contains(&self)
    }
}

impl std::fmt::Display for SolverKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

impl Serialize for SolverKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.0)
    }
}

/// One move of a principal variation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    /// Who moved.
    pub player: Player,
    /// Points the move earned its player (0 for divisor-game).
    pub gain: i64,
    /// How the move is named in JSON (`side`, `count`, `x`, ...) and in text.
    pub description: MoveDescription,
    /// The position after the move, in the game's compact notation (for text output).
    pub position_after: String,
}

impl Serialize for MoveRecord {
    /// `{"player": "first", "gain": 3, "side": "right", "took": [3]}`: the move's own key sits
    /// beside the common fields so each game reads naturally.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let Action { key, value } = &self.description.action;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("player", &self.player)?;
        map.serialize_entry("gain", &self.gain)?;
        match value {
            ActionValue::Word(word) => map.serialize_entry(key, word)?,
            ActionValue::Number(number) => map.serialize_entry(key, number)?,
            ActionValue::Text(text) => map.serialize_entry(key, text)?,
        }
        if !self.description.took.is_empty() {
            map.serialize_entry("took", &self.description.took)?;
        }
        map.end()
    }
}

/// The solution of one instance under optimal play by both sides.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Solution {
    /// The game's command-line name.
    pub game: &'static str,
    /// The solver that produced this solution (never `auto`: auto names the one it picked).
    pub solver: SolverKind,
    /// The first player's final score.
    pub first_score: i64,
    /// The second player's final score.
    pub second_score: i64,
    /// `first_score - second_score`.
    pub margin: i64,
    /// Who wins.
    pub winner: Winner,
    /// The principal variation, or `None` when the instance is above
    /// [`PRINCIPAL_VARIATION_LIMIT`] and the solver found the value only.
    pub moves: Option<Vec<MoveRecord>>,
}

impl Solution {
    /// A solution without the move list.
    pub fn value_only(game: &'static str, solver: SolverKind, scores: Scores) -> Solution {
        Solution {
            game,
            solver,
            first_score: scores.first,
            second_score: scores.second,
            margin: scores.margin(),
            winner: Winner::from_margin(scores.margin()),
            moves: None,
        }
    }

    /// Both final scores.
    pub fn scores(&self) -> Scores {
        Scores {
            first: self.first_score,
            second: self.second_score,
        }
    }
}
