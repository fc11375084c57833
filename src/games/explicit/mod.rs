//! Games given as rules outside the crate (Python classes, closures), explored once into an
//! explicit table of positions, then solved, drawn and played by the same generic code as the
//! built-in games.
//!
//! A game defined elsewhere only has to say, for a position: who moves, every legal move with
//! the position and points it leads to, and the points at the end ([`Rules`]). [`explore`] walks
//! every position reachable from the start once, depth first, interning each distinct position
//! (by [`Rules::key`]) as a small integer, and returns an [`Explored`] table: an
//! [`ExplicitGame`], a [`Game`] whose states and moves are indices into that table, with the
//! definer's own states and moves beside it. Everything generic then works on the table without
//! calling the rules again — so for a Python-defined game the interpreter is needed only while
//! the table is built, and the solvers, graphs and strategies run without it.
//!
//! Positions and moves are named lazily: exploring asks for no description, and the table asks
//! its [`Labels`] only for the positions and moves an output shows (a solution's line, a
//! graph's nodes). A game of 100,000 positions whose value is all a caller wants never has a
//! position described.
//!
//! Exploration refuses a state space beyond a position limit before it grows further, and a
//! *cycle* (a position that repeats along a line of play: every game here is finite) with the
//! line that repeats; errors raised by the rules come back unchanged inside [`ExploreError`].
//!
//! Players maximise their own score minus the opponent's, as in every game here; the table does
//! not assume the scores add up to a constant, so exports write margins as payoffs
//! ([`Game::CONSTANT_SUM`] is `false`).

use crate::base::game::{Game, Player, Scores};
use std::convert::Infallible;
use std::fmt;
use std::hash::Hash;
use std::sync::Arc;

mod explorer;
mod table;

use explorer::Explorer;
pub use table::{ExplicitGame, Extremes};

/// The rules of a game defined outside the crate, each step allowed to fail with the definer's
/// own error (a Python exception, say).
pub trait Rules {
    /// A position as the definer represents it.
    type State;
    /// What identifies a position: two states with equal keys are the same position.
    type Key: Hash + Eq;
    /// A move as the definer represents it.
    type Move;
    /// The definer's error.
    type Error;

    /// The starting position.
    fn initial(&mut self) -> Result<Self::State, Self::Error>;
    /// The key of `state` (fails, for example, when a Python state is not hashable).
    fn key(&mut self, state: &Self::State) -> Result<Self::Key, Self::Error>;
    /// The player to move at `state`.
    fn to_move(&mut self, state: &Self::State) -> Result<Player, Self::Error>;
    /// Every legal move at `state`, in the order ties are broken, each with the position it
    /// leads to and the points its mover gains; empty when the game is over.
    fn children(&mut self, state: &Self::State) -> Result<Vec<Child<Self>>, Self::Error>;
    /// Points awarded at the end, at a position without moves.
    fn final_payoff(&mut self, state: &Self::State) -> Result<Scores, Self::Error>;
    /// A short text for `state`, for error messages (the line of a cycle).
    fn describe_state(&mut self, state: &Self::State) -> Result<String, Self::Error>;
    /// Whether [`explore`] hands back every position's state (the default). Rules whose states
    /// are heavy say no: a state is then dropped once everything below its position is
    /// explored, and [`Explored::parents`] gives a line to rebuild it from.
    fn keeps_states(&self) -> bool {
        true
    }
}

/// One legal move of [`Rules`] `R`, with the position it leads to and the points its mover gains.
pub type Child<R> = (<R as Rules>::Move, <R as Rules>::State, i64);

/// What [`explore`] gives for [`Rules`] `R`: the explored game, or why it could not be.
pub type Exploration<R> =
    Result<Explored<<R as Rules>::State, <R as Rules>::Move>, ExploreError<<R as Rules>::Error>>;

