//! Strategies: rules that pick a move in any position of any game of the [`Game`] trait, and
//! playing them against each other.
//!
//! Generic strategies work for every game: `optimal` (the values of the game's fast solver where
//! it has a table of every position, else memoised minimax; the solvers' tie-break),
//! `greedy` (largest immediate gain), `random` (seeded, uniform over legal moves),
//! `lookahead-K` (depth-limited minimax scoring the points made within K plies), `mcts-K`
//! (UCT with K simulations per move, [`mcts`]) and `noisy-P` (optimal, but a uniformly random
//! move with probability P, [`noisy`]). Played games can record every move's regret
//! ([`regret`], valued by [`valuation`]). A game's own
//! strategies (stone-game's `parity`) live here too, one module each, listed in
//! [`SPECIAL_STRATEGIES`]. Ties between equally good moves go to the first in legal order, as in
//! the solvers.

pub mod mcts;
pub mod noisy;
pub mod regret;
pub mod valuation;

use crate::base::error::{InputError, SolveError};
use crate::base::game::{Game, Player, Scores, Winner};
use crate::cost::{Cost, Operation, Work, times};
use crate::games::PositionTable;
use crate::games::stone_game::StoneGame;
use crate::solve::brute::search;
use crate::solve::{MoveRecord, best_move, first_best, play_out, signed_for, terminal_value};
use crate::util::random::{Draws, keyed_stream};
use regret::MoveValue;
use serde::Serialize;
use std::any::Any;
use std::collections::HashMap;
use std::str::FromStr;
use std::sync::Arc;
use valuation::PositionValues;

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
    /// Monte Carlo tree search (UCT) with this many simulations per move.
    Mcts(u32),
    /// Optimal play, but a uniformly random move with this probability, in millionths.
    Noisy(u32),
    /// A game's own strategy, e.g. `parity` for stone-game.
    Special(String),
}

/// The deepest lookahead accepted (2^20 positions per move for two-move games).
pub const MAX_LOOKAHEAD: u32 = 20;

/// The most simulations per move `mcts-K` accepts.
pub const MAX_SIMULATIONS: u32 = 10_000_000;

/// `noisy-P` probabilities are exact in steps of one millionth.
pub const PROBABILITY_SCALE: u32 = 1_000_000;

impl StrategySpec {
    /// Whether the strategy plays from every position's value (`optimal`, `noisy-P`): a
    /// memoised search, or the game's fast solver's table when there is one.
    pub fn needs_position_values(&self) -> bool {
        matches!(self, StrategySpec::Optimal | StrategySpec::Noisy(_))
    }
}

impl FromStr for StrategySpec {
    type Err = String;

    /// `optimal`, `greedy`, `random`, `lookahead-K` (1 <= K <= 20), `mcts-K` (1 <= K <=
    /// 10,000,000), `noisy-P` (0 <= P <= 1, at most six decimals), or a game's own name.
    fn from_str(text: &str) -> Result<StrategySpec, String> {
        let text = text.trim();
        match text {
            "optimal" => Ok(StrategySpec::Optimal),
            "greedy" => Ok(StrategySpec::Greedy),
            "random" => Ok(StrategySpec::Random),
            "" => Err("a strategy name is empty".to_string()),
            _ if text.starts_with("mcts-") => parse_simulations(text).map(StrategySpec::Mcts),
            _ if text.starts_with("noisy-") => parse_probability(text).map(StrategySpec::Noisy),
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

/// K of `mcts-K`.
fn parse_simulations(text: &str) -> Result<u32, String> {
    let budget = text.strip_prefix("mcts-").unwrap_or(text);
    match budget.parse::<u32>() {
        Ok(k) if (1..=MAX_SIMULATIONS).contains(&k) => Ok(k),
        _ => Err(format!(
            "'{text}': the number of simulations must be a whole number from 1 to {MAX_SIMULATIONS} (e.g. mcts-1000)"
        )),
    }
}

/// P of `noisy-P`, in millionths: a decimal from 0 to 1 with at most six decimals, read
/// exactly (no floating point), so `noisy-0` and `noisy-1` are exactly optimal and random.
fn parse_probability(text: &str) -> Result<u32, String> {
    let error = || {
        format!(
            "'{text}': the probability must be a decimal from 0 to 1 with at most six decimals (e.g. noisy-0.1)"
        )
    };
    let number = text.strip_prefix("noisy-").unwrap_or(text);
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    let digits = |part: &str| part.chars().all(|c| c.is_ascii_digit());
    if whole.is_empty() || !digits(whole) || !digits(fraction) || fraction.len() > 6 {
        return Err(error());
    }
    let whole: u64 = whole.parse().map_err(|_| error())?;
    let fraction: u64 = format!("{fraction:0<6}").parse().map_err(|_| error())?;
    let millionths = whole
        .checked_mul(PROBABILITY_SCALE as u64)
        .and_then(|w| w.checked_add(fraction))
        .filter(|&p| p <= PROBABILITY_SCALE as u64)
        .ok_or_else(error)?;
    Ok(millionths as u32)
}

/// `0.1` for 100,000 millionths; `0` and `1` for the ends.
fn format_probability(millionths: u32) -> String {
    let whole = millionths / PROBABILITY_SCALE;
    let fraction = millionths % PROBABILITY_SCALE;
    if fraction == 0 {
        return whole.to_string();
    }
    let digits = format!("{fraction:06}");
    format!("{whole}.{}", digits.trim_end_matches('0'))
}

impl std::fmt::Display for StrategySpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StrategySpec::Optimal => f.write_str("optimal"),
            StrategySpec::Greedy => f.write_str("greedy"),
            StrategySpec::Random => f.write_str("random"),
            StrategySpec::Lookahead(depth) => write!(f, "lookahead-{depth}"),
            StrategySpec::Mcts(simulations) => write!(f, "mcts-{simulations}"),
            StrategySpec::Noisy(millionths) => {
                write!(f, "noisy-{}", format_probability(*millionths))
            }
            StrategySpec::Special(name) => f.write_str(name),
        }
    }
}

