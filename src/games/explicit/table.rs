//! The explicit table an exploration builds: a [`Game`] whose states and moves are indices
//! into tables of positions and moves, solved in one pass children first.

use crate::base::game::{
    Action, ActionValue, Bounds, DagSize, Game, MoveDescription, Player, Scores,
};
use crate::games::explicit::Labels;
use crate::solve::{Solution, SolverKind, best_move, first_best, signed_for, solution_from_values};
use std::fmt;
use std::sync::Arc;

/// One position of an explored game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Position {
    pub(super) to_move: Player,
    /// Points at the end (zero unless the position is terminal).
    pub(super) final_payoff: Scores,
    /// This position's moves are `moves[first_move..first_move + move_count]`.
    pub(super) first_move: u32,
    pub(super) move_count: u32,
}

/// One move of an explored game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct ExplicitMove {
    pub(super) target: u32,
    pub(super) gain: i64,
}

/// A game as an explicit table of positions (state = position index, 0 is the start) and moves
/// (move = index into the table of moves, a position's moves consecutive in legal order).
/// Built by [`explore`](super::explore); named by its [`Labels`] when shown.
#[derive(Clone)]
pub struct ExplicitGame {
    pub(super) positions: Vec<Position>,
    pub(super) moves: Vec<ExplicitMove>,
    /// Positions in an order where every position comes after all the positions it leads to
    /// (the depth-first finishing order), so values can be computed in one pass.
    pub(super) children_first: Vec<u32>,
    pub(super) labels: Arc<dyn Labels>,
}

impl fmt::Debug for ExplicitGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ExplicitGame")
            .field("positions", &self.positions.len())
            .field("moves", &self.moves.len())
            .finish()
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
    /// No margin overflows: [`explore`](super::explore) refuses games whose points could add up beyond `i64`.
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
