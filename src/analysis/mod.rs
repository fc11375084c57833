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

pub mod grundy;

use crate::base::error::{InputError, Setting};
use crate::base::game::{Action, ActionValue, Game, Player, Scores};
use crate::cost::{Cost, Operation, Work, times};
use crate::solve::first_best;
use crate::util::hashing::FastMap;
use serde::Serialize;
use std::collections::HashMap;
use std::ops::Range;
use thiserror::Error;

/// The default position limit of an analysis: about 200 bytes per position, so at most a few
/// hundred MB.
pub const DEFAULT_MAX_STATES: u128 = 2_000_000;

/// The value of a position or move for the player concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Value {
    Win,
    Tie,
    Lose,
}

impl Value {
    /// The value a margin means: positive wins, zero ties, negative loses.
    pub fn from_margin(margin: i64) -> Value {
        match margin.signum() {
            1 => Value::Win,
            0 => Value::Tie,
            _ => Value::Lose,
        }
    }

    /// `"win"`, `"tie"` or `"lose"`.
    pub fn name(self) -> &'static str {
        match self {
            Value::Win => "win",
            Value::Tie => "tie",
            Value::Lose => "lose",
        }
    }
}

/// One legal move of a solved position, seen from the player making it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveEntry {
    /// Index of the move's name in [`SolvedSpace::move_names`].
    pub name: u32,
    /// The position it leads to.
    pub child: u32,
    /// The points the move earns its player.
    pub gain: i64,
    /// The mover's margin over the rest of the game if it plays this move (the move's gain
    /// included), both sides optimal afterwards.
    pub margin: i64,
    /// Moves left after playing it under optimal play, this move included.
    pub remoteness: u64,
    /// Whether optimal play (`solve`'s tie-break) makes this move.
    pub optimal: bool,
}

/// One solved position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionEntry {
    /// The player to move; at a finished position, the opponent of the player who moved last.
    pub to_move: Player,
    /// The mover's margin over the rest of the game under optimal play (the DP value).
    pub margin: i64,
    /// Moves left under optimal play (GAMESMAN's convention, see the module docs).
    pub remoteness: u64,
    /// The Grundy value, for impartial games.
    pub grundy: Option<u64>,
    /// The points paid at the end, when the position is terminal.
    pub payoff: Scores,
    /// The piles left, as ranges of indices into [`SolvedSpace::pile_row`].
    pub piles: Option<Vec<Range<usize>>>,
    /// The position in the game's compact notation.
    pub label: String,
    /// The legal moves, best first (see the module docs).
    pub moves: Vec<MoveEntry>,
}

/// Every position reachable from the start of one instance, solved; position 0 is the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolvedSpace {
    /// The game's command-line name.
    pub game: &'static str,
    /// The JSON key moves are named under (`side`, `count`, `x`, `take`, ...), per name.
    pub move_keys: Vec<&'static str>,
    /// Every distinct move name (`left`, `2`, ...), as `MoveEntry::name` indexes them.
    pub move_names: Vec<String>,
    /// The instance's piles, for pile games.
    pub pile_row: Option<Vec<i64>>,
    /// The positions, the start first.
    pub positions: Vec<PositionEntry>,
}

/// Why a line of moves could not be analysed.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum AnalysisError {
    #[error(
        "move {number} '{name}' is not legal at {position}; the legal moves there are: {legal}"
    )]
    IllegalMove {
        number: usize,
        name: String,
        position: String,
        legal: String,
    },

    #[error(transparent)]
    Input(#[from] InputError),
}

/// One legal move in an [`Analysis`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveAnalysis {
    /// The move as `solve`'s JSON names it (`left`, `2`, ...), and as `--moves` takes it.
    #[serde(rename = "move")]
    pub name: String,
    /// The JSON key of the move (`side`, `count`, ...).
    pub key: &'static str,
    /// The points it earns its player.
    pub gain: i64,
    /// Its value for the mover over the whole game.
    pub value: Value,
    /// The mover's margin over the whole game if it plays this move, both sides optimal after.
    pub margin: i64,
    /// Its value for the mover from here on (what the explorer colours its button by).
    pub remaining_value: Value,
    /// The mover's margin over the rest of the game if it plays this move (its gain included).
    pub remaining_margin: i64,
    /// Moves left after it under optimal play, this move included.
    pub remoteness: u64,
    /// How much margin it gives up against the best move (0 for the best).
    pub difference: i64,
    /// Whether optimal play (`solve`'s choice) makes this move.
    pub optimal: bool,
}

