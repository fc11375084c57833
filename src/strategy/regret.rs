//! Per-move regret: how much of the game's value each move gave away.
//!
//! Before and after each move we value the game from the mover's side: the points the mover is
//! ahead so far plus the margin optimal play by both sides secures from the position on (see
//! [`crate::strategy::valuation`]). The move's *regret* is the difference, never negative, and zero exactly
//! for the moves optimal play could make (any of several equally good ones). Because the first
//! player's value starts at the game's optimal margin and ends at the final margin, and each move
//! changes it by its regret (down for the first player's moves, up for the second's):
//!
//! `final margin = optimal margin - first player's total regret + second player's total regret`.

use serde::Serialize;

/// The value of the game for the player who moved, just before and just after one move: points
/// ahead so far plus the margin optimal play secures from there to the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MoveValue {
    /// The mover's optimal final margin before the move.
    #[serde(rename = "value_before")]
    pub before: i64,
    /// The mover's optimal final margin after it (with the opponent to play on optimally).
    #[serde(rename = "value_after")]
    pub after: i64,
    /// `before - after`: the value the move gave away (>= 0).
    pub regret: i64,
}

impl MoveValue {
    /// The value of a move from the mover's margin so far, the best margin available from the
    /// position (`best`) and the margin the chosen move secures (`chosen`), both from the
    /// position to the end.
    pub fn new(so_far: i64, best: i64, chosen: i64) -> MoveValue {
        MoveValue {
            before: so_far + best,
            after: so_far + chosen,
            regret: best - chosen,
        }
    }

    /// Whether the move gave any value away.
    pub fn is_mistake(&self) -> bool {
        self.regret > 0
    }

    /// Whether the move turned a position the mover did not lose (optimal final margin >= 0)
    /// into a lost one (< 0).
    pub fn is_losing(&self) -> bool {
        self.before >= 0 && self.after < 0
    }
}
