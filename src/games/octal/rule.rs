//! An octal game as a member of the heap family: its code as a [`HeapRule`] (the options of a
//! heap, its bounds, its nim-sequence in stages so that a proved period answers any heap), and
//! the names the four registered games play it under.

use super::code::{Left, OctalCode, OctalOption};
use super::sequence::{HEAP_LIMIT, SequenceError, nim_sequence, sequence_cost};
use crate::analysis::grundy::NimValues;
use crate::base::error::{Setting, SolveError};
use crate::base::game::Bounds;
use crate::base::input::InstanceInput;
use crate::cost::{Cost, Work};
use crate::games::families::heaps::{HeapOption, HeapRule, cost_by_values};
use std::fmt::Debug;
use std::marker::PhantomData;
use std::sync::Mutex;
use std::time::Duration;

/// Which octal game a rule plays: `octal` with any code, or a named game with its own.
pub trait OctalName: Clone + Copy + Debug + PartialEq + Eq + Send + Sync + 'static {
    /// The game's command-line name.
    const NAME: &'static str;
    /// The game's code; `None` for `octal`, which reads `--code`.
    const CODE: Option<OctalCode>;
}

/// `octal`: any code, given with `--code`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnyCode;

impl OctalName for AnyCode {
    const NAME: &'static str = "octal";
    const CODE: Option<OctalCode> = None;
}

/// `kayles`: 0.77.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KaylesCode;

impl OctalName for KaylesCode {
    const NAME: &'static str = "kayles";
    const CODE: Option<OctalCode> = Some(OctalCode::KAYLES);
}

/// `dawsons-kayles`: 0.07.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DawsonsKaylesCode;

impl OctalName for DawsonsKaylesCode {
    const NAME: &'static str = "dawsons-kayles";
    const CODE: Option<OctalCode> = Some(OctalCode::DAWSONS_KAYLES);
}

/// `dawsons-chess`: 0.137.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DawsonsChessCode;

impl OctalName for DawsonsChessCode {
    const NAME: &'static str = "dawsons-chess";
    const CODE: Option<OctalCode> = Some(OctalCode::DAWSONS_CHESS);
}

/// The rule of an octal game: its code, played under the name `K`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OctalRule<K: OctalName> {
    code: OctalCode,
    name: PhantomData<K>,
}

/// Heaps up to which the nim-sequence is first computed: the codes studied with a short
/// period prove it well before (Kayles at 168 values, Dawson's Kayles at 176), and any heap,
/// even of 10^18 tokens, is then answered from it; only a code that proves none is computed
/// further, costed again when it starts.
pub const FIRST_STAGE: u64 = 1 << 16;

/// Heaps a nim-sequence is computed to while it is costed, when the values asked for go
/// further (up to [`FIRST_STAGE`]): codes with a short period prove it within them (0.45 at
/// about 1,000 values, 0.156 at 7,700, 0.356 at 15,000), and the computation stops there, so
/// the estimate of every heap asked for would be far too high.
pub const PROBE: u64 = 1 << 14;

/// How far the nim-sequence is computed in search of a proof when a heap is larger than
/// [`HEAP_LIMIT`]: 0.16's period is proved at 509,622 values.
pub const PROOF_SEARCH: u64 = 1 << 22;

impl<K: OctalName> OctalRule<K> {
    /// The rule of `code` under the name `K`.
    pub fn new(code: OctalCode) -> OctalRule<K> {
        OctalRule {
            code,
            name: PhantomData,
        }
    }

    /// The code.
    pub fn code(&self) -> &OctalCode {
        &self.code
    }

