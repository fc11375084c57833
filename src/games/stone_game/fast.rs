//! The fast stone-game margin: the one-row score-difference DP `d_L[i] = max(p[i] - d_{L-1}[i+1],
//! p[i+L-1] - d_{L-1}[i])` with O(n) memory, vectorised with the widest SIMD the CPU offers
//! (chosen at run time), many lengths per pass over the row, and both cores working without a
//! barrier per diagonal.
//!
//! Skewed bands. Lengths are taken `STEPS` at a time (a band). In skewed coordinates
//! `x = i + s`, where `s` is the step within the band (length `L0 + s`), cell `(x, s)` needs
//! `(x, s-1)` (that is `d(i+1)`) and `(x-1, s-1)` (that is `d(i)`), and its right pile
//! `p[i + L0 + s - 1] = p[x + L0 - 1]` is the same at every step. So a band is one sweep over x
//! in blocks of `B` columns (four vectors of `W` lanes: `B` = 32, or 64 for sixteen `i32`
//! lanes): load `d_{L0}` at the block, run all `STEPS` steps in registers, and store
//! `d_{L0+STEPS}` at `x - STEPS`. Per block and step that is one lane shift (of one vector in
//! four, see Phases), and two subtractions and a max per vector, with the left piles loaded or
//! passed along in registers (see `Block::keeps_left_piles`); per block, a load and a store per
//! vector. The row is updated in place: a band reads ahead of where it writes.
//!
//! Phases. The row and the piles are stored as four phase arrays, array `q` holding the
//! positions `≡ q (mod 4)`, and vector `r` of the block at `x` holds the columns
//! `x + r + 4k` (lane `k`). A column's left neighbour `x + r - 1 + 4k` is then the same lane of
//! vector `r - 1`, and only vector 0 needs a lane shift: vector 3 moved up one lane, with the
//! last lane of the block to the left at the same step (carried over as that block's vector 3)
//! in lane 0. In a contiguous layout every vector is shifted across lanes, which on AVX2 costs
//! two shuffles per 256-bit register, all on the one or two shuffle ports, so this layout
//! saves most of the shuffles (the performance chapter has the figures). The four vectors of
//! a step are independent but for that shift, which also keeps the core busy while a step waits
//! on the one before.
//!
//! Padding. Rows and piles carry `pad` zeros on the left as many on the right, so lanes outside
//! the valid triangle (`i < 0` or `i > n - L`) read and write padding. Their values are garbage,
//! but no valid cell depends on them: `(i, L)` needs only `(i, L-1)` and `(i+1, L-1)`, valid
//! whenever `(i, L)` is.
//!
//! Threads. With `c` threads, every band's columns are cut into `c` slices, and thread `j`
//! sweeps slice `j` of every band, so each core keeps its part of the row in its own cache and
//! only slice borders cross cores. Thread `j` starts band `b` with the carried state (the last
//! vector at each of the 16 steps of the block left of its slice) that thread `j - 1` hands over
//! when it finishes its slice of band `b` (a small ring buffer of states). A block at `x` reads
//! `d` at `[x, x + B)`, stored by band `b - 1` at block `x + STEPS`; when that lies in another
//! thread's slice of band `b - 1` (a thread to the right, as everything to the left finished
//! band `b - 1` before handing band `b` over), thread `j` waits on that thread's cursor for band
//! `b - 1` (published every `PUBLISH_EVERY` columns, release/acquire). That rules out every
//! hazard of the shared row, wherever the borders lie:
//! - a read of band `b - 1`'s value waits for the thread that stored it (same thread: program
//!   order; to the left: the hand-over; to the right: its cursor);
//! - a store of band `b` at column `p` comes after every read of `p` for band `b`: the readers
//!   are the block storing it and the block left of it, swept before it by the same thread or
//!   by one to the left, which handed the band over;
//! - and after band `b - 1`'s reads and store of `p`: those are its blocks at the storing
//!   block's column and the one left of it, which the storing block's own reads already waited
//!   for.
//!
//! No cell is touched by two threads at once: this is the safety argument for the shared row.
//! A checkpoint band's blocks are copied out as they are stored, before the cursor passes them,
//! so no thread overwrites a margin before it is kept.
//!
//! Balance. The threads go at the pace of the slowest: thread `j + 1` cannot start a band before
//! thread `j` hands it over, and thread `j` waits for thread `j + 1`'s previous band. Even
//! slices suit equal cores, but on a shared machine one core is often slower for a while, and
//! even slices then run at twice the slow core's pace. So each thread keeps its pace (nanoseconds
//! per column, waits left out, averaged over the last bands) and, as it starts a band, sets
//! where its slice ends: what is left of the band right of its start is shared among it and
//! the threads to its right in proportion to their speeds. The answer does not depend on where
//! the borders fall, only the time. When both cores are slowed alike there is nothing to
//! balance, and balanced slices run as fast as even ones.
//!
//! Lanes. The kernel is written once, generic over the lane type ([`crate::games::stone_game::lanes::Lane`]) and
//! the vector of `W` lanes: eight `i64` (a 64-byte cache line: one AVX-512 register, two AVX2
//! ones), and `i32` sixteen with AVX-512 (one register) and eight otherwise (one AVX2 register,
//! two 128-bit ones in the portable copy; see [`i32_lanes`]). An instance runs in `i32` when the sum of its absolute pile values fits
//! (that sum bounds every margin and every intermediate: the proof is in [`crate::games::stone_game::lanes`]), so
//! twice the cells per instruction and a native signed max on AVX2 (`vpmaxsd`; 64-bit lanes
//! need compare-and-blend there); else in `i64`; and a sum beyond 64 bits (which input
//! validation refuses) in checked `i128`.
//!
//! SIMD. `#[target_feature]` copies of the generic code for AVX-512 (`vpmaxsq`/`vpmaxsd`,
//! `valignq`/`valignd`) and AVX2 sit beside the portable one, and `is_x86_feature_detected!`
//! picks one at run time, so the binary stays portable. The copies differ in their const
//! parameter `LEVEL`: the AVX2 copy shifts `i32` lanes with in-lane shuffles of its own
//! (`shifted_avx2_i32`), and which blocks keep their left piles in registers depends on how
//! many registers the level has (`Block::keeps_left_piles`); everything else is LLVM's choice.

use crate::cost::{Operation, Work};
use crate::games::stone_game::lanes::{Lane, Width, absolute_sum, cell_block, load, store};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The most bytes per vector of `W` lanes: one cache line, one AVX-512 register, two AVX2 ones
/// (`i64`, and sixteen `i32` lanes with AVX-512); eight `i32` lanes take 32 bytes (see
/// [`i32_lanes`]).
const VECTOR_BYTES: usize = 64;
/// Phases of the row's layout, and vectors per block (module docs, "Phases").
const PHASES: usize = 4;
/// Lengths per band (steps kept in registers). A multiple of the layout's `PHASES`, so that a
/// block's output at `x - STEPS` starts in the same phase as `x`.
pub const STEPS: usize = 16;

