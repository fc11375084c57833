//! `random`: a uniformly random legal move from a seeded stream.

use crate::base::game::Game;
use crate::strategy::Strategy;
use crate::util::random::Draws;

/// A uniformly random legal move from a seeded stream.
pub struct RandomMoves {
    pub(crate) rng: Draws,
}

impl<G: Game> Strategy<G> for RandomMoves {
    fn choose(&mut self, game: &G, state: &G::State) -> G::Move {
        let moves = game.legal_moves(state);
        moves[self.rng.below(moves.len() as u64) as usize]
    }
}