    /// The nim-sequence up to `n_max`, its errors as the solvers report them.
    fn computed(&self, n_max: u64) -> Result<NimValues, SolveError> {
        nim_sequence(&self.code, n_max as usize).map_err(|error| match error {
            SequenceError::Input(error) => SolveError::Input(error),
            SequenceError::PastTimeBudget { heap, limit, .. } => SolveError::PastTimeBudget {
                what: format!("the nim-sequence of {}", self.code),
                reached: format!("heap {heap}"),
                limit: crate::cost::duration(limit.as_secs_f64()),
                setting: Setting::MaxTime,
            },
            SequenceError::Stopped { heap, .. } => SolveError::Stopped {
                what: format!("the nim-sequence of {}", self.code),
                reached: format!("heap {heap}"),
            },
            other => SolveError::TooLarge {
                solver: "grundy",
                what: "the nim-sequence",
                size: format!("up to heap {n_max}"),
                limit: other.to_string(),
                advice: "use smaller heaps",
            },
        })
    }
}

impl<K: OctalName> HeapRule for OctalRule<K> {
    const NAME: &'static str = K::NAME;
    const MOVE_KEY: &'static str = "move";

    fn options(&self, heap: u64) -> Vec<HeapOption> {
        let Ok(heap) = usize::try_from(heap) else {
            return Vec::new();
        };
        self.code
            .options(heap)
            .into_iter()
            .map(heap_option)
            .collect()
    }

    /// Without listing the options, which number about half the heap with breaking moves.
    fn is_dead(&self, heap: u64) -> bool {
        let top = self
            .code
            .largest_take()
            .min(usize::try_from(heap).unwrap_or(usize::MAX));
        !(0..=top).any(|take| {
            let (digit, rest) = (self.code.digit(take), heap - take as u64);
            (digit & 1 != 0 && rest == 0)
                || (digit & 2 != 0 && rest >= 1 && take >= 1)
                || (digit & 4 != 0 && rest >= 2)
        })
    }

    fn splits(&self) -> bool {
        self.code.has_breaking_moves()
    }

    /// Positions, for either player: twice the multisets of heaps a heap of N can reach
    /// (`reachable_multisets`; without breaking moves one heap: N + 1). Moves: each amount a
    /// move may take gives a heap of h at most one move that leaves no heap or one, and
    /// (h − a)/2 splits, so a position of j heaps and T tokens has at most j + T/2 moves per
    /// amount (`most_moves_per_take`; one without breaking moves). Depth: a move takes a
    /// token or, a leading 4's split, makes a heap more, so at most 2N.
    fn heap_bounds(&self, heap: u64) -> Bounds {
        let n = heap as u128;
        let largest = self.code.largest_take();
        let takes = self.code.takes();
        let least = takes.first().map_or(0, |&take| take as u64);
        let (states, per_take) = if self.splits() {
            (
                reachable_multisets(heap, least),
                most_moves_per_take(heap, least),
            )
        } else {
            (n + 1, 1)
        };
        Bounds {
            states: states.saturating_mul(2),
            moves: (takes.len() as u128).saturating_mul(per_take).max(1),
            depth: n.saturating_mul(2),
            least_states: n / (largest as u128 + 1) + 1,
        }
    }

    /// Up to `n_max` where that is at most [`FIRST_STAGE`]; else the first stage's values if
    /// they prove a period, or else up to `n_max` (for a heap beyond [`HEAP_LIMIT`], up to
    /// [`PROOF_SEARCH`] in search of a proof, refused if none comes).
    fn nim_values(&self, n_max: u64) -> Result<NimValues, SolveError> {
        if n_max <= FIRST_STAGE {
            return self.computed(n_max);
        }
        if let FirstStage::Proved(values) = first_stage(&self.code)? {
            return Ok(values);
        }
        let target = later_stage(n_max);
        let values = self.computed(target)?;
        if target < n_max && values.proved_period().is_none() {
            return Err(SolveError::TooLarge {
                solver: "grundy",
                what: "the largest heap",
                size: n_max.to_string(),
                limit: format!(
                    "{HEAP_LIMIT} when no period is proved (none up to heap {PROOF_SEARCH})"
                ),
                advice: "use smaller heaps",
            });
        }
        Ok(values)
    }