/// Where the positions of a row (or of the piles) stored by phase live: padded position
/// `X = pad + i` of the row is element `X / PHASES` of phase array `X % PHASES`, and phase array
/// `q` starts at `q * phase_len`.
#[derive(Clone, Copy)]
struct PhaseLayout {
    /// Positions of padding on each side: covers the steps' reach to the left (`STEPS + 1`
    /// positions) and a block to the right, a whole number of blocks so that a block's vectors
    /// start at a multiple of `W` in every phase array.
    pad: usize,
    /// Elements per phase array, a multiple of `W`.
    phase_len: usize,
}

impl PhaseLayout {
    /// The layout of `n` positions for vectors of `lanes` lanes.
    fn new(n: usize, lanes: usize) -> PhaseLayout {
        let pad = (STEPS + PHASES + PHASES * lanes).next_multiple_of(PHASES * lanes);
        PhaseLayout {
            pad,
            phase_len: (n + 2 * pad).div_ceil(PHASES).next_multiple_of(lanes),
        }
    }

    /// Elements in all phase arrays together.
    fn len(self) -> usize {
        PHASES * self.phase_len
    }

    /// The element of (unpadded) position `i`.
    fn index(self, i: usize) -> usize {
        let padded = self.pad + i;
        (padded % PHASES) * self.phase_len + padded / PHASES
    }

    /// The index in every phase array of the block at column `x` (a multiple of `PHASES`).
    fn block_index(self, x: usize) -> usize {
        (x + self.pad) / PHASES
    }

    /// The element of position `x + offset` for the block at column `x` with index `at`: its
    /// phase is `offset mod PHASES`, as `x` is a multiple of `PHASES`.
    fn offset_index(self, at: usize, offset: isize) -> usize {
        let phase = offset.rem_euclid(PHASES as isize) as usize;
        phase * self.phase_len + at.wrapping_add_signed(offset.div_euclid(PHASES as isize))
    }
}

/// Below this many piles one thread does it all: threads cost more than they save.
pub const THREADING_THRESHOLD: usize = 4096;
/// A band publishes its cursor every this many columns: often enough that the next band never
/// starves, rarely enough that the cursor's cache line does not bounce between cores, and it
/// keeps the two bands' writes this far apart. A multiple of every block width (`PHASES * W`).
const PUBLISH_EVERY: usize = 512;

/// The lanes one position to the left, `[left_block[W-1], now[0], ..., now[W-2]]`. In the
/// AVX2 copy (`LEVEL` is [`AVX2`], see [`runner`]) a vector of eight `i32` lanes (one 256-bit
/// register, as `i32` blocks are there) is shifted by [`shifted_avx2_i32`].
#[inline(always)]
fn shifted<T: Lane, const W: usize, const LEVEL: u8>(left_block: &[T; W], now: &[T; W]) -> [T; W] {
    #[cfg(target_arch = "x86_64")]
    if LEVEL == AVX2 && size_of::<T>() == 4 && W == 8 {
        // SAFETY: `AVX2` copies run only after `is_x86_feature_detected!("avx2")` (`level`);
        // eight 4-byte lanes are one 256-bit register of `i32`.
        return unsafe { shifted_avx2_i32(left_block, now) };
    }
    let mut out = [T::default(); W];
    out[0] = left_block[W - 1];
    out[1..].copy_from_slice(&now[..W - 1]);
    out
}

/// [`shifted`] for one 256-bit register of 4-byte lanes in two in-lane shuffles: `vperm2i128`
/// sets the upper half of the block before beside the lower half of this vector, and `vpalignr`
/// takes the one lane needed from there. Left to itself, LLVM picks `vpermd` and a blend, and
/// `vpermd` alone takes longer than both shuffles on some cores. The shift of vector 3 feeds
/// vector 0 of the next step, so it lies on the chain that every four steps of a block go round
/// (module docs, "Phases"). `i64` keeps LLVM's `vpermq` and blend: there a vector is two
/// registers, the step is bound by its work, not this chain, and the same shuffles were slower.
///
/// # Safety
/// The CPU has AVX2; `[T; W]` is eight 4-byte lanes.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn shifted_avx2_i32<T: Lane, const W: usize>(left_block: &[T; W], now: &[T; W]) -> [T; W] {
    use std::arch::x86_64::{
        __m256i, _mm256_alignr_epi8, _mm256_loadu_si256, _mm256_permute2x128_si256,
        _mm256_storeu_si256,
    };
    let mut out = [T::default(); W];
    // SAFETY: each array is one 256-bit register (the caller's contract); the loads and the
    // store are unaligned.
    unsafe {
        let here = _mm256_loadu_si256(now.as_ptr().cast());
        let before = _mm256_loadu_si256(left_block.as_ptr().cast());
        // The upper half of `before`, then the lower half of `here`.
        let straddle = _mm256_permute2x128_si256::<0x21>(before, here);
        // Per 128-bit half: the last lane of `straddle`'s half, then `here`'s first three.
        let shifted: __m256i = _mm256_alignr_epi8::<12>(here, straddle);
        _mm256_storeu_si256(out.as_mut_ptr().cast(), shifted);
    }
    out
}

/// The row shared by the threads, and the piles, both padded and stored by phase; and the
/// checkpoint rows.
struct Shared<T> {
    row: *mut T,
    piles: *const T,
    /// Number of piles (unpadded).
    n: usize,
    /// How `row` and `piles` are laid out.
    layout: PhaseLayout,
    /// [`CheckpointRows::values`] when keeping checkpoints (else null): each thread copies its
    /// own part of a checkpoint band's row there.
    checkpoints: *mut i64,
}

// Not derived: a derive would ask `T: Copy` of the pointers' targets, which they need not be.
impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Shared<T> {}

// SAFETY: access is coordinated by the slice protocol described in the module docs.
unsafe impl<T: Send> Send for Shared<T> {}
// SAFETY: as above.
unsafe impl<T: Sync> Sync for Shared<T> {}

/// The state carried from block to block and handed across a slice border: the last vector of the
/// previous block at each step (whose last lane the shift into the next block reads).
type BorderState<T, const W: usize> = [[T; W]; STEPS];

/// States in flight per border. A thread that gets ahead of its right neighbour waits when all
/// four slots hold states that neighbour has not taken yet ([`Pipeline::hand_over`]).
const RING: usize = 4;

/// How much a thread's pace moves towards each new band's measure (1/8: the last few dozen
/// bands count, so one interrupted band does not move the borders far).
const PACE_WEIGHT: f64 = 1.0 / 8.0;

