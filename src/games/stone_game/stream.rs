//! stone-game's answers to a stream of pile instances in JSON (`solve --input`), by the solver
//! `auto` picks or the one named (`rolling`, `peaks`): the bytes serde would write for each
//! solution ([`super::json`]), without building one. Short rows of the value alone are solved
//! many at once, one per SIMD lane; long rows one at a time on every core.

use crate::base::game::Scores;
use crate::games::stone_game::batch::batch_margins;
use crate::games::stone_game::costs::{
    auto_value_solver_for, longest_peaks_row, longest_rolling_line_row, longest_rolling_row,
    rolling_line_work, rolling_value_work,
};
use crate::games::stone_game::dp::margin_and_line_in;
use crate::games::stone_game::fast::fast_margin;
use crate::games::stone_game::json::{LineSolver, push_solution_line, push_value_line};
use crate::games::stone_game::line::margin_and_line;
use crate::games::stone_game::peaks::peaks_margin_in;
use crate::games::stone_game::{PEAKS, ROLLING};
use crate::games::{Scratch, StreamAnswerer, StreamAnswers};
use crate::solve::SolverKind;
use std::ops::Range;

/// Rows up to this many piles are solved in groups, one per SIMD lane (value only), or with a
/// small table each (with moves); longer ones one at a time by the threaded kernel.
const SMALL_ROW: usize = 256;

/// stone-game's [`StreamAnswers`].
pub struct StoneGameStream;

impl StreamAnswers for StoneGameStream {
    fn answerer(
        &self,
        solver: SolverKind,
        value_only: bool,
        threads: usize,
    ) -> Option<Box<dyn StreamAnswerer>> {
        let mode = match (solver, value_only) {
            (SolverKind::AUTO, true) => Mode::AutoValue,
            (PEAKS, true) => Mode::Peaks,
            (SolverKind::AUTO | ROLLING, _) => Mode::Rolling,
            _ => return None,
        };
        Some(Box::new(Answerer {
            mode,
            value_only,
            threads,
            rolling_limit: longest_rolling_row(),
            line_limit: longest_rolling_line_row(),
            peaks_limit: longest_peaks_row(),
        }))
    }
}

/// Which solver answers.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// `rolling`: the moves (`auto`'s pick for them), or the value when named.
    Rolling,
    /// `peaks` by name: the value alone.
    Peaks,
    /// `auto` for the value alone: `rolling` or `peaks` by the row's length, as
    /// [`auto_value_solver_for`] picks.
    AutoValue,
}

/// The answerer of one stream. The longest rows `rolling` may solve (the value; the moves) and
/// `peaks` may value within the budget are read once per stream: longer rows leave the fast path
/// for the general one, which words the refusal.
struct Answerer {
    mode: Mode,
    value_only: bool,
    threads: usize,
    rolling_limit: usize,
    line_limit: usize,
    peaks_limit: usize,
}

/// The solvers' reusable working memory.
#[derive(Default)]
struct Work {
    margins: Vec<i64>,
    table: Vec<i64>,
    line: Vec<bool>,
    /// `peaks`' stack.
    stack: Vec<i64>,
}

impl StreamAnswerer for Answerer {
    fn answer(
        &self,
        piles: &[i64],
        rows: &[Option<Range<usize>>],
        scratch: &mut Scratch,
        out: &mut Vec<u8>,
    ) -> usize {
        let Some(first) = rows.first().and_then(|row| valid(piles, row)) else {
            return 0;
        };
        let work = scratch.get::<Work>();
        let by_peaks = match self.mode {
            Mode::Rolling => false,
            Mode::Peaks => true,
            Mode::AutoValue => auto_value_solver_for(first.len()) == PEAKS,
        };
        if by_peaks {
            self.peaks(&piles[first], work, out)
        } else {
            self.rolling(piles, rows, first, work, out)
        }
    }
}

impl Answerer {
    /// Answers one row by `peaks` (the value alone); 0 past its budget.
    fn peaks(&self, row: &[i64], work: &mut Work, out: &mut Vec<u8>) -> usize {
        if row.len() > self.peaks_limit {
            return 0; // The general path words the refusal.
        }
        let margin = peaks_margin_in(row, &mut work.stack);
        push_value_line(out, LineSolver::Peaks, scores(row, margin));
        1
    }

    /// Answers by `rolling` the row `first` and, for short rows of the value alone, every row
    /// after it of the same length that lies right after it in `piles` and is valid; returns how
    /// many (0: past the budget, for the general path to word the refusal).
    fn rolling(
        &self,
        piles: &[i64],
        rows: &[Option<Range<usize>>],
        first: Range<usize>,
        work: &mut Work,
        out: &mut Vec<u8>,
    ) -> usize {
        let row = &piles[first.clone()];
        let n = row.len();
        let limit = if self.value_only {
            self.rolling_limit
        } else {
            self.line_limit
        };
        if n > limit {
            return 0;
        }
        if n > SMALL_ROW {
            // A long row is a request of its own: announced, so that its progress shows.
            if self.value_only {
                rolling_value_work(n).announce();
                let margin = fast_margin(row, self.threads);
                push_value_line(out, LineSolver::Rolling, scores(row, margin));
            } else {
                rolling_line_work(n).announce();
                let (margin, line) = margin_and_line(row, self.threads);
                push_solution_line(out, row, scores(row, margin), line);
            }
            return 1;
        }
        if !self.value_only {
            let margin = margin_and_line_in(row, &mut work.table, &mut work.line);
            push_solution_line(out, row, scores(row, margin), work.line.iter().copied());
            return 1;
        }
        // A run of valid rows of n piles, contiguous in `piles`.
        let mut end = first.end;
        let mut count = 1;
        for next in rows[1..].iter().map(|row| valid(piles, row)) {
            match next {
                Some(next) if next.start == end && next.len() == n => {
                    end = next.end;
                    count += 1;
                }
                _ => break,
            }
        }
        let run = &piles[first.start..end];
        work.margins.clear();
        batch_margins(run, n, &mut work.margins);
        for (row, &margin) in run.chunks(n).zip(&work.margins) {
            push_value_line(out, LineSolver::Rolling, scores(row, margin));
        }
        count
    }
}

/// `row` when it holds piles stone-game accepts (at least one, absolute sum within 64 bits),
/// checked without the error's words: a refused row goes the general way, which words it.
fn valid(piles: &[i64], row: &Option<Range<usize>>) -> Option<Range<usize>> {
    let row = row.clone()?;
    let accepted = !row.is_empty()
        && piles[row.clone()]
            .iter()
            .try_fold(0u64, |sum, pile| sum.checked_add(pile.unsigned_abs()))
            .is_some_and(|sum| sum <= i64::MAX as u64);
    accepted.then_some(row)
}

/// Both scores from the margin: the piles all go to one player or the other.
fn scores(piles: &[i64], margin: i64) -> Scores {
    Scores::from_total_and_margin(piles.iter().sum(), margin)
}
