//! `stone-game-vii` (LeetCode 1690): take the leftmost or rightmost pile; a move scores the sum of
//! the piles left on the table.
//!
//! Rules. Piles lie in a row (any 64-bit values, n >= 1). The players alternate, the first player
//! (Alice) first; a turn removes the leftmost or the rightmost pile and scores the sum of the
//! piles that remain (so the last pile scores nothing). The scores do not add up to a constant:
//! as LeetCode states it, Alice plays to maximise the difference (her score minus Bob's) and Bob
//! to minimise it, so both play for the margin, and `margin` is Alice's score minus Bob's.
//! LeetCode remarks that Bob "found that he will always lose": with positive piles the first
//! player never ends behind (a catalogue claim checks it).
//!
//! Positions are the intervals of piles left, as in stone-game. The fast solver is the interval
//! DP `d(i, j) = max(S(i+1..=j) - d(i+1, j), S(i..=j-1) - d(i, j-1))`, `d(i, i) = 0`, ties to the
//! left pile.

use crate::base::error::{InputError, SolveError};
use crate::base::game::{Action, ActionValue, Game, MoveDescription, Player, Scores};
use crate::base::input::fields::{borrow_piles, check_score_range, into_piles, take_piles};
use crate::base::input::{InstanceInput, InstanceRef, format_piles};
use crate::cost::{Cost, Operation, Work};
use crate::games::stone_game::{Interval, Side};
use crate::games::{InputForm, RegisteredGame, not_applicable};
use crate::solve::{PRINCIPAL_VARIATION_LIMIT, Solution, SolverKind, solution_from_values};

/// The largest instance whose move list is read from the full triangular table (8 n²/2 bytes,
/// 144 MB here); larger ones are solved with two rows and give the value only.
const TABLE_PILE_LIMIT: usize = 6_000;

/// One instance: the row of piles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoneGameVII {
    piles: Vec<i64>,
    /// `sums[k]` is the sum of `piles[..k]`.
    sums: Vec<i64>,
}

impl StoneGameVII {
    /// A validated instance: at least one pile, and every possible score within 64 bits.
    pub fn new(piles: Vec<i64>) -> Result<StoneGameVII, InputError> {
        StoneGameVII::from_input(&InstanceInput::piles(piles))
    }

    /// The sum of `piles[i..j]`.
    fn sum(&self, i: usize, j: usize) -> i64 {
        self.sums[j] - self.sums[i]
    }
}

/// Prefix sums of `piles`.
fn prefix_sums(piles: &[i64]) -> Vec<i64> {
    let mut sums = Vec::with_capacity(piles.len() + 1);
    sums.push(0);
    for &pile in piles {
        sums.push(sums[sums.len() - 1] + pile);
    }
    sums
}

/// The mover's margin `d(i, j)` on every interval `piles[i..=j]`, stored row after row of the
/// upper triangle.
struct MarginTriangle {
    n: usize,
    cells: Vec<i64>,
}

impl MarginTriangle {
    fn build(piles: &[i64], sums: &[i64]) -> MarginTriangle {
        let n = piles.len();
        let mut table = MarginTriangle {
            n,
            cells: vec![0; n * (n + 1) / 2],
        };
        for length in 2..=n {
            for i in 0..=n - length {
                let j = i + length - 1;
                let left = (sums[j + 1] - sums[i + 1]) - table.get(i + 1, j);
                let right = (sums[j] - sums[i]) - table.get(i, j - 1);
                let slot = table.slot(i, j);
                table.cells[slot] = left.max(right);
            }
        }
        table
    }

    fn slot(&self, i: usize, j: usize) -> usize {
        // Row k holds j = k..n, n - k cells; rows before row i hold i * n - i(i-1)/2.
        i * self.n - i * i.saturating_sub(1) / 2 + (j - i)
    }

    fn get(&self, i: usize, j: usize) -> i64 {
        self.cells[self.slot(i, j)]
    }
}

