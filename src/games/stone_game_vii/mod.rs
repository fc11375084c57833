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
use crate::base::input::fields::{borrow_piles, check_score_bound, check_score_range};
use crate::cost::{Cost, Operation, Work, report_rows};
use crate::games::families::interval::{EndRule, Interval, IntervalGame, Side};
use crate::games::{BatchPaths, FastPaths, GameDefinition, InputForm};
use crate::solve::table::{DpTable, end_table};
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

    fn score_bound(piles: &[i64]) -> u128 {
        score_bound(piles)
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
pub const DEFINITION: GameDefinition<StoneGameVII> = GameDefinition {
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
    Some(end_table(
        StoneGameVII::NAME,
        piles,
        "L / R: optimal play removes the left / right pile (ties go left), scoring the piles \
         left; the answer is the top-right cell",
        |i, j| table.get(i, j),
        |i, j| {
            let left = (sums[j + 1] - sums[i + 1]) - table.get(i + 1, j);
            let right = (sums[j] - sums[i]) - table.get(i, j - 1);
            right > left
        },
    ))
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

/// At least the largest score a player may reach on `piles`. The first player moves at n, n - 2,
/// ... piles left, each move scoring the n - 1, n - 3, ... piles it leaves (the second player
/// leaves fewer, and so does a row within this one), so a score is at most the sum of the n - 1
/// largest absolute values, plus the n - 3 largest, and so on: the k-th largest counts in
/// ⌊(n - 1 - k) / 2⌋ + 1 of them. Margins and partial sums stay within the piles' absolute sum
/// (each pile counts at most once more for one player than for the other), checked apart. Rows
/// too long to sort at once are bounded by ⌊n / 2⌋ times that sum, a weaker bound.
fn score_bound(piles: &[i64]) -> u128 {
    let n = piles.len();
    let absolute = |pile: &i64| u128::from(pile.unsigned_abs());
    if n > RANKED_BOUND_PILES {
        let sum = piles.iter().map(absolute).fold(0u128, u128::saturating_add);
        return sum.saturating_mul(n as u128 / 2);
    }
    let mut sizes: Vec<u128> = piles.iter().map(absolute).collect();
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    sizes
        .iter()
        .enumerate()
        .map(|(index, &size)| {
            let rank = index + 1;
            let counted = if rank < n { (n - 1 - rank) / 2 + 1 } else { 0 };
            size.saturating_mul(counted as u128)
        })
        .fold(0, u128::saturating_add)
}

/// The longest row [`score_bound`] sorts (a millisecond); longer rows get the weaker bound.
const RANKED_BOUND_PILES: usize = 1 << 16;

/// The margin DP on two rows: n²/2 cells, linear memory.
fn margin_cost(size: u64) -> Cost {
    let n = size as u128;
    Cost::new(
        n.saturating_mul(32),
        // Besides the cells, an instance's set-up (its prefix sums and the overflow bound, which
        // ranks its piles) costs about 10 cells a pile and 40 more: most of a small instance.
        Work::of(
            Operation::StoneGameVIIDp,
            (n.saturating_mul(n) / 2).saturating_add(n.saturating_mul(10) + 40),
        ),
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
    check_score_range(StoneGameVII::NAME, piles)?;
    check_score_bound(StoneGameVII::NAME, score_bound(piles))?;
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The largest absolute score either player reaches along any line of play on `piles`.
    fn largest_score_of_any_line(piles: &[i64]) -> u128 {
        fn walk(piles: &[i64], scores: [i128; 2], mover: usize, best: &mut u128) {
            for score in scores {
                *best = (*best).max(score.unsigned_abs());
            }
            if piles.len() < 2 {
                return;
            }
            for rest in [&piles[1..], &piles[..piles.len() - 1]] {
                let mut next = scores;
                next[mover] += rest.iter().map(|&pile| i128::from(pile)).sum::<i128>();
                walk(rest, next, 1 - mover, best);
            }
        }
        let mut best = 0;
        walk(piles, [0, 0], 0, &mut best);
        best
    }

    #[test]
    fn the_score_bound_holds_on_every_line_and_is_reached_by_two_piles() {
        assert_eq!(score_bound(&[4 * 10i64.pow(18); 2]), 4 * 10u128.pow(18));
        assert!(StoneGameVII::new(vec![4 * 10i64.pow(18); 2]).is_ok());
        assert_eq!(score_bound(&[1, 2, 3]), 5);
        let mut seed = 7u64;
        for n in 1..=9 {
            for _ in 0..20 {
                let piles: Vec<i64> = (0..n)
                    .map(|_| {
                        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                        (seed >> 33) as i64 % 201 - 100
                    })
                    .collect();
                assert!(
                    largest_score_of_any_line(&piles) <= score_bound(&piles),
                    "{piles:?}"
                );
            }
        }
    }
}
