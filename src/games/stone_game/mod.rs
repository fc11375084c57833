//! `stone-game`: a row of piles; each turn takes the leftmost or the rightmost pile.
//!
//! Rules. Piles `piles[0..n]` lie in a row (any 64-bit values, n >= 1). The players alternate,
//! the first player first; a turn takes the whole leftmost or the whole rightmost remaining
//! pile. When no pile is left, whoever holds more stones wins; equal totals are a tie.
//!
//! This one game covers LeetCode 877 "Stone Game" (even n, odd total: the first player always
//! wins), LeetCode 486 "Predict the Winner" (the first player "wins" when margin >= 0) and the
//! "gold pots" problem of the gold-pots article (maximise player A's coins).
//!
//! Positions are the intervals of piles still on the table; the empty interval is one terminal
//! position whatever was taken last. With a single pile left there is one move, written `left`.

pub mod batch;
pub mod dag;
pub mod dp;
pub mod fast;
pub mod json;
pub mod lanes;
pub mod line;
pub mod parity;
pub mod peaks;

use crate::base::error::{InputError, SolveError};
use crate::base::game::{Action, ActionValue, Game, MoveDescription, Player, Scores};
use crate::base::input::fields::{borrow_piles, check_score_range, into_piles, take_piles};
use crate::base::input::{InstanceInput, InstanceRef, format_piles, write_piles};
use crate::cost::{Cost, Operation, Work};
use crate::games::stone_game::batch::{batch_margins, group_margins_16};
use crate::games::stone_game::dp::{MarginTable, ScoreTable, TABLE_PILE_LIMIT, rolling_margin_in};
use crate::games::stone_game::fast::{THREADING_THRESHOLD, fast_margin};
use crate::games::stone_game::lanes::absolute_sum;
use crate::games::stone_game::line::{line_memory, margin_and_line};
use crate::games::stone_game::peaks::{peaks_margin, peaks_margin_in};
use crate::games::{
    InputForm, PositionTable, RegisteredGame, line_cost_of, not_applicable, solved_without_moves,
};
use crate::solve::table::{DpCell, DpTable};
use crate::solve::{
    PRINCIPAL_VARIATION_LIMIT, Solution, SolverKind, replaces_best, solution_from_policy,
    solution_from_values,
};
use crate::util::parallel::available_threads;

/// One instance: the row of piles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoneGame {
    piles: Vec<i64>,
    total: i64,
}

/// The piles still on the table: `piles[left..right]`. The empty interval is always `(n, n)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Interval {
    pub left: u32,
    pub right: u32,
}

impl Interval {
    /// Number of piles left.
    #[inline]
    pub fn len(self) -> usize {
        (self.right - self.left) as usize
    }

    /// Whether no pile is left.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.left == self.right
    }

    /// The whole row of `n` piles: the start of every end-taking game (stone-game, VII).
    pub fn whole(n: usize) -> Interval {
        Interval {
            left: 0,
            right: n as u32,
        }
    }

    /// Who moves on this interval of a row of `n` piles (one pile leaves per move).
    #[inline]
    pub fn mover(self, n: usize) -> Player {
        Player::after_moves(n - self.len())
    }

    /// The ends that can be taken, left first; a single pile is taken from the left only, so
    /// that the game tree has no duplicate branch.
    #[inline]
    pub fn ends(self) -> Vec<Side> {
        match self.len() {
            0 => vec![],
            1 => vec![Side::Left],
            _ => vec![Side::Left, Side::Right],
        }
    }

    /// The interval after taking the pile at `side`, in a row of `n` piles; every empty
    /// interval becomes `(n, n)`, so the game has one terminal position.
    #[inline]
    pub fn after(self, side: Side, n: usize) -> Interval {
        let next = match side {
            Side::Left => Interval {
                left: self.left + 1,
                ..self
            },
            Side::Right => Interval {
                right: self.right - 1,
                ..self
            },
        };
        if next.is_empty() {
            let n = n as u32;
            Interval { left: n, right: n }
        } else {
            next
        }
    }
}

/// Which end a move takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Left,
    Right,
}