/// The generic strategies' names, for help and error messages.
pub const GENERIC_STRATEGIES: &str = "optimal, greedy, random, lookahead-K, mcts-K, noisy-P";

/// Distinguishes random-strategy streams from instance streams (see `keyed_stream`).
const STRATEGY_STREAM_TAG: u64 = 0x5354_5241_5445_4759; // "STRATEGY"

/// The random stream of `player`'s strategy in game `index` of a run with `seed`: `random`
/// draws its moves from it, and `noisy-P` its random moves (so `noisy-1` plays like `random`).
fn strategy_stream(seed: u64, index: u64, player: Player) -> Draws {
    keyed_stream([seed, index, player_word(player), STRATEGY_STREAM_TAG])
}

/// 1 for the first player, 2 for the second: a key word of per-player streams.
fn player_word(player: Player) -> u64 {
    match player {
        Player::First => 1,
        Player::Second => 2,
    }
}

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
        return retyped(Box::new(
            crate::games::stone_game::parity::ParityStrategy::new(stone_game, player),
        ));
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
    build_strategy_with(game, spec, seed, index, player, None)
}

/// [`build_strategy`]; `optimal` and `noisy-P` read `table` (every position's value from the
/// game's fast solver) when given one, instead of searching.
fn build_strategy_with<G: Game + 'static>(
    game: &G,
    spec: &StrategySpec,
    seed: u64,
    index: u64,
    player: Player,
    table: Option<&Arc<PositionTable<G>>>,
) -> Result<Box<dyn Strategy<G>>, StrategyError> {
    if let (StrategySpec::Optimal, Some(table)) = (spec, table) {
        return Ok(Box::new(Optimal::from_table(Arc::clone(table))));
    }
    if let StrategySpec::Noisy(millionths) = spec {
        let optimal =
            build_strategy_with(game, &StrategySpec::Optimal, seed, index, player, table)?;
        return Ok(Box::new(noisy::Noisy::new(
            optimal,
            *millionths,
            strategy_stream(seed, index, player),
            noisy::coin_stream(seed, index, player_word(player)),
        )));
    }
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
    play_game(game, first, second, optimal, Valuing::None, seed, index)
}

/// [`play`] with `optimal` and `noisy-P` reading `table`, every position's value from the
/// game's fast solver (see `RegisteredGame::position_values`), instead of searching: they then
/// play instances as large as that solver takes, under its guard instead of `memo`'s.
pub fn play_with_table<G: Game + 'static>(
    game: &G,
    first: &StrategySpec,
    second: &StrategySpec,
    optimal: Scores,
    table: PositionTable<G>,
    seed: u64,
    index: u64,
) -> Result<GameRecord, StrategyError> {
    let table = Arc::new(table);
    play_game(
        game,
        first,
        second,
        optimal,
        Valuing::Table(&table),
        seed,
        index,
    )
}

