//! `parity`, stone-game's own strategy: the parity argument (the LeetCode 877 write-up) that with an even number of
//! piles the first player never loses.

use crate::base::game::Player;
use crate::games::stone_game::{Interval, Side, StoneGame};
use crate::strategy::Strategy;
use crate::strategy::greedy::Greedy;

/// `parity`, the parity argument's strategy (the LeetCode 877 write-up): with an even number of piles, colour the
/// piles at 0-based even and odd positions; the first player takes every pile of the heavier
/// colour (even positions on a tie), which is always possible because at each of its turns an
/// even number of piles remains, so the two ends have different colours. It guarantees the
/// first player at least a tie, but it is not optimal play. Where it does not apply (odd n, or
/// playing second) it plays greedy and says so in its note.
pub struct ParityStrategy {
    /// The colour taken: 0 for even positions, 1 for odd ones; `None` when it plays greedy.
    colour: Option<usize>,
    note: Option<String>,
}

impl ParityStrategy {
    /// The strategy for `player` on `game`.
    pub fn new(game: &StoneGame, player: Player) -> ParityStrategy {
        let n = game.piles().len();
        if player == Player::Second {
            return ParityStrategy {
                colour: None,
                note: Some(
                    "parity is a first-player strategy, so as second player it plays greedy".into(),
                ),
            };
        }
        if n % 2 == 1 {
            return ParityStrategy {
                colour: None,
                note: Some(
                    "parity needs an even number of piles, so with odd n it plays greedy".into(),
                ),
            };
        }
        let colour_sum =
            |colour: usize| -> i64 { game.piles().iter().skip(colour).step_by(2).sum() };
        let colour = if colour_sum(1) > colour_sum(0) { 1 } else { 0 };
        ParityStrategy {
            colour: Some(colour),
            note: None,
        }
    }
}

impl Strategy<StoneGame> for ParityStrategy {
    fn choose(&mut self, game: &StoneGame, state: &Interval) -> Side {
        match self.colour {
            Some(colour) if state.len().is_multiple_of(2) => {
                if state.left as usize % 2 == colour {
                    Side::Left
                } else {
                    Side::Right
                }
            }
            _ => Greedy.choose(game, state),
        }
    }

    fn note(&self) -> Option<String> {
        self.note.clone()
    }
}