impl StoneGame {
    /// A validated instance: at least one pile, and the sum of absolute values within 64 bits.
    pub fn new(piles: Vec<i64>) -> Result<StoneGame, InputError> {
        StoneGame::from_input(&InstanceInput::piles(piles))
    }

    /// The piles.
    pub fn piles(&self) -> &[i64] {
        &self.piles
    }

    fn require_table_size(&self, solver: &'static str) -> Result<(), SolveError> {
        if self.piles.len() > TABLE_PILE_LIMIT {
            return Err(SolveError::TooLarge {
                solver,
                what: "the number of piles",
                size: self.piles.len().to_string(),
                limit: TABLE_PILE_LIMIT.to_string(),
                advice: crate::base::error::USE_AUTO,
            });
        }
        Ok(())
    }
}

impl Game for StoneGame {
    const NAME: &'static str = "stone-game";
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
        match mv {
            Side::Left => self.piles[state.left as usize],
            Side::Right => self.piles[state.right as usize - 1],
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

    fn write_state(&self, state: &Interval, out: &mut String) {
        write_piles(out, &self.piles[state.left as usize..state.right as usize])
            .expect("writing to a String cannot fail");
    }

    fn move_action(&self, _state: &Interval, mv: Side) -> Action {
        Action {
            key: "side",
            value: ActionValue::Word(side_word(mv)),
        }
    }

    fn describe_move(&self, state: &Interval, mv: Side) -> MoveDescription {
        let pile = self.gain(state, mv);
        let side = side_word(mv);
        MoveDescription {
            action: Action {
                key: "side",
                value: ActionValue::Word(side),
            },
            took: vec![pile],
            text: format!("takes the {side} pile ({pile})"),
        }
    }
}

impl StoneGame {
    /// Validates the piles (checked present and non-empty by the caller) and builds the instance.
    fn from_piles(piles: Vec<i64>) -> Result<StoneGame, InputError> {
        check_score_range(Self::NAME, &piles, 1)?;
        let total = piles.iter().sum();
        Ok(StoneGame { piles, total })
    }
}

impl RegisteredGame for StoneGame {
    const GROUP_MARGINS_16: Option<crate::games::GroupMargins16> = Some(group_margins_16);

    /// The solver `first_margin` picks as `auto` does for the value ([`auto_value_solver_for`]):
    /// `rolling` on one core up to 256 piles, `peaks` above. Claims and charts cost a range of
    /// sizes by its largest, so this is the most any size up to `size` costs: above 256 piles,
    /// `peaks` or a row of 256, whichever is more.
    fn margin_cost(size: u64) -> Cost {
        short_or_peaks(size, Operation::StoneGameRollingScalar)
    }

    /// Sweeps solve rows of up to 256 piles many at once, one per SIMD lane.
    fn batch_margin_cost(size: u64) -> Cost {
        short_or_peaks(size, Operation::StoneGameRollingBatch)
    }

    fn solve_cost(&self, solver: SolverKind, value_only: bool) -> Cost {
        let n = self.piles.len();
        let line = if value_only {
            Cost::default()
        } else {
            line_cost_of(n as u128, 2)
        };
        match solver {
            SolverKind::Table => table_cost(n, 16, Operation::StoneGameTable).then(line),
            SolverKind::Diff => table_cost(n, 8, Operation::StoneGameDiff).then(line),
            SolverKind::Rolling if value_only => rolling_cost(n as u64),
            SolverKind::Rolling => rolling_line_cost(n).then(line),
            SolverKind::Peaks if value_only => peaks_cost(n as u64),
            // Past its line's limit the solver refuses at once, with its own advice.
            SolverKind::Peaks if n > PRINCIPAL_VARIATION_LIMIT => peaks_cost(n as u64),
            SolverKind::Peaks => peaks_line_cost(n).then(line),
            other => crate::games::generic_solve_cost(self, other, value_only),
        }
    }