/// What a played game reads positions' values from, beyond what its strategies do themselves.
enum Valuing<'v, 'g, G: Game> {
    /// Nothing: `optimal` searches (memoised minimax), and no regret is recorded.
    None,
    /// A fast solver's table, read by `optimal`; no regret is recorded.
    Table(&'v Arc<PositionTable<G>>),
    /// Values for regret; `optimal` also reads them when they come from a table.
    Regret(&'v mut PositionValues<'g, G>),
}

/// [`play`], recording every move's value and regret (see [`regret`]) with `values`.
pub fn play_valued<G: Game + 'static>(
    game: &G,
    first: &StrategySpec,
    second: &StrategySpec,
    optimal: Scores,
    values: &mut PositionValues<'_, G>,
    seed: u64,
    index: u64,
) -> Result<GameRecord, StrategyError> {
    play_game(
        game,
        first,
        second,
        optimal,
        Valuing::Regret(values),
        seed,
        index,
    )
}

fn play_game<G: Game + 'static>(
    game: &G,
    first: &StrategySpec,
    second: &StrategySpec,
    optimal: Scores,
    valuing: Valuing<'_, '_, G>,
    seed: u64,
    index: u64,
) -> Result<GameRecord, StrategyError> {
    let (table, mut values) = match valuing {
        Valuing::None => (None, None),
        Valuing::Table(table) => (Some(Arc::clone(table)), None),
        Valuing::Regret(values) => (values.shared_table(), Some(values)),
    };
    let with_table = table.is_some();
    let planned = refuse_oversize(game, first, Player::First, with_table)?.plus(refuse_oversize(
        game,
        second,
        Player::Second,
        with_table,
    )?);
    let before = crate::cost::progress::snapshot().done;
    let mut first_player =
        build_strategy_with(game, first, seed, index, Player::First, table.as_ref())?;
    let mut second_player =
        build_strategy_with(game, second, seed, index, Player::Second, table.as_ref())?;
    let mut so_far = Scores::ZERO;
    let mut move_values = Vec::new();
    let mut ply = 0u128;
    let (moves, scores) = play_out(game, |state| {
        let mover = game.to_move(state);
        let mv = match mover {
            Player::First => first_player.choose(game, state),
            Player::Second => second_player.choose(game, state),
        };
        // A search's decisions are the long part of a game: report each (as `game_cost` counts
        // it), so one long game shows its progress.
        let spec = match mover {
            Player::First => first,
            Player::Second => second,
        };
        decision_work(game, spec, game.max_depth().saturating_sub(ply)).done();
        ply += 1;
        let gain = game.gain(state, mv);
        if let Some(values) = values.as_deref_mut() {
            let best = values.mover_margin(state);
            let child = game.apply(state, mv);
            let chosen = gain + signed_for(game, &child, mover, values.mover_margin(&child));
            move_values.push(MoveValue::new(so_far.margin_for(mover), best, chosen));
        }
        so_far = so_far.plus(mover, gain);
        mv
    });
    let notes = [(first, &first_player), (second, &second_player)]
        .into_iter()
        .filter_map(|(spec, strategy)| strategy.note().map(|note| format!("{spec}: {note}")))
        .collect();
    crate::cost::progress::settle(planned.cpu_nanos(), before);
    let record = GameRecord::new(moves, scores, optimal, notes);
    Ok(match values {
        Some(_) => record.with_values(move_values),
        None => record,
    })
}

/// Refuses a game that `spec`, playing for `player`, cannot play within the budget (see
/// [`game_cost`]); `optimal` and `noisy-P` also meet the `memo` solver's position limit unless
/// they read a table (`with_table`), which its solver already guarded. Returns the work
/// admitted.
fn refuse_oversize<G: Game>(
    game: &G,
    spec: &StrategySpec,
    player: Player,
    with_table: bool,
) -> Result<Work, StrategyError> {
    let who = format!("the {spec} strategy of the {} player", player.name());
    let searches = spec.needs_position_values();
    if searches && with_table {
        // A table lookup per move: the cost of any strategy that scores its moves.
        let cost = game_cost(game, &StrategySpec::Greedy);
        cost.check(&who, "use a smaller instance")?;
        return Ok(cost.work);
    }
    if searches {
        crate::solve::memo::refuse_oversize(game, crate::solve::memo::Searcher::Other(&who))?;
    }
    let cost = game_cost(game, spec);
    cost.check(
        format_args!(
            "{who}, in games of up to {} moves,",
            crate::cost::count(game.max_depth())
        ),
        match spec {
            StrategySpec::Lookahead(_) => "use a smaller lookahead depth or instance",
            StrategySpec::Mcts(_) => "use fewer simulations (mcts-K) or a smaller instance",
            _ => "use a smaller instance",
        },
    )?;
    Ok(cost.work)
}