/// Everything the threads share besides the data: cursors, border states and checkpoints.
struct Pipeline<T, const W: usize> {
    threads: usize,
    /// How many bands it runs.
    bands: usize,
    /// Bands between checkpoints (0: none): the row after band `b` is kept when `b + 1` is a
    /// multiple, at `checkpoint_starts[(b + 1) / checkpoint_every]` in [`Shared::checkpoints`].
    checkpoint_every: usize,
    /// [`CheckpointRows::starts`].
    checkpoint_starts: Vec<usize>,
    /// Set when a checkpoint margin does not fit `i64` (only `i128` lanes can).
    checkpoint_overflow: std::sync::atomic::AtomicBool,
    /// `cursors[j * bands + b]`: how far thread `j` has swept band `b` (`usize::MAX`: done).
    cursors: Vec<AtomicUsize>,
    /// `states[j * RING + b % RING]`: thread `j`'s border state after its slice of band `b`.
    states: Vec<std::cell::UnsafeCell<BorderState<T, W>>>,
    /// `handed[j * RING + slot]`: 1 + the band whose state the slot holds.
    handed: Vec<AtomicUsize>,
    /// `taken[j * RING + slot]`: 1 + the band whose state thread `j + 1` has copied.
    taken: Vec<AtomicUsize>,
    /// Number of piles.
    n: usize,
    /// `borders[b * threads + k]` (`0 < k < threads`): 1 + the first column of thread `k`'s
    /// slice of band `b` (0 until thread `k - 1` sets it, as it starts that band).
    borders: Vec<AtomicUsize>,
    /// `paces[j]`: thread `j`'s recent nanoseconds per column swept, waits left out (`f64`
    /// bits; 0 before its first band). The borders follow them (module docs, "Balance").
    paces: Vec<AtomicU64>,
    /// The costed operation the bands count as, for the progress report
    /// ([`crate::cost::progress`]): the value alone, or with the checkpoints of a line.
    operation: Operation,
    /// Tests only: borders anywhere (pseudo-random), to check that the answer is independent
    /// of them.
    #[cfg(test)]
    scrambled: bool,
}