/// Names the positions and moves of an explored table when an output shows them (see the
/// module docs: the table itself holds no text).
pub trait Labels: Send + Sync {
    /// The text of position `position` (node labels, text output).
    fn state(&self, position: u32) -> String;
    /// The name of move `mv` (in a solution's JSON, on graph edges, in an analysis).
    fn move_name(&self, mv: u32) -> String;
}

/// The labels of a table nobody named: `#3` for position 3, `move 7` for move 7.
pub(super) struct Numbered;

impl Labels for Numbered {
    fn state(&self, position: u32) -> String {
        format!("#{position}")
    }
    fn move_name(&self, mv: u32) -> String {
        format!("move {mv}")
    }
}

/// Why a game could not be explored.
#[derive(Debug)]
pub enum ExploreError<E> {
    /// The rules themselves failed; the definer's error, unchanged.
    Rules(E),
    /// More distinct positions than the limit allows.
    TooManyPositions { limit: usize },
    /// A position repeats along a line of play. `line` names the positions from the start to the
    /// repeated one (long lines are shortened in the middle).
    Cycle { position: String, line: Vec<String> },
    /// The points of all moves and end positions add up beyond the 64-bit range, so a score
    /// could overflow.
    ScoreOverflow,
}

impl<E: fmt::Display> fmt::Display for ExploreError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExploreError::Rules(error) => write!(f, "{error}"),
            ExploreError::TooManyPositions { limit } => write!(
                f,
                "the game has more than {limit} distinct positions; raise the position limit \
                 (max_states) or define a smaller instance"
            ),
            // Names of positions may be boards of several lines: joined by " / ", so that
            // the message stays one line.
            ExploreError::Cycle { position, line } => write!(
                f,
                "the position {} repeats along a line of play ({}): games must end, so a \
                 position may not follow from itself",
                one_line(position),
                line.iter()
                    .map(|name| one_line(name))
                    .collect::<Vec<_>>()
                    .join(" -> ")
            ),
            ExploreError::ScoreOverflow => write!(
                f,
                "the points of the game's moves and end positions add up beyond the 64-bit \
                 range, so a score could overflow"
            ),
        }
    }
}

impl<E: fmt::Debug + fmt::Display> std::error::Error for ExploreError<E> {}

/// `text` on one line: its lines joined by ` / `.
fn one_line(text: &str) -> String {
    text.trim_end().replace('\n', " / ")
}

/// An explored game: the table, with the definer's own state of every position (by position
/// index; `None` when the rules keep no states, see [`Rules::keeps_states`]) and every move
/// with the position it is played at (by move index), from which [`Labels`] can name them later.
#[derive(Debug)]
pub struct Explored<S, M> {
    pub table: ExplicitGame,
    pub states: Vec<Option<S>>,
    pub moves: Vec<(u32, M)>,
    /// Per position, the move that first reached it (`None` for the start): following these
    /// back gives a line of play from the start to any position.
    pub parents: Vec<Option<u32>>,
}

/// Positions beyond which [`explore`] refuses when no limit is given: a table of this size takes
/// a few hundred MB with short labels.
pub const DEFAULT_POSITION_LIMIT: usize = 2_000_000;

/// Ends of a cycle's line kept in its error message (the middle is shortened).
pub(super) const LINE_ENDS_SHOWN: usize = 6;

