//! What a strategy costs to play one game, from the game's bounds, and the refusal of a game a
//! strategy cannot play within the budget.

use crate::base::game::{Game, Player};
use crate::cost::{Cost, Operation, Work, times};
use crate::strategy::{StrategyError, StrategySpec};
use crate::util::random::keyed_stream;

/// Refuses a game that the strategies `first` and `second` cannot play together within the
/// budget (see [`game_cost`]: both sides' work, and both sides' memory at once), naming the
/// side that takes the most of the budget exceeded with that side's advice; `optimal` and
/// `noisy-P` also meet the `memo` solver's position limit unless they read a table
/// (`with_table`), which its solver already guarded. Returns the work admitted.
pub(crate) fn refuse_oversize<G: Game>(
    game: &G,
    first: &StrategySpec,
    second: &StrategySpec,
    with_table: bool,
) -> Result<Work, StrategyError> {
    let sides = [
        side_cost(game, first, Player::First, with_table)?,
        side_cost(game, second, Player::Second, with_table)?,
    ];
    let both = Cost::new(
        sides[0].cost.memory.saturating_add(sides[1].cost.memory),
        sides[0].cost.work.plus(sides[1].cost.work),
    );
    let lead = crate::cost::largest_part(sides.iter().map(|side| side.cost), &both).unwrap_or(0);
    let (lead, other) = (&sides[lead], &sides[1 - lead]);
    both.check(
        format_args!(
            "the {} strategy of the {} player, with the {} one of the {}, in games of up to {} \
             moves,",
            lead.spec,
            lead.player.name(),
            other.spec,
            other.player.name(),
            crate::cost::count(game.bounds().depth)
        ),
        lead.advice,
    )?;
    Ok(both.work)
}

/// Refuses a strategy that searches positions without a table (`optimal`, `noisy-P` where
/// `with_table` is false) on an instance above the `memo` solver's position limit, which no
/// budget raises; so that studies check it before their budget, and their advice is not a
/// budget that this limit then refuses.
pub(crate) fn refuse_over_limits<G: Game>(
    game: &G,
    spec: &StrategySpec,
    player: Player,
    with_table: bool,
) -> Result<(), StrategyError> {
    if spec.needs_position_values() && !with_table {
        let who = format!("the {spec} strategy of the {} player", player.name());
        crate::solve::memo::refuse_oversize(game, crate::solve::memo::Searcher::Other(&who))?;
    }
    Ok(())
}

/// One side of a game: its strategy, what the strategy costs there and how to make it cost
/// less.
struct Side<'a> {
    spec: &'a StrategySpec,
    player: Player,
    cost: Cost,
    advice: &'static str,
}

/// What `spec` costs to play `player`'s side of a game of `game` (a lookup per move when it
/// scores its moves by a table, `with_table`); refused here only by the `memo` solver's
/// position limit, which a search without a table meets.
fn side_cost<'a, G: Game>(
    game: &G,
    spec: &'a StrategySpec,
    player: Player,
    with_table: bool,
) -> Result<Side<'a>, StrategyError> {
    let side = |cost, advice| Side {
        spec,
        player,
        cost,
        advice,
    };
    refuse_over_limits(game, spec, player, with_table)?;
    if spec.needs_position_values() && with_table {
        // A table lookup per move: the cost of any strategy that scores its moves.
        return Ok(side(
            game_cost(game, &StrategySpec::Greedy),
            "use a smaller instance",
        ));
    }
    let advice = match spec {
        StrategySpec::Lookahead(_) => "use a smaller lookahead depth or instance",
        StrategySpec::Mcts(_) => "use fewer simulations (mcts-K) or a smaller instance",
        _ => "use a smaller instance",
    };
    Ok(side(game_cost(game, spec), advice))
}

