//! What a strategy costs to play one game, from the game's bounds, and the refusal of a game a
//! strategy cannot play within the budget.

use crate::base::game::{Game, Player};
use crate::cost::{Cost, Operation, Work, times};
use crate::strategy::{StrategyError, StrategySpec};

/// Refuses a game that `spec`, playing for `player`, cannot play within the budget (see
/// [`game_cost`]); `optimal` and `noisy-P` also meet the `memo` solver's position limit unless
/// they read a table (`with_table`), which its solver already guarded. Returns the work
/// admitted.
pub(crate) fn refuse_oversize<G: Game>(
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
            crate::cost::count(game.bounds().depth)
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
/// cheap bounds: the game's record (an entry per move, up to [`Bounds::depth`](crate::base::game::Bounds::depth) moves) plus
/// - `optimal`, `noisy-P`: a memoised search that solves each distinct position at most once
///   per game — [`Bounds::states`](crate::base::game::Bounds::states) positions, each trying its moves — and holds the `memo`
///   solver's hash map and stack;
/// - `lookahead-K`: branching^K positions per move;
/// - `mcts-K`: K simulations per move, each a walk to the end of the game from there (the
///   moves left), so K·D²/4 steps over a game of D moves, each step making a move list; its
///   tree holds up to K nodes (fewer in a game with fewer positions), each with its move list;
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
pub(crate) fn decision_work<G: Game>(game: &G, spec: &StrategySpec, left: u128) -> Work {
    let moves = game.bounds().moves.max(1);
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