#[cfg(test)]
thread_local! {
    /// Set by a test: pipelines this thread starts scramble their borders.
    static SCRAMBLE_BORDERS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

// SAFETY: each state slot is written by one thread and read by one other, ordered by
// `handed`/`taken` (release/acquire).
unsafe impl<T: Send, const W: usize> Sync for Pipeline<T, W> {}

impl<T: Lane, const W: usize> Pipeline<T, W> {
    fn new(
        n: usize,
        threads: usize,
        bands: usize,
        checkpoint_every: usize,
        checkpoint_starts: Vec<usize>,
    ) -> Pipeline<T, W> {
        let atomics = |count: usize| (0..count).map(|_| AtomicUsize::new(0)).collect();
        Pipeline {
            threads,
            bands,
            operation: if checkpoint_every > 0 {
                Operation::StoneGameRollingLine
            } else {
                Operation::StoneGameRollingRow
            },
            checkpoint_every,
            checkpoint_starts,
            checkpoint_overflow: Default::default(),
            cursors: atomics(threads * bands),
            states: (0..threads * RING)
                .map(|_| std::cell::UnsafeCell::new([[T::default(); W]; STEPS]))
                .collect(),
            handed: atomics(threads * RING),
            taken: atomics(threads * RING),
            n,
            borders: atomics(threads * bands),
            paces: (0..threads).map(|_| AtomicU64::new(0)).collect(),
            #[cfg(test)]
            scrambled: SCRAMBLE_BORDERS.get(),
        }
    }

    /// One past the last column any slice of band `b` covers: the band's cells, rounded up to a
    /// block.
    fn end(&self, b: usize) -> usize {
        (self.n - b * STEPS).next_multiple_of(PHASES * W)
    }

    /// The first column of thread `k`'s slice of band `b` (`end` for `k = threads`), waiting
    /// until thread `k - 1` has set it.
    fn border(&self, b: usize, k: usize) -> usize {
        if k == 0 {
            return 0;
        }
        if k == self.threads {
            return self.end(b);
        }
        let slot = &self.borders[b * self.threads + k];
        wait_until(slot, 1);
        slot.load(Ordering::Acquire) - 1
    }

    /// Thread `j`'s slice of band `b`: columns `[low, high)`.
    fn slice(&self, b: usize, j: usize) -> (usize, usize) {
        (self.border(b, j), self.border(b, j + 1))
    }

    /// Sets where thread `j`'s slice of band `b` ends (thread `j` calls it as it starts the
    /// band, knowing where the slice starts): the columns from there to the band's end are
    /// shared among threads `j..` in proportion to their speeds, so that they finish together.
    /// Evenly until every one has a pace. Neither thread `j` nor the ones after it get less
    /// than a quarter of an even share: a thread measured in one interrupted band would
    /// otherwise get a sliver, or nothing, and with it no fair measure to win its share back.
    fn set_border(&self, b: usize, j: usize) {
        if j + 1 == self.threads {
            return;
        }
        let (low, end) = (self.border(b, j), self.end(b));
        let speeds = self.paces[j..]
            .iter()
            .map(|pace| 1.0 / f64::from_bits(pace.load(Ordering::Relaxed)));
        let total: f64 = speeds.clone().sum();
        let even = 1.0 / (self.threads - j) as f64;
        let share = match speeds.clone().next() {
            Some(own) if total.is_finite() => {
                (own / total).clamp(even / 4.0, 1.0 - (1.0 - even) / 4.0)
            }
            _ => even,
        };
        // Tests: empty slices, whole bands and everything between, moving both ways.
        #[cfg(test)]
        let share = match self.scrambled {
            true => ((b * 7 + j * 3) % 11) as f64 / 10.0,
            false => share,
        };
        let block = PHASES * W;
        let width = ((end - low) as f64 * share / block as f64).round() as usize * block;
        let border = (low + width).min(end);
        self.borders[b * self.threads + j + 1].store(border + 1, Ordering::Release);
    }

    /// Folds thread `j`'s time for `columns` columns of a band (waits left out) into its pace.
    fn record_pace(&self, j: usize, columns: usize, busy: Duration) {
        if columns == 0 {
            return;
        }
        let measured = busy.as_nanos() as f64 / columns as f64;
        let pace = &self.paces[j];
        let old = f64::from_bits(pace.load(Ordering::Relaxed));
        let new = if old > 0.0 {
            old + (measured - old) * PACE_WEIGHT
        } else {
            measured
        };
        pace.store(new.max(f64::MIN_POSITIVE).to_bits(), Ordering::Relaxed);
    }

    /// Waits until band `b` is computed up to column `needed` beyond `ready` (a slice border or
    /// a position inside a slice of a thread `>= first`); returns how far it is now known ready,
    /// and how long it waited.
    fn wait_for_column(
        &self,
        b: usize,
        first: usize,
        ready: usize,
        needed: usize,
    ) -> (usize, Duration) {
        for k in first..self.threads {
            let (low, high) = self.slice(b, k);
            if ready < low || ready >= high {
                continue;
            }
            let target = needed.min(high);
            return (
                target,
                wait_until(&self.cursors[k * self.bands + b], target),
            );
        }
        // Past the last slice: nothing is computed there, and nothing valid depends on it.
        (usize::MAX, Duration::ZERO)
    }

    /// Hands thread `j`'s border state for band `b` to thread `j + 1`.
    fn hand_over(&self, j: usize, b: usize, state: &BorderState<T, W>) {
        let slot = j * RING + b % RING;
        wait_until(&self.taken[slot], (b + 1).saturating_sub(RING));
        // SAFETY: thread `j + 1` copied the slot's previous state (`taken`), and will not read
        // this one before `handed` says so.
        unsafe { *self.states[slot].get() = *state };
        self.handed[slot].store(b + 1, Ordering::Release);
    }

    /// Thread `j + 1` takes thread `j`'s border state for band `b`.
    fn take(&self, j: usize, b: usize) -> BorderState<T, W> {
        let slot = j * RING + b % RING;
        wait_until(&self.handed[slot], b + 1);
        // SAFETY: `handed` (acquire) says thread `j` finished writing this state.
        let state = unsafe { *self.states[slot].get() };
        self.taken[slot].store(b + 1, Ordering::Release);
        state
    }
}

/// Spins until `counter` reaches `target`; returns how long that took (zero, without reading
/// the clock, when it already had).
fn wait_until(counter: &AtomicUsize, target: usize) -> Duration {
    if counter.load(Ordering::Acquire) >= target {
        return Duration::ZERO;
    }
    let started = Instant::now();
    let mut spins = 0u32;
    while counter.load(Ordering::Acquire) < target {
        spins += 1;
        if spins < 1 << 12 {
            std::hint::spin_loop();
        } else {
            std::thread::yield_now();
        }
    }
    started.elapsed()
}

/// One block of `PHASES * W` columns being swept through the `STEPS` steps of a band: its
/// vectors, held in registers (vector `r` lane `k` is column `x + r + PHASES * k`), and its right
/// piles (the same at every step).
struct Block<T, const W: usize> {
    /// The block's index in every phase array ([`PhaseLayout::block_index`]).
    at: usize,
    now: [[T; W]; PHASES],
    right_piles: [[T; W]; PHASES],
    /// The coming step's left piles (vector `r`: positions `x + r - step - 1`), when the block
    /// keeps them ([`Block::keeps_left_piles`]).
    left_piles: [[T; W]; PHASES],
}

impl<T: Lane, const W: usize> Block<T, W> {
    /// Whether the block keeps its left piles in registers from step to step in the copy for
    /// `level`: vector `r`'s at a step are vector `r - 1`'s at the step before, so only vector
    /// 0's are loaded. That needs four more registers, which a block of one register per
    /// vector can spare:
    /// - AVX2 (sixteen 256-bit registers): `i32`; not `i64`, two registers per vector, where
    ///   the spills cost more than the loads, so there every vector's left piles are loaded at
    ///   every step. The portable copy follows the same rule by bytes (it is the fallback, not
    ///   tuned);
    /// - AVX-512 (thirty-two 512-bit registers): `i32` and `i64`, one register per vector; not
    ///   the scalar `i128` lanes.
    const fn keeps_left_piles(level: u8) -> bool {
        (level == AVX512 && size_of::<T>() <= 8) || W * size_of::<T>() <= 32
    }

    /// Loads `d_base`, the right piles and (if kept) the first step's left piles of the block
    /// at column `x`; `left_piles` is `sweep_slice`'s table.
    ///
    /// # Safety
    /// `row` and `piles` are laid out by `layout` and `x` is a column of the band: a multiple of
    /// `PHASES * W` at most `n - base`.
    #[inline(always)]
    unsafe fn load<const LEVEL: u8>(
        row: *mut T,
        piles: *const T,
        layout: PhaseLayout,
        left_piles: &LeftPiles<T>,
        base: usize,
        x: usize,
    ) -> Self {
        let at = layout.block_index(x);
        // SAFETY: the row's vectors end at index (x + pad) / PHASES + W <= phase_len (x <= n -
        // base, and `pad` leaves a block on the right); the right piles' (positions up to
        // x + base + PHASES - 2 <= n + PHASES - 2) likewise.
        unsafe {
            Block {
                at,
                now: per_vector(|r| load(row, r * layout.phase_len + at)),
                right_piles: per_vector(|r| {
                    load(piles, layout.offset_index(at, (base - 1 + r) as isize))
                }),
                left_piles: if Self::keeps_left_piles(LEVEL) {
                    per_vector(|r| load(left_piles[0][r], at))
                } else {
                    [[T::default(); W]; PHASES]
                },
            }
        }
    }

    /// Runs step `step`, given `carry`, the last vector of the block to the left before this
    /// step; returns this block's last vector before the step, the carry of the block to its
    /// right at the same step. Column `x + r + PHASES * k` needs column `x + r - 1 + PHASES * k`:
    /// the same lane of vector `r - 1`, and for `r = 0` the lane before in the last vector, so
    /// only that vector is shifted across lanes.
    ///
    /// # Safety
    /// As [`Block::load`].
    #[inline(always)]
    unsafe fn step<const LEVEL: u8>(
        &mut self,
        left_piles: &LeftPiles<T>,
        step: usize,
        carry: [T; W],
    ) -> [T; W] {
        let last = self.now[PHASES - 1];
        let shifted_last = shifted::<T, W, LEVEL>(&carry, &last);
        // SAFETY: the table's entries for steps 0..=STEPS are positions x + r - step - 1 >=
        // x - STEPS - 1, within the left padding, and below the right piles'.
        let left: [[T; W]; PHASES] = if Self::keeps_left_piles(LEVEL) {
            self.left_piles
        } else {
            per_vector(|r| unsafe { load(left_piles[step][r], self.at) })
        };
        let next: [[T; W]; PHASES] = [
            cell_block(&left[0], &self.now[0], &self.right_piles[0], &shifted_last),
            cell_block(&left[1], &self.now[1], &self.right_piles[1], &self.now[0]),
            cell_block(&left[2], &self.now[2], &self.right_piles[2], &self.now[1]),
            cell_block(&left[3], &self.now[3], &self.right_piles[3], &self.now[2]),
        ];
        self.now = next;
        if Self::keeps_left_piles(LEVEL) {
            // One position further left: vector r's are vector r - 1's of this step, and
            // vector 0's are loaded.
            // SAFETY: as above, for step + 1 <= STEPS.
            self.left_piles = [
                unsafe { load(left_piles[step + 1][0], self.at) },
                left[0],
                left[1],
                left[2],
            ];
        }
        last
    }

    /// Stores the block's `d_{base+STEPS}` at column `x - STEPS` (the skew of `STEPS` steps).
    ///
    /// # Safety
    /// As [`Block::load`].
    #[inline(always)]
    unsafe fn store(self, row: *mut T, layout: PhaseLayout) {
        for r in 0..PHASES {
            // SAFETY: `pad >= STEPS`, so the index stays at or above the phase array's start,
            // and below the load's end.
            unsafe {
                store(
                    row,
                    r * layout.phase_len + self.at - STEPS / PHASES,
                    self.now[r],
                )
            };
        }
    }
}

/// A block's `PHASES` vectors, vector `r` being `vector(r)`. A loop rather than
/// `std::array::from_fn`, whose inner closure wrapper is a function of its own: where it is not
/// inlined the block goes through memory instead of registers.
#[inline(always)]
fn per_vector<T: Lane, const W: usize>(
    mut vector: impl FnMut(usize) -> [T; W],
) -> [[T; W]; PHASES] {
    let mut vectors = [[T::default(); W]; PHASES];
    for (r, slot) in vectors.iter_mut().enumerate() {
        *slot = vector(r);
    }
    vectors
}

/// For each step `0..=STEPS` and vector `r`, where the block's left piles are: positions
/// `x + r - step - 1`, in phase array `(r - step - 1) mod PHASES`, offset so that the block's
/// index reaches them. A step then finds each address with one load, no arithmetic. (Step
/// `STEPS` is read only for the left piles a kept block loads ahead.)
type LeftPiles<T> = [[*const T; PHASES]; STEPS + 1];

fn left_pile_table<T>(piles: *const T, layout: PhaseLayout) -> LeftPiles<T> {
    std::array::from_fn(|step| {
        std::array::from_fn(|r| {
            let offset = r as isize - step as isize - 1;
            let phase = offset.rem_euclid(PHASES as isize) as usize;
            piles
                .wrapping_add(phase * layout.phase_len)
                .wrapping_offset(offset.div_euclid(PHASES as isize))
        })
    })
}

/// Thread `j`'s part of band `b` (lengths `base + 1 ..= base + STEPS`): reads `d_base`, writes
/// `d_{base+STEPS}` in place.
///
/// # Safety
/// `shared` must point to phase arrays laid out by `shared.layout` holding `d_base` (row) and the
/// piles, and the slice protocol (module docs) must hold.
#[inline(always)]
unsafe fn sweep_slice<T: Lane, const W: usize, const LEVEL: u8>(
    shared: Shared<T>,
    pipeline: &Pipeline<T, W>,
    j: usize,
    b: usize,
) {
    let Shared {
        row,
        piles,
        n,
        layout,
        checkpoints,
    } = shared;
    let base = 1 + b * STEPS;
    let mut before = if j > 0 {
        pipeline.take(j - 1, b)
    } else {
        [[T::default(); W]; STEPS]
    };
    // Thread j - 1 set where this slice starts before it handed the band over.
    pipeline.set_border(b, j);
    let (low, high) = pipeline.slice(b, j);
    let started = Instant::now();
    let mut waited = Duration::ZERO;
    // Band b - 1 is ready up to here: every column left of it was swept by this thread or one
    // to its left, which finished band b - 1 before handing band b over; beyond, the columns
    // come from the threads to the right (usually j + 1 only). The first band of a pipeline
    // reads the row as `margin_in` set it.
    let mut ready = if b == 0 {
        usize::MAX
    } else {
        pipeline.slice(b - 1, j).1
    };
    let cursor = &pipeline.cursors[j * pipeline.bands + b];
    let left_piles = left_pile_table(piles, layout);
    let every = pipeline.checkpoint_every;
    let checkpoint = (every > 0 && (b + 1).is_multiple_of(every)).then(|| Checkpoint {
        values: checkpoints.wrapping_add(pipeline.checkpoint_starts[(b + 1) / every]),
        valid: n + 1 - (base + STEPS),
        overflow: &pipeline.checkpoint_overflow,
    });
    let mut x = low;
    while x < high {
        let needed = x + STEPS + PHASES * W;
        while ready < needed {
            let (now_ready, wait) = pipeline.wait_for_column(b - 1, j + 1, ready, needed);
            (ready, waited) = (now_ready, waited + wait);
        }
        // SAFETY: x < high <= (n - base + 1) rounded up to a block, so the block starts at most
        // at n - base; see `Block::load`.
        unsafe {
            let mut block = Block::<T, W>::load::<LEVEL>(row, piles, layout, &left_piles, base, x);
            if Block::<T, W>::keeps_left_piles(LEVEL) {
                // The kept left piles rotate through four registers, one place a step: four
                // steps per iteration leave each where it was loaded, with no register moves.
                // With loaded left piles there is nothing to rotate, and the longer body
                // spilled.
                for (chunk, carries) in before.chunks_exact_mut(PHASES).enumerate() {
                    for (k, carry) in carries.iter_mut().enumerate() {
                        *carry = block.step::<LEVEL>(&left_piles, chunk * PHASES + k, *carry);
                    }
                }
            } else {
                for (step, carry) in before.iter_mut().enumerate() {
                    *carry = block.step::<LEVEL>(&left_piles, step, *carry);
                }
            }
            block.store(row, layout);
            if let Some(checkpoint) = &checkpoint {
                checkpoint.keep::<T, W>(row, layout, x);
            }
        }
        x += PHASES * W;
        if x.is_multiple_of(PUBLISH_EVERY) {
            cursor.store(x, Ordering::Release);
        }
    }
    cursor.store(usize::MAX, Ordering::Release);
    pipeline.record_pace(j, high - low, started.elapsed().saturating_sub(waited));
    if j + 1 < pipeline.threads {
        pipeline.hand_over(j, b, &before);
    }
}

/// Where a checkpoint band's blocks copy their margins: the band's checkpoint row.
struct Checkpoint<'a> {
    /// The row's first margin (column 0).
    values: *mut i64,
    /// Margins in the row: columns `0..valid` are cells of the band's last length.
    valid: usize,
    /// Set if a margin does not fit `i64`.
    overflow: &'a std::sync::atomic::AtomicBool,
}

