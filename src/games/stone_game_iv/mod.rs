//! `stone-game-iv` (LeetCode 1510): remove a non-zero square number of stones from one pile;
//! who cannot move loses.
//!
//! Rules. One pile of N >= 1 stones. The players alternate, the first player first; a turn
//! removes k² stones for some k >= 1 with k² <= the stones left. A player who cannot move (no
//! stones left) loses. As in divisor-game the winner is paid 1 and the loser 0, and moves gain 0.
//!
//! The losing positions (where the player to move loses) are OEIS A030193: 0, 2, 5, 7, 10, 12,
//! 15, 17, 20, 22, 34, 39, ... The fast solver is the table `wins[k]` = some square s <= k leaves
//! a losing `k - s`; scanning squares stops at the first such s, and losing positions are rare.

use crate::base::error::{InputError, SolveError};
use crate::base::game::{Action, ActionValue, DagSize, Game, MoveDescription, Player, Scores};
use crate::base::input::InstanceInput;
use crate::base::input::fields::take_number;
use crate::cost::{Cost, Operation, Work};
use crate::games::{InputForm, RegisteredGame, not_applicable};
use crate::solve::{
    PRINCIPAL_VARIATION_LIMIT, Solution, SolverKind, check_table_size, solution_from_outcomes,
    value_from_outcome,
};

/// The largest N the table accepts.
pub const TABLE_LIMIT: u64 = 10_000_000;

/// `wins[k]` for every k in `0..=limit`: whether the player to move with k stones wins.
///
/// Time O(limit · s) where s is the number of squares tried before a losing remainder turns up
/// (all of them, √k, only at the rare losing k), memory one byte per entry.
///
/// ```
/// use gamelab::games::stone_game_iv::win_table;
/// let losing: Vec<usize> = (0..=22).filter(|&k| !win_table(22)[k]).collect();
/// assert_eq!(losing, vec![0, 2, 5, 7, 10, 12, 15, 17, 20, 22]);
/// ```
pub fn win_table(limit: usize) -> Vec<bool> {
    let mut wins = vec![false; limit + 1];
    for k in 1..=limit {
        wins[k] = (1..)
            .map(|root: usize| root * root)
            .take_while(|&square| square <= k)
            .any(|square| !wins[k - square]);
    }
    wins
}

/// One instance: the pile size N.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoneGameIV {
    n: u64,
}

/// A position: stones left and who moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    pub stones: u64,
    pub mover: Player,
}

impl StoneGameIV {
    /// A validated instance (N >= 1).
    pub fn new(n: u64) -> Result<StoneGameIV, InputError> {
        StoneGameIV::from_input(&InstanceInput::number(n))
    }

    fn table_for(&self, solver: &'static str) -> Result<Vec<bool>, SolveError> {
        check_table_size(solver, self.n, TABLE_LIMIT)?;
        Ok(win_table(self.n as usize))
    }
}

/// ⌊√0⌋ + ⌊√1⌋ + ... + ⌊√n⌋ in closed form: the value k covers the 2k + 1 numbers k² ..
/// (k + 1)² - 1, the last value K = ⌊√n⌋ only n - K² + 1 of them.
fn sum_of_square_roots(n: u128) -> u128 {
    let k = n.isqrt();
    // Σ_{j<K} j(2j + 1) = 2 Σ j² + Σ j over j = 1..K-1.
    let below = if k == 0 {
        0
    } else {
        (k - 1) * k * (2 * k - 1) / 3 + (k - 1) * k / 2
    };
    below + k * (n - k * k + 1)
}

