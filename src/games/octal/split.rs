//! The split of an octal game's values into common and rare ones, for the breaking moves of one
//! parity (Gangolli and Plambeck's sparse space, refined by the parity of the heaps as in
//! Flammenkamp's and Beling's programs).
//!
//! A heap `m` is labelled by its extended value `e(m) = 2·g(m) + (m mod 2)`. A breaking move
//! that takes `k` tokens from a heap `n` leaves two heaps `i + j = n - k`, and then
//! `e(i) ^ e(j) = 2·(g(i) ^ g(j)) + ((n - k) mod 2)`: the pair reaches the value `v` exactly
//! when `e(i) ^ e(j) = E ^ d`, where `E = 2v + (n mod 2)` is the extended value that `v` would
//! have at heap `n` and `d = k mod 2`. The common set `C` is kept closed so that
//! `c1 ^ c2 ^ d` is never in `C` for `c1, c2` in `C`; then when `E` is common no pair of two
//! common heaps reaches `v`, and only pairs with a rare heap need to be looked at — those are
//! few, since `C` holds the frequent values. When `E` is rare, every pair may have to be looked
//! at (`kernel`).

/// A value not classified yet: no heap has had it (a rare candidate is classified when asked).
const UNKNOWN: u8 = 0;
/// A common value.
const COMMON: u8 = 1;
/// A rare value.
const RARE: u8 = 2;

/// The common and rare values for the breaking moves of one parity, and the heaps whose values
/// are rare.
pub(super) struct Split {
    /// The parity `d` of the tokens these moves take.
    parity: usize,
    /// The tokens the moves take, ascending.
    pub(super) moves: Vec<usize>,
    /// The class of every extended value below the bound.
    kind: Vec<u8>,
    /// The common extended values.
    common: Vec<u32>,
    /// The heaps (from 1) whose extended values are rare, ascending.
    pub(super) rare_at: Vec<u32>,
    /// Their nim-values, in the same order (so that the kernel's loop reads one array per
    /// pair besides the values).
    pub(super) rare_values: Vec<u16>,
    /// How many rare heaps there were after the last rebuild was considered.
    rare_when_rebuilt: usize,
}

impl Split {
    /// An empty split for the moves taking `moves` tokens (all of parity `parity`), with room
    /// for extended values below `bound`. The value 0 at a heap of parity `d` is rare from the
    /// start: `d ^ d ^ d = d`, so it can never be common.
    pub(super) fn new(parity: usize, moves: Vec<usize>, bound: usize) -> Split {
        let mut kind = vec![UNKNOWN; bound];
        kind[parity] = RARE;
        Split {
            parity,
            moves,
            kind,
            common: Vec::new(),
            rare_at: Vec::new(),
            rare_values: Vec::new(),
            rare_when_rebuilt: 0,
        }
    }

    /// Room for extended values below `bound` (a power of two, as the values' bound is).
    pub(super) fn grow(&mut self, bound: usize) {
        if bound > self.kind.len() {
            self.kind.resize(bound, UNKNOWN);
        }
    }

    /// Whether `e ^ d` is the XOR of two common values, so that `e` cannot join them.
    fn closed_against(&self, e: usize) -> bool {
        let x = e ^ self.parity;
        // Within the bound: both are below the same power of two.
        x == 0
            || self
                .common
                .iter()
                .any(|&c| self.kind[x ^ c as usize] == COMMON)
    }

    /// Whether the extended value `e` is rare. A value no heap has had yet is rare if it cannot
    /// be common; otherwise it stays unclassified, since no heap with it can be in a pair.
    #[inline]
    pub(super) fn is_rare(&mut self, e: usize) -> bool {
        match self.kind[e] {
            RARE => true,
            COMMON => false,
            _ if self.closed_against(e) => {
                self.kind[e] = RARE;
                true
            }
            _ => false,
        }
    }

    /// Files heap `heap` with nim-value `value` (extended `e`): among the rare heaps if `e` is
    /// rare, otherwise `e` becomes common if it was new. `true` if the rare heaps have grown
    /// enough since the last rebuild to consider another ([`Split::rebuild`]).
    pub(super) fn record(&mut self, heap: usize, value: u16, e: usize) -> bool {
        if self.kind[e] == UNKNOWN {
            self.classify(e);
        }
        if self.kind[e] != RARE || heap == 0 {
            return false;
        }
        // Heaps are below 2^32 (the sequence refuses longer ones).
        self.rare_at.push(heap as u32);
        self.rare_values.push(value);
        // A rebuild looks at every heap, so it is considered only when the rare heaps have
        // grown by an eighth (and by 16) since the last one: a number of rebuilds logarithmic
        // in the rare heaps, each paid for by the pairs it may save.
        self.rare_at.len() >= 16 + self.rare_when_rebuilt + self.rare_when_rebuilt / 8
    }

    /// Files a value not seen before: rare if it is closed against the common values (see
    /// [`Split::closed_against`]), common otherwise.
    fn classify(&mut self, e: usize) {
        if self.closed_against(e) {
            self.kind[e] = RARE;
        } else {
            self.kind[e] = COMMON;
            self.common.push(e as u32);
        }
    }

    /// Classifies the values again from scratch, the most frequent first (`counts`, by
    /// extended value; ties to the smaller value), each common if it can be, and collects the
    /// rare heaps of `values` again if any value that a heap has changed class.
    pub(super) fn rebuild(&mut self, counts: &[u32], values: &[u16]) {
        self.rare_when_rebuilt = self.rare_at.len();
        let mut order: Vec<usize> = (0..counts.len()).filter(|&e| counts[e] > 0).collect();
        order.sort_by_key(|&e| std::cmp::Reverse(counts[e]));
        let mut fresh = Split::new(self.parity, Vec::new(), self.kind.len());
        for e in order {
            if fresh.kind[e] == UNKNOWN {
                fresh.classify(e);
            }
        }
        let changed = (0..counts.len()).any(|e| counts[e] > 0 && fresh.kind[e] != self.kind[e]);
        if !changed {
            return;
        }
        self.kind = fresh.kind;
        self.common = fresh.common;
        self.rare_at.clear();
        self.rare_values.clear();
        for (heap, &value) in values.iter().enumerate().skip(1) {
            if self.kind[extended(value, heap)] == RARE {
                self.rare_at.push(heap as u32);
                self.rare_values.push(value);
            }
        }
        self.rare_when_rebuilt = self.rare_at.len();
    }
}

/// The extended value of a heap: `2·g + (heap mod 2)`.
#[inline]
pub(super) fn extended(value: u16, heap: usize) -> usize {
    (usize::from(value) << 1) | (heap & 1)
}