impl Checkpoint<'_> {
    /// Copies the margins that the block at column `x` has just stored ([`Block::store`]:
    /// columns `x - STEPS ..`, of which those below `valid` are cells) from `row`. Each block is
    /// copied as it is stored, before the cursor that lets another thread overwrite it is
    /// published. From memory, not from the block's registers: a reference to those would keep
    /// the whole block in memory through every step.
    ///
    /// # Safety
    /// `row` is laid out by `layout`, and `values` points to a row of `valid` margins that only
    /// this block writes at these columns.
    #[inline(never)]
    unsafe fn keep<T: Lane, const W: usize>(&self, row: *const T, layout: PhaseLayout, x: usize) {
        let first = x.saturating_sub(STEPS);
        for column in first..(x + PHASES * W).saturating_sub(STEPS).min(self.valid) {
            // SAFETY: the block stored this column (`column < x - STEPS + PHASES * W`), and
            // `column < valid`, inside the checkpoint row (the caller's contract).
            unsafe {
                match (*row.add(layout.index(column))).widen() {
                    Some(margin) => *self.values.add(column) = margin,
                    None => self.overflow.store(true, Ordering::Relaxed),
                }
            }
        }
    }
}

/// Sweeps thread `j`'s slice of every band.
type SliceRunner<T, const W: usize> = fn(Shared<T>, &Pipeline<T, W>, usize);

