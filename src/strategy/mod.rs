//! Strategies: rules that pick a move in any position of any game of the [`Game`] trait, and
//! playing them against each other.
//!
//! Generic strategies work for every game: `optimal` (memoised minimax, the solvers' tie-break),
//! `greedy` (largest immediate gain), `random` (seeded, uniform over legal moves) and
//! `lookahead-K` (depth-limited minimax scoring the points made within K plies). A game's own
//! strategies (stone-game's `parity`) live here too, one module each, listed in
//! [`SPECIAL_STRATEGIES`]. Ties between equally good moves go to the first in legal order, as in
//! the solvers.

pub mod parity;

use crate::budget::{Cost, times};
use crate::error::{InputError, SolveError};
use crate::game::{Game, Player, Scores, Winner};
use crate::games::stone_game::StoneGame;
use crate::random::{Draws, keyed_stream};
use crate::solve::brute::search;
use crate::solve::{MoveRecord, best_move, first_best, play_out, signed_for, terminal_value};
use serde::Serialize;
use std::any::Any;
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

/// A strategy that belongs to one game.
#[derive(Clone, Copy, Debug)]
pub struct SpecialStrategy {
    /// The game's command-line name.
    pub game: &'static str,
    /// The strategy's name.
    pub name: &'static str,
}

/// Every game's own strategies. A new one is a module here, a line in this list and a line in
/// `special_strategy` (the builder behind [`build_strategy`]).
pub const SPECIAL_STRATEGIES: &[SpecialStrategy] = &[SpecialStrategy {
    game: "stone-game",
    name: "parity",
}];

/// The names of the strategies that belong to `game`.
pub fn special_strategy_names(game: &str) -> Vec<&'static str> {
    SPECIAL_STRATEGIES
        .iter()
        .filter(|special| special.game == game)
        .map(|special| special.name)
        .collect()
}

/// One of `game`'s own strategies for `player`, if `name` is one.
fn special_strategy<G: Game + 'static>(
    game: &G,
    name: &str,
    player: Player,
) -> Option<Box<dyn Strategy<G>>> {
    let game: &dyn Any = game;
    if let (Some(stone_game), "parity") = (game.downcast_ref::<StoneGame>(), name) {
        return retyped(Box::new(parity::ParityStrategy::new(stone_game, player)));
    }
    None
}

/// `strategy`, a strategy for game `H`, as a strategy for `G`: succeeds exactly when `G` is
/// `H` (a type-id check, so a strategy can only ever meet its own game).
fn retyped<G: Game + 'static, H: Game + 'static>(
    strategy: Box<dyn Strategy<H>>,
) -> Option<Box<dyn Strategy<G>>> {
    let erased: Box<dyn Any> = Box::new(strategy);
    erased
        .downcast::<Box<dyn Strategy<G>>>()
        .ok()
        .map(|strategy| *strategy)
}

/// Builds the strategy `spec` names for `player` of `game`: a generic one or one of the game's
/// own. `seed` and `index` (the instance's number) key the random stream, separately for each
/// player.
pub fn build_strategy<G: Game + 'static>(
    game: &G,
    spec: &StrategySpec,
    seed: u64,
    index: u64,
    player: Player,
) -> Result<Box<dyn Strategy<G>>, StrategyError> {
    if let Some(strategy) = generic_strategy(spec, seed, index, player) {
        return Ok(strategy);
    }
    let name = spec.to_string();
    special_strategy(game, &name, player).ok_or_else(|| StrategyError::Unknown {
        available: available_strategies(G::NAME),
        name,
        game: G::NAME,
    })
}

/// The strategies available for `game`, comma-separated, for messages.
pub fn available_strategies(game: &str) -> String {
    let mut available = vec![GENERIC_STRATEGIES];
    available.extend(special_strategy_names(game));
    available.join(", ")
}

/// Plays `first` against `second` on `game` from its start; `optimal` is the game's value (for
/// the shortfall); `seed` and `index` key random strategies.
pub fn play<G: Game + 'static>(
    game: &G,
    first: &StrategySpec,
    second: &StrategySpec,
    optimal: Scores,
    seed: u64,
    index: u64,
) -> Result<GameRecord, StrategyError> {
    refuse_oversize(game, first)?;
    refuse_oversize(game, second)?;
    let mut first_player = build_strategy(game, first, seed, index, Player::First)?;
    let mut second_player = build_strategy(game, second, seed, index, Player::Second)?;
    let (moves, scores) = play_out(game, |state| match game.to_move(state) {
        Player::First => first_player.choose(game, state),
        Player::Second => second_player.choose(game, state),
    });
    let notes = [(first, &first_player), (second, &second_player)]
        .into_iter()
        .filter_map(|(spec, strategy)| strategy.note().map(|note| format!("{spec}: {note}")))
        .collect();
    Ok(GameRecord::new(moves, scores, optimal, notes))
}

/// Refuses a game that `spec` cannot play within the budget: the game's record (one entry per
/// move, up to [`Game::max_depth`] moves), `optimal`'s memoised search (the `memo` solver's
/// guards), or `lookahead-K`'s branching^K positions per move.
fn refuse_oversize<G: Game>(game: &G, spec: &StrategySpec) -> Result<(), StrategyError> {
    let depth = game.max_depth();
    let per_move = match spec {
        StrategySpec::Optimal => {
            crate::solve::memo::refuse_oversize(game, "optimal")?;
            1
        }
        StrategySpec::Lookahead(plies) => game.max_moves().max(1).saturating_pow(*plies),
        _ => game.max_moves(),
    };
    Cost::new(times(depth, RECORD_BYTES), times(depth, per_move))
        .check(
            &format!(
                "{spec} playing games of up to {} moves",
                crate::budget::count(depth)
            ),
            match spec {
                StrategySpec::Lookahead(_) => "use a smaller lookahead depth or instance",
                _ => "use a smaller instance",
            },
        )
        .map_err(StrategyError::from)
}

/// Bytes the record of one move takes.
const RECORD_BYTES: u128 = 128;

/// One game played by two strategies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameRecord {
    pub first_score: i64,
    pub second_score: i64,
    pub margin: i64,
    pub winner: Winner,
    pub moves: Vec<MoveRecord>,
    /// Scores under optimal play by both sides (the game's value).
    #[serde(skip)]
    pub optimal: Scores,
    /// What the strategies said about their play (fallbacks).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

impl GameRecord {
    /// Builds the record of a finished game.
    pub fn new(
        moves: Vec<MoveRecord>,
        scores: Scores,
        optimal: Scores,
        notes: Vec<String>,
    ) -> Self {
        GameRecord {
            first_score: scores.first,
            second_score: scores.second,
            margin: scores.margin(),
            winner: Winner::from_margin(scores.margin()),
            moves,
            optimal,
            notes,
        }
    }

    /// The first player's optimal score minus the score it got.
    pub fn shortfall(&self) -> i64 {
        self.optimal.first - self.first_score
    }
}

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
}

/// Builds a generic strategy; `None` for a game's own ones.
fn generic_strategy<G: Game + 'static>(
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
        let scored = game
            .legal_moves(state)
            .into_iter()
            .map(|mv| (mv, game.gain(state, mv)));
        first_best(scored)
            .map(|(mv, _)| mv)
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
