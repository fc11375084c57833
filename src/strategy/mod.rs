//! Strategies: rules that pick a move in any position of any game of the [`Game`] trait, and
//! playing them against each other.
//!
//! Generic strategies work for every game: `optimal` (memoised minimax, the solvers' tie-break),
//! `greedy` (largest immediate gain), `random` (seeded, uniform over legal moves) and
//! `lookahead-K` (depth-limited minimax scoring the points made within K plies). A game may add
//! its own through [`crate::games::RegisteredGame::special_strategy`] (stone-game's `parity`).
//! Ties between equally good moves go to the first in legal order, as in the solvers.

pub mod lab;

use crate::game::{Game, Player};
use crate::generate::{Draws, keyed_stream};
use crate::solve::brute::search;
use crate::solve::{best_move, signed_for, terminal_value};
use std::collections::HashMap;
use std::str::FromStr;

/// Picks moves.
pub trait Strategy<G: Game> {
    /// The move to play at `state` (not terminal) for the player to move.
    fn choose(&mut self, game: &G, state: &G::State) -> G::Move;

    /// Anything a reader should know about how the strategy played (e.g. a fallback).
    fn note(&self) -> Option<String> {
        None
    }
}

/// A strategy by name, before it meets a game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum StrategySpec {
    Optimal,
    Greedy,
    Random,
    /// Depth-limited minimax over this many plies.
    Lookahead(u32),
    /// A game's own strategy, e.g. `parity` for stone-game.
    Special(String),
}

/// The deepest lookahead accepted (2^20 positions per move for two-move games).
pub const MAX_LOOKAHEAD: u32 = 20;

impl FromStr for StrategySpec {
    type Err = String;

    /// `optimal`, `greedy`, `random`, `lookahead-K` (1 <= K <= 20), or a game's own name.
    fn from_str(text: &str) -> Result<StrategySpec, String> {
        let text = text.trim();
        match text {
            "optimal" => Ok(StrategySpec::Optimal),
            "greedy" => Ok(StrategySpec::Greedy),
            "random" => Ok(StrategySpec::Random),
            "" => Err("a strategy name is empty".to_string()),
            _ => match text.strip_prefix("lookahead-") {
                Some(depth) => match depth.parse::<u32>() {
                    Ok(depth) if (1..=MAX_LOOKAHEAD).contains(&depth) => {
                        Ok(StrategySpec::Lookahead(depth))
                    }
                    _ => Err(format!(
                        "'{text}': the lookahead depth must be a whole number from 1 to {MAX_LOOKAHEAD} (e.g. lookahead-3)"
                    )),
                },
                None if text.chars().all(|c| c.is_ascii_lowercase() || c == '-') => {
                    Ok(StrategySpec::Special(text.to_string()))
                }
                None => Err(format!("'{text}' is not a strategy name")),
            },
        }
    }
}

impl std::fmt::Display for StrategySpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StrategySpec::Optimal => f.write_str("optimal"),
            StrategySpec::Greedy => f.write_str("greedy"),
            StrategySpec::Random => f.write_str("random"),
            StrategySpec::Lookahead(depth) => write!(f, "lookahead-{depth}"),
            StrategySpec::Special(name) => f.write_str(name),
        }
    }
}

/// The generic strategies' names, for help and error messages.
pub const GENERIC_STRATEGIES: &str = "optimal, greedy, random, lookahead-K";

/// Distinguishes random-strategy streams from instance streams (see `keyed_stream`).
const STRATEGY_STREAM_TAG: u64 = 0x5354_5241_5445_4759; // "STRATEGY"

/// Builds a generic strategy; `None` for a game's own ones. `seed` and `index` (the instance's
/// number) key the random stream, separately for each player.
pub fn generic_strategy<G: Game + 'static>(
    spec: &StrategySpec,
    seed: u64,
    index: u64,
    player: Player,
) -> Option<Box<dyn Strategy<G>>> {
    match spec {
        StrategySpec::Optimal => Some(Box::new(Optimal::new())),
        StrategySpec::Greedy => Some(Box::new(Greedy)),
        StrategySpec::Random => {
            let player_word = match player {
                Player::First => 1,
                Player::Second => 2,
            };
            Some(Box::new(RandomMoves {
                rng: keyed_stream([seed, index, player_word, STRATEGY_STREAM_TAG]),
            }))
        }
        StrategySpec::Lookahead(depth) => Some(Box::new(Lookahead { depth: *depth })),
        StrategySpec::Special(_) => None,
    }
}

/// Optimal play: memoised minimax values of every position reached, the solvers' tie-break.
pub struct Optimal<S> {
    values: HashMap<S, i64>,
}

impl<S> Optimal<S> {
    /// An optimal strategy with nothing solved yet.
    pub fn new() -> Optimal<S> {
        Optimal {
            values: HashMap::new(),
        }
    }
}

impl<S> Default for Optimal<S> {
    fn default() -> Self {
        Optimal::new()
    }
}

impl<G: Game> Strategy<G> for Optimal<G::State> {
    fn choose(&mut self, game: &G, state: &G::State) -> G::Move {
        let values = &mut self.values;
        best_move(game, state, |child| search(game, child, values))
            .expect("strategies are asked only at non-terminal states")
    }
}

/// The move with the largest immediate gain.
pub struct Greedy;

impl<G: Game> Strategy<G> for Greedy {
    fn choose(&mut self, game: &G, state: &G::State) -> G::Move {
        let mut best: Option<(G::Move, i64)> = None;
        for mv in game.legal_moves(state) {
            let gain = game.gain(state, mv);
            if best.is_none_or(|(_, best_gain)| gain > best_gain) {
                best = Some((mv, gain));
            }
        }
        best.map(|(mv, _)| mv)
            .expect("strategies are asked only at non-terminal states")
    }
}

/// A uniformly random legal move from a seeded stream.
pub struct RandomMoves {
    rng: Draws,
}

impl<G: Game> Strategy<G> for RandomMoves {
    fn choose(&mut self, game: &G, state: &G::State) -> G::Move {
        let moves = game.legal_moves(state);
        moves[self.rng.below(moves.len() as u64) as usize]
    }
}

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