#[inline(always)]
fn run_slices_body<T: Lane, const W: usize, const LEVEL: u8>(
    shared: Shared<T>,
    pipeline: &Pipeline<T, W>,
    j: usize,
) {
    let mut cells = 0u128;
    for b in 0..pipeline.bands {
        // SAFETY: `margin_in` allocates padded arrays and runs one thread per slice, so the
        // slice protocol holds (module docs).
        unsafe { sweep_slice::<T, W, LEVEL>(shared, pipeline, j, b) };
        // The first slice reports the whole band's cells (the slices move together), every
        // few bands: a long row's progress, at no measurable cost.
        if j == 0 {
            cells += (STEPS * (pipeline.n - b * STEPS)) as u128;
            if b % PROGRESS_BANDS == PROGRESS_BANDS - 1 || b + 1 == pipeline.bands {
                Work::of(pipeline.operation, cells).done();
                cells = 0;
            }
        }
    }
}

/// Bands between two progress reports of a long row.
const PROGRESS_BANDS: usize = 64;

fn run_slices_portable<T: Lane, const W: usize>(
    shared: Shared<T>,
    pipeline: &Pipeline<T, W>,
    j: usize,
) {
    run_slices_body::<T, W, PORTABLE>(shared, pipeline, j);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn run_slices_avx2_unchecked<T: Lane, const W: usize>(
    shared: Shared<T>,
    pipeline: &Pipeline<T, W>,
    j: usize,
) {
    run_slices_body::<T, W, AVX2>(shared, pipeline, j);
}

#[cfg(target_arch = "x86_64")]
fn run_slices_avx2<T: Lane, const W: usize>(
    shared: Shared<T>,
    pipeline: &Pipeline<T, W>,
    j: usize,
) {
    // SAFETY: selected only after `is_x86_feature_detected!("avx2")` (see `level`).
    unsafe { run_slices_avx2_unchecked(shared, pipeline, j) }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn run_slices_avx512_unchecked<T: Lane, const W: usize>(
    shared: Shared<T>,
    pipeline: &Pipeline<T, W>,
    j: usize,
) {
    // AVX-512 shifts a whole vector in one `valignd`/`valignq`: LLVM's choice stands.
    run_slices_body::<T, W, AVX512>(shared, pipeline, j);
}

#[cfg(target_arch = "x86_64")]
fn run_slices_avx512<T: Lane, const W: usize>(
    shared: Shared<T>,
    pipeline: &Pipeline<T, W>,
    j: usize,
) {
    // SAFETY: selected only after `is_x86_feature_detected!("avx512f")` (see `level`).
    unsafe { run_slices_avx512_unchecked(shared, pipeline, j) }
}

/// The copies' levels as the kernel's const parameter `LEVEL` (an enum cannot be one on stable
/// Rust): the portable copy, the AVX2 copy, the AVX-512 copy.
const PORTABLE: u8 = 0;
const AVX2: u8 = 1;
const AVX512: u8 = 2;

/// A SIMD level the kernel has a copy for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Level {
    #[cfg(target_arch = "x86_64")]
    Avx512,
    #[cfg(target_arch = "x86_64")]
    Avx2,
    Portable,
}

/// The widest level this CPU runs, under the `GAMELAB_SIMD` cap ([`crate::util::simd`]).
fn level() -> Level {
    static CHOSEN: OnceLock<Level> = OnceLock::new();
    *CHOSEN.get_or_init(|| {
        let cap = crate::util::simd::Cap::from_env();
        #[cfg(target_arch = "x86_64")]
        {
            if cap.allows_avx512() && std::is_x86_feature_detected!("avx512f") {
                return Level::Avx512;
            }
            if cap.allows_avx2() && std::is_x86_feature_detected!("avx2") {
                return Level::Avx2;
            }
        }
        let _ = cap;
        Level::Portable
    })
}

/// The slice runner of this CPU's level for lanes of `T`.
fn runner<T: Lane, const W: usize>() -> SliceRunner<T, W> {
    match level() {
        #[cfg(target_arch = "x86_64")]
        Level::Avx512 => run_slices_avx512::<T, W>,
        #[cfg(target_arch = "x86_64")]
        Level::Avx2 => run_slices_avx2::<T, W>,
        Level::Portable => run_slices_portable::<T, W>,
    }
}

/// The SIMD level the fast paths use on this machine: `avx512`, `avx2` or `portable`.
pub fn simd_level() -> &'static str {
    match level() {
        #[cfg(target_arch = "x86_64")]
        Level::Avx512 => "avx512",
        #[cfg(target_arch = "x86_64")]
        Level::Avx2 => "avx2",
        Level::Portable => "portable",
    }
}

/// The lane width [`fast_margin`] runs `piles` in: `I32` when the sum of the absolute pile
/// values fits in `i32`, `I64` when it fits in `i64`, else `I128` (never `I16`).
pub fn lane_width(piles: &[i64]) -> Width {
    Width::for_sum(absolute_sum(piles), false)
}

/// The first player's margin on `piles` with the fast DP, using up to `threads` threads (one
/// below [`THREADING_THRESHOLD`] piles), in the narrowest exact lanes ([`lane_width`]).
///
/// Time O(n^2) (n²/2 cell updates), memory 2n lanes.
///
/// # Panics
/// If the margin does not fit in `i64`, which needs the absolute sum of the piles beyond
/// `i64::MAX` (validated inputs never are; see `input::fields::check_score_range`).
///
/// ```
/// use gamelab::games::stone_game::fast::fast_margin;
/// assert_eq!(fast_margin(&[1, 100, 3], 2), -96);
/// ```
pub fn fast_margin(piles: &[i64], threads: usize) -> i64 {
    let threads = if piles.len() < THREADING_THRESHOLD {
        1
    } else {
        threads
    };
    fast_margin_threads(piles, threads)
}

/// [`fast_margin`] with exactly `threads` threads whatever the size (for tests of the protocol
/// on small inputs).
pub fn fast_margin_threads(piles: &[i64], threads: usize) -> i64 {
    run_in_width(piles, threads, lane_width(piles), i32_lanes(), None)
        .expect("a stone-game margin beyond 64 bits: the piles' absolute sum was not validated")
}