/// What `spec` costs to play one game of `game` (one side of it, about half its moves), from
/// cheap bounds: the game's record (an entry per move, up to [`Game::max_depth`] moves) plus
/// - `optimal`, `noisy-P`: a memoised search that solves each distinct position at most once
///   per game — [`Game::max_states`] positions, each trying its moves — and holds the `memo`
///   solver's hash map and stack;
/// - `lookahead-K`: branching^K positions per move;
/// - `mcts-K`: K simulations per move, each a walk to the end of the game from there (the
///   moves left), so K·D²/4 steps over a game of D moves, each step making a move list; its
///   tree holds up to K nodes (fewer in a game with fewer positions), each with its move list;
/// - the others: one move list per move.
pub fn game_cost<G: Game>(game: &G, spec: &StrategySpec) -> Cost {
    let depth = game.max_depth();
    let moves = game.max_moves().max(1);
    let own_moves = depth.div_ceil(2);
    let record = Cost::memory(times(depth, RECORD_BYTES));
    let move_list = times(moves, std::mem::size_of::<G::Move>() as u128);
    let play = match spec {
        StrategySpec::Optimal | StrategySpec::Noisy(_) => crate::solve::memo::search_cost(game),
        StrategySpec::Lookahead(plies) => Cost::new(
            times(depth.min(*plies as u128), move_list),
            Work::of(
                Operation::LookaheadNode,
                times(own_moves, moves.saturating_pow(*plies)),
            ),
        ),
        StrategySpec::Mcts(simulations) => {
            let simulations = *simulations as u128;
            let node = (std::mem::size_of::<G::State>() as u128 + 96).saturating_add(move_list);
            // The tree cannot outgrow the game tree: where that matters (a large tree), count
            // the game tree when that is quick.
            let tree = if times(simulations, node) < MCTS_TREE_BYTES_UNCOUNTED {
                simulations
            } else {
                match crate::base::size::tree_nodes(game, MCTS_TREE_COUNT, MCTS_TREE_COUNT) {
                    crate::base::size::Count::Exact(nodes) => nodes.min(simulations),
                    crate::base::size::Count::MoreThan(_) => simulations,
                }
            };
            // Σ over the player's moves of the moves left: about D²/4.
            let steps = times(times(depth, depth) / 4 + 1, simulations);
            Cost::new(
                times(tree, node),
                Work::of(Operation::MctsStep, times(steps, moves.div_ceil(2))),
            )
        }
        _ => Cost::new(
            move_list,
            Work::of(Operation::StrategyMove, times(own_moves, moves)),
        ),
    };
    Cost::new(record.memory.saturating_add(play.memory), play.work)
}

/// What one decision of `spec` with about `left` moves to the end of the game costs, as
/// [`game_cost`] counts it: the searches' (`mcts-K`, `lookahead-K`) — the rest decide at once.
fn decision_work<G: Game>(game: &G, spec: &StrategySpec, left: u128) -> Work {
    let moves = game.max_moves().max(1);
    match spec {
        StrategySpec::Mcts(simulations) => Work::of(
            Operation::MctsStep,
            times(times(left.max(1), *simulations as u128), moves.div_ceil(2)),
        ),
        StrategySpec::Lookahead(plies) => {
            Work::of(Operation::LookaheadNode, moves.saturating_pow(*plies))
        }
        _ => Work::NONE,
    }
}

/// The largest game tree `mcts-K`'s memory estimate counts (a bounded walk) to cap its tree.
const MCTS_TREE_COUNT: u128 = 100_000;
/// Below this estimate of `mcts-K`'s tree the game tree is not counted (each game is costed).
const MCTS_TREE_BYTES_UNCOUNTED: u128 = 64 << 20;

/// Bytes the record of one move takes.
const RECORD_BYTES: u128 = 128;

/// One game played by two strategies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub first_score: i64,
    pub second_score: i64,
    pub margin: i64,
    pub winner: Winner,
    pub moves: Vec<MoveRecord>,
    /// Scores under optimal play by both sides (the game's value).
    pub optimal: Scores,
    /// What the strategies said about their play (fallbacks).
    pub notes: Vec<String>,
    /// Every move's value and regret, one per move, when the game was played with values.
    pub values: Option<Vec<MoveValue>>,
}

/// The JSON form of a [`GameRecord`]: each move carries its value and regret when recorded.
#[derive(Serialize)]
struct GameRecordJson<'a> {
    first_score: i64,
    second_score: i64,
    margin: i64,
    winner: Winner,
    #[serde(skip_serializing_if = "Option::is_none")]
    optimal_margin: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    first_regret: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    second_regret: Option<i64>,
    moves: Vec<PlayedMove<'a>>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    notes: &'a [String],
}