/// What `spec` costs to play one game of `game` (one side of it, about half its moves), from
/// cheap bounds: the game's record (an entry per move, up to [`Bounds::depth`](crate::base::game::Bounds::depth) moves) plus
/// - `optimal`, `noisy-P`: a memoised search that solves each distinct position at most once
///   per game — [`Bounds::states`](crate::base::game::Bounds::states) positions, each trying its moves — and holds the `memo`
///   solver's hash map and stack;
/// - `lookahead-K`: branching^K positions per move;
/// - `mcts-K`: K simulations per move, each a walk to the end of the game from there: at most
///   the moves left, and about as long as a random rollout from the start (the mean of
///   sixteen seeded ones), so K·D²/4 steps over a game of D moves whose rollouts take every
///   move left (a row of piles), far fewer where random play ends a game early (the divisor
///   game, the octal games); each step makes a move list. Its tree holds up to K nodes (fewer in a game with
///   fewer positions), each with its move list;
/// - the others: one move list per move.
pub fn game_cost<G: Game>(game: &G, spec: &StrategySpec) -> Cost {
    let depth = game.bounds().depth;
    let moves = game.bounds().moves.max(1);
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
            let steps = times(rollout_steps(depth, rollout_length(game)), simulations);
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

/// What one decision of `spec` with about `left` moves to the end of the game, in a game whose
/// random rollouts take about `rollout` moves ([`rollout_length`]), costs, as [`game_cost`]
/// counts it: the searches' (`mcts-K`, `lookahead-K`) — the rest decide at once.
pub(crate) fn decision_work<G: Game>(
    game: &G,
    spec: &StrategySpec,
    left: u128,
    rollout: u128,
) -> Work {
    let moves = game.bounds().moves.max(1);
    match spec {
        StrategySpec::Mcts(simulations) => Work::of(
            Operation::MctsStep,
            times(
                times(left.min(rollout).max(1), *simulations as u128),
                moves.div_ceil(2),
            ),
        ),
        StrategySpec::Lookahead(plies) => {
            Work::of(Operation::LookaheadNode, moves.saturating_pow(*plies))
        }
        _ => Work::NONE,
    }
}

/// Σ over one player's decisions (every other move of a game of up to `depth` moves) of the
/// moves a rollout from there takes: at most the moves left, and at most `rollout`. With
/// `rollout` ≥ `depth` (every rollout plays every move left), about D²/4.
fn rollout_steps(depth: u128, rollout: u128) -> u128 {
    let rollout = rollout.min(depth);
    // The decisions with at least `rollout` moves left take `rollout` each; the last ones, the
    // moves left: a triangle of about rollout²/4.
    times((depth - rollout) / 2, rollout)
        .saturating_add(times(rollout, rollout) / 4)
        .saturating_add(1)
}

/// How many moves a random rollout from the start of `game` takes: the mean, rounded up, of
/// [`ROLLOUTS`] rollouts of uniformly random legal moves from a fixed stream (so the estimate is
/// the same on every run), at most the game's longest line. The longest line when the
/// rollouts would cost more than [`ROLLOUT_SAMPLE_WORK`] steps of `mcts-K` to sample, each
/// step costed by the most moves a position has: costing stays cheap in time and memory, and
/// the estimate errs high.
pub(crate) fn rollout_length<G: Game>(game: &G) -> u128 {
    let bounds = game.bounds();
    let per_step = bounds.moves.max(1).div_ceil(2);
    let steps_allowed = ROLLOUT_SAMPLE_WORK / per_step;
    let mut draws = keyed_stream([ROLLOUT_STREAM_TAG, 0, 0, 0]);
    let mut steps = 0u128;
    for _ in 0..ROLLOUTS {
        let mut position = game.initial_state();
        loop {
            // Checked before the move list is made: in a huge instance one move list alone is
            // over the cap (a heap of 10^9 tokens has about 10^9 moves).
            if steps >= steps_allowed {
                return bounds.depth;
            }
            let moves = game.legal_moves(&position);
            if moves.is_empty() {
                break;
            }
            steps += 1;
            let mv = moves[draws.below(moves.len() as u64) as usize];
            position = game.apply(&position, mv);
        }
    }
    steps.div_ceil(ROLLOUTS).min(bounds.depth)
}

/// How many random rollouts [`rollout_length`] averages.
const ROLLOUTS: u128 = 16;
/// The most work [`rollout_length`] does, in `mcts-K` steps (a move list's half): about a
/// millisecond.
const ROLLOUT_SAMPLE_WORK: u128 = 1 << 16;
/// Distinguishes the rollouts that cost `mcts-K` from every other stream (see `keyed_stream`).
const ROLLOUT_STREAM_TAG: u64 = 0x524f_4c4c_4f55_5400; // "ROLLOUT"

/// The largest game tree `mcts-K`'s memory estimate counts (a bounded walk) to cap its tree.
const MCTS_TREE_COUNT: u128 = 100_000;
/// Below this estimate of `mcts-K`'s tree the game tree is not counted (each game is costed).
const MCTS_TREE_BYTES_UNCOUNTED: u128 = 64 << 20;

/// Bytes the record of one move takes.
const RECORD_BYTES: u128 = 128;
