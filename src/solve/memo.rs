//! `memo`: memoised minimax over the [`Game`] trait. Each distinct position is solved once, so
//! the cost is proportional to the positions and moves of the state DAG (O(n^2) positions for
//! stone-game) instead of the tree. Generic: it works for every game that implements the trait.

use crate::base::error::SolveError;
use crate::base::game::Game;
use crate::cost::{Cost, Operation, Work, times};
use crate::solve::brute::search;
use crate::solve::{Solution, SolverKind, solution_from_values};
use std::collections::HashMap;
use std::mem::size_of;

/// Who runs a memoised search, for the words of a refusal: the `memo` solver (which has a
/// faster `auto` to point to), or something that memoises on a user's behalf with no solver to
/// choose (a strategy, regret's position values), named in full, e.g. `the optimal strategy of
/// the first player`.
#[derive(Clone, Copy, Debug)]
pub enum Searcher<'a> {
    Solver,
    Other(&'a str),
}

/// Refuses a memoised search of `game` by `who` above [`MEMO_STATE_LIMIT`] positions, whatever
/// the budget (the dispatch asks this before the budget, so that a refusal never advises a raise
/// the limit would then refuse).
pub fn check_position_limit<G: Game>(game: &G, who: Searcher<'_>) -> Result<(), SolveError> {
    let bound = game.bounds().states;
    if bound <= MEMO_STATE_LIMIT {
        return Ok(());
    }
    let size = format!("up to {bound}");
    let limit = MEMO_STATE_LIMIT.to_string();
    Err(match who {
        Searcher::Solver => SolveError::TooLarge {
            solver: "memo",
            what: "the number of positions",
            size,
            limit,
            advice: crate::base::error::USE_AUTO,
        },
        Searcher::Other(who) => SolveError::SearchTooLarge {
            who: who.to_string(),
            what: "the number of positions",
            size,
            limit,
        },
    })
}

/// Refuses a memoised search of `game` by `who` above [`MEMO_STATE_LIMIT`] positions, or
/// whose memory is over the budget: a hash map entry per position, and the move lists of one
/// whole line of play on the search stack (which is what exhausts memory on games with many
/// moves per position, such as stone-game-iv).
pub fn refuse_oversize<G: Game>(game: &G, who: Searcher<'_>) -> Result<(), SolveError> {
    check_position_limit(game, who)?;
    let bound = game.bounds().states;
    let who = match who {
        Searcher::Solver => "the memo solver".to_string(),
        Searcher::Other(who) => who.to_string(),
    };
    Cost::memory(search_memory(game))
        .check_nested(
            format_args!(
                "{who} (a memoised search of {bound} positions, lines of up to {} moves)",
                game.bounds().depth
            ),
            "use a smaller instance",
        )
        .map_err(SolveError::from)
}

/// The memory of a memoised search of `game`: a hash map entry per position (up to
/// [`Bounds::states`](crate::base::game::Bounds::states)), and on the stack the move lists of one whole line of play (up to
/// [`Bounds::depth`](crate::base::game::Bounds::depth) moves of up to [`Bounds::moves`](crate::base::game::Bounds::moves) each).
pub fn search_memory<G: Game>(game: &G) -> u128 {
    let entry = (size_of::<G::State>() + 24) as u128;
    let frame = (size_of::<G::State>() + 48) as u128;
    let stack = times(
        game.bounds().depth,
        frame.saturating_add(times(game.bounds().moves, size_of::<G::Move>() as u128)),
    );
    times(game.bounds().states, entry).saturating_add(stack)
}

/// What a memoised search of `game` costs: its memory ([`search_memory`]) and a move tried per
/// move of its state DAG — counted by formula where the game has one (the number games), else
/// bounded by [`Bounds::states`](crate::base::game::Bounds::states) times [`Bounds::moves`](crate::base::game::Bounds::moves).
pub fn search_cost<G: Game>(game: &G) -> Cost {
    let moves = match game.dag_size_by_formula() {
        Some(size) => size.edges.saturating_add(size.states),
        None => times(game.bounds().states, game.bounds().moves),
    };
    Cost::new(search_memory(game), Work::of(Operation::MemoMove, moves))
}

/// The most positions `memo` accepts (a few hundred MB of hash map at worst).
pub const MEMO_STATE_LIMIT: u128 = 4_000_000;

/// Solves `game` by memoised minimax, or refuses if it may have more than [`MEMO_STATE_LIMIT`]
/// positions.
///
/// ```
/// use gamelab::games::stone_game::StoneGame;
/// use gamelab::solve::memo;
/// let solution = memo::solve(&StoneGame::new(vec![4, 6, 2, 3]).unwrap()).unwrap();
/// assert_eq!((solution.first_score, solution.second_score), (9, 6));
/// ```
pub fn solve<G: Game>(game: &G) -> Result<Solution, SolveError> {
    refuse_oversize(game, Searcher::Solver)?;
    let mut values: HashMap<G::State, i64> = HashMap::new();
    // The bound was costed against the memory budget; a machine that cannot give it is an
    // error here rather than an abort halfway through the search.
    let bound = game.bounds().states.min(MEMO_STATE_LIMIT) as usize;
    values.try_reserve(bound).map_err(|error| {
        SolveError::from(crate::cost::out_of_memory(
            "the memo solver's positions",
            bound,
            size_of::<G::State>() + 24,
            error,
        ))
    })?;
    Ok(solution_from_values(game, SolverKind::MEMO, |state| {
        search(game, state, &mut values)
    }))
}

/// Refuses a game that memoising every position would not fit: the guard of `memo` and of
/// everything else that memoises every position of a game (see [`refuse_oversize`]).
pub fn check_size<G: Game>(game: &G) -> Result<(), SolveError> {
    refuse_oversize(game, Searcher::Solver)
}
