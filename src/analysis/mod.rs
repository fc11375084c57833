//! Position analysis: for any position of any game, the player to move, the value (win, tie or
//! lose) and margin under optimal play, the remoteness, the Grundy value of impartial games, and
//! every legal move with what it leads to, best first.
//!
//! [`solve_space`] solves every position reachable from the start once (the state DAG, values
//! computed children first) and keeps the result as a [`SolvedSpace`]: plain data, no longer
//! generic, so the registry, the command line, the explorer page and the server all read the same
//! numbers. [`SolvedSpace::analyze`] then answers for the position reached by a line of moves
//! named as in `solve`'s JSON (`left`, `2`, ...), in time proportional to the line.
//!
//! Conventions (README, "Explorer"):
//! - *Margin* is the player's own points minus the opponent's over the **whole game** (points
//!   taken so far on the line included), both sides playing optimally from the position on;
//!   at the start it is the solver's margin. Value is its sign: win, tie or lose.
//! - *Remoteness* is the number of moves left under optimal play, GAMESMAN's way: among the
//!   moves that keep the position's value of the remaining game (its margin from here on), a
//!   player who wins or ties takes the shortest way, a losing player the longest. It belongs to
//!   the position, not to the line that reached it.
//! - *From here*: the same margin over the rest of the game only (the position's DP value,
//!   `remaining_margin`), and its sign `remaining_value`. It belongs to the position, not to
//!   the line that reached it, so it is what the explorer colours by: its badge, its move
//!   buttons, the DAG's nodes and the DP table's cells all mean the value from here.
//! - Moves are sorted best first: larger margin first, then (equal margins) shorter remoteness
//!   when the move wins or ties from here and longer when it loses, then legal order. The move
//!   optimal play makes (`solve`'s tie-break: the first best move in legal order) is flagged
//!   `optimal`; it is the top of the list unless an equally good move is quicker.
//! - At a finished position the player to move is the one who would move next: the opponent
//!   of the player who made the last move, in every game. Games that end in one shared
//!   position whoever moved last (stone-game-ii, stone-game-iii) get one finished position per
//!   player here, so the rule holds on every line.

mod dag;
pub mod grundy;
mod space;
mod text;

use dag::{Dag, index_of};
pub use space::{
    Analysis, AnalysisError, MoveAnalysis, MoveEntry, PositionEntry, Solved, SolvedSpace, Value,
};

use crate::base::error::{InputError, Setting};
use crate::base::game::Game;
use crate::cost::{Cost, Operation, Work, times};

/// The default position limit of an analysis: a few hundred bytes per position (about 450 in a
/// stone game, [`space_cost`]), so at most about 800 MB.
pub const DEFAULT_MAX_STATES: u128 = 2_000_000;

/// Refuses an instance that may have more than `max_states` positions, before any work.
pub fn check_state_count<G: Game>(game: &G, max_states: u128) -> Result<(), InputError> {
    let bound = game.bounds().states;
    if bound > max_states {
        return Err(InputError::TooManyNodes {
            what: "state space",
            count: format!("up to {}", crate::cost::count(bound)),
            limit: max_states,
            setting: Setting::MaxStates,
            advice: format!("use a smaller instance or raise {}", Setting::MaxStates),
        });
    }
    Ok(())
}

/// Solves every position reachable from the start of `game`, or refuses (before allocating)
/// if it may have more than `max_states`.
///
/// ```
/// use gamelab::analysis::{solve_space, Value};
/// use gamelab::games::stone_game::StoneGame;
/// let space = solve_space(&StoneGame::new(vec![4, 6, 2, 3])?, 100)?;
/// let analysis = space.analyze(&["right"])?;
/// assert_eq!((analysis.scores.first, analysis.margin, analysis.value), (3, -3, Value::Lose));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_space<G: Game>(game: &G, max_states: u128) -> Result<SolvedSpace, InputError> {
    Ok(solve_indexed(game, max_states)?.space)
}

/// What solving every position of `game` costs: its positions and moves, counted by formula
/// where the game has one (the number games) and bounded by [`Bounds::states`](crate::base::game::Bounds::states) and
/// [`Bounds::moves`](crate::base::game::Bounds::moves) otherwise. Per position: the state kept three times over (the walk, its
/// index, the values), its entry, label and move list; per move: the move and its entry.
pub fn space_cost<G: Game>(game: &G) -> Cost {
    let (states, moves) = match game.dag_size_by_formula() {
        Some(size) => (size.states, size.edges),
        None => {
            let states = game.bounds().states;
            (states, times(states, game.bounds().moves))
        }
    };
    let state = 3 * std::mem::size_of::<G::State>() as u128 + POSITION_BYTES;
    let edge = std::mem::size_of::<(G::Move, u32)>() as u128 + MOVE_BYTES;
    Cost::new(
        times(states, state).saturating_add(times(moves, edge)),
        Work::of(Operation::SpaceMove, states.saturating_add(moves)),
    )
}

/// Bytes a solved position takes besides its state: its entry, label, pile ranges, index entry
/// and values (the peak memory of stone-game and divisor-game analyses, per position).
const POSITION_BYTES: u128 = 320;
/// Bytes a move of a solved position takes besides the move itself: its entry.
const MOVE_BYTES: u128 = 48;

/// [`solve_space`], keeping the index of positions by state. Two guards, both held: the
/// position limit `max_states` (how large a space the caller accepts) and the budget (the
/// memory and time the space costs, [`space_cost`]).
pub fn solve_indexed<G: Game>(game: &G, max_states: u128) -> Result<Solved<G>, InputError> {
    check_state_count(game, max_states)?;
    space_cost(game).check(
        format_args!(
            "solving every position of {} (up to {} positions)",
            G::NAME,
            crate::cost::count(game.bounds().states)
        ),
        "use a smaller instance",
    )?;
    let mut dag = Dag::discover(game)?;
    dag.split_finished_positions();
    let values = dag.values(game);
    let space = dag.into_space(game, &values)?;
    Ok(Solved {
        space,
        index: index_of(values.states),
    })
}

/// The analysis of the position reached by `line` in `game`: [`solve_space`] then
/// [`SolvedSpace::analyze`]. Solve once and analyse many lines when there are several.
pub fn analyze<G: Game, S: AsRef<str>>(
    game: &G,
    line: &[S],
    max_states: u128,
) -> Result<Analysis, AnalysisError> {
    solve_space(game, max_states)?.analyze(line)
}
