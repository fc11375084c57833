//! The rare-and-common kernel: the nim-value of one heap after another, each the mex of its
//! options, looking only at the pairs with a rare heap unless the candidate mex is rare
//! (`split` has why that is enough).
//!
//! One heap `n`: the options that take tokens and leave one heap or none, and every pair with
//! a rare heap, are marked; the smallest unmarked value is the candidate. For each parity of
//! breaking moves in which the candidate is rare, a pair of two common heaps could reach it, so
//! the pairs of that parity are searched for it (a vectorised compare that stops at the first
//! hit); if one reaches it, it is marked and the next unmarked value is the candidate. Marks are
//! stamps (the heap's number), so nothing is cleared between heaps.

use super::code::OctalCode;
use super::split::{Split, extended};
use crate::util::simd::{Level, level};

/// Bit 1 of a digit: a whole heap may be taken.
const WHOLE: u8 = 1;
/// Bit 2 of a digit: one heap may be left.
const ONE: u8 = 2;
/// Bit 4 of a digit: two heaps may be left.
const TWO: u8 = 4;

/// The largest nim-value the kernel holds.
pub(super) const VALUE_LIMIT: usize = u16::MAX as usize;

/// The state of the computation: the values so far and what the next heap needs.
pub(super) struct Kernel {
    /// The nim-values of the heaps so far.
    pub(super) values: Vec<u16>,
    /// `mirror[last - m]` is `g(m)`: the partners `g(a - i)` of a pair search, read upwards.
    mirror: Vec<u16>,
    /// The last heap the mirror has room for.
    last: usize,
    /// Heaps of these sizes may be taken whole.
    whole: Vec<usize>,
    /// Moves that leave one heap take these amounts (from 1, ascending).
    takes: Vec<usize>,
    /// The splits of the breaking moves by the parity of their amount (absent without such
    /// moves).
    splits: [Option<Split>; 2],
    /// `stamps[v] == stamp`: the value `v` is an option of the heap being computed.
    stamps: Vec<u32>,
    stamp: u32,
    /// How many heaps had each extended value.
    counts: Vec<u32>,
}

/// Pairs marked between two looks at the candidate.
const BLOCK: usize = 64;

/// Pairs of one parity marked per heap before the rest are only searched: marking costs a
/// store a pair and reaches every value at once, a search a compare of a vector lane and
/// reaches one value.
const MARKED_PAIRS: usize = 1024;

/// How far the marking of every pair of one parity has got for the heap being computed.
#[derive(Clone, Copy)]
struct Cursor {
    /// The breaking move (its place among those of the parity).
    take: usize,
    /// The smaller heap of the next pair.
    smaller: usize,
    /// How many pairs are marked.
    marked: usize,
    /// Every pair is marked (or every one that could matter).
    done: bool,
}

impl Cursor {
    const START: Cursor = Cursor {
        take: 0,
        smaller: 1,
        marked: 0,
        done: false,
    };
}

/// Why a heap has no value the kernel can hold.
#[derive(Debug)]
pub(super) struct ValueTooLarge;

impl Kernel {
    /// A kernel for `code`'s heaps up to `last` (the values' room is reserved by the caller).
    pub(super) fn new(code: &OctalCode, values: Vec<u16>, last: usize) -> Kernel {
        let breaking = code.takes_with(TWO);
        let by_parity = |parity: usize| -> Vec<usize> {
            breaking
                .iter()
                .copied()
                .filter(|k| k % 2 == parity)
                .collect()
        };
        let bound = 64;
        let splits = [0, 1].map(|parity| {
            let moves = by_parity(parity);
            (!moves.is_empty()).then(|| Split::new(parity, moves, 2 * bound))
        });
        let mirror = if breaking.is_empty() {
            Vec::new()
        } else {
            vec![0; last + 1]
        };
        Kernel {
            values,
            mirror,
            last,
            whole: code.takes_with(WHOLE),
            takes: code
                .takes_with(ONE)
                .into_iter()
                .filter(|&k| k > 0)
                .collect(),
            splits,
            stamps: vec![0; bound],
            stamp: 0,
            counts: vec![0; 2 * bound],
        }
    }