    /// The first stage's values when they prove a period (computed once per code), for heaps
    /// beyond it: up to it, the values themselves cost no more.
    fn proved_values(&self, n_max: u64) -> Result<Option<NimValues>, SolveError> {
        if n_max <= FIRST_STAGE {
            return Ok(None);
        }
        Ok(match first_stage(&self.code)? {
            FirstStage::Proved(values) => Some(values),
            FirstStage::Unproved | FirstStage::OverBudget(_) => None,
        })
    }

    /// Beyond the first stage, nothing more when it proves a period (found out here, once per
    /// code, at the first stage's bounded cost, when that fits the budget; the first stage's
    /// own cost when it does not), else the whole sequence's.
    fn nim_cost(&self, n_max: u64) -> Cost {
        if n_max <= FIRST_STAGE {
            return probed_cost(&self.code, n_max);
        }
        match first_stage(&self.code) {
            Ok(FirstStage::Proved(values)) => {
                Cost::new(values.values.len() as u128 * 4, Work::default())
            }
            // Already over the budget: the rest would only add to it.
            Ok(FirstStage::OverBudget(first)) => *first,
            Ok(FirstStage::Unproved) | Err(_) => {
                sequence_cost(&self.code, later_stage(n_max) as usize)
            }
        }
    }

    /// As [`HeapRule::losing_cost`]'s default, except that a first stage over the budget is
    /// the whole cost named: within the budget it might prove the period, and then the count
    /// to any N would follow at once, so the look at every heap would not be needed.
    fn losing_cost(&self, n_max: u64) -> Cost {
        if n_max > FIRST_STAGE
            && let Ok(FirstStage::OverBudget(first)) = first_stage(&self.code)
        {
            return *first;
        }
        cost_by_values(self.nim_cost(n_max), n_max)
    }

    fn describe_heap(&self, heap: u64) -> String {
        match heap {
            0 => "no heap left".to_string(),
            _ => format!("a heap of {heap}"),
        }
    }

    fn describe_option(&self, heap: u64, option: HeapOption) -> String {
        match option.left {
            [0, 0] => format!("takes the whole heap ({heap})"),
            [a, 0] => format!("takes {}, leaving {a}", option.take),
            [a, b] if option.take == 0 => format!("splits it into {a} and {b}"),
            [a, b] => format!("takes {}, leaving {a} and {b}", option.take),
        }
    }

    fn write_input(&self, input: InstanceInput) -> InstanceInput {
        match K::CODE {
            Some(_) => input,
            None => InstanceInput {
                code: Some(self.code.to_string()),
                ..input
            },
        }
    }
}

/// The largest N whose reachable multisets [`reachable_multisets`] counts exactly: p(1000) is
/// about 2.4·10^31, and the sum up to it fits in 128 bits.
const EXACT_PARTITIONS: u64 = 1000;

/// The most heaps a position reached from one heap of `n` can hold when every move takes at
/// least `least` tokens and leaves at most one heap more: j heaps of one token or more, after
/// j − 1 moves or more, need j + (j − 1)·least tokens.
fn most_heaps(n: u64, least: u64) -> u64 {
    (n + least) / (least + 1)
}

/// The most moves one amount taken gives a position reached from one heap of `n`, when every
/// move takes at least `least` tokens and leaves at most one heap more: j + T/2 for j heaps of T
/// tokens, T at most n − (j − 1)·least, which is largest at one heap or at the most heaps.
fn most_moves_per_take(n: u64, least: u64) -> u128 {
    let moves = |heaps: u64| {
        let tokens = n.saturating_sub(heaps.saturating_sub(1).saturating_mul(least));
        u128::from(heaps) + u128::from(tokens / 2)
    };
    moves(1).max(moves(most_heaps(n, least).max(1)))
}