    fn refusal_advice(&self, solver: SolverKind, value_only: bool) -> &'static str {
        match (solver, value_only) {
            (SolverKind::Rolling, true) => "the solver peaks gives the value alone in O(n)",
            (SolverKind::Rolling, false) => {
                "add --value-only: the solver peaks gives the value alone in O(n)"
            }
            (SolverKind::Peaks, true) => "no solver gives the value for less: use fewer piles",
            (SolverKind::Peaks, false) => PEAKS_ADVICE,
            _ => crate::base::error::USE_AUTO,
        }
    }

    const TITLE: &'static str =
        "Stone Game: take a pile from either end (LeetCode 877, 486, gold pots)";
    const RULES: &'static str = "A row of piles. Players alternate, first player first; a turn \
        takes the leftmost or the rightmost pile. When none is left, whoever holds more stones \
        wins; equal totals are a tie.";
    const INPUT_FORM: InputForm = InputForm::Piles { negative: true };
    const SOLVERS: &'static [SolverKind] = &[
        SolverKind::Auto,
        SolverKind::Brute,
        SolverKind::Memo,
        SolverKind::Table,
        SolverKind::Diff,
        SolverKind::Rolling,
        SolverKind::Peaks,
    ];
    fn from_input(input: &InstanceInput) -> Result<StoneGame, InputError> {
        StoneGame::from_piles(take_piles(Self::NAME, input)?)
    }

    fn from_owned_input(input: InstanceInput) -> Result<StoneGame, InputError> {
        StoneGame::from_piles(into_piles(Self::NAME, input)?)
    }

    fn to_input(&self) -> InstanceInput {
        InstanceInput::piles(self.piles.clone())
    }

    /// With the moves, `rolling`: its line comes from checkpoint rows at every size (`peaks`
    /// would re-solve both children of every position on the line, O(n^2)).
    fn auto_solver(&self) -> SolverKind {
        SolverKind::Rolling
    }

    /// The value alone: see [`auto_value_solver_for`].
    fn auto_value_solver(&self) -> SolverKind {
        auto_value_solver_for(self.piles.len())
    }

    fn position_values(&self) -> Option<Result<PositionTable<Self>, SolveError>> {
        // The `diff` solver's table: d(i, j) for every interval, under the same size guard.
        if let Err(refused) = self.require_table_size("diff") {
            return Some(Err(refused));
        }
        let n = self.piles.len();
        let cost = table_cost(n, 8, Operation::StoneGameDiff);
        if let Err(refused) = cost.check_nested(
            format_args!("the table of every position's value for {n} piles"),
            crate::base::error::USE_SMALLER,
        ) {
            return Some(Err(refused.into()));
        }
        let table = match MarginTable::build(&self.piles) {
            Ok(table) => table,
            Err(refused) => return Some(Err(refused.into())),
        };
        Some(Ok(Box::new(move |state: &Interval| {
            if state.is_empty() {
                0
            } else {
                table.get(state.left as usize, state.right as usize - 1)
            }
        })))
    }

    fn position_values_cost(&self) -> Option<Cost> {
        let n = self.piles.len();
        (n <= TABLE_PILE_LIMIT).then(|| table_cost(n, 8, Operation::StoneGameDiff))
    }

    fn table(&self) -> Option<DpTable> {
        let n = self.piles.len();
        if n > TABLE_PILE_LIMIT {
            return None;
        }
        let table = MarginTable::build(&self.piles).ok()?;
        let mut cells = Vec::with_capacity(n * (n + 1) / 2);
        for i in 0..n {
            for j in i..n {
                // The solvers' rule: left unless right is strictly better.
                let takes_right = j > i
                    && replaces_best(
                        self.piles[j] - table.get(i, j - 1),
                        self.piles[i] - table.get(i + 1, j),
                    );
                cells.push(DpCell {
                    row: i,
                    column: j,
                    value: table.get(i, j),
                    mark: Some(if takes_right { "R" } else { "L" }.to_string()),
                });
            }
        }
        Some(DpTable {
            title: format!(
                "{} {}: margin of the player to move on piles[i..=j]",
                Self::NAME,
                format_piles(&self.piles)
            ),
            subtitle: "L / R: optimal play takes the left / right pile (ties go left); the answer is the top-right cell"
                .to_string(),
            row_name: "i (first pile left)".to_string(),
            column_name: "j (last pile left)".to_string(),
            rows: n,
            columns: n,
            first_row: 0,
            first_column: 0,
            cells,
        })
    }

    fn first_margin(input: InstanceRef<'_>, scratch: &mut Vec<i64>) -> Result<i64, SolveError> {
        let piles = borrow_piles(Self::NAME, input)?;
        check_score_range(Self::NAME, piles, 1)?;
        Ok(match auto_value_solver_for(piles.len()) {
            SolverKind::Peaks => peaks_margin_in(piles, scratch),
            _ => rolling_margin_in(piles, scratch),
        })
    }

    fn value_by(&self, solver: SolverKind) -> Result<Solution, SolveError> {
        match solver {
            SolverKind::Rolling => {
                let margin = fast_margin(&self.piles, available_threads());
                Ok(Solution::value_only(
                    Self::NAME,
                    solver,
                    Scores::from_total_and_margin(self.total, margin),
                ))
            }
            SolverKind::Peaks => Ok(Solution::value_only(
                Self::NAME,
                solver,
                Scores::from_total_and_margin(self.total, peaks_margin(&self.piles)),
            )),
            other => solved_without_moves(self, other),
        }
    }

    fn first_margins(
        n: usize,
        flat: &[i64],
        out: &mut Vec<i64>,
        scratch: &mut Vec<i64>,
    ) -> Result<(), SolveError> {
        for instance in flat.chunks(n.max(1)) {
            let piles = borrow_piles(Self::NAME, InstanceRef::Piles(instance))?;
            // `absolute_sum` vectorises; the error's wording comes from `check_score_range`.
            if absolute_sum(piles) > i64::MAX as u128 {
                check_score_range(Self::NAME, piles, 1)?;
            }
        }
        if auto_value_solver_for(n) == SolverKind::Peaks {
            // Long rows one by one in O(n) each, as `auto` gives their value.
            let stack = scratch;
            out.extend(flat.chunks(n).map(|piles| peaks_margin_in(piles, stack)));
        } else {
            // Each group of instances runs in the narrowest exact lanes (`solve::dp::lanes`).
            batch_margins(flat, n, out);
        }
        Ok(())
    }

    fn solve_specific(&self, solver: SolverKind) -> Result<Solution, SolveError> {
        let margin_on = |state: &Interval, margin: &dyn Fn(usize, usize) -> i64| {
            if state.is_empty() {
                0
            } else {
                margin(state.left as usize, state.right as usize - 1)
            }
        };
        match solver {
            SolverKind::Table => {
                self.require_table_size("table")?;
                let table = ScoreTable::build(&self.piles)?;
                Ok(solution_from_values(self, Self::NAME, solver, |state| {
                    margin_on(state, &|i, j| table.margin(i, j))
                }))
            }
            SolverKind::Diff => {
                self.require_table_size("diff")?;
                let table = MarginTable::build(&self.piles)?;
                Ok(solution_from_values(self, Self::NAME, solver, |state| {
                    margin_on(state, &|i, j| table.get(i, j))
                }))
            }
            SolverKind::Rolling => {
                // Optimal play at every size: checkpoints, not a table (see stone_game_line).
                let (_, line) = margin_and_line(&self.piles, available_threads());
                let mut moves = line.into_iter();
                Ok(solution_from_policy(self, Self::NAME, solver, |_| {
                    if moves.next() == Some(true) {
                        Side::Right
                    } else {
                        Side::Left
                    }
                }))
            }
            SolverKind::Peaks => {
                // Each position of the line re-solves both children (O(n) each), so the line
                // costs O(n^2): refused where `rolling` lists it far faster.
                if self.piles.len() > PRINCIPAL_VARIATION_LIMIT {
                    return Err(SolveError::TooLarge {
                        solver: "peaks",
                        what: "the number of piles (for the move list)",
                        size: self.piles.len().to_string(),
                        limit: PRINCIPAL_VARIATION_LIMIT.to_string(),
                        // Past rolling's budget too, only the value is left to point to.
                        advice: if check_rolling_line_budget(self.piles.len()).is_ok() {
                            PEAKS_ADVICE
                        } else {
                            PEAKS_VALUE_ADVICE
                        },
                    });
                }
                let mut stack = Vec::with_capacity(self.piles.len());
                Ok(solution_from_values(self, Self::NAME, solver, |state| {
                    let row = &self.piles[state.left as usize..state.right as usize];
                    peaks_margin_in(row, &mut stack)
                }))
            }
            other => Err(not_applicable::<Self>(other)),
        }
    }
}

