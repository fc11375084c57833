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

use crate::base::game::{
    Action, ActionValue, Bounds, DagSize, Game, MoveDescription, Player, Scores,
};
use crate::solve::{Solution, SolverKind, best_move, first_best, signed_for, solution_from_values};
use crate::util::hashing::FastMap;
use std::convert::Infallible;
use std::fmt;
use std::hash::Hash;
use std::sync::Arc;

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
struct Numbered;

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
            ExploreError::Cycle { position, line } => write!(
                f,
                "the position {position} repeats along a line of play ({}): games must end, \
                 so a position may not follow from itself",
                line.join(" -> ")
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

/// One position of an explored game.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Position {
    to_move: Player,
    /// Points at the end (zero unless the position is terminal).
    final_payoff: Scores,
    /// This position's moves are `moves[first_move..first_move + move_count]`.
    first_move: u32,
    move_count: u32,
}

/// One move of an explored game.
#[derive(Clone, Debug, PartialEq, Eq)]
struct ExplicitMove {
    target: u32,
    gain: i64,
}

/// A game as an explicit table of positions (state = position index, 0 is the start) and moves
/// (move = index into the table of moves, a position's moves consecutive in legal order).
/// Built by [`explore`]; named by its [`Labels`] when shown.
#[derive(Clone)]
pub struct ExplicitGame {
    positions: Vec<Position>,
    moves: Vec<ExplicitMove>,
    /// Positions in an order where every position comes after all the positions it leads to
    /// (the depth-first finishing order), so values can be computed in one pass.
    children_first: Vec<u32>,
    labels: Arc<dyn Labels>,
}

impl fmt::Debug for ExplicitGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ExplicitGame")
            .field("positions", &self.positions.len())
            .field("moves", &self.moves.len())
            .finish()
    }
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
const LINE_ENDS_SHOWN: usize = 6;

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

/// Where a position stands in the depth-first walk.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Progress {
    /// Seen as the target of a move, not yet expanded.
    Seen,
    /// Being expanded: on the current line of play.
    OnLine,
    /// Expanded, with everything below it.
    Done,
}

/// The state of one exploration.
struct Explorer<'r, R: Rules> {
    rules: &'r mut R,
    max_positions: usize,
    ids: FastMap<R::Key, u32>,
    /// The definer's state of each position (while its position is on the line at least).
    states: Vec<Option<R::State>>,
    /// The move that first reached each position.
    parents: Vec<Option<u32>>,
    keep_states: bool,
    progress: Vec<Progress>,
    positions: Vec<Position>,
    moves: Vec<ExplicitMove>,
    /// The definer's move of each move, with the position it is played at.
    move_objects: Vec<(u32, R::Move)>,
    children_first: Vec<u32>,
    /// The sum of every move's and end position's points in absolute value: no line of play
    /// visits a move twice, so no score or margin can exceed it.
    points_bound: u128,
}

impl<'r, R: Rules> Explorer<'r, R> {
    fn new(rules: &'r mut R, max_positions: usize) -> Self {
        let keep_states = rules.keeps_states();
        Explorer {
            rules,
            max_positions,
            ids: FastMap::default(),
            states: Vec::new(),
            parents: Vec::new(),
            keep_states,
            progress: Vec::new(),
            positions: Vec::new(),
            moves: Vec::new(),
            move_objects: Vec::new(),
            children_first: Vec::new(),
            points_bound: 0,
        }
    }

    fn run(mut self) -> Exploration<R> {
        let start = self.rules.initial().map_err(ExploreError::Rules)?;
        let root = self.intern(start, None)?;
        // Each frame: a position on the current line and the next of its moves to follow.
        let mut line: Vec<(u32, u32)> = Vec::new();
        self.expand(root)?;
        line.push((root, 0));
        while let Some(&mut (position, ref mut next)) = line.last_mut() {
            let Position {
                first_move,
                move_count,
                ..
            } = self.positions[position as usize];
            if *next == move_count {
                self.progress[position as usize] = Progress::Done;
                if !self.keep_states {
                    self.states[position as usize] = None;
                }
                self.children_first.push(position);
                line.pop();
                continue;
            }
            let target = self.moves[(first_move + *next) as usize].target;
            *next += 1;
            match self.progress[target as usize] {
                Progress::Done => {}
                Progress::Seen => {
                    self.expand(target)?;
                    line.push((target, 0));
                }
                Progress::OnLine => return Err(self.cycle(&line, target)),
            }
        }
        if self.points_bound > i64::MAX as u128 {
            return Err(ExploreError::ScoreOverflow);
        }
        Ok(Explored {
            table: ExplicitGame {
                positions: self.positions,
                moves: self.moves,
                children_first: self.children_first,
                labels: Arc::new(Numbered),
            },
            states: self.states,
            moves: self.move_objects,
            parents: self.parents,
        })
    }

