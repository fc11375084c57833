//! Playing one game: both sides' strategies built for the instance, the game played out from its
//! start, and its record kept, with every move's value and regret when values are at hand.

use crate::base::game::{Game, Player, Scores};
use crate::solve::{play_out, signed_for};
use crate::strategy::cost::{decision_work, refuse_oversize, rollout_length};
use crate::strategy::greedy::Greedy;
use crate::strategy::lookahead::Lookahead;
use crate::strategy::optimal::Optimal;
use crate::strategy::random::RandomMoves;
use crate::strategy::regret::MoveValue;
use crate::strategy::valuation::PositionValues;
use crate::strategy::{
    GameRecord, OwnStrategy, PositionTable, Strategy, StrategyError, StrategySpec, mcts, noisy,
};
use crate::util::random::{Draws, keyed_stream};
use std::sync::Arc;

/// One game to play: each side's strategy, the game's value (for the shortfall), and the seed
/// and instance number that key the random strategies' streams.
#[derive(Clone, Copy, Debug)]
pub struct Pairing<'a> {
    pub first: &'a StrategySpec,
    pub second: &'a StrategySpec,
    /// Scores under optimal play by both sides.
    pub optimal: Scores,
    pub seed: u64,
    pub index: u64,
}

impl Pairing<'_> {
    /// The strategy of `player`.
    fn of(&self, player: Player) -> &StrategySpec {
        match player {
            Player::First => self.first,
            Player::Second => self.second,
        }
    }
}

/// What a played game reads positions' values from, beyond what its strategies do themselves.
pub enum Valuing<'v, 'g, G: Game> {
    /// Nothing: `optimal` searches (memoised minimax), and no regret is recorded.
    None,
    /// A fast solver's table, read by `optimal` and `noisy-P` (which then play instances as
    /// large as that solver takes, under its guard instead of `memo`'s); no regret is recorded.
    Table(&'v Arc<PositionTable<G>>),
    /// Values for regret; `optimal` also reads them when they come from a table.
    Regret(&'v mut PositionValues<'g, G>),
}

/// Plays `pairing` on `game` from its start, its own strategies `own` available beside the
/// generic ones, valuing positions as `valuing` says.
pub fn play<G: Game + 'static>(
    game: &G,
    own: &[OwnStrategy<G>],
    pairing: Pairing<'_>,
    valuing: Valuing<'_, '_, G>,
) -> Result<GameRecord, StrategyError> {
    let (table, mut values) = match valuing {
        Valuing::None => (None, None),
        Valuing::Table(table) => (Some(Arc::clone(table)), None),
        Valuing::Regret(values) => (values.shared_table(), Some(values)),
    };
    let with_table = table.is_some();
    let planned = refuse_oversize(game, pairing.first, pairing.second, with_table)?;
    let before = crate::cost::progress::snapshot().done;
    let build = |player| {
        build_strategy_with(
            game,
            own,
            pairing.of(player),
            &pairing,
            player,
            table.as_ref(),
        )
    };
    let (mut first_player, mut second_player) = (build(Player::First)?, build(Player::Second)?);
    let mut so_far = Scores::ZERO;
    let mut move_values = Vec::new();
    let mut ply = 0u128;
    let depth = game.bounds().depth;
    let searches_by_rollouts = [pairing.first, pairing.second]
        .iter()
        .any(|spec| matches!(spec, StrategySpec::Mcts(_)));
    let rollout = match searches_by_rollouts {
        true => rollout_length(game),
        false => depth,
    };
    let (moves, scores) = play_out(game, |state| {
        let mover = game.to_move(state);
        let mv = match mover {
            Player::First => first_player.choose(game, state),
            Player::Second => second_player.choose(game, state),
        };
        // A search's decisions are the long part of a game: report each (as `game_cost` counts
        // it), so one long game shows its progress.
        decision_work(game, pairing.of(mover), depth.saturating_sub(ply), rollout).done();
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
    let notes = [
        (pairing.first, &first_player),
        (pairing.second, &second_player),
    ]
    .into_iter()
    .filter_map(|(spec, strategy)| strategy.note().map(|note| format!("{spec}: {note}")))
    .collect();
    crate::cost::progress::settle(planned.cpu_nanos(), before);
    let record = GameRecord::new(moves, scores, pairing.optimal, notes);
    Ok(match values {
        Some(_) => record.with_values(move_values),
        None => record,
    })
}

/// Builds the strategy `spec` names for `player` of `game`: a generic one or one of the game's
/// own (`own`). The seed and instance number of `pairing` key the random stream, separately for
/// each player.
pub fn build_strategy<G: Game + 'static>(
    game: &G,
    own: &[OwnStrategy<G>],
    spec: &StrategySpec,
    pairing: &Pairing<'_>,
    player: Player,
) -> Result<Box<dyn Strategy<G>>, StrategyError> {
    build_strategy_with(game, own, spec, pairing, player, None)
}

/// [`build_strategy`]; `optimal` and `noisy-P` read `table` (every position's value from the
/// game's fast solver) when given one, instead of searching.
fn build_strategy_with<G: Game + 'static>(
    game: &G,
    own: &[OwnStrategy<G>],
    spec: &StrategySpec,
    pairing: &Pairing<'_>,
    player: Player,
    table: Option<&Arc<PositionTable<G>>>,
) -> Result<Box<dyn Strategy<G>>, StrategyError> {
    let (seed, index) = (pairing.seed, pairing.index);
    Ok(match spec {
        StrategySpec::Optimal => match table {
            Some(table) => Box::new(Optimal::from_table(Arc::clone(table))),
            None => Box::new(Optimal::<G>::new()),
        },
        StrategySpec::Noisy(millionths) => {
            let optimal =
                build_strategy_with(game, own, &StrategySpec::Optimal, pairing, player, table)?;
            Box::new(noisy::Noisy::new(
                optimal,
                *millionths,
                strategy_stream(seed, index, player),
                noisy::coin_stream(seed, index, player_word(player)),
            ))
        }
        StrategySpec::Greedy => Box::new(Greedy),
        StrategySpec::Random => Box::new(RandomMoves {
            rng: strategy_stream(seed, index, player),
        }),
        StrategySpec::Lookahead(depth) => Box::new(Lookahead { depth: *depth }),
        StrategySpec::Mcts(simulations) => Box::new(mcts::Mcts::new(
            *simulations,
            mcts::search_stream(seed, index, player_word(player)),
        )),
        StrategySpec::Own(name) => match own.iter().find(|strategy| strategy.name == name) {
            Some(strategy) => (strategy.build)(game, player),
            None => {
                let names: Vec<&str> = own.iter().map(|strategy| strategy.name).collect();
                return Err(StrategyError::Unknown {
                    available: crate::strategy::available_strategies(&names),
                    name: name.clone(),
                    game: G::NAME,
                });
            }
        },
    })
}

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
