//! `divisor-game` (LeetCode 1025): from N, subtract a proper divisor; who cannot move loses.
//!
//! Rules. A number N >= 1 is on the board. The players alternate, the first player first; a turn
//! chooses x with 0 < x < N and N % x == 0 and replaces N by N - x. A player who cannot move
//! (N = 1) loses. There are no points: the winner is paid 1 and the loser 0 at the end, so
//! `first_score`/`second_score` are 1/0 and every move gains 0.
//!
//! The claim of WenlSun's summary of game DPs, proved by induction: the first player wins iff N is even (take x = 1 from
//! an even N; every divisor of an odd N is odd, so it hands back an even N).
//!
//! Positions are (N, player to move); the two positions with N = 1 are terminal.

pub mod dp;

use crate::base::error::{InputError, SolveError};
use crate::base::game::{Action, ActionValue, DagSize, Game, MoveDescription, Player, Scores};
use crate::base::input::fields::take_number;
use crate::base::input::{InstanceInput, InstanceRef};
use crate::cost::{Cost, Operation, Work};
use crate::games::divisor_game::dp::{TABLE_LIMIT, proper_divisors, win_table};
use crate::games::{InputForm, RegisteredGame, not_applicable};
use crate::solve::{
    PRINCIPAL_VARIATION_LIMIT, Solution, SolverKind, check_table_size, solution_from_outcomes,
    value_from_outcome,
};

/// One instance: the starting number N.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DivisorGame {
    n: u64,
}

/// A position: the number on the board and who moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    pub n: u64,
    pub mover: Player,
}

impl DivisorGame {
    /// A validated instance (N >= 1).
    pub fn new(n: u64) -> Result<DivisorGame, InputError> {
        DivisorGame::from_input(&InstanceInput::number(n))
    }

    /// The starting number.
    pub fn n(&self) -> u64 {
        self.n
    }
}

/// d(m), the number of divisors of m >= 1, by trial division up to √m.
fn divisor_count(m: u128) -> u128 {
    let root = m.isqrt();
    let pairs = (1..=root).filter(|&k| m.is_multiple_of(k)).count() as u128;
    2 * pairs - u128::from(root * root == m)
}

/// d(1) + ... + d(n) = Σ_{k <= n} ⌊n / k⌋ = 2 Σ_{k <= √n} ⌊n / k⌋ - ⌊√n⌋².
fn divisor_count_sum(n: u128) -> u128 {
    let root = n.isqrt();
    2 * (1..=root).map(|k| n / k).sum::<u128>() - root * root
}

impl Game for DivisorGame {
    const NAME: &'static str = "divisor-game";
    const IMPARTIAL: bool = true;
    type State = Position;
    /// The divisor x subtracted.
    type Move = u64;

    #[inline]
    fn initial_state(&self) -> Position {
        Position {
            n: self.n,
            mover: Player::First,
        }
    }

    #[inline]
    fn to_move(&self, state: &Position) -> Player {
        state.mover
    }

    #[inline]
    fn legal_moves(&self, state: &Position) -> Vec<u64> {
        proper_divisors(state.n)
    }

    #[inline]
    fn apply(&self, state: &Position, x: u64) -> Position {
        Position {
            n: state.n - x,
            mover: state.mover.other(),
        }
    }

    #[inline]
    fn gain(&self, _: &Position, _: u64) -> i64 {
        0
    }

    #[inline]
    fn terminal_payoff(&self, state: &Position) -> Scores {
        // The player to move at N = 1 cannot move and loses.
        Scores::win_for(state.mover.other())
    }

    #[inline]
    fn is_terminal(&self, state: &Position) -> bool {
        state.n <= 1
    }

    fn max_states(&self) -> u128 {
        2 * self.n as u128
    }

    /// Proper divisors come in pairs around √N.
    fn max_moves(&self) -> u128 {
        2 * (self.n as u128).isqrt()
    }

    /// Each move lowers N by at least 1.
    fn max_depth(&self) -> u128 {
        self.n as u128
    }

    /// Taking x = 1 every time visits N, N - 1, ..., 1.
    fn min_states(&self) -> u128 {
        self.n as u128
    }

    /// A position is (N left, player to move). Every m in 1..=N is reached by both players
    /// except the first two (N even) or three (N odd) counts N, N - 1, ... (checked against a
    /// walk in the tests), so there are 2N - 2 or 2N - 3 positions; m has d(m) - 1 moves, and
    /// d(1) + ... + d(N) takes O(√N) steps (Dirichlet's hyperbola method).
    fn dag_size_by_formula(&self) -> Option<DagSize> {
        let n = self.n as u128;
        let single = if n.is_multiple_of(2) { 2 } else { 3 }.min(n);
        let moves = |m: u128| divisor_count(m) - 1;
        let single_moves: u128 = (n + 1 - single..=n).map(moves).sum();
        let all_moves = divisor_count_sum(n) - n;
        Some(DagSize {
            states: 2 * n - single,
            edges: 2 * all_moves - single_moves,
        })
    }