    /// Computes the values of the heaps up to `len` (exclusive), at the widest SIMD level
    /// this CPU runs.
    pub(super) fn extend_to(&mut self, len: usize) -> Result<(), ValueTooLarge> {
        match level() {
            #[cfg(target_arch = "x86_64")]
            Level::Avx512 => {
                // SAFETY: `level` is AVX-512 only after `is_x86_feature_detected!` saw avx512f
                // and avx512bw.
                unsafe { self.extend_avx512(len) }
            }
            #[cfg(target_arch = "x86_64")]
            Level::Avx2 => {
                // SAFETY: `level` is AVX2 only after `is_x86_feature_detected!("avx2")`.
                unsafe { self.extend_avx2(len) }
            }
            Level::Portable => self.extend_body(len),
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,avx512bw")]
    fn extend_avx512(&mut self, len: usize) -> Result<(), ValueTooLarge> {
        self.extend_body(len)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn extend_avx2(&mut self, len: usize) -> Result<(), ValueTooLarge> {
        self.extend_body(len)
    }

    /// [`Kernel::extend_to`]'s loop, compiled once per level (everything it calls is inlined
    /// into it, so that the searches are vectorised at that level).
    #[inline(always)]
    fn extend_body(&mut self, len: usize) -> Result<(), ValueTooLarge> {
        while self.values.len() < len {
            let value = self.value_of_next()?;
            self.append(value);
        }
        Ok(())
    }

    /// The value of the next heap (module docs).
    #[inline(always)]
    fn value_of_next(&mut self) -> Result<u16, ValueTooLarge> {
        let n = self.values.len();
        self.next_stamp();
        self.mark_simple_options(n);
        let mut cursors = [Cursor::START; 2];
        for (parity, cursor) in cursors.iter_mut().enumerate() {
            cursor.done = self.mark_rare_pairs(parity, n);
        }
        let mut candidate = 0;
        'candidates: loop {
            candidate = self.unmarked_from(candidate);
            if candidate > VALUE_LIMIT {
                return Err(ValueTooLarge);
            }
            if candidate == self.stamps.len() {
                self.grow();
            }
            let e = (candidate << 1) | (n & 1);
            for (parity, cursor) in cursors.iter_mut().enumerate() {
                let Some(split) = self.splits[parity].as_mut() else {
                    continue;
                };
                if cursor.done || !split.is_rare(e) {
                    continue;
                }
                if self.reached(parity, cursor, n, candidate) {
                    self.stamps[candidate] = self.stamp;
                    continue 'candidates;
                }
            }
            return Ok(candidate as u16);
        }
    }

    /// Whether a pair of the breaking moves of `parity` from heap `n` reaches `candidate`: the
    /// first [`MARKED_PAIRS`] pairs are marked as they are looked at (they reach most of the
    /// values below the mex at once), the rest only searched for the candidate.
    #[inline(always)]
    fn reached(&mut self, parity: usize, cursor: &mut Cursor, n: usize, candidate: usize) -> bool {
        self.mark_pairs_until(parity, cursor, n, candidate);
        if self.stamps[candidate] == self.stamp {
            return true;
        }
        let Some(split) = &self.splits[parity] else {
            return false;
        };
        let mut from = cursor.smaller;
        for &k in &split.moves[cursor.take.min(split.moves.len())..] {
            let Some(a) = n.checked_sub(k) else { break };
            let half = a / 2;
            if from <= half {
                let low = &self.values[from..=half];
                let high = &self.mirror[self.last - a + from..=self.last - a + half];
                if any_pair_reaches(low, high, candidate as u16) {
                    return true;
                }
            }
            from = 1;
        }
        false
    }

    /// A fresh stamp; the stamps are cleared once in 2^32 heaps.
    #[inline(always)]
    fn next_stamp(&mut self) {
        if self.stamp == u32::MAX {
            self.stamps.fill(0);
            self.stamp = 0;
        }
        self.stamp += 1;
    }

    /// Marks the options that take tokens and leave no heap or one.
    #[inline(always)]
    fn mark_simple_options(&mut self, n: usize) {
        if self.whole.contains(&n) {
            self.stamps[0] = self.stamp;
        }
        for &k in &self.takes {
            if k >= n {
                break;
            }
            self.stamps[usize::from(self.values[n - k])] = self.stamp;
        }
    }

    /// Marks every pair with a rare heap left by the breaking moves of `parity` from heap `n`,
    /// or every pair at all where the rare heaps are so many that marking them all costs no
    /// more (then `true`: nothing of this parity is left to search).
    #[inline(always)]
    fn mark_rare_pairs(&mut self, parity: usize, n: usize) -> bool {
        let Some(split) = &self.splits[parity] else {
            return true;
        };
        let mask = self.stamps.len() - 1;
        let (values, stamps, stamp) = (&self.values[..], &mut self.stamps[..=mask], self.stamp);
        let largest = n.saturating_sub(split.moves[0]);
        let rare_below = split.rare_at.partition_point(|&i| (i as usize) < largest);
        if 2 * rare_below >= largest {
            for &k in &split.moves {
                let Some(a) = n.checked_sub(k) else { break };
                for i in 1..=a / 2 {
                    stamps[usize::from(values[i] ^ values[a - i]) & mask] = stamp;
                }
            }
            return true;
        }
        for &k in &split.moves {
            let Some(a) = n.checked_sub(k) else { break };
            let count = split.rare_at[..rare_below].partition_point(|&i| (i as usize) < a);
            let heaps = &split.rare_at[..count];
            let rare = &split.rare_values[..count];
            for (&i, &value) in heaps.iter().zip(rare) {
                stamps[usize::from(value ^ values[a - i as usize]) & mask] = stamp;
            }
        }
        false
    }

    /// The smallest value from `from` on that no marked option has (the stamps' length if
    /// every one has).
    #[inline(always)]
    fn unmarked_from(&self, from: usize) -> usize {
        let stamp = self.stamp;
        from + self.stamps[from..]
            .iter()
            .position(|&s| s != stamp)
            .unwrap_or(self.stamps.len() - from)
    }

    /// Marks the pairs of the breaking moves of `parity` from heap `n`, a block at a time from
    /// `cursor` on, until `candidate` is marked, [`MARKED_PAIRS`] are, or every pair is.
    #[inline(always)]
    fn mark_pairs_until(&mut self, parity: usize, cursor: &mut Cursor, n: usize, candidate: usize) {
        let Some(split) = &self.splits[parity] else {
            cursor.done = true;
            return;
        };
        let mask = self.stamps.len() - 1;
        let (stamps, stamp) = (&mut self.stamps[..=mask], self.stamp);
        while stamps[candidate] != stamp && cursor.marked < MARKED_PAIRS {
            let Some(a) = split.moves.get(cursor.take).and_then(|&k| n.checked_sub(k)) else {
                cursor.done = true;
                return;
            };
            let half = a / 2;
            if cursor.smaller > half {
                cursor.take += 1;
                cursor.smaller = 1;
                continue;
            }
            let end = half.min(cursor.smaller + BLOCK - 1);
            let low = &self.values[cursor.smaller..=end];
            let high = &self.mirror[self.last - a + cursor.smaller..=self.last - a + end];
            for (&l, &h) in low.iter().zip(high) {
                stamps[usize::from(l ^ h) & mask] = stamp;
            }
            cursor.marked += low.len();
            cursor.smaller = end + 1;
        }
    }

    /// Twice the room for values: a mex reached the stamps' length.
    fn grow(&mut self) {
        let bound = (2 * self.stamps.len()).min(VALUE_LIMIT + 1);
        self.stamps.resize(bound, 0);
        self.counts.resize(2 * bound, 0);
        for split in self.splits.iter_mut().flatten() {
            split.grow(2 * bound);
        }
    }

    /// Appends the next heap's value and files it in the splits.
    fn append(&mut self, value: u16) {
        let n = self.values.len();
        self.values.push(value);
        if !self.mirror.is_empty() {
            self.mirror[self.last - n] = value;
        }
        let e = extended(value, n);
        self.counts[e] += 1;
        for split in self.splits.iter_mut().flatten() {
            if split.record(n, value, e) {
                split.rebuild(&self.counts, &self.values);
            }
        }
    }
}

/// Whether `low[j] ^ high[j] == target` for some `j` (the slices are as long): blocks of 64
/// lanes compared at once, so that the compiler vectorises the compare and the early exit
/// costs one test per block.
#[inline(always)]
fn any_pair_reaches(low: &[u16], high: &[u16], target: u16) -> bool {
    const LANES: usize = 64;
    let mut low_blocks = low.chunks_exact(LANES);
    let mut high_blocks = high.chunks_exact(LANES);
    for (l, h) in (&mut low_blocks).zip(&mut high_blocks) {
        let mut hit = false;
        for j in 0..LANES {
            hit |= l[j] ^ h[j] == target;
        }
        if hit {
            return true;
        }
    }
    low_blocks
        .remainder()
        .iter()
        .zip(high_blocks.remainder())
        .any(|(&l, &h)| l ^ h == target)
}