/// The multisets of heaps that a heap of `n` tokens can reach when every move takes at least
/// `least` tokens and leaves at most one heap more than it found (an octal game's): a position
/// of j heaps is j − 1 moves deep or more, so it holds at most n − (j − 1)·least tokens.
/// Counts the multisets of j ≥ 1 heaps of one token or more within that, for every j, and the
/// empty one; with `least` 0 (a leading 4) that is p(0) + p(1) + ... + p(n), p the partitions.
/// Beyond [`EXACT_PARTITIONS`] a number far above any budget.
///
/// Time `O(n · j)` for the largest j, memory 32 bytes per token.
fn reachable_multisets(n: u64, least: u64) -> u128 {
    if n > EXACT_PARTITIONS {
        return u128::MAX / 4;
    }
    let (n, least) = (n as usize, least as usize);
    // The partitions of s into exactly j parts, p(s, j) = p(s − 1, j − 1) (a part of 1) +
    // p(s − j, j) (every part one smaller), for j − 1 (`fewer`) and j (`parts`). Only the s a
    // position of j heaps may hold are needed, and they shrink as j grows.
    let mut fewer = vec![0u128; n + 1];
    fewer[0] = 1;
    let mut parts = vec![0u128; n + 1];
    let mut total = 1;
    for j in 1..=most_heaps(n as u64, least as u64) as usize {
        let tokens = n - (j - 1) * least;
        parts[..j].fill(0);
        for s in j..=tokens {
            parts[s] = fewer[s - 1] + parts[s - j];
        }
        total += parts[j..=tokens].iter().sum::<u128>();
        std::mem::swap(&mut fewer, &mut parts);
    }
    total
}

/// How far the sequence is computed for heaps up to `n_max` when the first stage proved no
/// period.
fn later_stage(n_max: u64) -> u64 {
    if n_max <= HEAP_LIMIT {
        n_max
    } else {
        PROOF_SEARCH
    }
}

/// The codes whose first stage was computed or stopped, and what came of it: a few hundred
/// bytes a code, and at most [`REMEMBERED_CODES`] codes.
static FIRST_STAGES: Mutex<Vec<(OctalCode, Outcome)>> = Mutex::new(Vec::new());

/// How many codes [`FIRST_STAGES`] remembers; the oldest is forgotten first.
const REMEMBERED_CODES: usize = 64;

/// What `code`'s values up to `n_max` (at most [`FIRST_STAGE`]) cost: past [`PROBE`], when the
/// values up to it (a quarter of the estimate's work or less, computed here when that fits the
/// budget) prove a period, the work stops at the proof, which comes within the probe's work;
/// the values are still reserved up to `n_max`. Otherwise the estimate.
fn probed_cost(code: &OctalCode, n_max: u64) -> Cost {
    let estimate = sequence_cost(code, n_max as usize);
    if n_max <= PROBE {
        return estimate;
    }
    let probe = sequence_cost(code, PROBE as usize);
    if probe.check_nested("the probe", "").is_err() {
        return estimate;
    }
    match OctalRule::<AnyCode>::new(*code).computed(PROBE) {
        Ok(values) if values.proved_period().is_some() => Cost::new(estimate.memory, probe.work),
        _ => estimate,
    }
}

/// What is remembered of a code's first stage.
#[derive(Clone)]
enum Outcome {
    /// Computed: its values when they prove a period.
    Computed(Option<NimValues>),
    /// Stopped past this time budget. The estimate computes the first stage and cannot say why
    /// it failed, so the request that follows it gets the error at once instead of computing
    /// it again; under another budget the stage is tried again.
    Stopped(Option<Duration>, SolveError),
}

/// What a code's values up to [`FIRST_STAGE`] show.
enum FirstStage {
    /// They prove a period, and then answer every heap.
    Proved(NimValues),
    /// They prove none.
    Unproved,
    /// Not computed: they alone would cost this, more than the budget in force.
    OverBudget(Box<Cost>),
}