    fn describe_state(&self, state: &Position) -> String {
        format!("N={}", state.n)
    }

    fn move_action(&self, _: &Position, x: u64) -> Action {
        Action {
            key: "x",
            value: ActionValue::Number(x),
        }
    }

    fn describe_move(&self, state: &Position, x: u64) -> MoveDescription {
        MoveDescription {
            action: self.move_action(state, x),
            took: vec![],
            text: format!("subtracts x={x} from {}", state.n),
        }
    }
}

impl RegisteredGame for DivisorGame {
    /// The closed form: constant.
    fn margin_cost(_: u64) -> Cost {
        Cost::work(Work::of(Operation::NumberInstance, 1))
    }

    /// `dp` sieves every number up to N (5 bytes each); `closed-form` is constant. With the
    /// moves (N up to 16,384), the line tries every proper divisor on the way.
    fn solve_cost(&self, solver: SolverKind, value_only: bool) -> Cost {
        let line = if value_only || self.n > PRINCIPAL_VARIATION_LIMIT as u64 {
            Cost::default()
        } else {
            crate::games::line_cost(self)
        };
        match solver {
            SolverKind::Dp => Cost::new(
                (self.n as u128).saturating_mul(5),
                Work::of(Operation::DivisorSieve, self.n as u128),
            )
            .then(line),
            SolverKind::ClosedForm => Self::margin_cost(self.n).then(line),
            other => crate::games::generic_solve_cost(self, other, value_only),
        }
    }

    fn value_by(&self, solver: SolverKind) -> Result<Solution, SolveError> {
        match solver {
            SolverKind::Dp => {
                check_table_size("dp", self.n, TABLE_LIMIT)?;
                let wins = win_table(self.n as usize);
                Ok(value_from_outcome(
                    Self::NAME,
                    solver,
                    wins[self.n as usize],
                ))
            }
            SolverKind::ClosedForm => Ok(value_from_outcome(
                Self::NAME,
                solver,
                self.n.is_multiple_of(2),
            )),
            other => crate::games::solved_without_moves(self, other),
        }
    }

    const TITLE: &'static str = "Divisor Game: subtract a proper divisor of N (LeetCode 1025)";
    const RULES: &'static str = "A number N on the board. Players alternate, first player \
        first; a turn picks x with 0 < x < N and N % x == 0 and replaces N by N - x. Who cannot \
        move (N = 1) loses. Scores are 1 for the winner and 0 for the loser.";
    const INPUT_FORM: InputForm = InputForm::Number {
        subtraction_set: false,
    };
    const SOLVERS: &'static [SolverKind] = &[
        SolverKind::Auto,
        SolverKind::Brute,
        SolverKind::Memo,
        SolverKind::Dp,
        SolverKind::ClosedForm,
    ];

    fn from_input(input: &InstanceInput) -> Result<DivisorGame, InputError> {
        let n = take_number(Self::NAME, input, 1)?;
        Ok(DivisorGame { n })
    }

    fn to_input(&self) -> InstanceInput {
        InstanceInput::number(self.n)
    }

    fn auto_solver(&self) -> SolverKind {
        SolverKind::ClosedForm
    }

    fn first_margin(input: InstanceRef<'_>, _: &mut Vec<i64>) -> Result<i64, SolveError> {
        let game = match input {
            InstanceRef::Input(input) => DivisorGame::from_input(input)?,
            InstanceRef::Piles(_) => DivisorGame::from_input(&input.to_input())?,
        };
        Ok(if game.n.is_multiple_of(2) { 1 } else { -1 })
    }

    fn solve_specific(&self, solver: SolverKind) -> Result<Solution, SolveError> {
        match solver {
            SolverKind::Dp => {
                check_table_size("dp", self.n, TABLE_LIMIT)?;
                let wins = win_table(self.n as usize);
                Ok(solution_from_outcomes(
                    self,
                    Self::NAME,
                    solver,
                    self.n,
                    |state| wins[state.n as usize],
                ))
            }
            SolverKind::ClosedForm => Ok(solution_from_outcomes(
                self,
                Self::NAME,
                solver,
                self.n,
                |state| state.n.is_multiple_of(2),
            )),
            other => Err(not_applicable::<Self>(other)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dag_formula_matches_a_walk() {
        for n in (1..=300).chain([1_000, 1_001, 4_096]) {
            let game = DivisorGame::new(n).unwrap();
            assert_eq!(
                game.dag_size_by_formula(),
                crate::base::size::walk_dag_size(&game, u128::MAX, u128::MAX),
                "N = {n}"
            );
        }
    }
}
