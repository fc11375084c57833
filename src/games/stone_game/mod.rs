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
//! Positions are the intervals of piles still on the table (the interval family); the empty
//! interval is one terminal position whatever was taken last. With a single pile left there is
//! one move, written `left`.
//!
//! The folder holds the game's solvers: the tables of labuladong's article (`table`, `diff`,
//! [`dp`]), the one-row DP with its SIMD kernels (`rolling`: [`fast`] for one long row, [`batch`]
//! for many short ones, [`line`](mod@line) for its move list), the O(n) value by merging peaks ([`peaks`]);
//! and its fast paths: the state DAG straight to DOT ([`dag`]), answers to a stream of rows
//! ([`stream`], [`json`]) and the `parity` strategy ([`parity`]).

pub mod batch;
pub mod costs;
pub mod dag;
pub mod dp;
pub mod fast;
pub mod json;
pub mod lanes;
pub mod line;
pub mod parity;
pub mod peaks;
pub mod stream;

use crate::base::error::{SolveError, USE_SMALLER};
use crate::base::game::{Game, Scores};
use crate::base::input::InstanceRef;
use crate::base::input::fields::{borrow_piles, check_score_range};
use crate::cost::{Cost, Operation};
use crate::games::families::interval::{EndRule, IntervalGame};
use crate::games::{BatchPaths, FastPaths, GameDefinition, InputForm, Margins, Scratch};
use crate::solve::table::{DpTable, end_table};
use crate::solve::{
    PRINCIPAL_VARIATION_LIMIT, Solution, Solver, SolverKind, Solvers, line_cost_of, replaces_best,
    solution_from_policy, solution_from_values,
};
use crate::strategy::{OwnStrategy, PositionTable};
use crate::util::parallel::available_threads;
use costs::{
    PEAKS_ADVICE, PEAKS_VALUE_ADVICE, auto_value_solver_for, check_rolling_line_budget, peaks_cost,
    peaks_line_cost, rolling_cost, rolling_line_cost, short_or_peaks, table_cost,
};
use dp::{MarginTable, ScoreTable, TABLE_PILE_LIMIT, rolling_margin_in};
use peaks::{peaks_margin, peaks_margin_in};

pub use crate::games::families::interval::{Interval, Side};

/// The rule of stone-game: a move scores the pile it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TakePile;

impl EndRule for TakePile {
    const NAME: &'static str = "stone-game";
    /// The sum of every pile.
    type Extra = i64;

    fn extra(piles: &[i64]) -> i64 {
        piles.iter().sum()
    }

    /// Scores are sums of piles, bounded by their absolute sum (which is checked anyway).
    fn score_bound(_: &[i64]) -> u128 {
        0
    }

    #[inline]
    fn gain(piles: &[i64], _: &i64, state: Interval, side: Side) -> i64 {
        piles[state.end(side)]
    }

    fn move_text(side: Side, pile: i64, _: i64) -> String {
        format!("takes the {} pile ({pile})", side.word())
    }
}

/// One instance: the row of piles.
pub type StoneGame = IntervalGame<TakePile>;

/// The two-dimensional table of (first, second) scores of labuladong's article.
pub const TABLE: SolverKind = SolverKind::named("table");
/// The two-dimensional table of score differences.
pub const DIFF: SolverKind = SolverKind::named("diff");
/// The score-difference DP keeping one row, O(n) memory ([`fast`], [`batch`], [`line`](mod@line)).
pub const ROLLING: SolverKind = SolverKind::named("rolling");
/// The value in O(n) time by merging peaks ([`peaks`]).
pub const PEAKS: SolverKind = SolverKind::named("peaks");