/// One move in JSON: the move, then its value and regret.
#[derive(Serialize)]
struct PlayedMove<'a> {
    #[serde(flatten)]
    record: &'a MoveRecord,
    #[serde(flatten)]
    value: Option<&'a MoveValue>,
}

impl Serialize for GameRecord {
    /// `{first_score, second_score, margin, winner, optimal_margin, first_regret, second_regret,
    /// moves: [{player, gain, side, took, value_before, value_after, regret}], notes}`; the
    /// value fields appear when the game was played with values.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let valued = self.values.is_some();
        GameRecordJson {
            first_score: self.first_score,
            second_score: self.second_score,
            margin: self.margin,
            winner: self.winner,
            optimal_margin: valued.then(|| self.optimal.margin()),
            first_regret: self.regret_of(Player::First),
            second_regret: self.regret_of(Player::Second),
            moves: self
                .moves
                .iter()
                .enumerate()
                .map(|(ply, record)| PlayedMove {
                    record,
                    value: self.values.as_ref().and_then(|values| values.get(ply)),
                })
                .collect(),
            notes: &self.notes,
        }
        .serialize(serializer)
    }
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
            values: None,
        }
    }

    /// This record with every move's value and regret (one per move).
    pub fn with_values(self, values: Vec<MoveValue>) -> Self {
        GameRecord {
            values: Some(values),
            ..self
        }
    }

    /// The total regret of `player`'s moves, when values were recorded.
    pub fn regret_of(&self, player: Player) -> Option<i64> {
        let values = self.values.as_ref()?;
        Some(
            self.moves
                .iter()
                .zip(values)
                .filter(|(mv, _)| mv.player == player)
                .map(|(_, value)| value.regret)
                .sum(),
        )
    }

    /// The first player's optimal final margin after each ply, the start included (`moves + 1`
    /// values, from the game's optimal margin to the final margin), when values were recorded.
    pub fn value_history(&self) -> Option<Vec<i64>> {
        let values = self.values.as_ref()?;
        let first_side = |player: Player, value: i64| match player {
            Player::First => value,
            Player::Second => -value,
        };
        let mut history = vec![
            values
                .first()
                .zip(self.moves.first())
                .map_or(self.margin, |(value, mv)| {
                    first_side(mv.player, value.before)
                }),
        ];
        history.extend(
            self.moves
                .iter()
                .zip(values)
                .map(|(mv, value)| first_side(mv.player, value.after)),
        );
        Some(history)
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
        StrategySpec::Optimal => Some(Box::new(Optimal::<G>::new())),
        StrategySpec::Greedy => Some(Box::new(Greedy)),
        StrategySpec::Random => Some(Box::new(RandomMoves {
            rng: strategy_stream(seed, index, player),
        })),
        StrategySpec::Lookahead(depth) => Some(Box::new(Lookahead { depth: *depth })),
        StrategySpec::Mcts(simulations) => Some(Box::new(mcts::Mcts::new(
            *simulations,
            mcts::search_stream(seed, index, player_word(player)),
        ))),
        StrategySpec::Noisy(_) | StrategySpec::Special(_) => None,
    }
}

/// Optimal play, the solvers' tie-break: each move's value read from the game's fast solver's
/// table when there is one, else memoised minimax over the positions reached.
pub struct Optimal<G: Game> {
    values: OptimalValues<G>,
}

/// Where [`Optimal`] reads positions' values from.
enum OptimalValues<G: Game> {
    Searched(HashMap<G::State, i64>),
    Table(Arc<PositionTable<G>>),
}

impl<G: Game> Optimal<G> {
    /// An optimal strategy that searches, with nothing solved yet.
    pub fn new() -> Optimal<G> {
        Optimal {
            values: OptimalValues::Searched(HashMap::new()),
        }
    }

    /// An optimal strategy that reads every position's value from `table`.
    pub fn from_table(table: Arc<PositionTable<G>>) -> Optimal<G> {
        Optimal {
            values: OptimalValues::Table(table),
        }
    }
}

impl<G: Game> Default for Optimal<G> {
    fn default() -> Self {
        Optimal::new()
    }
}

impl<G: Game> Strategy<G> for Optimal<G> {
    fn choose(&mut self, game: &G, state: &G::State) -> G::Move {
        match &mut self.values {
            OptimalValues::Searched(values) => {
                best_move(game, state, |child| search(game, child, values))
            }
            OptimalValues::Table(table) => best_move(game, state, |child| (**table)(child)),
        }
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
