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

use crate::base::error::SolveError;
use crate::base::game::{Game, Scores};
use crate::base::input::InstanceRef;
use crate::base::input::fields::{borrow_piles, check_score_range};
use crate::base::input::format_piles;
use crate::cost::{Cost, Operation, Work, report_rows};
use crate::games::families::interval::{EndRule, Interval, IntervalGame, Side};
use crate::games::{BatchPaths, FastPaths, GameDefinition, InputForm};
use crate::solve::table::{DpCell, DpTable};
use crate::solve::{
    PRINCIPAL_VARIATION_LIMIT, Solution, Solver, SolverKind, Solvers, line_cost,
    solution_from_values,
};

/// The largest instance whose move list is read from the full triangular table (8 n²/2 bytes,
/// 144 MB here); larger ones are solved with two rows and give the value only.
const TABLE_PILE_LIMIT: usize = 6_000;

/// The rule of stone-game-vii: a move scores the sum of the piles left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoreTheRest;

impl EndRule for ScoreTheRest {
    const NAME: &'static str = "stone-game-vii";
    const CONSTANT_SUM: bool = false;
    /// Prefix sums: `sums[k]` is the sum of `piles[..k]`.
    type Extra = Vec<i64>;

    fn extra(piles: &[i64]) -> Vec<i64> {
        prefix_sums(piles)
    }

    /// A player scores at most n times the sum of absolute values.
    fn score_weight(n: usize) -> u128 {
        n as u128
    }

    #[inline]
    fn gain(_: &[i64], sums: &Vec<i64>, state: Interval, side: Side) -> i64 {
        let (left, right) = (state.left as usize, state.right as usize);
        match side {
            Side::Left => sums[right] - sums[left + 1],
            Side::Right => sums[right - 1] - sums[left],
        }
    }

    fn move_text(side: Side, pile: i64, gain: i64) -> String {
        format!("removes the {} pile ({pile}), scoring {gain}", side.word())
    }
}

/// One instance: the row of piles.
pub type StoneGameVII = IntervalGame<ScoreTheRest>;

/// The interval DP of the module docs.
pub const DP: SolverKind = SolverKind::named("dp");

/// stone-game-vii's registry entry.
pub static DEFINITION: GameDefinition<StoneGameVII> = GameDefinition {
    title: "Stone Game VII: remove an end pile, score the sum of the rest (LeetCode 1690)",
    rules: "A row of piles. Players alternate, first player first; a turn removes the leftmost or \
        the rightmost pile and scores the sum of the piles left. The first player plays to \
        maximise the difference of the scores, the second to minimise it.",
    input_form: InputForm::Piles { negative: true },
    share_bound: None,
    from_input: StoneGameVII::from_input,
    from_owned_input: Some(StoneGameVII::from_owned_input),
    input: StoneGameVII::input,
    solvers: Solvers {
        own: &[Solver::new(
            DP,
            "the interval DP of the margin, on two rows for the value",
            solve_by_dp,
            dp_cost,
        )
        .with_value(value_by_dp)],
        auto: |_, _| DP,
    },
    batch: BatchPaths::margins(first_margin, margin_cost),
    fast: FastPaths {
        dp_table: Some(dp_table),
        ..FastPaths::NONE
    },
};

/// The margin triangle as a heatmap: the mover's margin with piles i to j left, each cell
/// marked with the end optimal play removes (left unless right is strictly better, as the
/// solvers break ties).
fn dp_table(game: &StoneGameVII) -> Option<DpTable> {
    let (piles, sums) = (game.piles(), game.extra());
    let n = piles.len();
    if n > TABLE_PILE_LIMIT {
        return None;
    }
    let table = MarginTriangle::build(piles, sums);
    let mut cells = Vec::with_capacity(n * (n + 1) / 2);
    for i in 0..n {
        for j in i..n {
            let takes_right = j > i && {
                let left = (sums[j + 1] - sums[i + 1]) - table.get(i + 1, j);
                let right = (sums[j] - sums[i]) - table.get(i, j - 1);
                right > left
            };
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
            "{} {}: margin of the player to move with piles i to j left",
            StoneGameVII::NAME,
            format_piles(piles)
        ),
        subtitle: "L / R: optimal play removes the left / right pile (ties go left), scoring the \
                   piles left; the answer is the top-right cell"
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

/// The margin DP on two rows: n²/2 cells, linear memory.
fn margin_cost(size: u64) -> Cost {
    let n = size as u128;
    Cost::new(
        n.saturating_mul(32),
        Work::of(Operation::StoneGameVIIDp, n.saturating_mul(n) / 2),
    )
}

/// The value on two rows; with the moves (up to 6,000 piles) the triangle of every margin, 8
/// bytes a cell.
fn dp_cost(game: &StoneGameVII, value_only: bool) -> Cost {
    let n = game.piles().len();
    let value = margin_cost(n as u64);
    if value_only || n > TABLE_PILE_LIMIT.min(PRINCIPAL_VARIATION_LIMIT) {
        value
    } else {
        let cells = (n as u128) * (n as u128 + 1) / 2;
        Cost::new(cells * 8, value.work).then(line_cost(game))
    }
}

fn first_margin(input: InstanceRef<'_>, _: &mut Vec<i64>) -> Result<i64, SolveError> {
    let piles = borrow_piles(StoneGameVII::NAME, input)?;
    check_score_range(StoneGameVII::NAME, piles, piles.len() as u128)?;
    let (mover, other) = two_row_scores(piles, &prefix_sums(piles));
    Ok(mover - other)
}

fn value_by_dp(game: &StoneGameVII) -> Result<Solution, SolveError> {
    let (first, second) = two_row_scores(game.piles(), game.extra());
    Ok(Solution::value_only(
        StoneGameVII::NAME,
        DP,
        Scores { first, second },
    ))
}

fn solve_by_dp(game: &StoneGameVII) -> Result<Solution, SolveError> {
    if game.piles().len() > TABLE_PILE_LIMIT.min(PRINCIPAL_VARIATION_LIMIT) {
        return value_by_dp(game);
    }
    let table = MarginTriangle::build(game.piles(), game.extra());
    Ok(solution_from_values(game, DP, |state| {
        if state.is_empty() {
            0
        } else {
            table.get(state.left as usize, state.right as usize - 1)
        }
    }))
}