impl Game for StoneGameIV {
    const NAME: &'static str = "stone-game-iv";
    const IMPARTIAL: bool = true;
    type State = Position;
    /// The number of stones removed (a square).
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
        (1u64..)
            .map(|root| root * root)
            .take_while(|&square| square <= state.stones)
            .collect()
    }

    #[inline]
    fn apply(&self, state: &Position, square: u64) -> Position {
        Position {
            stones: state.stones - square,
            mover: state.mover.other(),
        }
    }

    #[inline]
    fn gain(&self, _: &Position, _: u64) -> i64 {
        0
    }

    #[inline]
    fn terminal_payoff(&self, state: &Position) -> Scores {
        // The player to move at 0 stones cannot move and loses.
        Scores::win_for(state.mover.other())
    }

    fn max_states(&self) -> u128 {
        2 * (self.n as u128 + 1)
    }

    /// One move per square up to N.
    fn max_moves(&self) -> u128 {
        (self.n as u128).isqrt()
    }

    /// Each move removes at least one stone.
    fn max_depth(&self) -> u128 {
        self.n as u128
    }

    /// Taking one stone every time visits N, N - 1, ..., 0.
    fn min_states(&self) -> u128 {
        self.n as u128 + 1
    }

    /// A position is (stones left, player to move). After taking t stones in all, either
    /// player can be to move once t >= 4 (four 1s or one 4: an even and an odd number of
    /// moves), only one before: 2N - 2 positions for N >= 4. A position with m stones has
    /// ⌊√m⌋ moves.
    fn dag_size_by_formula(&self) -> Option<DagSize> {
        let n = self.n as u128;
        let (states, edges) = if n < 4 {
            (n + 1, sum_of_square_roots(n))
        } else {
            let single = (n - 3..=n).map(u128::isqrt).sum::<u128>();
            (2 * n - 2, 2 * sum_of_square_roots(n) - single)
        };
        Some(DagSize { states, edges })
    }

    fn describe_state(&self, state: &Position) -> String {
        format!("{} stones", state.stones)
    }

    fn move_action(&self, _: &Position, square: u64) -> Action {
        Action {
            key: "take",
            value: ActionValue::Number(square),
        }
    }

    fn describe_move(&self, state: &Position, square: u64) -> MoveDescription {
        let root = square.isqrt();
        MoveDescription {
            action: self.move_action(state, square),
            took: vec![],
            text: format!("takes {square} ({root}²) stones"),
        }
    }
}

impl RegisteredGame for StoneGameIV {
    /// The win table: one byte per k <= N, the squares tried at each (Σ⌊√k⌋, in closed form;
    /// a winning move found early stops the scan, so this is an upper bound).
    fn margin_cost(size: u64) -> Cost {
        let n = size as u128;
        Cost::new(
            n,
            Work::of(Operation::StoneGameIVDp, sum_of_square_roots(n)),
        )
    }

    fn solve_cost(&self, solver: SolverKind, value_only: bool) -> Cost {
        match solver {
            SolverKind::Dp => {
                let table = Self::margin_cost(self.n);
                if value_only || self.n > PRINCIPAL_VARIATION_LIMIT as u64 {
                    table
                } else {
                    table.then(crate::games::line_cost(self))
                }
            }
            other => crate::games::generic_solve_cost(self, other, value_only),
        }
    }

    const TITLE: &'static str = "Stone Game IV: remove a square number of stones (LeetCode 1510)";
    const RULES: &'static str = "One pile of N stones. Players alternate, first player first; a \
        turn removes a non-zero square number of stones (1, 4, 9, ...). Who cannot move loses. \
        Scores are 1 for the winner and 0 for the loser.";
    const INPUT_FORM: InputForm = InputForm::Number {
        subtraction_set: false,
    };
    const SOLVERS: &'static [SolverKind] = &[
        SolverKind::Auto,
        SolverKind::Brute,
        SolverKind::Memo,
        SolverKind::Dp,
    ];

    fn from_input(input: &InstanceInput) -> Result<StoneGameIV, InputError> {
        Ok(StoneGameIV {
            n: take_number(Self::NAME, input, 1)?,
        })
    }

    fn to_input(&self) -> InstanceInput {
        InstanceInput::number(self.n)
    }

    fn auto_solver(&self) -> SolverKind {
        SolverKind::Dp
    }

    fn facts(&self) -> Vec<String> {
        let shown = self.n.min(200) as usize;
        let losing: Vec<String> = win_table(shown)
            .iter()
            .enumerate()
            .filter(|(_, wins)| !**wins)
            .map(|(k, _)| k.to_string())
            .collect();
        vec![format!(
            "losing positions up to {shown} (OEIS A030193): {}",
            losing.join(", ")
        )]
    }

    fn value_by(&self, solver: SolverKind) -> Result<Solution, SolveError> {
        match solver {
            SolverKind::Dp => {
                let wins = self.table_for("dp")?;
                Ok(value_from_outcome(
                    Self::NAME,
                    solver,
                    wins[self.n as usize],
                ))
            }
            other => crate::games::solved_without_moves(self, other),
        }
    }

    fn solve_specific(&self, solver: SolverKind) -> Result<Solution, SolveError> {
        match solver {
            SolverKind::Dp => {
                let wins = self.table_for("dp")?;
                Ok(solution_from_outcomes(
                    self,
                    Self::NAME,
                    solver,
                    self.n,
                    |state| wins[state.stones as usize],
                ))
            }
            other => Err(not_applicable::<Self>(other)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dag_formula_matches_a_walk() {
        for n in (1..=300).chain([1_000, 4_097]) {
            let game = StoneGameIV::new(n).unwrap();
            assert_eq!(
                game.dag_size_by_formula(),
                crate::base::size::walk_dag_size(&game, u128::MAX, u128::MAX),
                "N = {n}"
            );
        }
    }
}