/// The first stage of `code`: computed once per code and remembered, and only when it fits the
/// budget in force.
fn first_stage(code: &OctalCode) -> Result<FirstStage, SolveError> {
    let limit = crate::cost::budget().time;
    let known = lock_first_stages()
        .iter()
        .find(|(known, _)| known == code)
        .map(|(_, outcome)| outcome.clone());
    let outcome = match known {
        Some(outcome @ Outcome::Computed(_)) => outcome,
        Some(outcome @ Outcome::Stopped(at, _)) if at == limit => outcome,
        _ => {
            let cost = sequence_cost(code, FIRST_STAGE as usize);
            if cost.check_nested("the first stage", "").is_err() {
                return Ok(FirstStage::OverBudget(Box::new(cost)));
            }
            let outcome = match OctalRule::<AnyCode>::new(*code).computed(FIRST_STAGE) {
                Ok(values) => Outcome::Computed(values.proved_period().is_some().then_some(values)),
                Err(error @ SolveError::PastTimeBudget { .. }) => Outcome::Stopped(limit, error),
                Err(other) => return Err(other),
            };
            remember(code, outcome.clone());
            outcome
        }
    };
    match outcome {
        Outcome::Computed(proved) => Ok(proved.map_or(FirstStage::Unproved, FirstStage::Proved)),
        Outcome::Stopped(_, error) => Err(error),
    }
}

/// Remembers `outcome` for `code` in place of a stop, the oldest code forgotten first; a stage
/// another thread computed meanwhile is kept.
fn remember(code: &OctalCode, outcome: Outcome) {
    let mut stages = lock_first_stages();
    if stages
        .iter()
        .any(|(known, outcome)| known == code && matches!(outcome, Outcome::Computed(_)))
    {
        return;
    }
    stages.retain(|(known, _)| known != code);
    if stages.len() == REMEMBERED_CODES {
        stages.remove(0);
    }
    stages.push((*code, outcome));
}

fn lock_first_stages() -> std::sync::MutexGuard<'static, Vec<(OctalCode, Outcome)>> {
    // A poisoned lock only means another thread panicked while holding it; the list is whole.
    FIRST_STAGES.lock().unwrap_or_else(|e| e.into_inner())
}

/// An option as the heap family names it.
fn heap_option(option: OctalOption) -> HeapOption {
    let left = match option.left {
        Left::Nothing => [0, 0],
        Left::One(a) => [a as u64, 0],
        Left::Two(a, b) => [a as u64, b as u64],
    };
    HeapOption {
        take: option.take as u64,
        left,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partitions_are_counted_exactly() {
        // OEIS A000041: 1, 1, 2, 3, 5, 7, 11, 15, 22, 30, 42; p(100) = 190569292.
        assert_eq!(reachable_multisets(0, 0), 1);
        assert_eq!(
            reachable_multisets(10, 0),
            1 + 1 + 2 + 3 + 5 + 7 + 11 + 15 + 22 + 30 + 42
        );
        assert_eq!(
            reachable_multisets(100, 0) - reachable_multisets(99, 0),
            190_569_292
        );
        assert!(reachable_multisets(EXACT_PARTITIONS, 0) < u128::MAX / 4);
    }

    #[test]
    fn moves_that_take_tokens_bound_the_multisets_by_their_depth() {
        // Taking 10 or more from a heap of 40: 1, 2, 3 and 4 heaps hold at most 40, 30, 20
        // and 10 tokens (0 to 3 moves deep), 530 multisets against 215,308 for any 40 tokens.
        for (n, least) in [(40, 10), (35, 1), (12, 2), (7, 3), (0, 1), (1, 1)] {
            assert_eq!(
                reachable_multisets(n, least),
                brute_multisets(n, least),
                "{n}, {least}"
            );
        }
        assert_eq!(reachable_multisets(40, 10), 530);
    }

    /// [`reachable_multisets`] by listing the multisets (heaps in falling order).
    fn brute_multisets(n: u64, least: u64) -> u128 {
        fn count(left: u64, largest: u64, heaps: u64, n: u64, least: u64) -> u128 {
            // The multiset so far is fine when its tokens fit its depth's budget.
            let used = n - left;
            let fits = heaps == 0 || used + (heaps - 1) * least <= n;
            if !fits {
                return 0;
            }
            1 + (1..=largest.min(left))
                .map(|heap| count(left - heap, heap, heaps + 1, n, least))
                .sum::<u128>()
        }
        count(n, n, 0, n, least)
    }
}