/// What `rolling` costs on `n` piles (the value): n²/2 cells on every core for long rows, one
/// row of 8-byte values (and the piles, padded).
fn rolling_cost(n: u64) -> Cost {
    let n = n as u128;
    Cost::new(
        n.saturating_mul(32),
        on_threads(
            n,
            Work::of(Operation::StoneGameRollingRow, n.saturating_mul(n) / 2),
        ),
    )
}

/// What `rolling` costs on `n` piles with the moves: the cells again, with checkpoint rows and
/// one segment's triangle ([`line_memory`]), which past about 155,000 piles grows as n^(4/3)
/// (about 750 MB at a million piles).
fn rolling_line_cost(n: usize) -> Cost {
    let piles = n as u128;
    Cost::new(
        piles.saturating_mul(32).saturating_add(line_memory(n)),
        on_threads(
            piles,
            Work::of(
                Operation::StoneGameRollingLine,
                piles.saturating_mul(piles) / 2,
            ),
        ),
    )
}

/// The fast kernel's rows of at least [`THREADING_THRESHOLD`] piles run on every core.
fn on_threads(n: u128, work: Work) -> Work {
    if n >= THREADING_THRESHOLD as u128 {
        work.spread_over(available_threads())
    } else {
        work
    }
}

/// What `peaks` costs on `n` piles: its stack and the row, 8 bytes a pile each, and linear
/// time (each pile is pushed once and merged away at most once, then taken in the valley walk).
fn peaks_cost(n: u64) -> Cost {
    let n = n as u128;
    Cost::new(n.saturating_mul(16), Work::of(Operation::StoneGamePeaks, n))
}

