//! `noisy-P`: the standard model of a fallible player. At every move, with probability P it
//! plays a uniformly random legal move, otherwise the optimal one.
//!
//! Two streams keep the model exact at its ends. The coin (random move or not) comes from its
//! own stream; the random moves come from the very stream `random` draws from, and only when the
//! coin says so. So `noisy-0` never leaves optimal play, and `noisy-1` makes exactly the moves
//! `random` makes for the same seed, instance and player. P is a whole number of millionths and
//! the coin an integer draw, so no floating point is involved.

use crate::base::game::Game;
use crate::strategy::{PROBABILITY_SCALE, Strategy};
use crate::util::random::{Draws, keyed_stream};

/// Distinguishes the coin's stream from every other (see `keyed_stream`).
const COIN_STREAM_TAG: u64 = 0x4e4f_4953_5943_4f49; // "NOISYCOI"

/// The coin stream of the player (1 first, 2 second) in game `index` of a run with `seed`.
pub(super) fn coin_stream(seed: u64, index: u64, player_word: u64) -> Draws {
    keyed_stream([seed, index, player_word, COIN_STREAM_TAG])
}

/// Optimal play with a random move now and then.
pub struct Noisy<G: Game> {
    optimal: Box<dyn Strategy<G>>,
    /// The probability of a random move, in millionths.
    millionths: u32,
    moves: Draws,
    coin: Draws,
}

impl<G: Game> Noisy<G> {
    /// `optimal`, leaving it with probability `millionths` / 1,000,000 for a move drawn from
    /// `moves`; `coin` decides.
    pub fn new(optimal: Box<dyn Strategy<G>>, millionths: u32, moves: Draws, coin: Draws) -> Self {
        Noisy {
            optimal,
            millionths,
            moves,
            coin,
        }
    }
}

impl<G: Game> Strategy<G> for Noisy<G> {
    fn choose(&mut self, game: &G, state: &G::State) -> G::Move {
        if self.coin.below(PROBABILITY_SCALE as u64) < self.millionths as u64 {
            let moves = game.legal_moves(state);
            moves[self.moves.below(moves.len() as u64) as usize]
        } else {
            self.optimal.choose(game, state)
        }
    }
}