/// stone-game's registry entry.
pub const DEFINITION: GameDefinition<StoneGame> = GameDefinition {
    title: "Stone Game: take a pile from either end (LeetCode 877, 486, gold pots)",
    rules: "A row of piles. Players alternate, first player first; a turn takes the leftmost or \
        the rightmost pile. When none is left, whoever holds more stones wins; equal totals are a \
        tie.",
    input_form: InputForm::Piles { negative: true },
    share_bound: None,
    from_input: StoneGame::from_input,
    from_owned_input: Some(StoneGame::from_owned_input),
    input: StoneGame::input,
    solvers: Solvers {
        own: &[
            Solver::new(
                TABLE,
                "the table of (first, second) scores of labuladong's article",
                solve_by_table,
                |game, value_only| {
                    table_cost(game.piles().len(), 16, Operation::StoneGameTable)
                        .then(line_of(game, value_only))
                },
            )
            .with_limit(|game, _| require_table_size(game, "table")),
            Solver::new(
                DIFF,
                "the two-dimensional table of score differences",
                solve_by_diff,
                |game, value_only| {
                    table_cost(game.piles().len(), 8, Operation::StoneGameDiff)
                        .then(line_of(game, value_only))
                },
            )
            .with_limit(|game, _| require_table_size(game, "diff")),
            Solver::new(
                ROLLING,
                "the score-difference DP on one row",
                solve_by_rolling,
                |game, value_only| match value_only {
                    true => rolling_cost(game.piles().len() as u64),
                    false => rolling_line_cost(game.piles().len()).then(line_of(game, value_only)),
                },
            )
            .with_value(value_by_rolling)
            .with_advice(|_, value_only| match value_only {
                true => "the solver peaks gives the value alone in O(n)",
                false => "add --value-only: the solver peaks gives the value alone in O(n)",
            }),
            Solver::new(
                PEAKS,
                "the value in O(n) by merging peaks",
                solve_by_peaks,
                // Past its line's limit the solver refuses at once, with its own advice.
                |game, value_only| {
                    let n = game.piles().len();
                    if value_only || n > PRINCIPAL_VARIATION_LIMIT {
                        peaks_cost(n as u64)
                    } else {
                        peaks_line_cost(n).then(line_of(game, value_only))
                    }
                },
            )
            .with_value(value_by_peaks)
            .with_advice(|_, value_only| match value_only {
                true => "no solver gives the value for less: use fewer piles",
                false => PEAKS_ADVICE,
            })
            .with_limit(|game, value_only| match value_only {
                true => Ok(()),
                false => require_peaks_line_size(game),
            }),
        ],
        // With the moves, `rolling`: its line comes from checkpoint rows at every size (`peaks`
        // would re-solve both children of every position on the line, O(n^2)); the value alone
        // as `auto_value_solver_for` picks.
        auto: |game, value_only| match value_only {
            true => auto_value_solver_for(game.piles().len()),
            false => ROLLING,
        },
    },
    batch: BatchPaths {
        margins: Some(Margins {
            one: first_margin,
            // Claims and charts cost a range of sizes by its largest: above 256 piles, `peaks` or a
            // row of 256, whichever is more.
            one_cost: |size| short_or_peaks(size, Operation::StoneGameRollingScalar),
            many: Some(first_margins),
            // Sweeps solve rows of up to 256 piles many at once, one per SIMD lane.
            many_cost: Some(|size| short_or_peaks(size, Operation::StoneGameRollingBatch)),
            lanes_16: Some(|piles, scratch: &mut Scratch| {
                batch::group_margins_16(piles, scratch.get())
            }),
        }),
        stream: Some(&stream::StoneGameStream),
        nim_sequence: None,
    },
    fast: FastPaths {
        position_values: Some((position_values, position_values_cost)),
        dp_table: Some(dp_table),
        facts: None,
        dag_dot: Some(dag::write_dot),
        strategies: &[OwnStrategy {
            name: "parity",
            build: |game, player| Box::new(parity::ParityStrategy::new(game, player)),
        }],
    },
};

/// The line of optimal play's cost, with the moves; nothing for the value alone.
fn line_of(game: &StoneGame, value_only: bool) -> Cost {
    if value_only {
        Cost::default()
    } else {
        line_cost_of(game.piles().len() as u128, 2)
    }
}

/// The sum of every pile.
fn total(game: &StoneGame) -> i64 {
    *game.extra()
}