/// Explores every position reachable from `rules`' start, refusing more than `max_positions`
/// distinct ones and any cycle. Positions are numbered in the order they are first seen; moves
/// keep the rules' order, so ties break as the rules list them. The table's positions are
/// named `#0`, `#1`... until [`ExplicitGame::with_labels`] gives it names.
///
/// ```
/// use gamelab::games::explicit::{explore, Rules};
/// use gamelab::base::game::{Player, Scores};
///
/// /// Take 1 or 2 from a heap; whoever takes the last one wins.
/// struct TakeOneOrTwo(u32);
/// impl Rules for TakeOneOrTwo {
///     type State = (u32, Player);
///     type Key = (u32, Player);
///     type Move = u32;
///     type Error = String;
///     fn initial(&mut self) -> Result<(u32, Player), String> { Ok((self.0, Player::First)) }
///     fn key(&mut self, s: &(u32, Player)) -> Result<(u32, Player), String> { Ok(*s) }
///     fn to_move(&mut self, s: &(u32, Player)) -> Result<Player, String> { Ok(s.1) }
///     fn children(&mut self, s: &(u32, Player)) -> Result<Vec<(u32, (u32, Player), i64)>, String> {
///         Ok((1..=2).filter(|&k| k <= s.0).map(|k| (k, (s.0 - k, s.1.other()), 0)).collect())
///     }
///     fn final_payoff(&mut self, s: &(u32, Player)) -> Result<Scores, String> {
///         Ok(Scores::win_for(s.1.other())) // the player who cannot move has lost
///     }
///     fn describe_state(&mut self, s: &(u32, Player)) -> Result<String, String> { Ok(s.0.to_string()) }
/// }
///
/// let explored = explore(&mut TakeOneOrTwo(9), 1000).unwrap();
/// let game = explored.table;
/// assert_eq!(game.position_count(), 18); // the (heap, player to move) pairs reachable from 9
/// assert_eq!(explored.states[0], Some((9, Player::First)));
/// assert_eq!(game.solve().winner, gamelab::base::game::Winner::Second); // 9 is a multiple of 3
/// ```
pub fn explore<R: Rules>(rules: &mut R, max_positions: usize) -> Exploration<R> {
    Explorer::new(rules, max_positions).run()
}

/// Explores one of the crate's own games into a table (as a game from outside would be), named
/// by the game's own descriptions: a position by [`Game::describe_state`], a move by its
/// action's value (`left`, `2`), as `solve`'s JSON names it.
pub fn explore_game<G: Game + Clone + 'static>(
    game: &G,
    max_positions: usize,
) -> Result<ExplicitGame, ExploreError<Infallible>> {
    let explored = explore(&mut GameRules(game), max_positions)?;
    let labels = GameLabels {
        game: game.clone(),
        states: explored.states.into_iter().flatten().collect(),
        moves: explored.moves,
    };
    Ok(explored.table.with_labels(Arc::new(labels)))
}

/// A game of the crate seen through [`Rules`].
struct GameRules<'g, G>(&'g G);

impl<G: Game> Rules for GameRules<'_, G> {
    type State = G::State;
    type Key = G::State;
    type Move = G::Move;
    type Error = Infallible;

    fn initial(&mut self) -> Result<G::State, Infallible> {
        Ok(self.0.initial_state())
    }
    fn key(&mut self, state: &G::State) -> Result<G::State, Infallible> {
        Ok(state.clone())
    }
    fn to_move(&mut self, state: &G::State) -> Result<Player, Infallible> {
        Ok(self.0.to_move(state))
    }
    fn children(&mut self, state: &G::State) -> Result<Vec<(G::Move, G::State, i64)>, Infallible> {
        Ok(self
            .0
            .legal_moves(state)
            .into_iter()
            .map(|mv| (mv, self.0.apply(state, mv), self.0.gain(state, mv)))
            .collect())
    }
    fn final_payoff(&mut self, state: &G::State) -> Result<Scores, Infallible> {
        Ok(self.0.terminal_payoff(state))
    }
    fn describe_state(&mut self, state: &G::State) -> Result<String, Infallible> {
        Ok(self.0.describe_state(state))
    }
}

/// The names of a crate game's table, asked of the game when shown.
struct GameLabels<G: Game> {
    game: G,
    states: Vec<G::State>,
    moves: Vec<(u32, G::Move)>,
}

impl<G: Game> Labels for GameLabels<G> {
    fn state(&self, position: u32) -> String {
        self.game.describe_state(&self.states[position as usize])
    }
    fn move_name(&self, mv: u32) -> String {
        let (position, mv) = self.moves[mv as usize];
        let state = &self.states[position as usize];
        self.game.move_action(state, mv).value.to_string()
    }
}
