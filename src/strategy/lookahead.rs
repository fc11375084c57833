//! `lookahead-K`: depth-limited minimax scoring the points made within K plies.

use crate::base::game::Game;
use crate::solve::{best_move, signed_for, terminal_value};
use crate::strategy::Strategy;

/// Depth-limited minimax: the best move by the margin made within `depth` plies (points gained
/// on the way, and the payoff if the game ends), each side maximising its own.
pub struct Lookahead {
    pub depth: u32,
}

impl Lookahead {
    /// The mover's margin over the next `depth` plies from `state`.
    fn value<G: Game>(game: &G, state: &G::State, depth: u32) -> i64 {
        let moves = game.legal_moves(state);
        if moves.is_empty() {
            return terminal_value(game, state);
        }
        if depth == 0 {
            return 0;
        }
        let mover = game.to_move(state);
        moves
            .into_iter()
            .map(|mv| {
                let child = game.apply(state, mv);
                game.gain(state, mv)
                    + signed_for(
                        game,
                        &child,
                        mover,
                        Lookahead::value(game, &child, depth - 1),
                    )
            })
            .max()
            .unwrap_or(0)
    }
}

impl<G: Game> Strategy<G> for Lookahead {
    fn choose(&mut self, game: &G, state: &G::State) -> G::Move {
        let depth = self.depth;
        best_move(game, state, |child| {
            Lookahead::value(game, child, depth - 1)
        })
        .expect("strategies are asked only at non-terminal states")
    }
}
