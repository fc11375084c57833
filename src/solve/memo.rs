//! `memo`: memoised minimax over the [`Game`] trait. Each distinct position is solved once, so
//! the cost is proportional to the positions and moves of the state DAG (O(n^2) positions for
//! stone-game) instead of the tree. Generic: it works for every game that implements the trait.

use super::brute::search;
use super::{Solution, SolverKind, solution_from_values};
use crate::error::SolveError;
use crate::game::Game;
use std::collections::HashMap;

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
    check_size(game)?;
    let mut values: HashMap<G::State, i64> = HashMap::new();
    Ok(solution_from_values(
        game,
        G::NAME,
        SolverKind::Memo,
        |state| search(game, state, &mut values),
    ))
}

/// Refuses a game that may have more than [`MEMO_STATE_LIMIT`] positions: the guard of `memo`
/// and of everything else that memoises every position of a game.
pub fn check_size<G: Game>(game: &G) -> Result<(), SolveError> {
    let bound = game.max_states();
    if bound > MEMO_STATE_LIMIT {
        return Err(SolveError::TooLarge {
            solver: "memo",
            what: "the number of positions",
            size: format!("up to {bound}"),
            limit: MEMO_STATE_LIMIT.to_string(),
            advice: crate::error::USE_AUTO,
        });
    }
    Ok(())
}
