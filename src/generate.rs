//! Seeded random instances: pile rows (or numbers N) drawn under size, value and parity
//! constraints, reproducible byte for byte on every platform and thread count.
//!
//! Streams. The values of instance `index` with `n` piles come from the ChaCha8 stream whose
//! 256-bit key is (seed, n, index) in little-endian words, so any instance can be regenerated
//! alone and parallel runs equal serial ones. A random size is drawn from the stream keyed by
//! (seed, 0, index). ChaCha8 is a fixed, documented cipher, and every draw goes through the
//! integer-only samplers below (no floating point, no `rand` helper whose output may change
//! between versions), so the output depends on nothing but the inputs. `tests/generate.rs` pins
//! golden values.
//!
//! Distributions of pile values in `[min, max]`:
//! - `uniform`: every value equally likely.
//! - `geometric`: the offset from `min` falls in band k = [2^k - 1, 2^(k+1) - 2] with
//!   probability 2^-(k+1) (the last band takes the remaining mass and is cut at `max`), uniform
//!   within its band. A discrete power law: half the piles are `min`, and a few are huge, the
//!   regime where one big pile decides the game.

use crate::error::InputError;
use crate::games::GameEntry;
use crate::input::InstanceInput;
use rand::rngs::ChaCha8Rng;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

/// Even or odd.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Parity {
    Even,
    Odd,
}

impl Parity {
    /// The parity of `value`.
    pub fn of(value: i128) -> Parity {
        if value.rem_euclid(2) == 0 {
            Parity::Even
        } else {
            Parity::Odd
        }
    }

    /// `"even"` or `"odd"`.
    pub fn name(self) -> &'static str {
        match self {
            Parity::Even => "even",
            Parity::Odd => "odd",
        }
    }
}

/// How pile values are distributed (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Distribution {
    /// Every value in [min, max] equally likely.
    Uniform,
    /// Power-law offsets from min: half the piles are min, a few are huge.
    Geometric,
}

impl Distribution {
    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Distribution::Uniform => "uniform",
            Distribution::Geometric => "geometric",
        }
    }
}

/// The allowed sizes: pile counts (or N) in `[min, max]`, optionally of one parity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SizeRange {
    pub min: u64,
    pub max: u64,
    pub parity: Option<Parity>,
}

impl SizeRange {
    /// Sizes from `min` to `max` of any parity.
    pub fn new(min: u64, max: u64) -> SizeRange {
        SizeRange {
            min,
            max,
            parity: None,
        }
    }

    /// The smallest allowed size, if any.
    fn first(&self) -> Option<u64> {
        let first = match self.parity {
            Some(parity) if Parity::of(self.min as i128) != parity => self.min.checked_add(1)?,
            _ => self.min,
        };
        (first <= self.max).then_some(first)
    }

    /// How many sizes are allowed.
    pub fn count(&self) -> u64 {
        let Some(first) = self.first() else { return 0 };
        match self.parity {
            None => self.max - first + 1,
            Some(_) => (self.max - first) / 2 + 1,
        }
    }

    /// The `k`-th allowed size, ascending (`k < count()`).
    pub fn nth(&self, k: u64) -> u64 {
        let first = self.first().unwrap_or(self.min);
        match self.parity {
            None => first + k,
            Some(_) => first + 2 * k,
        }
    }

    /// Every allowed size, ascending.
    pub fn iter(&self) -> impl Iterator<Item = u64> + '_ {
        (0..self.count()).map(|k| self.nth(k))
    }

    /// A readable form: `n = 1..20`, `even n = 2..20`, `n = 9`.
    pub fn describe(&self, name: &str) -> String {
        let parity = self
            .parity
            .map_or(String::new(), |p| format!("{} ", p.name()));
        if self.min == self.max {
            format!("{parity}{name} = {}", self.min)
        } else {
            format!("{parity}{name} = {}..{}", self.min, self.max)
        }
    }
}

/// What pile values look like.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ValueSpec {
    pub min: i64,
    pub max: i64,
    pub distribution: Distribution,
    /// Required parity of the sum of all piles (LeetCode 877 has an odd total: no ties).
    pub total_parity: Option<Parity>,
}

impl ValueSpec {
    /// Uniform values in `[min, max]` with no total-parity condition.
    pub fn uniform(min: i64, max: i64) -> ValueSpec {
        ValueSpec {
            min,
            max,
            distribution: Distribution::Uniform,
            total_parity: None,
        }
    }

    /// A readable form: `uniform values 1..100, odd total`.
    pub fn describe(&self) -> String {
        let total = self
            .total_parity
            .map_or(String::new(), |p| format!(", {} total", p.name()));
        format!(
            "{} values {}..{}{total}",
            self.distribution.name(),
            self.min,
            self.max
        )
    }
}

/// Everything that determines generated instances.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct GeneratorSpec {
    /// Pile counts, or N for number games.
    pub sizes: SizeRange,
    /// Pile values; `None` for number games.
    pub values: Option<ValueSpec>,
    pub seed: u64,
}

