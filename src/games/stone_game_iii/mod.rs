//! `stone-game-iii` (LeetCode 1406): take the first 1, 2 or 3 remaining piles; values may be
//! negative.
//!
//! Rules. Piles lie in a row (any 64-bit values, n >= 1). The players alternate, the first
//! player first; a turn takes the first 1, 2 or 3 remaining piles. When none is left, whoever
//! holds more (a larger sum, which may be negative) wins; equal sums are a tie.
//!
//! Positions are (piles taken so far, player to move); the game's end is one terminal position.

pub mod dp;

use crate::base::error::{InputError, SolveError};
use crate::base::game::{Action, ActionValue, Game, MoveDescription, Player, Scores};
use crate::base::input::fields::{borrow_piles, check_score_range, into_piles, take_piles};
use crate::base::input::{InstanceInput, InstanceRef, format_piles};
use crate::cost::{Cost, Operation, Work};
use crate::games::stone_game_iii::dp::{MAX_TAKE, rolling_margin, suffix_values};
use crate::games::{InputForm, RegisteredGame, not_applicable, solved_without_moves};
use crate::solve::{PRINCIPAL_VARIATION_LIMIT, Solution, SolverKind, solution_from_values};

/// One instance: the row of piles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoneGameIII {
    piles: Vec<i64>,
    total: i64,
}

/// A position: `piles[next..]` remain and `mover` is to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    pub next: u32,
    pub mover: Player,
}

impl StoneGameIII {
    /// A validated instance: at least one pile, and the sum of absolute values within 64 bits.
    pub fn new(piles: Vec<i64>) -> Result<StoneGameIII, InputError> {
        StoneGameIII::from_input(&InstanceInput::piles(piles))
    }

    /// The piles.
    pub fn piles(&self) -> &[i64] {
        &self.piles
    }
}

impl Game for StoneGameIII {
    const NAME: &'static str = "stone-game-iii";
    type State = Position;
    /// How many piles the move takes.
    type Move = usize;

    #[inline]
    fn initial_state(&self) -> Position {
        Position {
            next: 0,
            mover: Player::First,
        }
    }

    #[inline]
    fn to_move(&self, state: &Position) -> Player {
        state.mover
    }

    #[inline]
    fn legal_moves(&self, state: &Position) -> Vec<usize> {
        (1..=MAX_TAKE.min(self.piles.len() - state.next as usize)).collect()
    }

    #[inline]
    fn apply(&self, state: &Position, take: usize) -> Position {
        let next = state.next + take as u32;
        let mover = if next as usize == self.piles.len() {
            Player::First // the one terminal position, whoever moved last
        } else {
            state.mover.other()
        };
        Position { next, mover }
    }

    #[inline]
    fn gain(&self, state: &Position, take: usize) -> i64 {
        let next = state.next as usize;
        self.piles[next..next + take].iter().sum()
    }

    fn max_states(&self) -> u128 {
        2 * self.piles.len() as u128 + 1
    }

    fn pile_row(&self) -> Option<&[i64]> {
        Some(&self.piles)
    }

    fn piles_left(&self, state: &Position) -> Option<Vec<std::ops::Range<usize>>> {
        Some(crate::base::game::one_run(
            state.next as usize..self.piles.len(),
        ))
    }

    /// One, two or three piles.
    fn max_moves(&self) -> u128 {
        3
    }

    /// At least one pile per move.
    fn max_depth(&self) -> u128 {
        self.piles.len() as u128
    }

    /// Taking one pile at a time visits one position per number of piles taken.
    fn min_states(&self) -> u128 {
        self.piles.len() as u128 + 1
    }

    fn describe_state(&self, state: &Position) -> String {
        format_piles(&self.piles[state.next as usize..])
    }

    fn move_action(&self, _: &Position, take: usize) -> Action {
        Action {
            key: "count",
            value: ActionValue::Number(take as u64),
        }
    }