/// What `peaks` costs with the moves: both children of every position on the line, about n of
/// its rows of n/2 piles on average.
fn peaks_line_cost(n: usize) -> Cost {
    let one = peaks_cost(n as u64);
    Cost::new(one.memory, one.work.times(n as u128 / 2 + 1))
}

/// What a two-dimensional table of `n` x `n` cells of `cell_bytes` costs (`table`, `diff`, the
/// position values of optimal play): n²/2 cells computed, n² allocated.
fn table_cost(n: usize, cell_bytes: u128, operation: Operation) -> Cost {
    let n = n as u128;
    let cells = n.saturating_mul(n);
    Cost::new(
        cells.saturating_mul(cell_bytes),
        Work::of(operation, cells / 2),
    )
}

/// `first_margin`'s cost for rows up to `size`: `operation` per cell of rows up to 256 piles,
/// `peaks` above (see [`auto_value_solver_for`]).
fn short_or_peaks(size: u64, operation: Operation) -> Cost {
    let limit = AUTO_ROLLING_VALUE_LIMIT as u128;
    let short = size.min(AUTO_ROLLING_VALUE_LIMIT as u64) as u128;
    let rolling = Cost::new(
        short.saturating_mul(32),
        Work::of(operation, short * short / 2),
    );
    if (size as u128) <= limit {
        return rolling;
    }
    let peaks = peaks_cost(size);
    if peaks.work.seconds() > rolling.work.seconds() {
        Cost::new(rolling.memory.max(peaks.memory), peaks.work)
    } else {
        Cost::new(rolling.memory.max(peaks.memory), rolling.work)
    }
}

/// The longest row whose value alone `auto` gives by `rolling` rather than `peaks`. Up to here
/// the batch path's SIMD lanes solve many rows at once faster than `peaks` solves them one by one
/// (1,000,000 rows of 16 piles on one core: 0.02 s against 0.09 s), and one such row takes
/// microseconds either way; above it `peaks`, O(n), wins by more and more (100,000 piles:
/// 0.7 ms against 0.15-0.25 s for both cores).
pub const AUTO_ROLLING_VALUE_LIMIT: usize = 256;

