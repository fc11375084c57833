//! stone-game solutions written as JSON straight into a byte buffer: the same bytes serde writes
//! for a [`crate::solve::Solution`] of the `rolling` or `peaks` solver (tests check it), without
//! building the solution's move records, strings and vectors first.

use crate::base::game::{Scores, Winner};
use crate::util::digits::{DIGIT_PAIRS, INTEGER_BYTES, unsigned_digits};

/// The most bytes of the fields before the move list: the fixed text and three integers.
const HEAD_BYTES: usize = 128 + 3 * INTEGER_BYTES;
/// The most bytes of one move's record, its comma included.
const MOVE_BYTES: usize = 64 + 2 * INTEGER_BYTES;

/// The solver a line names: the batch path answers for these two (see `batch::stream`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineSolver {
    /// The one-row DP and its kernels: the moves, and the value when asked for by name.
    Rolling,
    /// Merging peaks: the value alone, `auto`'s pick for it.
    Peaks,
}

/// Writes into a slice made long enough beforehand. Pieces of fixed length compile to a few
/// moves, where `Vec::extend_from_slice` made a `memmove` call each: with 16 moves of four pieces
/// an instance, those calls were a fifth of batch solving's time.
struct Writer<'a> {
    bytes: &'a mut [u8],
    at: usize,
}

impl Writer<'_> {
    #[inline(always)]
    fn put<const N: usize>(&mut self, piece: &[u8; N]) {
        // An assignment of a fixed-size array: a few moves, where a copy of a slice is a call.
        let Some(slot) = self.bytes[self.at..].first_chunk_mut::<N>() else {
            unreachable!("the caller sized the slice for every piece");
        };
        *slot = *piece;
        self.at += N;
    }

    /// The decimal digits of `value`, as `i64::to_string` writes them.
    #[inline(always)]
    fn put_integer(&mut self, value: i64) {
        if value < 0 {
            self.put(b"-");
        }
        let rest = value.unsigned_abs();
        if rest < 10 {
            self.put(&[b'0' + rest as u8]);
            return;
        }
        if rest < 100 {
            let pair = 2 * rest as usize;
            self.put(&[DIGIT_PAIRS[pair], DIGIT_PAIRS[pair + 1]]);
            return;
        }
        let mut buf = [0u8; INTEGER_BYTES];
        let digits = unsigned_digits(rest, &mut buf);
        self.bytes[self.at..self.at + digits.len()].copy_from_slice(digits);
        self.at += digits.len();
    }

    /// The fields before the move list: `{"game":...,"winner":"first","moves":`.
    fn head(&mut self, solver: LineSolver, scores: Scores) {
        match solver {
            LineSolver::Rolling => {
                self.put(br#"{"game":"stone-game","solver":"rolling","first_score":"#)
            }
            LineSolver::Peaks => {
                self.put(br#"{"game":"stone-game","solver":"peaks","first_score":"#)
            }
        }
        self.put_integer(scores.first);
        self.put(br#","second_score":"#);
        self.put_integer(scores.second);
        self.put(br#","margin":"#);
        self.put_integer(scores.margin());
        match Winner::from_margin(scores.margin()) {
            Winner::First => self.put(br#","winner":"first","moves":"#),
            Winner::Second => self.put(br#","winner":"second","moves":"#),
            Winner::Tie => self.put(br#","winner":"tie","moves":"#),
        }
    }
}

/// Appends at most `most` bytes to `out` through a [`Writer`], keeping what it wrote.
fn append(out: &mut Vec<u8>, most: usize, write: impl FnOnce(&mut Writer<'_>)) {
    let start = out.len();
    out.resize(start + most, 0);
    let mut writer = Writer {
        bytes: &mut out[start..],
        at: 0,
    };
    write(&mut writer);
    let end = start + writer.at;
    out.truncate(end);
}

/// One solution without its moves (`"moves":null`), as a JSON line.
pub fn push_value_line(out: &mut Vec<u8>, solver: LineSolver, scores: Scores) {
    append(out, HEAD_BYTES + 8, |writer| {
        writer.head(solver, scores);
        writer.put(b"null}\n");
    });
}

/// One solution with its moves as a JSON line: `takes_right` lists optimal play, one entry per
/// move and at most one per pile (`true`: the move takes the right pile).
pub fn push_solution_line(
    out: &mut Vec<u8>,
    piles: &[i64],
    scores: Scores,
    takes_right: impl IntoIterator<Item = bool>,
) {
    let most = HEAD_BYTES + piles.len() * MOVE_BYTES + 4;
    append(out, most, |writer| {
        writer.head(LineSolver::Rolling, scores);
        writer.put(b"[");
        let (mut left, mut right) = (0, piles.len());
        for (index, takes_right) in takes_right.into_iter().enumerate() {
            if index > 0 {
                writer.put(b",");
            }
            if index % 2 == 0 {
                writer.put(br#"{"player":"first","gain":"#);
            } else {
                writer.put(br#"{"player":"second","gain":"#);
            }
            let pile = if takes_right {
                right -= 1;
                piles[right]
            } else {
                left += 1;
                piles[left - 1]
            };
            writer.put_integer(pile);
            if takes_right {
                writer.put(br#","side":"right","took":["#);
            } else {
                writer.put(br#","side":"left","took":["#);
            }
            writer.put_integer(pile);
            writer.put(b"]}");
        }
        writer.put(b"]}\n");
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stone_game::dp::margin_and_line_in;
    use crate::games::stone_game::{DEFINITION, PEAKS, ROLLING, StoneGame};

    fn serde_line(solution: &crate::solve::Solution) -> Vec<u8> {
        let mut line = serde_json::to_vec(solution).unwrap();
        line.push(b'\n');
        line
    }

    #[test]
    fn integers_print_as_std_does() {
        let mut values = vec![i64::MAX, i64::MIN, i64::MIN + 1];
        let mut power: i64 = 1;
        for _ in 0..19 {
            values.extend([power - 1, power, power + 1, -power + 1, -power, -power - 1]);
            power = power.saturating_mul(10);
        }
        for value in values {
            let mut out = Vec::new();
            append(&mut out, INTEGER_BYTES, |writer| writer.put_integer(value));
            assert_eq!(out, value.to_string().into_bytes());
        }
    }

    #[test]
    fn lines_are_the_bytes_serde_writes() {
        for piles in [
            vec![4, 6, 2, 3],
            vec![1, 100, 3],
            vec![7],
            vec![-5, 0, 5],
            vec![3, 3],
            vec![i64::MIN + 1],
        ] {
            let game = StoneGame::new(piles.clone()).unwrap();
            let solution = DEFINITION.solve(&game, ROLLING).unwrap();
            let (mut table, mut line) = (Vec::new(), Vec::new());
            margin_and_line_in(&piles, &mut table, &mut line);
            let mut out = Vec::new();
            push_solution_line(&mut out, &piles, solution.scores(), line);
            assert_eq!(
                String::from_utf8(out).unwrap(),
                String::from_utf8(serde_line(&solution)).unwrap()
            );
            for (solver, named) in [(ROLLING, LineSolver::Rolling), (PEAKS, LineSolver::Peaks)] {
                let value = DEFINITION.solve_value(&game, solver).unwrap();
                let mut out = Vec::new();
                push_value_line(&mut out, named, value.scores());
                assert_eq!(out, serde_line(&value));
            }
        }
    }
}