/// Draws instances of one game under a validated [`GeneratorSpec`].
#[derive(Clone, Debug)]
pub struct Generator {
    game: &'static str,
    takes_piles: bool,
    spec: GeneratorSpec,
}

/// After this many rejected draws for the total's parity, the last pile is nudged by one
/// instead, so generation always ends. With both parities in range a draw succeeds with
/// probability at least 1/3, so the fallback is for show only (odds below 10^-170).
const TOTAL_PARITY_ATTEMPTS: u32 = 1000;

impl Generator {
    /// Validates `spec` for the game and returns a generator, or says which constraint cannot
    /// be met. A total-parity condition that fixes the pile count's parity (all values equal)
    /// is folded into the size range.
    pub fn new(entry: &GameEntry, mut spec: GeneratorSpec) -> Result<Generator, InputError> {
        let size_name = if entry.takes_piles() {
            "number of piles"
        } else {
            "N"
        };
        if spec.sizes.min < 1 {
            return Err(InputError::out_of_range(
                format!("the {size_name}"),
                "at least 1",
                spec.sizes.min,
            ));
        }
        if spec.sizes.min > spec.sizes.max {
            return Err(InputError::Constraint(format!(
                "--n-min {} is larger than --n-max {}",
                spec.sizes.min, spec.sizes.max
            )));
        }
        match (entry.takes_piles(), &spec.values) {
            (false, Some(_)) => {
                return Err(InputError::Constraint(format!(
                    "{} has no pile values: --min-value, --max-value, --distribution and \
                     --total-parity apply to pile games only",
                    entry.name
                )));
            }
            (true, None) => {
                return Err(InputError::Constraint(format!(
                    "{} needs pile values (--min-value, --max-value)",
                    entry.name
                )));
            }
            _ => {}
        }
        if entry.takes_piles() && spec.sizes.max > u32::MAX as u64 {
            return Err(InputError::out_of_range(
                "--n-max (the number of piles)",
                "at most 4294967295",
                spec.sizes.max,
            ));
        }
        if let Some(values) = &spec.values {
            spec.sizes = Self::check_values(values, spec.sizes)?;
        }
        if spec.sizes.count() == 0 {
            let parity = spec.sizes.parity.map_or("", Parity::name);
            return Err(InputError::Constraint(format!(
                "no {parity} {size_name} lies in {}..={}: the size constraints cannot be met",
                spec.sizes.min, spec.sizes.max
            )));
        }
        Ok(Generator {
            game: entry.name,
            takes_piles: entry.takes_piles(),
            spec,
        })
    }

    /// Checks the value constraints and returns the sizes they allow.
    fn check_values(values: &ValueSpec, sizes: SizeRange) -> Result<SizeRange, InputError> {
        if values.min > values.max {
            return Err(InputError::Constraint(format!(
                "--min-value {} is larger than --max-value {}",
                values.min, values.max
            )));
        }
        let largest = values.min.unsigned_abs().max(values.max.unsigned_abs()) as u128;
        if largest * sizes.max as u128 > i64::MAX as u128 {
            return Err(InputError::Constraint(format!(
                "{} piles of values up to {largest} in absolute value could add up to more \
                 than 64 bits hold; lower --n-max or the value range",
                sizes.max
            )));
        }
        let Some(wanted) = values.total_parity else {
            return Ok(sizes);
        };
        if values.min < values.max {
            return Ok(sizes); // some pile can always switch the total's parity
        }
        // Every pile equals `values.min`: the total is n * min.
        let impossible = || {
            InputError::Constraint(format!(
                "--total-parity {} cannot be met: every pile is {} so the total is always {}",
                wanted.name(),
                values.min,
                if values.min % 2 == 0 {
                    "even".to_string()
                } else {
                    "of the parity of n".to_string()
                }
            ))
        };
        if Parity::of(values.min as i128) == Parity::Even {
            return if wanted == Parity::Even {
                Ok(sizes)
            } else {
                Err(impossible())
            };
        }
        match sizes.parity {
            Some(parity) if parity != wanted => Err(impossible()),
            _ => Ok(SizeRange {
                parity: Some(wanted),
                ..sizes
            }),
        }
    }

    /// The validated specification (with any size parity implied by the values).
    pub fn spec(&self) -> &GeneratorSpec {
        &self.spec
    }

    /// Instance `index` of a generated batch: its size (fixed, or drawn from the stream keyed
    /// by (seed, 0, index)), then its values from the stream keyed by (seed, n, index).
    pub fn instance(&self, index: u64) -> InstanceInput {
        let sizes = self.spec.sizes;
        let n = if sizes.count() == 1 {
            sizes.nth(0)
        } else {
            let mut rng = stream(self.spec.seed, 0, index);
            sizes.nth(below(&mut rng, sizes.count()))
        };
        let mut input = if self.takes_piles {
            let mut piles = Vec::new();
            self.piles_into(n, index, &mut piles);
            InstanceInput::piles(piles)
        } else {
            InstanceInput::number(n)
        };
        input.game = Some(self.game.to_string());
        input
    }

