//! The subtraction family: one pile of N stones, each turn removes an amount the rule allows,
//! and who cannot move loses (normal play). A position is the stones left and who moves
//! ([`Position`]); the members differ in the amounts a move may take ([`SubtractionRule`]): a
//! proper divisor (divisor-game), a square (stone-game-iv), an amount of a set (nim).
//! [`SubtractionGame`] is the whole game for any rule, so a new member is its rule, its solvers
//! and its registry entry. The winner is paid 1 and the loser 0, so the margin is ±1.

use crate::base::error::InputError;
use crate::base::game::{
    Action, ActionValue, Bounds, DagSize, Game, MoveDescription, Player, Scores,
};
use crate::base::input::InstanceInput;
use crate::base::input::fields::take_number;
use crate::cost::Cost;
use crate::solve::{
    PRINCIPAL_VARIATION_LIMIT, Solution, SolverKind, line_cost, solution_from_outcomes,
    value_from_outcome,
};
use std::fmt::Debug;

/// A position: stones left and who moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    pub stones: u64,
    pub mover: Player,
}

/// What distinguishes one member of the family: its name, the amounts a move may take, and how
/// its positions and moves are worded.
pub trait SubtractionRule: Clone + Debug + PartialEq + Eq + Send + Sync + 'static {
    /// The game's command-line name.
    const NAME: &'static str;
    /// The key a move is named by in JSON (`x`, `take`).
    const MOVE_KEY: &'static str;

    /// The amounts a move may take from `stones`, in tie-breaking order (smallest first);
    /// empty exactly when no move is left.
    fn amounts(&self, stones: u64) -> Vec<u64>;

    /// Whether no move is left at `stones` (default: no amount fits; a rule that knows it
    /// without listing the amounts says so).
    fn is_over(&self, stones: u64) -> bool {
        self.amounts(stones).is_empty()
    }

    /// The bounds of a game from `n` stones (see `Game::bounds`).
    fn bounds(&self, n: u64) -> Bounds;

    /// The exact size of the state DAG from `n` stones, where a formula or one pass gives it
    /// far faster than a walk (see `Game::dag_size_by_formula`).
    fn dag_size(&self, n: u64) -> Option<DagSize> {
        let _ = n;
        None
    }

    /// A position's stones in words, e.g. `N=5` or `5 stones`.
    fn describe_stones(&self, stones: u64) -> String;

    /// A move in words, e.g. `takes 4 (2²) stones`.
    fn describe_take(&self, stones: u64, amount: u64) -> String;

    /// The rule's part of an instance's input (nim's subtraction set), added to N.
    fn write_input(&self, input: InstanceInput) -> InstanceInput {
        input
    }
}

/// A game of the family under rule `R`: one instance, the pile of N stones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubtractionGame<R: SubtractionRule> {
    n: u64,
    rule: R,
}

impl<R: SubtractionRule> SubtractionGame<R> {
    /// The instance of `n` stones under `rule` (validated by the caller: N >= 1).
    pub fn with_rule(n: u64, rule: R) -> SubtractionGame<R> {
        SubtractionGame { n, rule }
    }

    /// The starting number of stones.
    pub fn n(&self) -> u64 {
        self.n
    }

    /// The rule.
    pub fn rule(&self) -> &R {
        &self.rule
    }

    /// The instance as input fields.
    pub fn input(&self) -> InstanceInput {
        self.rule.write_input(InstanceInput::number(self.n))
    }

    /// The value alone when `first_wins` tells the outcome, as `solver` found it.
    pub fn value_from(&self, solver: SolverKind, first_wins: bool) -> Solution {
        value_from_outcome(R::NAME, solver, first_wins)
    }

    /// What listing optimal play costs, with the moves (`value_only` false) and up to the
    /// principal-variation limit; nothing otherwise, as larger instances get their value only.
    pub fn line_cost(&self, value_only: bool) -> Cost {
        if value_only || self.n > PRINCIPAL_VARIATION_LIMIT as u64 {
            Cost::default()
        } else {
            line_cost(self)
        }
    }

    /// The solution by `solver`, which tells at every position whether the player to move wins
    /// (`mover_wins`, given the stones left): optimal play listed up to the principal-variation
    /// limit, the value alone above it.
    pub fn solution_from(&self, solver: SolverKind, mover_wins: impl Fn(u64) -> bool) -> Solution {
        solution_from_outcomes(self, solver, self.n, |state| mover_wins(state.stones))
    }
}

impl<R: SubtractionRule + Default> SubtractionGame<R> {
    /// A validated instance of a rule without parameters (N >= 1).
    pub fn new(n: u64) -> Result<SubtractionGame<R>, InputError> {
        let n = take_number(R::NAME, &InstanceInput::number(n), 1)?;
        Ok(SubtractionGame::with_rule(n, R::default()))
    }

    /// An instance of a rule without parameters read from input: N (at least 1) alone.
    pub fn from_input(input: &InstanceInput) -> Result<SubtractionGame<R>, InputError> {
        let n = take_number(R::NAME, input, 1)?;
        Ok(SubtractionGame::with_rule(n, R::default()))
    }
}

impl<R: SubtractionRule> Game for SubtractionGame<R> {
    const NAME: &'static str = R::NAME;
    const IMPARTIAL: bool = true;
    type State = Position;
    /// The number of stones removed.
    type Move = u64;

    #[inline]
    fn initial_state(&self) -> Position {
        Position {
            stones: self.n,
            mover: Player::First,
        }
    }

    #[inline]
    fn to_move(&self, state: &Position) -> Player {
        state.mover
    }

    #[inline]
    fn legal_moves(&self, state: &Position) -> Vec<u64> {
        self.rule.amounts(state.stones)
    }

    #[inline]
    fn apply(&self, state: &Position, amount: u64) -> Position {
        Position {
            stones: state.stones - amount,
            mover: state.mover.other(),
        }
    }

    #[inline]
    fn is_terminal(&self, state: &Position) -> bool {
        self.rule.is_over(state.stones)
    }

    /// The player to move cannot move and loses.
    #[inline]
    fn terminal_payoff(&self, state: &Position) -> Scores {
        Scores::win_for(state.mover.other())
    }

    fn bounds(&self) -> Bounds {
        self.rule.bounds(self.n)
    }

    fn dag_size_by_formula(&self) -> Option<DagSize> {
        self.rule.dag_size(self.n)
    }

    fn describe_state(&self, state: &Position) -> String {
        self.rule.describe_stones(state.stones)
    }

    fn move_action(&self, _state: &Position, amount: u64) -> Action {
        Action {
            key: R::MOVE_KEY,
            value: ActionValue::Number(amount),
        }
    }

    fn describe_move(&self, state: &Position, amount: u64) -> MoveDescription {
        MoveDescription {
            action: self.move_action(state, amount),
            took: vec![],
            text: self.rule.describe_take(state.stones, amount),
        }
    }
}