/// Refuses a table solver on more piles than [`TABLE_PILE_LIMIT`].
fn require_table_size(game: &StoneGame, solver: &'static str) -> Result<(), SolveError> {
    let n = game.piles().len();
    if n > TABLE_PILE_LIMIT {
        return Err(SolveError::TooLarge {
            solver,
            what: "the number of piles",
            size: n.to_string(),
            limit: TABLE_PILE_LIMIT.to_string(),
            advice: crate::base::error::USE_AUTO,
        });
    }
    Ok(())
}

/// The mover's margin on `state`, from a table's `margin(i, j)` of `piles[i..=j]`.
fn margin_on(state: &Interval, margin: impl Fn(usize, usize) -> i64) -> i64 {
    if state.is_empty() {
        0
    } else {
        margin(state.left as usize, state.right as usize - 1)
    }
}

fn solve_by_table(game: &StoneGame) -> Result<Solution, SolveError> {
    require_table_size(game, "table")?;
    let table = ScoreTable::build(game.piles())?;
    Ok(solution_from_values(game, TABLE, |state| {
        margin_on(state, |i, j| table.margin(i, j))
    }))
}

fn solve_by_diff(game: &StoneGame) -> Result<Solution, SolveError> {
    require_table_size(game, "diff")?;
    let table = MarginTable::build(game.piles())?;
    Ok(solution_from_values(game, DIFF, |state| {
        margin_on(state, |i, j| table.get(i, j))
    }))
}

/// Optimal play at every size: from checkpoint rows, not a table (see [`line`]).
fn solve_by_rolling(game: &StoneGame) -> Result<Solution, SolveError> {
    let (_, line) = line::margin_and_line(game.piles(), available_threads());
    let mut moves = line.into_iter();
    Ok(solution_from_policy(game, ROLLING, |_| {
        if moves.next() == Some(true) {
            Side::Right
        } else {
            Side::Left
        }
    }))
}

fn value_by_rolling(game: &StoneGame) -> Result<Solution, SolveError> {
    let margin = fast::fast_margin(game.piles(), available_threads());
    let scores = Scores::from_total_and_margin(total(game), margin);
    Ok(Solution::value_only(StoneGame::NAME, ROLLING, scores))
}

/// Each position of the line re-solves both children (O(n) each), so the line costs O(n^2):
/// refused where `rolling` lists it far faster.
fn solve_by_peaks(game: &StoneGame) -> Result<Solution, SolveError> {
    require_peaks_line_size(game)?;
    let mut stack = Vec::with_capacity(game.piles().len());
    Ok(solution_from_values(game, PEAKS, |state| {
        let row = &game.piles()[state.left as usize..state.right as usize];
        peaks_margin_in(row, &mut stack)
    }))
}

/// Refuses `peaks`' move list past [`PRINCIPAL_VARIATION_LIMIT`] piles.
fn require_peaks_line_size(game: &StoneGame) -> Result<(), SolveError> {
    let n = game.piles().len();
    if n > PRINCIPAL_VARIATION_LIMIT {
        return Err(SolveError::TooLarge {
            solver: "peaks",
            what: "the number of piles (for the move list)",
            size: n.to_string(),
            limit: PRINCIPAL_VARIATION_LIMIT.to_string(),
            // Past rolling's budget too, only the value is left to point to.
            advice: if check_rolling_line_budget(n).is_ok() {
                PEAKS_ADVICE
            } else {
                PEAKS_VALUE_ADVICE
            },
        });
    }
    Ok(())
}

fn value_by_peaks(game: &StoneGame) -> Result<Solution, SolveError> {
    let scores = Scores::from_total_and_margin(total(game), peaks_margin(game.piles()));
    Ok(Solution::value_only(StoneGame::NAME, PEAKS, scores))
}