    fn describe_move(&self, state: &Position, take: usize) -> MoveDescription {
        let next = state.next as usize;
        let took = self.piles[next..next + take].to_vec();
        let noun = if take == 1 { "pile" } else { "piles" };
        MoveDescription {
            text: format!("takes {take} {noun} {}", format_piles(&took)),
            action: self.move_action(state, take),
            took,
        }
    }
}

impl StoneGameIII {
    /// Validates the piles (checked present and non-empty by the caller) and builds the instance.
    fn from_piles(piles: Vec<i64>) -> Result<StoneGameIII, InputError> {
        check_score_range(Self::NAME, &piles, 1)?;
        let total = piles.iter().sum();
        Ok(StoneGameIII { piles, total })
    }
}

impl RegisteredGame for StoneGameIII {
    /// The suffix DP: linear time and memory.
    fn margin_cost(size: u64) -> Cost {
        let n = size as u128;
        Cost::new(n.saturating_mul(16), Work::of(Operation::StoneGameIIIDp, n))
    }

    fn solve_cost(&self, solver: SolverKind, value_only: bool) -> Cost {
        let n = self.piles.len();
        match solver {
            SolverKind::Dp => {
                let value = Self::margin_cost(n as u64);
                // Long rows are answered with the value alone.
                if value_only || n > PRINCIPAL_VARIATION_LIMIT {
                    value
                } else {
                    value.then(crate::games::line_cost(self))
                }
            }
            other => crate::games::generic_solve_cost(self, other, value_only),
        }
    }

    const TITLE: &'static str = "Stone Game III: take the first 1, 2 or 3 piles (LeetCode 1406)";
    const RULES: &'static str = "A row of piles whose values may be negative. Players \
        alternate, first player first; a turn takes the first 1, 2 or 3 remaining piles. When \
        none is left, the larger sum wins; equal sums are a tie.";
    const INPUT_FORM: InputForm = InputForm::Piles { negative: true };
    const SOLVERS: &'static [SolverKind] = &[
        SolverKind::Auto,
        SolverKind::Brute,
        SolverKind::Memo,
        SolverKind::Dp,
    ];

    fn from_input(input: &InstanceInput) -> Result<StoneGameIII, InputError> {
        StoneGameIII::from_piles(take_piles(Self::NAME, input)?)
    }

    fn from_owned_input(input: InstanceInput) -> Result<StoneGameIII, InputError> {
        StoneGameIII::from_piles(into_piles(Self::NAME, input)?)
    }

    fn to_input(&self) -> InstanceInput {
        InstanceInput::piles(self.piles.clone())
    }

    fn auto_solver(&self) -> SolverKind {
        SolverKind::Dp
    }

    fn first_margin(input: InstanceRef<'_>, _scratch: &mut Vec<i64>) -> Result<i64, SolveError> {
        let piles = borrow_piles(Self::NAME, input)?;
        check_score_range(Self::NAME, piles, 1)?;
        Ok(rolling_margin(piles))
    }

    fn value_by(&self, solver: SolverKind) -> Result<Solution, SolveError> {
        match solver {
            SolverKind::Dp => {
                let margin = rolling_margin(&self.piles);
                let scores = Scores::from_total_and_margin(self.total, margin);
                Ok(Solution::value_only(Self::NAME, solver, scores))
            }
            other => solved_without_moves(self, other),
        }
    }

    fn solve_specific(&self, solver: SolverKind) -> Result<Solution, SolveError> {
        match solver {
            SolverKind::Dp => {
                if self.piles.len() > PRINCIPAL_VARIATION_LIMIT {
                    return RegisteredGame::value_by(self, solver);
                }
                let values = suffix_values(&self.piles);
                Ok(solution_from_values(self, Self::NAME, solver, |state| {
                    values[state.next as usize]
                }))
            }
            other => Err(not_applicable::<Self>(other)),
        }
    }
}