/// [`fast_margin_threads`] in lanes of `width` rather than the narrowest (for tests and
/// benchmarks comparing widths); `None` when `width` is too narrow to be exact for `piles` (a
/// narrower width than [`lane_width`] is refused, never run) or the margin does not fit `i64`.
/// `I16` runs in `i32` lanes.
pub fn fast_margin_in(piles: &[i64], threads: usize, width: Width) -> Option<i64> {
    fast_margin_in_vectors(piles, threads, width, i32_lanes())
}

/// [`fast_margin_in`] with `i32` lanes in vectors of `i32_lanes` lanes (8 or 16) whatever this
/// CPU's level (for tests of both block shapes on any machine); `None` also for another count.
pub fn fast_margin_in_vectors(
    piles: &[i64],
    threads: usize,
    width: Width,
    i32_lanes: usize,
) -> Option<i64> {
    // `lane_width` is never `I16`, so `I16` (run as `I32`) passes exactly when `I32` does.
    if width.max(Width::I32) < lane_width(piles) || ![8, 16].contains(&i32_lanes) {
        return None;
    }
    run_in_width(piles, threads, width, i32_lanes, None)
}

/// How many `i32` lanes a vector holds at this CPU's level: sixteen, one 512-bit register, with
/// AVX-512; else eight, one 256-bit register (two 128-bit ones without AVX2). Eight lanes with
/// AVX-512 would run 256-bit instructions, as many cells per instruction as `i64` there, and
/// take twice the time of sixteen.
pub fn i32_lanes() -> usize {
    match level() {
        #[cfg(target_arch = "x86_64")]
        Level::Avx512 => 16,
        _ => 8,
    }
}

/// [`fast_margin_threads`] that also keeps the row of margins after every `every` bands
/// (`every * STEPS` lengths, `every >= 1`): the principal variation is recovered from these
/// rows ([`crate::games::stone_game::line`]). The threads copy their parts of a checkpoint row as they
/// go, so keeping checkpoints costs the copies and nothing else.
///
/// # Panics
/// As [`fast_margin`]: only if a margin does not fit in `i64`.
pub fn fast_margin_with_checkpoints(
    piles: &[i64],
    threads: usize,
    every: usize,
) -> (i64, CheckpointRows) {
    let mut rows = CheckpointRows::sized(piles, every.max(1));
    let margin = run_in_width(
        piles,
        threads,
        lane_width(piles),
        i32_lanes(),
        Some(&mut rows),
    )
    .expect("a stone-game margin beyond 64 bits: the piles' absolute sum was not validated");
    (margin, rows)
}

/// Rows of margins `d_L` at some lengths `L`, one after another: `row(k)` holds `d(i, i + L - 1)`
/// for every `i <= n - L`, where `L = lengths[k]`. The first row is length 1: the piles.
#[derive(Clone, Debug, Default)]
pub struct CheckpointRows {
    /// The lengths of the rows, increasing.
    pub lengths: Vec<usize>,
    /// `starts[k]`: where row `k` begins in `values`.
    pub starts: Vec<usize>,
    /// The rows' margins.
    pub values: Vec<i64>,
    /// Bands between two rows: row `k >= 1` follows band `k * every - 1`.
    every: usize,
}

impl CheckpointRows {
    /// Room for the piles and the row after every `every`-th band of `piles`.
    fn sized(piles: &[i64], every: usize) -> CheckpointRows {
        let n = piles.len();
        let bands = n.saturating_sub(1) / STEPS;
        let (mut lengths, mut starts) = (vec![1], vec![0]);
        let mut total = n;
        for bands_done in (every..=bands).step_by(every) {
            let length = 1 + bands_done * STEPS;
            lengths.push(length);
            starts.push(total);
            total += n + 1 - length;
        }
        let mut values = vec![0; total];
        values[..n].copy_from_slice(piles);
        CheckpointRows {
            lengths,
            starts,
            values,
            every,
        }
    }

    /// Row `k`: the margins at length `lengths[k]`.
    pub fn row(&self, k: usize) -> &[i64] {
        let end = self.starts.get(k + 1).copied().unwrap_or(self.values.len());
        &self.values[self.starts[k]..end]
    }
}

/// The DP in lanes of `width` (`I16` runs as `I32`, in vectors of `i32_lanes` lanes: 16, or
/// else 8), keeping `checkpoints` if given.
fn run_in_width(
    piles: &[i64],
    threads: usize,
    width: Width,
    i32_lanes: usize,
    checkpoints: Option<&mut CheckpointRows>,
) -> Option<i64> {
    match width {
        Width::I16 | Width::I32 if i32_lanes == 16 => {
            margin_in::<i32, 16>(piles, threads, checkpoints)
        }
        Width::I16 | Width::I32 => margin_in::<i32, 8>(piles, threads, checkpoints),
        Width::I64 => margin_in::<i64, 8>(piles, threads, checkpoints),
        Width::I128 => margin_in::<i128, 4>(piles, threads, checkpoints),
    }
}

/// The DP in lanes of `T`, blocks of `W`: the margin, or `None` if it (or a checkpoint
/// margin) does not fit `i64`. The caller has checked that the piles' absolute sum fits `T`.
fn margin_in<T: Lane, const W: usize>(
    piles: &[i64],
    threads: usize,
    checkpoints: Option<&mut CheckpointRows>,
) -> Option<i64> {
    const {
        assert!(
            W * size_of::<T>() <= VECTOR_BYTES,
            "a vector is at most VECTOR_BYTES wide"
        );
        assert!(
            PUBLISH_EVERY.is_multiple_of(PHASES * W),
            "cursors are published at block boundaries"
        );
    };
    let n = piles.len();
    if n == 0 {
        return Some(0);
    }
    let layout = PhaseLayout::new(n, W);
    // Every pile fits `T`: each is at most the absolute sum.
    let narrow: Vec<T> = piles.iter().map(|&pile| T::narrow(pile)).collect();
    // Phase arrays start at a cache line and are whole vectors long, and blocks start at a
    // multiple of W in each, so a block's loads of the row never straddle two lines (its
    // stores, `STEPS / PHASES` lanes behind, do when a vector is a whole line).
    let mut row_storage = vec![T::default(); layout.len() + W];
    let row = aligned_window(&mut row_storage, layout.len());
    let mut piles_storage = vec![T::default(); layout.len() + W];
    let padded = aligned_window(&mut piles_storage, layout.len());
    for (i, &pile) in narrow.iter().enumerate() {
        row[layout.index(i)] = pile; // d_1
        padded[layout.index(i)] = pile;
    }
    // Full bands cover lengths 2..=1 + bands * STEPS; the rest is finished below.
    let bands = (n - 1) / STEPS;
    let threads = threads.clamp(1, n.div_ceil(PHASES * W));
    let (checkpoint_values, checkpoint_every, checkpoint_starts) = match checkpoints {
        Some(rows) => (rows.values.as_mut_ptr(), rows.every, rows.starts.clone()),
        None => (std::ptr::null_mut(), 0, Vec::new()),
    };
    let shared = Shared {
        row: row.as_mut_ptr(),
        piles: padded.as_ptr(),
        n,
        layout,
        checkpoints: checkpoint_values,
    };
    if bands > 0 {
        let pipeline_of = |threads| {
            Pipeline::<T, W>::new(
                n,
                threads,
                bands,
                checkpoint_every,
                checkpoint_starts.clone(),
            )
        };
        let mut pipeline = pipeline_of(threads);
        if !run_pipeline(shared, &pipeline) {
            // A thread could not be started, so nothing ran: all of it on one thread, which
            // always runs.
            pipeline = pipeline_of(1);
            run_pipeline(shared, &pipeline);
        }
        if pipeline.checkpoint_overflow.load(Ordering::Relaxed) {
            return None;
        }
    }
    let phased = aligned_window(&mut row_storage, layout.len());
    // The last (n - 1) % STEPS lengths, one plain row pass each, in position order.
    let row = &mut (0..n).map(|i| phased[layout.index(i)]).collect::<Vec<T>>();
    for length in 2 + bands * STEPS..=n {
        for i in 0..=n - length {
            row[i] = narrow[i]
                .minus(row[i + 1])
                .max(narrow[i + length - 1].minus(row[i]));
        }
    }
    row[0].widen()
}

