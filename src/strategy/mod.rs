//! Strategies: rules that pick a move in any position of any game of the [`Game`] trait, and
//! playing them against each other.
//!
//! Generic strategies work for every game: `optimal` (the values of the game's fast solver where
//! it has a table of every position, else memoised minimax; the solvers' tie-break),
//! `greedy` (largest immediate gain), `random` (seeded, uniform over legal moves),
//! `lookahead-K` (depth-limited minimax scoring the points made within K plies), `mcts-K`
//! (UCT with K simulations per move, [`mcts`]) and `noisy-P` (optimal, but a uniformly random
//! move with probability P, [`noisy`]). A game adds its own ([`OwnStrategy`], stone-game's
//! `parity`) in its folder of the games layer. Played games can record every move's regret
//! ([`regret`], valued by [`valuation`]). Ties between equally good moves go to the first in
//! legal order, as in the solvers.

pub mod cost;
pub mod greedy;
pub mod lookahead;
pub mod mcts;
pub mod noisy;
pub mod optimal;
pub mod play;
pub mod random;
pub mod record;
pub mod regret;
pub mod spec;
pub mod valuation;

pub use cost::game_cost;
pub use play::{Pairing, Valuing, build_strategy, play};
pub use record::GameRecord;
pub use spec::{
    GENERIC_STRATEGIES, MAX_LOOKAHEAD, MAX_SIMULATIONS, PROBABILITY_SCALE, StrategySpec,
    available_strategies,
};

use crate::base::error::{InputError, SolveError};
use crate::base::game::{Game, Player};

/// Picks moves.
pub trait Strategy<G: Game> {
    /// The move to play at `state` (not terminal) for the player to move.
    fn choose(&mut self, game: &G, state: &G::State) -> G::Move;

    /// Anything a reader should know about how the strategy played (e.g. a fallback).
    fn note(&self) -> Option<String> {
        None
    }
}

/// A strategy that belongs to one game (stone-game's `parity`): its name and how to build it for
/// a player of an instance. A game lists its own in its registry entry.
pub struct OwnStrategy<G> {
    pub name: &'static str,
    pub build: fn(&G, Player) -> Box<dyn Strategy<G>>,
}

/// Every position's value (the mover's margin from there to the end), as one lookup: what a
/// game's fast solver hands over for optimal play and regret (its registry entry's
/// `position_values`).
pub type PositionTable<G> = Box<dyn Fn(&<G as Game>::State) -> i64 + Send + Sync>;

/// Why strategies could not be played.
#[derive(Debug, thiserror::Error)]
pub enum StrategyError {
    #[error("strategy '{name}' is not available for {game} (its strategies: {available})")]
    Unknown {
        name: String,
        game: &'static str,
        available: String,
    },
    #[error(transparent)]
    Input(#[from] InputError),
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// The caller's stop flag was raised (Ctrl-C in the Python package) before the games ended.
    #[error("stopped before every game was played")]
    Stopped,
}
