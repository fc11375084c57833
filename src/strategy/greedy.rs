//! `greedy`: the move with the largest immediate gain (the solvers' tie-break among equals).

use crate::base::game::Game;
use crate::solve::first_best;
use crate::strategy::Strategy;

/// The move with the largest immediate gain.
pub struct Greedy;

impl<G: Game> Strategy<G> for Greedy {
    fn choose(&mut self, game: &G, state: &G::State) -> G::Move {
        let scored = game
            .legal_moves(state)
            .into_iter()
            .map(|mv| (mv, game.gain(state, mv)));
        first_best(scored)
            .map(|(mv, _)| mv)
            .expect("strategies are asked only at non-terminal states")
    }
}