/// Both players' scores from `piles[i..]` on, with two rows of memory: the value-only path.
/// Returns (mover's score, other's score) on the whole row.
fn two_row_scores(piles: &[i64], sums: &[i64]) -> (i64, i64) {
    let n = piles.len();
    let (mut mover, mut other) = (vec![0i64; n], vec![0i64; n]);
    for length in 2..=n {
        for i in 0..=n - length {
            let j = i + length - 1;
            let gain_left = sums[j + 1] - sums[i + 1];
            let gain_right = sums[j] - sums[i];
            // After a move the opponent moves: our total is the gain plus their "other".
            let left = (gain_left + other[i + 1], mover[i + 1]);
            let right = (gain_right + other[i], mover[i]);
            let pick = if left.0 - left.1 >= right.0 - right.1 {
                left
            } else {
                right
            };
            (mover[i], other[i]) = pick;
        }
        report_rows(length, n + 1 - length, Operation::StoneGameVIIDp);
    }
    (mover[0], other[0])
}

/// Reports a row DP's progress every [`PROGRESS_ROWS`] lengths, as that many lengths of
/// `cells` cells each (the one just done: close enough between two reports).
pub(crate) fn report_rows(length: usize, cells: usize, operation: Operation) {
    if length.is_multiple_of(PROGRESS_ROWS) {
        Work::of(operation, (PROGRESS_ROWS * cells) as u128).done();
    }
}

/// Lengths between two progress reports of the row DPs.
const PROGRESS_ROWS: usize = 256;

impl Game for StoneGameVII {
    const NAME: &'static str = "stone-game-vii";
    const CONSTANT_SUM: bool = false;
    type State = Interval;
    type Move = Side;

    #[inline]
    fn initial_state(&self) -> Interval {
        Interval::whole(self.piles.len())
    }

    #[inline]
    fn to_move(&self, state: &Interval) -> Player {
        state.mover(self.piles.len())
    }

    #[inline]
    fn legal_moves(&self, state: &Interval) -> Vec<Side> {
        state.ends()
    }

    #[inline]
    fn apply(&self, state: &Interval, mv: Side) -> Interval {
        state.after(mv, self.piles.len())
    }

    #[inline]
    fn gain(&self, state: &Interval, mv: Side) -> i64 {
        let (left, right) = (state.left as usize, state.right as usize);
        match mv {
            Side::Left => self.sum(left + 1, right),
            Side::Right => self.sum(left, right - 1),
        }
    }

    fn max_states(&self) -> u128 {
        let n = self.piles.len() as u128;
        n * (n + 1) / 2 + 1
    }

    fn pile_row(&self) -> Option<&[i64]> {
        Some(&self.piles)
    }

    fn piles_left(&self, state: &Interval) -> Option<Vec<std::ops::Range<usize>>> {
        Some(crate::base::game::one_run(
            state.left as usize..state.right as usize,
        ))
    }

    /// Left or right.
    fn max_moves(&self) -> u128 {
        2
    }

    /// One pile per move.
    fn max_depth(&self) -> u128 {
        self.piles.len() as u128
    }

    /// Taking one pile at a time visits one position per number of piles taken.
    fn min_states(&self) -> u128 {
        self.piles.len() as u128 + 1
    }

    fn describe_state(&self, state: &Interval) -> String {
        format_piles(&self.piles[state.left as usize..state.right as usize])
    }

    fn describe_move(&self, state: &Interval, mv: Side) -> MoveDescription {
        let (side, pile) = match mv {
            Side::Left => ("left", self.piles[state.left as usize]),
            Side::Right => ("right", self.piles[state.right as usize - 1]),
        };
        MoveDescription {
            action: Action {
                key: "side",
                value: ActionValue::Word(side),
            },
            took: vec![pile],
            text: format!(
                "removes the {side} pile ({pile}), scoring {}",
                self.gain(state, mv)
            ),
        }
    }
}