    /// Writes the `n` pile values of instance `index` into `out` (replacing its contents).
    pub fn piles_into(&self, n: u64, index: u64, out: &mut Vec<i64>) {
        let Some(values) = &self.spec.values else {
            out.clear();
            return;
        };
        let mut rng = stream(self.spec.seed, n, index);
        for _ in 0..TOTAL_PARITY_ATTEMPTS {
            out.clear();
            out.extend((0..n).map(|_| draw_value(&mut rng, values)));
            match values.total_parity {
                Some(wanted) if total_parity(out) != wanted => continue,
                _ => return,
            }
        }
        // Unreachable in practice (see TOTAL_PARITY_ATTEMPTS); keeps generation finite.
        if let Some(last) = out.last_mut() {
            *last = if *last < values.max {
                *last + 1
            } else {
                *last - 1
            };
        }
    }
}

fn total_parity(piles: &[i64]) -> Parity {
    Parity::of(piles.iter().map(|&pile| pile as i128).sum())
}

/// The ChaCha8 stream keyed by (seed, size, index) for instance values.
fn stream(seed: u64, size: u64, index: u64) -> ChaCha8Rng {
    keyed_stream([seed, size, index, 0])
}

/// The ChaCha8 stream whose 256-bit key is `words` in little-endian order. Instance values use
/// a last word of 0; other users (random strategies) put a distinct tag there, so no two uses
/// share a stream.
pub fn keyed_stream(words: [u64; 4]) -> ChaCha8Rng {
    let mut key = [0u8; 32];
    for (chunk, word) in key.chunks_exact_mut(8).zip(words) {
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    ChaCha8Rng::from_seed(key)
}

/// A uniform integer in `0..bound` (`bound >= 1`): Lemire's multiply-and-reject method.
pub fn below(rng: &mut impl Rng, bound: u64) -> u64 {
    let threshold = bound.wrapping_neg() % bound;
    loop {
        let product = rng.next_u64() as u128 * bound as u128;
        if product as u64 >= threshold {
            return (product >> 64) as u64;
        }
    }
}

/// A uniform offset in `0..=span` (the full 64-bit range when `span` is `u64::MAX`).
fn offset_up_to(rng: &mut impl Rng, span: u64) -> u64 {
    match span.checked_add(1) {
        Some(bound) => below(rng, bound),
        None => rng.next_u64(),
    }
}

/// One pile value.
fn draw_value(rng: &mut impl Rng, values: &ValueSpec) -> i64 {
    let span = values.max.wrapping_sub(values.min) as u64;
    let offset = match values.distribution {
        Distribution::Uniform => offset_up_to(rng, span),
        Distribution::Geometric => geometric_offset(rng, span),
    };
    values.min.wrapping_add(offset as i64)
}

/// An offset in `0..=span` from the banded power law of the module docs.
fn geometric_offset(rng: &mut impl Rng, span: u64) -> u64 {
    // Band k starts at 2^k - 1; the last band is the one holding `span`: the largest k with
    // 2^k - 1 <= span.
    let last_band = (span as u128 + 1).ilog2().min(63) as u64;
    let band = (rng.next_u64().trailing_zeros() as u64).min(last_band);
    let start = (1u64 << band) - 1;
    let width_in_range = (span - start).min((1u64 << band) - 1);
    start + offset_up_to(rng, width_in_range)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_ranges_count_by_parity() {
        let range = SizeRange {
            min: 1,
            max: 10,
            parity: Some(Parity::Even),
        };
        assert_eq!(range.iter().collect::<Vec<_>>(), vec![2, 4, 6, 8, 10]);
        let range = SizeRange {
            min: 3,
            max: 3,
            parity: Some(Parity::Even),
        };
        assert_eq!(range.count(), 0);
        assert_eq!(SizeRange::new(5, 9).count(), 5);
    }

    #[test]
    fn lemire_sampling_stays_in_bounds() {
        let mut rng = stream(7, 0, 0);
        for bound in [1, 2, 3, 100, u64::MAX] {
            for _ in 0..200 {
                assert!(below(&mut rng, bound) < bound);
            }
        }
    }

    #[test]
    fn geometric_offsets_stay_in_range_and_favour_small_values() {
        let mut rng = stream(3, 0, 0);
        for span in [0, 1, 2, 5, 99, 1_000_000, u64::MAX] {
            let draws: Vec<u64> = (0..2000)
                .map(|_| geometric_offset(&mut rng, span))
                .collect();
            assert!(draws.iter().all(|&d| d <= span), "span {span}");
            if span >= 99 {
                let zeros = draws.iter().filter(|&&d| d == 0).count();
                assert!((850..1150).contains(&zeros), "about half are 0: {zeros}");
            }
        }
    }
}