/// The first player's margin of one row given as input, by the solver `auto` picks for the
/// value alone.
fn first_margin(input: InstanceRef<'_>, scratch: &mut Vec<i64>) -> Result<i64, SolveError> {
    let piles = borrow_piles(StoneGame::NAME, input)?;
    check_score_range(StoneGame::NAME, piles)?;
    Ok(if auto_value_solver_for(piles.len()) == PEAKS {
        peaks_margin_in(piles, scratch)
    } else {
        rolling_margin_in(piles, scratch)
    })
}

/// The first player's margins of many rows of `n` piles: long rows one by one by `peaks`, short
/// ones in groups, each group in the narrowest exact SIMD lanes ([`lanes`]).
fn first_margins(
    n: usize,
    flat: &[i64],
    out: &mut Vec<i64>,
    scratch: &mut Vec<i64>,
) -> Result<(), SolveError> {
    for instance in flat.chunks(n.max(1)) {
        let piles = borrow_piles(StoneGame::NAME, InstanceRef::Piles(instance))?;
        // `absolute_sum` vectorises; the error's wording comes from `check_score_range`.
        if lanes::absolute_sum(piles) > i64::MAX as u128 {
            check_score_range(StoneGame::NAME, piles)?;
        }
    }
    if auto_value_solver_for(n) == PEAKS {
        out.extend(flat.chunks(n).map(|piles| peaks_margin_in(piles, scratch)));
    } else {
        batch::batch_margins(flat, n, out);
    }
    Ok(())
}

/// Every position's value from the `diff` solver's table, under the same size guard.
fn position_values(game: &StoneGame) -> Result<PositionTable<StoneGame>, SolveError> {
    require_table_size(game, "diff")?;
    let n = game.piles().len();
    table_cost(n, 8, Operation::StoneGameDiff).check_nested(
        format_args!("the table of every position's value for {n} piles"),
        USE_SMALLER,
    )?;
    let table = MarginTable::build(game.piles())?;
    Ok(Box::new(move |state: &Interval| {
        margin_on(state, |i, j| table.get(i, j))
    }))
}

/// What [`position_values`] costs, where the row is within the table's size.
fn position_values_cost(game: &StoneGame) -> Option<Cost> {
    let n = game.piles().len();
    (n <= TABLE_PILE_LIMIT).then(|| table_cost(n, 8, Operation::StoneGameDiff))
}

/// The `diff` table as a heatmap: the mover's margin on every `piles[i..=j]`, each cell marked
/// with the end optimal play takes.
fn dp_table(game: &StoneGame) -> Option<DpTable> {
    let piles = game.piles();
    let n = piles.len();
    if n > TABLE_PILE_LIMIT {
        return None;
    }
    let table = MarginTable::build(piles).ok()?;
    // The solvers' rule: left unless right is strictly better.
    Some(end_table(
        StoneGame::NAME,
        piles,
        "L / R: optimal play takes the left / right pile (ties go left); the answer is the \
         top-right cell",
        |i, j| table.get(i, j),
        |i, j| {
            replaces_best(
                piles[j] - table.get(i, j - 1),
                piles[i] - table.get(i + 1, j),
            )
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::valuation::PositionValues;

    #[test]
    fn the_table_and_memoised_minimax_agree_on_every_position() {
        let game = StoneGame::new(vec![3, 9, 1, 2, 7, 7, 4, -5]).unwrap();
        let mut table = PositionValues::new(&game, Some(position_values)).unwrap();
        let mut memo = PositionValues::memoised(&game).unwrap();
        assert!(table.shared_table().is_some());
        let n = game.piles().len() as u32;
        for left in 0..=n {
            for right in left..=n {
                let state = Interval { left, right };
                let state = if left == right {
                    Interval { left: n, right: n }
                } else {
                    state
                };
                assert_eq!(table.mover_margin(&state), memo.mover_margin(&state));
            }
        }
    }

    #[test]
    fn oversize_games_are_refused() {
        let game = StoneGame::new(vec![1; 10_001]).unwrap();
        assert!(matches!(
            PositionValues::new(&game, Some(position_values)),
            Err(SolveError::SearchTooLarge { .. })
        ));
    }
}