/// Runs every band of `pipeline` on `shared`, one thread per slice, all at once or not at all
/// ([`crate::util::parallel::run_all_or_none`]: the slices wait on one another); `false` if a thread
/// could not be started, with nothing run.
fn run_pipeline<T: Lane, const W: usize>(shared: Shared<T>, pipeline: &Pipeline<T, W>) -> bool {
    let run = runner::<T, W>();
    crate::util::parallel::run_all_or_none(pipeline.threads, |j| run(shared, pipeline, j))
}

/// The `len` elements of `storage` starting at the first 64-byte boundary (`storage` has one
/// block of spare elements for this).
fn aligned_window<T>(storage: &mut [T], len: usize) -> &mut [T] {
    let skip = storage.as_ptr().align_offset(64).min(storage.len() - len);
    &mut storage[skip..skip + len]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stone_game::dp::rolling_margin;

    fn piles(n: usize) -> Vec<i64> {
        (0..n as i64)
            .map(|x| (x * 7919 + 13) % 1001 - 300)
            .collect()
    }

    #[test]
    fn every_size_up_to_a_few_bands_agrees_with_the_plain_row() {
        // Past several blocks (32 columns each, 64 for sixteen `i32` lanes), so slices of one
        // and more blocks and the phase arrays' edges all occur; `tests/solvers/lane_widths.rs` runs
        // both `i32` shapes on every CPU.
        for n in 0..=5 * STEPS + 2 * PHASES * 16 + 3 {
            let piles = piles(n);
            let expected = rolling_margin(&piles);
            for threads in [1, 2, 3] {
                assert_eq!(
                    fast_margin_threads(&piles, threads),
                    expected,
                    "n = {n}, {threads} threads"
                );
            }
        }
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn the_avx2_lane_shift_is_the_portable_one() {
        if !std::is_x86_feature_detected!("avx2") {
            return; // the AVX2 copy is never chosen on this CPU.
        }
        let left: [i32; 8] = std::array::from_fn(|k| 100 + k as i32);
        let now: [i32; 8] = std::array::from_fn(|k| -(k as i32) - 1);
        let portable = shifted::<i32, 8, PORTABLE>(&left, &now);
        assert_eq!(portable, [107, -1, -2, -3, -4, -5, -6, -7]);
        assert_eq!(shifted::<i32, 8, AVX2>(&left, &now), portable);
    }

    #[test]
    fn borders_anywhere_give_the_same_margins_and_checkpoints() {
        SCRAMBLE_BORDERS.set(true);
        for n in [37, 200, 1000, 3001] {
            let piles = piles(n);
            let expected = rolling_margin(&piles);
            let (_, even) = fast_margin_with_checkpoints(&piles, 1, 2);
            for threads in [2, 3, 5] {
                assert_eq!(
                    fast_margin_threads(&piles, threads),
                    expected,
                    "n = {n}, {threads} threads"
                );
                let (margin, rows) = fast_margin_with_checkpoints(&piles, threads, 2);
                assert_eq!(margin, expected, "n = {n}, {threads} threads");
                assert_eq!(rows.values, even.values, "n = {n}, {threads} threads");
            }
        }
        SCRAMBLE_BORDERS.set(false);
    }

    #[test]
    fn both_i32_vector_shapes_keep_the_same_checkpoints() {
        // The moves are recovered from checkpoint rows, so both shapes must keep them alike,
        // whichever this CPU runs.
        for n in [1, 17, 63, 64, 65, 200, 1000, 3001] {
            let piles = piles(n);
            let expected = rolling_margin(&piles);
            let mut kept = Vec::new();
            for lanes in [8, 16] {
                for threads in [1, 2, 3] {
                    let mut rows = CheckpointRows::sized(&piles, 2);
                    let margin = run_in_width(&piles, threads, Width::I32, lanes, Some(&mut rows));
                    assert_eq!(
                        margin,
                        Some(expected),
                        "n = {n}, {lanes} lanes, {threads} threads"
                    );
                    kept.push(rows.values);
                }
            }
            assert!(kept.windows(2).all(|pair| pair[0] == pair[1]), "n = {n}");
        }
    }

    #[test]
    fn a_thread_that_cannot_start_leaves_the_work_to_one() {
        // Under a process or address-space limit the second thread may not start; the first
        // must not wait for it, and the answer and checkpoints are the one-thread ones.
        crate::util::parallel::SPAWNS_ALLOWED.set(Some(0));
        for n in [200, 3001] {
            let piles = piles(n);
            let (_, alone) = fast_margin_with_checkpoints(&piles, 1, 2);
            assert_eq!(
                fast_margin_threads(&piles, 3),
                rolling_margin(&piles),
                "n = {n}"
            );
            let (margin, rows) = fast_margin_with_checkpoints(&piles, 2, 2);
            assert_eq!(margin, rolling_margin(&piles), "n = {n}");
            assert_eq!(rows.values, alone.values, "n = {n}");
        }
        crate::util::parallel::SPAWNS_ALLOWED.set(None);
    }

    #[test]
    fn sizes_around_the_threading_threshold_agree() {
        for n in [THREADING_THRESHOLD - 1, THREADING_THRESHOLD + 13] {
            let piles = piles(n);
            let expected = rolling_margin(&piles);
            assert_eq!(fast_margin(&piles, 2), expected, "n = {n}");
            assert_eq!(fast_margin_threads(&piles, 4), expected, "n = {n}");
        }
    }
}