    /// The id of `state`, reached by move `parent` (`None` at the start), numbering it if new.
    fn intern(
        &mut self,
        state: R::State,
        parent: Option<u32>,
    ) -> Result<u32, ExploreError<R::Error>> {
        let key = self.rules.key(&state).map_err(ExploreError::Rules)?;
        if let Some(&id) = self.ids.get(&key) {
            return Ok(id);
        }
        if self.positions.len() >= self.max_positions {
            return Err(ExploreError::TooManyPositions {
                limit: self.max_positions,
            });
        }
        let id = self.positions.len() as u32;
        self.ids.insert(key, id);
        self.positions.push(Position {
            to_move: Player::First,
            final_payoff: Scores::ZERO,
            first_move: 0,
            move_count: 0,
        });
        self.states.push(Some(state));
        self.parents.push(parent);
        self.progress.push(Progress::Seen);
        Ok(id)
    }

    /// Asks the rules for everything about `position` and numbers the positions its moves reach.
    fn expand(&mut self, position: u32) -> Result<(), ExploreError<R::Error>> {
        let index = position as usize;
        self.progress[index] = Progress::OnLine;
        let state = self.states[index]
            .as_ref()
            .expect("a position's state is kept until everything below it is explored");
        let to_move = self.rules.to_move(state).map_err(ExploreError::Rules)?;
        let children = self.rules.children(state).map_err(ExploreError::Rules)?;
        let final_payoff = if children.is_empty() {
            self.rules
                .final_payoff(state)
                .map_err(ExploreError::Rules)?
        } else {
            Scores::ZERO
        };
        self.points_bound += u128::from(final_payoff.first.unsigned_abs())
            + u128::from(final_payoff.second.unsigned_abs());
        let first_move = self.moves.len() as u32;
        let move_count = children.len() as u32;
        for (offset, (mv, next, gain)) in children.into_iter().enumerate() {
            let target = self.intern(next, Some(first_move + offset as u32))?;
            self.points_bound += u128::from(gain.unsigned_abs());
            self.moves.push(ExplicitMove { target, gain });
            self.move_objects.push((position, mv));
        }
        let entry = &mut self.positions[index];
        entry.to_move = to_move;
        entry.final_payoff = final_payoff;
        entry.first_move = first_move;
        entry.move_count = move_count;
        Ok(())
    }

    /// The error for a move from the end of `line` back to `target`, which is on the line.
    fn cycle(&mut self, line: &[(u32, u32)], target: u32) -> ExploreError<R::Error> {
        let mut ids: Vec<u32> = line.iter().map(|&(id, _)| id).collect();
        ids.push(target);
        let mut names = Vec::with_capacity(ids.len());
        for id in ids {
            // Positions on the line keep their states (see `Rules::keeps_states`).
            let Some(state) = &self.states[id as usize] else {
                names.push(format!("#{id}"));
                continue;
            };
            match self.rules.describe_state(state) {
                Ok(name) => names.push(name),
                Err(error) => return ExploreError::Rules(error),
            }
        }
        let position = names.last().cloned().unwrap_or_default();
        if names.len() > 2 * LINE_ENDS_SHOWN {
            let tail = names.split_off(names.len() - LINE_ENDS_SHOWN);
            names.truncate(LINE_ENDS_SHOWN);
            names.push("...".to_string());
            names.extend(tail);
        }
        ExploreError::Cycle {
            position,
            line: names,
        }
    }
}

/// The extremes over every line of play of an explored game, for tools that need the range of
/// payoffs and the length of a game up front (OpenSpiel's game information).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Extremes {
    /// The least first-player margin any line of play ends with.
    pub min_margin: i64,
    /// The largest.
    pub max_margin: i64,
    /// The most moves in one line of play.
    pub longest_line: u64,
}

impl ExplicitGame {
    /// The table with `labels` naming its positions and moves.
    pub fn with_labels(self, labels: Arc<dyn Labels>) -> ExplicitGame {
        ExplicitGame { labels, ..self }
    }

    /// How many distinct positions the game has.
    pub fn position_count(&self) -> usize {
        self.positions.len()
    }

    /// How many moves the table holds (edges of the state DAG).
    pub fn move_count(&self) -> usize {
        self.moves.len()
    }

    /// The text of position `state`, asked of the labels.
    pub fn label(&self, state: u32) -> String {
        self.labels.state(state)
    }

    /// The name of move `mv`, asked of the labels.
    pub fn move_name(&self, mv: u32) -> String {
        self.labels.move_name(mv)
    }

    /// The value (margin for the player to move under optimal play) of every position, indexed
    /// by position: one pass over the table without recursion, so lines of any length are fine.
    /// No margin overflows: [`explore`] refuses games whose points could add up beyond `i64`.
    pub fn values(&self) -> Vec<i64> {
        let mut values = vec![0_i64; self.positions.len()];
        for &position in &self.children_first {
            let state = position as usize;
            let entry = &self.positions[state];
            values[state] = if entry.move_count == 0 {
                entry.final_payoff.margin_for(entry.to_move)
            } else {
                let scored = self
                    .move_range(position)
                    .map(|mv| (mv, self.move_value(position, mv, &values)));
                first_best(scored)
                    .expect("a position with moves has a best one")
                    .1
            };
        }
        values
    }