/// The analysis of the position reached by a line of moves (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// The game's command-line name.
    pub game: &'static str,
    /// The moves played to reach the position.
    pub line: Vec<String>,
    /// The position in the game's compact notation.
    pub position: String,
    /// For pile games, the piles left in their current order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub piles: Option<Vec<i64>>,
    /// Whether the game is over.
    pub finished: bool,
    /// The player to move; once the game is over, the player who would move next (the
    /// opponent of the player who moved last).
    pub to_move: Player,
    /// The value of the whole game for the player to move.
    pub value: Value,
    /// The mover's margin over the whole game under optimal play from here.
    pub margin: i64,
    /// The value of the rest of the game for the player to move (what the explorer colours
    /// the position by).
    pub remaining_value: Value,
    /// The mover's margin over the rest of the game (the position's DP value).
    pub remaining_margin: i64,
    /// Moves left under optimal play.
    pub remoteness: u64,
    /// The Grundy value, for impartial games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grundy: Option<u64>,
    /// The points so far (the final scores once the game is over).
    pub scores: Scores,
    /// The first player's margin over the whole game under optimal play from here (what the
    /// explorer's value history plots).
    pub first_margin: i64,
    /// Every legal move, best first.
    pub moves: Vec<MoveAnalysis>,
}

/// A solved space together with the index of its positions by state, for callers that hold a
/// game's own states (strategies measuring per-move regret, for instance).
pub struct Solved<G: Game> {
    pub space: SolvedSpace,
    index: HashMap<G::State, u32>,
}

impl<G: Game> Solved<G> {
    /// The solved position of `state`, if reachable from the start.
    pub fn position(&self, state: &G::State) -> Option<&PositionEntry> {
        let id = *self.index.get(state)?;
        self.space.positions.get(id as usize)
    }
}