/// The solver `auto` picks for the value alone of a row of `piles` piles (the batch path of
/// `solve --input` asks it too, so a row gets the same answer, solver's name included, on every
/// path): `rolling` up to [`AUTO_ROLLING_VALUE_LIMIT`], `peaks` (proved exact,
/// `docs/src/internals/peaks-proof.md`) above it.
pub fn auto_value_solver_for(piles: usize) -> SolverKind {
    if piles <= AUTO_ROLLING_VALUE_LIMIT {
        SolverKind::Rolling
    } else {
        SolverKind::Peaks
    }
}

/// Refuses `rolling` (the value) on `n` piles over the budget: the solver without a size limit
/// of its own, and O(n^2) — 10^7 piles would run for half an hour where `peaks` gives the value
/// in a second. For paths that solve many rows and look up the longest they accept.
pub fn check_rolling_budget(n: usize) -> Result<(), SolveError> {
    rolling_cost(n as u64).check_nested(
        format_args!("solving {n} piles with the solver rolling"),
        "the solver peaks gives the value alone in O(n)",
    )?;
    Ok(())
}

/// Refuses `rolling` with the moves on `n` piles over the budget.
pub fn check_rolling_line_budget(n: usize) -> Result<(), SolveError> {
    rolling_line_cost(n)
        .then(line_cost_of(n as u128, 2))
        .check_nested(
            format_args!("listing the moves on {n} piles with the solver rolling"),
            "add --value-only: the solver peaks gives the value alone in O(n)",
        )?;
    Ok(())
}

/// Refuses `peaks` (the value) on `n` piles over the budget: only a budget set very low does.
pub fn check_peaks_budget(n: usize) -> Result<(), SolveError> {
    peaks_cost(n as u64).check_nested(
        format_args!("solving {n} piles with the solver peaks"),
        "no solver gives the value for less: use fewer piles",
    )?;
    Ok(())
}

/// The time [`check_rolling_line_budget`] admits for `n` piles, for a stream to announce.
pub fn rolling_line_work(n: usize) -> Work {
    rolling_line_cost(n).then(line_cost_of(n as u128, 2)).work
}

/// The time [`check_rolling_budget`] admits for `n` piles, for a stream to announce.
pub fn rolling_value_work(n: usize) -> Work {
    rolling_cost(n as u64).work
}

/// The longest row `check` accepts under the budget in force (the costs grow with n, so a
/// binary search), for paths that check many rows against it.
fn longest_accepted(check: fn(usize) -> Result<(), SolveError>) -> usize {
    let (mut accepted, mut refused) = (0usize, 1usize << 40);
    while refused - accepted > 1 {
        let middle = accepted + (refused - accepted) / 2;
        if check(middle).is_ok() {
            accepted = middle;
        } else {
            refused = middle;
        }
    }
    accepted
}

/// The longest row [`check_rolling_budget`] accepts under the budget in force.
pub fn longest_rolling_row() -> usize {
    longest_accepted(check_rolling_budget)
}

/// The longest row [`check_rolling_line_budget`] accepts under the budget in force.
pub fn longest_rolling_line_row() -> usize {
    longest_accepted(check_rolling_line_budget)
}

/// The longest row [`check_peaks_budget`] accepts under the budget in force.
pub fn longest_peaks_row() -> usize {
    longest_accepted(check_peaks_budget)
}

/// What to do when `peaks` refuses a move list: its value has no size limit.
const PEAKS_ADVICE: &str =
    "add --value-only (peaks gives the value at any size), or use the solver rolling for the moves";
/// [`PEAKS_ADVICE`] for a row over rolling's budget as well.
const PEAKS_VALUE_ADVICE: &str = "add --value-only (peaks gives the value at any size), or raise \
    the time budget for the solver rolling's moves";

/// The move's word in JSON and edge labels.
fn side_word(mv: Side) -> &'static str {
    match mv {
        Side::Left => "left",
        Side::Right => "right",
    }
}