impl StoneGameVII {
    /// Validates the piles (checked present and non-empty by the caller) and builds the instance.
    fn from_piles(piles: Vec<i64>) -> Result<StoneGameVII, InputError> {
        // A player scores at most n times the sum of absolute values.
        check_score_range(Self::NAME, &piles, piles.len() as u128)?;
        let sums = prefix_sums(&piles);
        Ok(StoneGameVII { piles, sums })
    }
}

impl RegisteredGame for StoneGameVII {
    /// The margin DP on two rows: n²/2 cells, linear memory.
    fn margin_cost(size: u64) -> Cost {
        let n = size as u128;
        Cost::new(
            n.saturating_mul(32),
            Work::of(Operation::StoneGameVIIDp, n.saturating_mul(n) / 2),
        )
    }

    /// The value on two rows; with the moves (up to 6,000 piles) the triangle of every margin,
    /// 8 bytes a cell.
    fn solve_cost(&self, solver: SolverKind, value_only: bool) -> Cost {
        let n = self.piles.len();
        match solver {
            SolverKind::Dp => {
                let value = Self::margin_cost(n as u64);
                if value_only || n > TABLE_PILE_LIMIT.min(PRINCIPAL_VARIATION_LIMIT) {
                    value
                } else {
                    let cells = (n as u128) * (n as u128 + 1) / 2;
                    Cost::new(cells * 8, value.work).then(crate::games::line_cost(self))
                }
            }
            other => crate::games::generic_solve_cost(self, other, value_only),
        }
    }

    const TITLE: &'static str =
        "Stone Game VII: remove an end pile, score the sum of the rest (LeetCode 1690)";
    const RULES: &'static str = "A row of piles. Players alternate, first player first; a turn \
        removes the leftmost or the rightmost pile and scores the sum of the piles left. The \
        first player plays to maximise the difference of the scores, the second to minimise it.";
    const INPUT_FORM: InputForm = InputForm::Piles { negative: true };
    const SOLVERS: &'static [SolverKind] = &[
        SolverKind::Auto,
        SolverKind::Brute,
        SolverKind::Memo,
        SolverKind::Dp,
    ];

    fn from_input(input: &InstanceInput) -> Result<StoneGameVII, InputError> {
        StoneGameVII::from_piles(take_piles(Self::NAME, input)?)
    }

    fn from_owned_input(input: InstanceInput) -> Result<StoneGameVII, InputError> {
        StoneGameVII::from_piles(into_piles(Self::NAME, input)?)
    }

    fn to_input(&self) -> InstanceInput {
        InstanceInput::piles(self.piles.clone())
    }

    fn auto_solver(&self) -> SolverKind {
        SolverKind::Dp
    }

    fn first_margin(input: InstanceRef<'_>, _: &mut Vec<i64>) -> Result<i64, SolveError> {
        let piles = borrow_piles(Self::NAME, input)?;
        check_score_range(Self::NAME, piles, piles.len() as u128)?;
        let (mover, other) = two_row_scores(piles, &prefix_sums(piles));
        Ok(mover - other)
    }

    fn value_by(&self, solver: SolverKind) -> Result<Solution, SolveError> {
        match solver {
            SolverKind::Dp => {
                let (first, second) = two_row_scores(&self.piles, &self.sums);
                Ok(Solution::value_only(
                    Self::NAME,
                    solver,
                    Scores { first, second },
                ))
            }
            other => crate::games::solved_without_moves(self, other),
        }
    }

    fn solve_specific(&self, solver: SolverKind) -> Result<Solution, SolveError> {
        match solver {
            SolverKind::Dp => {
                let n = self.piles.len();
                if n > TABLE_PILE_LIMIT.min(PRINCIPAL_VARIATION_LIMIT) {
                    return RegisteredGame::value_by(self, solver);
                }
                let table = MarginTriangle::build(&self.piles, &self.sums);
                Ok(solution_from_values(self, Self::NAME, solver, |state| {
                    if state.is_empty() {
                        0
                    } else {
                        table.get(state.left as usize, state.right as usize - 1)
                    }
                }))
            }
            other => Err(not_applicable::<Self>(other)),
        }
    }
}