/// Refuses an instance that may have more than `max_states` positions, before any work.
pub fn check_state_count<G: Game>(game: &G, max_states: u128) -> Result<(), InputError> {
    let bound = game.bounds().states;
    if bound > max_states {
        return Err(InputError::TooManyNodes {
            what: "state space",
            count: format!("up to {bound}"),
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
/// where the game has one (the number games) and bounded by [`Bounds::states`] and
/// [`Bounds::moves`] otherwise. Per position: the state kept three times over (the walk, its
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
/// and values (measured peaks: stone-game and divisor-game, a few hundred thousand positions).
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

/// The state DAG: positions in discovery order (breadth first from the start), their moves in
/// legal order, and the player to move at each.
struct Dag<G: Game> {
    states: Vec<G::State>,
    /// Per position: (move, child) in legal order.
    moves: Vec<Vec<(G::Move, u32)>>,
    /// Per position: the player to move (at a finished position, the player who would move
    /// next: see [`Dag::split_finished_positions`]).
    movers: Vec<Player>,
}

/// The solved values of a [`Dag`]'s positions, with its states handed on for the index.
struct Values<G: Game> {
    states: Vec<G::State>,
    margin: Vec<i64>,
    remoteness: Vec<u64>,
    grundy: Vec<u64>,
}

impl<G: Game> Dag<G> {
    fn discover(game: &G) -> Result<Dag<G>, InputError> {
        let start = game.initial_state();
        // Room for every position up front (the bound was costed against the budget): a
        // machine that cannot give it refuses here, not halfway through.
        let bound = usize::try_from(game.bounds().states).unwrap_or(usize::MAX);
        let mut index: HashMap<G::State, u32> = HashMap::new();
        index.try_reserve(bound).map_err(|error| {
            crate::cost::out_of_memory(
                "the index of positions",
                bound,
                std::mem::size_of::<G::State>() + 12,
                error,
            )
        })?;
        index.insert(start.clone(), 0);
        let mut states = Vec::new();
        crate::cost::reserve(&mut states, bound, "the positions")?;
        states.push(start);
        let mut moves = Vec::new();
        crate::cost::reserve(&mut moves, bound, "the moves of the positions")?;
        let mut movers = Vec::new();
        crate::cost::reserve(&mut movers, bound, "the players to move")?;
        let mut progress = PassProgress::default();
        let mut next = 0;
        while next < states.len() {
            let state = states[next].clone();
            let mut edges = Vec::new();
            for mv in game.legal_moves(&state) {
                let child = game.apply(&state, mv);
                let id = match index.get(&child) {
                    Some(&id) => id,
                    None => {
                        let id = states.len() as u32;
                        index.insert(child.clone(), id);
                        states.push(child);
                        id
                    }
                };
                edges.push((mv, id));
            }
            progress.add(1 + edges.len());
            moves.push(edges);
            movers.push(game.to_move(&state));
            next += 1;
        }
        Ok(Dag {
            states,
            moves,
            movers,
        })
    }

    /// Gives every finished position the player who would move next, the opponent of the one
    /// who moved into it. A game may end in one shared position whoever moved last (the
    /// `Game` trait leaves its player to move open); such a position is split in two, the copy
    /// taking the moves of the player who did not come first, so that "who is to move once the
    /// game is over" has one answer on every line, in every game. The start keeps the game's
    /// player when it is already finished.
    fn split_finished_positions(&mut self) {
        // The players who moved into each finished position, in the order first seen.
        let mut arrivals: HashMap<u32, Vec<Player>> = HashMap::new();
        for (parent, edges) in self.moves.iter().enumerate() {
            for &(_, child) in edges {
                if self.moves[child as usize].is_empty() {
                    let movers = arrivals.entry(child).or_default();
                    if !movers.contains(&self.movers[parent]) {
                        movers.push(self.movers[parent]);
                    }
                }
            }
        }
        let mut finished: Vec<(u32, Vec<Player>)> = arrivals.into_iter().collect();
        finished.sort_unstable_by_key(|&(id, _)| id);
        // Per finished position reached by both players: the copy, and who moves into it.
        let mut copies: HashMap<u32, (u32, Player)> = HashMap::new();
        for (id, arrived) in finished {
            self.movers[id as usize] = arrived[0].other();
            if let Some(&second) = arrived.get(1) {
                let copy = self.states.len() as u32;
                self.states.push(self.states[id as usize].clone());
                self.moves.push(Vec::new());
                self.movers.push(second.other());
                copies.insert(id, (copy, second));
            }
        }
        if copies.is_empty() {
            return;
        }
        for (parent, edges) in self.moves.iter_mut().enumerate() {
            for edge in edges {
                if let Some(&(copy, second)) = copies.get(&edge.1)
                    && self.movers[parent] == second
                {
                    edge.1 = copy;
                }
            }
        }
    }

    /// Children before parents: an iterative depth-first post-order from the start, so deep
    /// games cannot overflow the stack.
    fn children_first(&self) -> Vec<u32> {
        let mut order = Vec::with_capacity(self.states.len());
        let mut seen = vec![false; self.states.len()];
        let mut stack: Vec<(u32, usize)> = vec![(0, 0)];
        seen[0] = true;
        while let Some(&mut (id, ref mut next)) = stack.last_mut() {
            match self.moves[id as usize].get(*next) {
                Some(&(_, child)) => {
                    *next += 1;
                    if !seen[child as usize] {
                        seen[child as usize] = true;
                        stack.push((child, 0));
                    }
                }
                None => {
                    order.push(id);
                    stack.pop();
                }
            }
        }
        order
    }

    /// The mover's margin of a move from position `id`: its gain plus the child's value seen
    /// from the mover's side.
    fn move_margin(&self, game: &G, id: usize, mv: G::Move, child: u32, margin: &[i64]) -> i64 {
        let child_value = margin[child as usize];
        let seen = if self.movers[child as usize] == self.movers[id] {
            child_value
        } else {
            -child_value
        };
        game.gain(&self.states[id], mv) + seen
    }

    fn values(&self, game: &G) -> Values<G> {
        let count = self.states.len();
        let mut margin = vec![0i64; count];
        let mut remoteness = vec![0u64; count];
        let mut grundy = vec![0u64; count];
        for id in self.children_first() {
            let id = id as usize;
            let moves = &self.moves[id];
            if moves.is_empty() {
                margin[id] = game
                    .terminal_payoff(&self.states[id])
                    .margin_for(self.movers[id]);
                continue;
            }
            let scored: Vec<(u32, i64)> = moves
                .iter()
                .map(|&(mv, child)| (child, self.move_margin(game, id, mv, child, &margin)))
                .collect();
            let best = scored.iter().map(|&(_, m)| m).max().unwrap_or(0);
            let keeping = scored
                .iter()
                .filter(|&&(_, m)| m == best)
                .map(|&(child, _)| remoteness[child as usize]);
            let quickest_or_longest = if best >= 0 {
                keeping.min()
            } else {
                keeping.max()
            };
            margin[id] = best;
            remoteness[id] = 1 + quickest_or_longest.unwrap_or(0);
            if G::IMPARTIAL {
                grundy[id] = mex(moves.iter().map(|&(_, child)| grundy[child as usize]));
            }
        }
        Values {
            states: self.states.clone(),
            margin,
            remoteness,
            grundy,
        }
    }

    fn into_space(self, game: &G, values: &Values<G>) -> Result<SolvedSpace, InputError> {
        let mut names = MoveNames::default();
        let mut progress = PassProgress::default();
        let mut positions = Vec::new();
        crate::cost::reserve(&mut positions, self.states.len(), "the solved positions")?;
        for (id, state) in self.states.iter().enumerate() {
            let optimal = first_best(self.moves[id].iter().map(|&(mv, child)| {
                (child, self.move_margin(game, id, mv, child, &values.margin))
            }))
            .map(|(child, _)| child);
            let mut moves: Vec<MoveEntry> = self.moves[id]
                .iter()
                .map(|&(mv, child)| MoveEntry {
                    name: names.intern(game.move_action(state, mv)),
                    child,
                    gain: game.gain(state, mv),
                    margin: self.move_margin(game, id, mv, child, &values.margin),
                    remoteness: 1 + values.remoteness[child as usize],
                    optimal: Some(child) == optimal,
                })
                .collect();
            moves.sort_by_key(|entry| best_first_key(entry.margin, entry.remoteness));
            progress.add(1 + moves.len());
            positions.push(PositionEntry {
                to_move: self.movers[id],
                margin: values.margin[id],
                remoteness: values.remoteness[id],
                grundy: G::IMPARTIAL.then_some(values.grundy[id]),
                payoff: if moves.is_empty() {
                    game.terminal_payoff(state)
                } else {
                    Scores::ZERO
                },
                piles: game.piles_left(state),
                label: game.describe_state(state),
                moves,
            });
        }
        Ok(SolvedSpace {
            game: G::NAME,
            move_keys: names.keys,
            move_names: names.names,
            pile_row: game.pile_row().map(<[i64]>::to_vec),
            positions,
        })
    }
}

/// The sort key of "best first": larger margin, then shorter remoteness for a move that wins or
/// ties and longer for one that loses (a stable sort keeps legal order after that).
fn best_first_key(margin: i64, remoteness: u64) -> (i64, i128) {
    let remoteness = remoteness as i128;
    (-margin, if margin >= 0 { remoteness } else { -remoteness })
}

/// The minimum excluded value: the least natural number not among `values`.
fn mex(values: impl Iterator<Item = u64>) -> u64 {
    let mut seen: Vec<u64> = values.collect();
    seen.sort_unstable();
    seen.dedup();
    seen.iter()
        .enumerate()
        .find(|&(expected, &value)| value != expected as u64)
        .map_or(seen.len() as u64, |(expected, _)| expected as u64)
}

/// Reports one of the two long passes over a space's positions (finding them, writing them
/// out) to the progress display, in blocks rather than per position: each pass is credited half
/// of the estimated work of its positions and moves ([`space_cost`]).
#[derive(Default)]
struct PassProgress {
    /// Positions and moves passed since the last report.
    pending: usize,
}

impl PassProgress {
    const BLOCK: usize = 1 << 16;

    fn add(&mut self, units: usize) {
        self.pending += units;
        if self.pending >= Self::BLOCK {
            self.report();
        }
    }

    fn report(&mut self) {
        let work = Work::of(Operation::SpaceMove, self.pending as u128);
        crate::cost::progress::advance(work.cpu_nanos() / 2.0);
        self.pending = 0;
    }
}

impl Drop for PassProgress {
    fn drop(&mut self) {
        self.report();
    }
}

/// Move names, each stored once. Looked up by the move's action, so that a move whose name
/// is already known costs a hash of a word or a number, not a new string (a number game has as
/// many moves as the positions have divisors, tens of millions).
#[derive(Default)]
struct MoveNames {
    keys: Vec<&'static str>,
    names: Vec<String>,
    index: FastMap<ActionValue, u32>,
}

impl MoveNames {
    fn intern(&mut self, action: Action) -> u32 {
        if let Some(&id) = self.index.get(&action.value) {
            return id;
        }
        let id = self.names.len() as u32;
        self.keys.push(action.key);
        self.names.push(action.value.to_string());
        self.index.insert(action.value, id);
        id
    }
}

/// The index of positions by state (position ids are the states' places in discovery order);
/// a finished position split in two is found as its first copy.
fn index_of<S: std::hash::Hash + Eq>(states: Vec<S>) -> HashMap<S, u32> {
    let mut index = HashMap::with_capacity(states.len());
    for (id, state) in states.into_iter().enumerate() {
        index.entry(state).or_insert(id as u32);
    }
    index
}

impl SolvedSpace {
    /// The position reached from the start by `line` (moves named as in `solve`'s JSON), with
    /// the points each player took on the way; an illegal move is an error naming it and the
    /// legal ones.
    pub fn follow<S: AsRef<str>>(&self, line: &[S]) -> Result<(u32, Scores), AnalysisError> {
        let mut id = 0u32;
        let mut scores = Scores::ZERO;
        for (number, name) in line.iter().enumerate() {
            let name = name.as_ref().trim();
            let position = &self.positions[id as usize];
            let Some(entry) = position
                .moves
                .iter()
                .find(|entry| self.move_names[entry.name as usize] == name)
            else {
                return Err(AnalysisError::IllegalMove {
                    number: number + 1,
                    name: name.to_string(),
                    position: position.label.clone(),
                    legal: self.legal_names(position),
                });
            };
            scores = scores.plus(position.to_move, entry.gain);
            id = entry.child;
        }
        Ok((id, scores))
    }

    /// The legal moves of `position` by name, in legal order, for messages.
    fn legal_names(&self, position: &PositionEntry) -> String {
        if position.moves.is_empty() {
            return "none (the game is over)".to_string();
        }
        let mut moves: Vec<&MoveEntry> = position.moves.iter().collect();
        moves.sort_by_key(|entry| entry.name);
        moves
            .iter()
            .map(|entry| self.move_names[entry.name as usize].as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The analysis of the position reached by `line` from the start (see the module docs).
    pub fn analyze<S: AsRef<str>>(&self, line: &[S]) -> Result<Analysis, AnalysisError> {
        let (id, gained) = self.follow(line)?;
        let position = &self.positions[id as usize];
        let mover = position.to_move;
        let so_far = gained.margin_for(mover);
        let scores = gained
            .plus(Player::First, position.payoff.first)
            .plus(Player::Second, position.payoff.second);
        let margin = so_far + position.margin;
        let best = position.moves.first().map_or(0, |entry| entry.margin);
        // The stored order: best first, ties settled on the value from here (as the position's
        // remoteness is), so the first move always keeps the position's remoteness.
        let moves: Vec<MoveAnalysis> = position
            .moves
            .iter()
            .map(|entry| MoveAnalysis {
                name: self.move_names[entry.name as usize].clone(),
                key: self.move_keys[entry.name as usize],
                gain: entry.gain,
                value: Value::from_margin(so_far + entry.margin),
                margin: so_far + entry.margin,
                remaining_value: Value::from_margin(entry.margin),
                remaining_margin: entry.margin,
                remoteness: entry.remoteness,
                difference: best - entry.margin,
                optimal: entry.optimal,
            })
            .collect();
        Ok(Analysis {
            game: self.game,
            line: line
                .iter()
                .map(|name| name.as_ref().trim().to_string())
                .collect(),
            position: position.label.clone(),
            piles: self.piles_of(position),
            finished: position.moves.is_empty(),
            to_move: mover,
            value: Value::from_margin(margin),
            margin,
            remaining_value: Value::from_margin(position.margin),
            remaining_margin: position.margin,
            remoteness: position.remoteness,
            grundy: position.grundy,
            scores,
            first_margin: if mover == Player::First {
                margin
            } else {
                -margin
            },
            moves,
        })
    }

    /// The values of the piles left at `position`, in their current order.
    pub fn piles_of(&self, position: &PositionEntry) -> Option<Vec<i64>> {
        let row = self.pile_row.as_ref()?;
        let ranges = position.piles.as_ref()?;
        Some(
            ranges
                .iter()
                .flat_map(|range| row[range.clone()].iter().copied())
                .collect(),
        )
    }
}

impl Analysis {
    /// A readable table: the position, its value for the player to move, and every move best
    /// first, with the colours' meaning in words.
    pub fn to_text(&self) -> String {
        use std::fmt::Write;
        let mut text = String::new();
        let line = if self.line.is_empty() {
            "at the start".to_string()
        } else {
            format!("after {}", self.line.join(", "))
        };
        let _ = writeln!(text, "{} {line}: {}", self.game, self.position);
        let _ = writeln!(
            text,
            "scores so far: first {}, second {}",
            self.scores.first, self.scores.second
        );
        if self.finished {
            let _ = writeln!(
                text,
                "the game is over: {} for the {} player (margin {}), who would move next",
                self.value.name(),
                self.to_move.name(),
                self.margin
            );
            return text;
        }
        let _ = writeln!(
            text,
            "{} to move: {} {} from here; over the whole game {} {} under optimal play; {} \
             moves left",
            self.to_move.name(),
            self.remaining_value.name(),
            signed(self.remaining_margin),
            self.value.name(),
            signed(self.margin),
            self.remoteness
        );
        if let Some(grundy) = self.grundy {
            let _ = writeln!(text, "Grundy value: {grundy}");
        }
        let width = self
            .moves
            .iter()
            .map(|m| m.name.len())
            .max()
            .unwrap_or(4)
            .max(4);
        let cells: Vec<(String, String)> = self
            .moves
            .iter()
            .map(|m| {
                (
                    format!(
                        "{} {}",
                        m.remaining_value.name(),
                        signed(m.remaining_margin)
                    ),
                    format!("{} {}", m.value.name(), signed(m.margin)),
                )
            })
            .collect();
        let here = cells.iter().map(|c| c.0.len()).max().unwrap_or(0).max(9);
        let whole = cells.iter().map(|c| c.1.len()).max().unwrap_or(0).max(10);
        let _ = writeln!(
            text,
            "{:<width$}  {:<here$}  {:<whole$}  remoteness  difference",
            "move", "from here", "whole game"
        );
        for (entry, (from_here, whole_game)) in self.moves.iter().zip(&cells) {
            let _ = writeln!(
                text,
                "{:<width$}  {from_here:<here$}  {whole_game:<whole$}  {:>10}  {:>10}{}",
                entry.name,
                entry.remoteness,
                entry.difference,
                if entry.optimal {
                    "  (optimal play)"
                } else {
                    ""
                }
            );
        }
        let _ = writeln!(
            text,
            "values are for the {} player, as own points minus the opponent's; from here: the \
             rest of the game, as the explorer colours it: win (green), tie (yellow), lose \
             (maroon); whole game: points taken so far included",
            self.to_move.name()
        );
        text
    }
}

/// A margin with its sign: `+3`, `0`, `-2`.
fn signed(margin: i64) -> String {
    if margin > 0 {
        format!("+{margin}")
    } else {
        margin.to_string()
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_is_the_least_missing_value() {
        assert_eq!(mex([0, 1, 3].into_iter()), 2);
        assert_eq!(mex([1, 2].into_iter()), 0);
        assert_eq!(mex([2, 0, 1, 1].into_iter()), 3);
        assert_eq!(mex(std::iter::empty()), 0);
    }

    #[test]
    fn winners_prefer_short_and_losers_long_lines() {
        let mut keys = [(3, 5), (3, 2), (-1, 2), (-1, 7), (0, 4), (0, 1)];
        keys.sort_by_key(|&(margin, remoteness)| best_first_key(margin, remoteness));
        assert_eq!(keys, [(3, 2), (3, 5), (0, 1), (0, 4), (-1, 7), (-1, 2)]);
    }
}