    /// The moves of `position`, in legal order.
    fn move_range(&self, position: u32) -> std::ops::Range<u32> {
        let entry = &self.positions[position as usize];
        entry.first_move..entry.first_move + entry.move_count
    }

    /// The mover's margin after playing `mv` at `position`, both sides optimal afterwards.
    pub fn move_value(&self, position: u32, mv: u32, values: &[i64]) -> i64 {
        let edge = &self.moves[mv as usize];
        let mover = self.positions[position as usize].to_move;
        edge.gain + signed_for(self, &edge.target, mover, values[edge.target as usize])
    }

    /// The least and largest first-player margin over every line of play, and the longest line
    /// (one pass over the table).
    pub fn extremes(&self) -> Extremes {
        let count = self.positions.len();
        // Per position: the first player's margin over the rest of the game, least and largest,
        // and the most moves left.
        let mut low = vec![0_i64; count];
        let mut high = vec![0_i64; count];
        let mut longest = vec![0_u64; count];
        for &position in &self.children_first {
            let index = position as usize;
            let entry = &self.positions[index];
            if entry.move_count == 0 {
                low[index] = entry.final_payoff.margin();
                high[index] = low[index];
                continue;
            }
            let sign = if entry.to_move == Player::First {
                1
            } else {
                -1
            };
            let (mut least, mut most, mut deepest) = (i64::MAX, i64::MIN, 0);
            for mv in self.move_range(position) {
                let edge = &self.moves[mv as usize];
                let target = edge.target as usize;
                least = least.min(sign * edge.gain + low[target]);
                most = most.max(sign * edge.gain + high[target]);
                deepest = deepest.max(1 + longest[target]);
            }
            (low[index], high[index], longest[index]) = (least, most, deepest);
        }
        Extremes {
            min_margin: low[0],
            max_margin: high[0],
            longest_line: longest[0],
        }
    }

    /// The optimal play from the start, with the ties broken by the rules' move order.
    pub fn solve(&self) -> Solution {
        self.solution(&self.values())
    }

    /// The optimal play from the start given every position's [`ExplicitGame::values`], for
    /// callers that keep the values for more (regret, analysis) and should not compute them twice.
    pub fn solution(&self, values: &[i64]) -> Solution {
        solution_from_values(self, SolverKind::MEMO, |state| values[*state as usize])
    }

    /// The best move at `position` under optimal play (first among equals), or `None` at the end.
    pub fn best_move(&self, position: u32, values: &[i64]) -> Option<u32> {
        best_move(self, &position, |state| values[*state as usize])
    }
}

impl Game for ExplicitGame {
    const NAME: &'static str = "custom";
    const CONSTANT_SUM: bool = false;
    type State = u32;
    type Move = u32;

    fn initial_state(&self) -> u32 {
        0
    }

    fn to_move(&self, state: &u32) -> Player {
        self.positions[*state as usize].to_move
    }

    fn legal_moves(&self, state: &u32) -> Vec<u32> {
        self.move_range(*state).collect()
    }

    fn apply(&self, _state: &u32, mv: u32) -> u32 {
        self.moves[mv as usize].target
    }

    fn gain(&self, _state: &u32, mv: u32) -> i64 {
        self.moves[mv as usize].gain
    }

    fn terminal_payoff(&self, state: &u32) -> Scores {
        self.positions[*state as usize].final_payoff
    }

    /// Every position explored; at most the most moves of any position (known: the game is
    /// explored), and no line longer than the positions.
    fn bounds(&self) -> Bounds {
        let moves = self
            .positions
            .iter()
            .map(|position| position.move_count as u128)
            .max()
            .unwrap_or(0);
        Bounds {
            moves,
            ..Bounds::states(self.positions.len() as u128)
        }
    }

    /// Exactly the positions and moves explored: what costing a search or a graph of the game
    /// counts, where the trait's bounds (every position a move from every other) would not.
    fn dag_size_by_formula(&self) -> Option<DagSize> {
        Some(DagSize {
            states: self.positions.len() as u128,
            edges: self.moves.len() as u128,
        })
    }

    fn describe_state(&self, state: &u32) -> String {
        self.label(*state)
    }

    fn move_action(&self, _state: &u32, mv: u32) -> Action {
        Action {
            key: "move",
            value: ActionValue::Text(self.move_name(mv)),
        }
    }

    fn describe_move(&self, _state: &u32, mv: u32) -> MoveDescription {
        let label = self.move_name(mv);
        MoveDescription {
            text: format!("plays {label}"),
            action: Action {
                key: "move",
                value: ActionValue::Text(label),
            },
            took: Vec::new(),
        }
    }
}
