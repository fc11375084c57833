//! Seeded random instances: pile rows (or numbers N) drawn under size, value and parity
//! constraints, reproducible byte for byte on every platform and thread count.
//!
//! Streams. The values of instance `index` with `n` piles are drawn from the stream keyed
//! (seed, n, index, 0) of [`crate::random`]; a random size from the stream keyed
//! (seed, 0, index, 0). Any instance can therefore be regenerated alone, and parallel runs equal
//! serial ones. Every draw goes through the integer-only samplers of [`crate::random`] (no
//! floating point, no `rand` helper whose output may change between versions), so the output
//! depends on nothing but the inputs; `tests/generate.rs` pins golden values.
//!
//! Distributions of pile values in `[min, max]`:
//! - `uniform`: every value equally likely.
//! - `geometric`: the offset from `min` falls in band k = [2^k - 1, 2^(k+1) - 2] with
//!   probability 2^-(k+1) (the last band takes the remaining mass and is cut at `max`), uniform
//!   within its band. A discrete power law: half the piles are `min`, and a few are huge, the
//!   regime where one big pile decides the game.

use crate::choice::Choice;
use crate::error::{InputError, Setting};
use crate::input::{Extras, InstanceInput};
use crate::random::{Draws, keyed_stream};
use crate::registry::GameEntry;
use serde::{Deserialize, Serialize};

/// Even or odd.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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

impl Choice for Parity {
    const ALL: &'static [Parity] = &[Parity::Even, Parity::Odd];

    fn name(self) -> &'static str {
        Parity::name(self)
    }

    fn summary(self) -> &'static str {
        match self {
            Parity::Even => "divisible by 2",
            Parity::Odd => "not divisible by 2",
        }
    }
}

/// How pile values are distributed (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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

impl Choice for Distribution {
    const ALL: &'static [Distribution] = &[Distribution::Uniform, Distribution::Geometric];

    fn name(self) -> &'static str {
        Distribution::name(self)
    }

    fn summary(self) -> &'static str {
        match self {
            Distribution::Uniform => "every value in the range equally likely",
            Distribution::Geometric => {
                "power-law offsets from the smallest value: half the piles are the smallest, a few are huge"
            }
        }
    }
}

/// The allowed sizes: pile counts (or N) in `[min, max]`, optionally of one parity and of one
/// residue modulo some number (`n ≡ 0 (mod 4)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SizeRange {
    pub min: u64,
    pub max: u64,
    pub parity: Option<Parity>,
    /// `(modulus, remainder)`: only sizes with `n % modulus == remainder`.
    pub residue: Option<(u64, u64)>,
}

impl SizeRange {
    /// Sizes from `min` to `max`, all of them.
    pub fn new(min: u64, max: u64) -> SizeRange {
        SizeRange {
            min,
            max,
            parity: None,
            residue: None,
        }
    }

    /// Sizes from `min` to `max` of one parity.
    pub fn with_parity(min: u64, max: u64, parity: Parity) -> SizeRange {
        SizeRange {
            parity: Some(parity),
            ..SizeRange::new(min, max)
        }
    }

    /// The allowed sizes as the progression `offset + k * step` (`offset < step`), or `None`
    /// when the parity and the residue contradict each other.
    fn progression(&self) -> Option<(u64, u64)> {
        let mut step = 1u64;
        let mut offset = 0u64;
        let parity = self
            .parity
            .map(|p| (2, if p == Parity::Even { 0 } else { 1 }));
        for (modulus, remainder) in [parity, self.residue].into_iter().flatten() {
            // The combined step is lcm(step, modulus); search its few residues.
            let combined = step / gcd(step, modulus) * modulus;
            let candidate = (0..combined / step)
                .map(|k| offset + k * step)
                .find(|value| value % modulus == remainder % modulus)?;
            step = combined;
            offset = candidate;
        }
        Some((step, offset))
    }

    /// The smallest allowed size, if any.
    fn first(&self) -> Option<u64> {
        let (step, offset) = self.progression()?;
        let below = self.min % step;
        let first = if below <= offset {
            self.min - below + offset
        } else {
            (self.min - below).checked_add(step)?.checked_add(offset)?
        };
        (first <= self.max).then_some(first)
    }

    /// How many sizes are allowed.
    pub fn count(&self) -> u64 {
        match (self.first(), self.progression()) {
            (Some(first), Some((step, _))) => (self.max - first) / step + 1,
            _ => 0,
        }
    }

    /// The `k`-th allowed size, ascending (`k < count()`).
    pub fn nth(&self, k: u64) -> u64 {
        let step = self.progression().map_or(1, |(step, _)| step);
        self.first().unwrap_or(self.min) + k * step
    }

    /// Whether `n` is an allowed size.
    pub fn contains(&self, n: u64) -> bool {
        match self.progression() {
            Some((step, offset)) => self.min <= n && n <= self.max && n % step == offset,
            None => false,
        }
    }

    /// Every allowed size, ascending.
    pub fn iter(&self) -> impl Iterator<Item = u64> + '_ {
        (0..self.count()).map(|k| self.nth(k))
    }

    /// A readable form: `n = 1..20`, `even n = 2..20`, `n = 9`, `n ≡ 0 (mod 4) = 1..100`.
    pub fn describe(&self, name: &str) -> String {
        let parity = self
            .parity
            .map_or(String::new(), |p| format!("{} ", p.name()));
        let residue = self.residue.map_or(String::new(), |(modulus, remainder)| {
            format!(" ≡ {remainder} (mod {modulus})")
        });
        if self.min == self.max {
            format!("{parity}{name}{residue} = {}", self.min)
        } else {
            format!("{parity}{name}{residue} = {}..{}", self.min, self.max)
        }
    }
}

/// Greatest common divisor.
fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GeneratorSpec {
    /// Pile counts, or N for number games.
    pub sizes: SizeRange,
    /// Pile values; `None` for number games.
    pub values: Option<ValueSpec>,
    pub seed: u64,
    /// Fields every instance carries (nim's subtraction set).
    pub extras: Extras,
}

impl GeneratorSpec {
    /// Instances of `sizes` with `values` and `seed`, and no extra fields.
    pub fn new(sizes: SizeRange, values: Option<ValueSpec>, seed: u64) -> GeneratorSpec {
        GeneratorSpec {
            sizes,
            values,
            seed,
            extras: Extras::default(),
        }
    }
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
                format!("{} (the {size_name})", Setting::MinSize),
                "at least 1",
                spec.sizes.min,
            ));
        }
        if let Some((modulus, remainder)) = spec.sizes.residue {
            if modulus == 0 {
                return Err(InputError::at_least_one(Setting::SizeModulus, modulus));
            }
            if remainder >= modulus {
                return Err(InputError::out_of_range(
                    Setting::SizeResidue.to_string(),
                    format!("below the modulus {modulus}"),
                    remainder,
                ));
            }
        }
        if spec.sizes.min > spec.sizes.max {
            return Err(InputError::EmptyRange {
                low: Setting::MinSize,
                low_value: spec.sizes.min.to_string(),
                high: Setting::MaxSize,
                high_value: spec.sizes.max.to_string(),
            });
        }
        match (entry.takes_piles(), &spec.values) {
            (false, Some(_)) => {
                return Err(InputError::DoesNotApply {
                    game: entry.name,
                    setting: Setting::ValueSettings,
                    reason: "has no pile values",
                });
            }
            (true, None) => {
                return Err(InputError::MissingField {
                    game: entry.name,
                    field: Setting::ValueSettings,
                    example: "values 1..100",
                });
            }
            _ => {}
        }
        if entry.takes_piles() && spec.sizes.max > u32::MAX as u64 {
            return Err(InputError::out_of_range(
                format!("{} (the number of piles)", Setting::MaxSize),
                "at most 4294967295",
                spec.sizes.max,
            ));
        }
        if let Some(values) = &spec.values {
            spec.sizes = Self::check_values(values, spec.sizes)?;
        }
        if spec.sizes.count() == 0 {
            let parity = spec
                .sizes
                .parity
                .map_or(String::new(), |p| format!("{} ", p.name()));
            let residue = spec
                .sizes
                .residue
                .map_or(String::new(), |(m, r)| format!(" ≡ {r} (mod {m})"));
            return Err(InputError::Unsatisfiable {
                what: "the size constraints".to_string(),
                reason: format!(
                    "no {parity}{size_name}{residue} lies in {}..={}",
                    spec.sizes.min, spec.sizes.max
                ),
            });
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
            return Err(InputError::EmptyRange {
                low: Setting::MinValue,
                low_value: values.min.to_string(),
                high: Setting::MaxValue,
                high_value: values.max.to_string(),
            });
        }
        let largest = values.min.unsigned_abs().max(values.max.unsigned_abs()) as u128;
        if largest * sizes.max as u128 > i64::MAX as u128 {
            return Err(InputError::Unsatisfiable {
                what: "64-bit scores".to_string(),
                reason: format!(
                    "{} piles of values up to {largest} in absolute value could add up to more \
                     than 64 bits hold; lower {} or the value range",
                    sizes.max,
                    Setting::MaxSize
                ),
            });
        }
        let Some(wanted) = values.total_parity else {
            return Ok(sizes);
        };
        if values.min < values.max {
            return Ok(sizes); // some pile can always switch the total's parity
        }
        // Every pile equals `values.min`: the total is n * min.
        let impossible = || InputError::Unsatisfiable {
            what: format!("{} {}", Setting::TotalParity, wanted.name()),
            reason: format!(
                "every pile is {} so the total is always {}",
                values.min,
                if values.min % 2 == 0 {
                    "even"
                } else {
                    "of the parity of n"
                }
            ),
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
            sizes.nth(rng.below(sizes.count()))
        };
        let mut input = if self.takes_piles {
            let mut piles = Vec::new();
            self.piles_into(n, index, &mut piles);
            InstanceInput::piles(piles)
        } else {
            InstanceInput::number(n)
        };
        self.spec.extras.apply_to(&mut input);
        input.game = Some(self.game.to_string());
        input
    }

    /// The instance of number game N (with the extra fields), for sweeps over N.
    pub fn number(&self, n: u64) -> InstanceInput {
        let mut input = InstanceInput::number(n);
        self.spec.extras.apply_to(&mut input);
        input
    }

    /// Writes the `n` pile values of instance `index` into `out` (replacing its contents).
    pub fn piles_into(&self, n: u64, index: u64, out: &mut Vec<i64>) {
        out.clear();
        self.append_piles(n, index, out);
    }

    /// Appends the `n` pile values of instance `index` to `out` (the sweep fills one buffer
    /// with a whole batch of instances this way).
    pub fn append_piles(&self, n: u64, index: u64, out: &mut Vec<i64>) {
        let Some(values) = &self.spec.values else {
            return;
        };
        let start = out.len();
        let mut rng = stream(self.spec.seed, n, index);
        let span = values.max.wrapping_sub(values.min) as u64;
        let small_uniform = values.distribution == Distribution::Uniform && span < u32::MAX as u64;
        for _ in 0..TOTAL_PARITY_ATTEMPTS {
            out.truncate(start);
            if small_uniform {
                rng.extend_below_u32(span as u32 + 1, n, values.min, out);
            } else {
                out.extend((0..n).map(|_| draw_value(&mut rng, values)));
            }
            match values.total_parity {
                Some(wanted) if total_parity(&out[start..]) != wanted => continue,
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

/// The draws for instance values keyed by (seed, size, index).
fn stream(seed: u64, size: u64, index: u64) -> Draws {
    keyed_stream([seed, size, index, 0])
}

/// One pile value.
fn draw_value(rng: &mut Draws, values: &ValueSpec) -> i64 {
    let span = values.max.wrapping_sub(values.min) as u64;
    let offset = match values.distribution {
        Distribution::Uniform => rng.offset_up_to(span),
        Distribution::Geometric => geometric_offset(rng, span),
    };
    values.min.wrapping_add(offset as i64)
}

/// An offset in `0..=span` from the banded power law of the module docs.
fn geometric_offset(rng: &mut Draws, span: u64) -> u64 {
    // Band k starts at 2^k - 1; the last band is the one holding `span`: the largest k with
    // 2^k - 1 <= span.
    let last_band = (span as u128 + 1).ilog2().min(63) as u64;
    let band = (rng.next_u64().trailing_zeros() as u64).min(last_band);
    let start = (1u64 << band) - 1;
    let width_in_range = (span - start).min((1u64 << band) - 1);
    start + rng.offset_up_to(width_in_range)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_ranges_count_by_parity() {
        let range = SizeRange::with_parity(1, 10, Parity::Even);
        assert_eq!(range.iter().collect::<Vec<_>>(), vec![2, 4, 6, 8, 10]);
        assert_eq!(SizeRange::with_parity(3, 3, Parity::Even).count(), 0);
        assert_eq!(SizeRange::new(5, 9).count(), 5);
    }

    #[test]
    fn residues_combine_with_parity() {
        let fours = SizeRange {
            residue: Some((4, 0)),
            ..SizeRange::new(1, 20)
        };
        assert_eq!(fours.iter().collect::<Vec<_>>(), vec![4, 8, 12, 16, 20]);
        let odd_threes = SizeRange {
            residue: Some((3, 0)),
            ..SizeRange::with_parity(1, 20, Parity::Odd)
        };
        assert_eq!(odd_threes.iter().collect::<Vec<_>>(), vec![3, 9, 15]);
        let impossible = SizeRange {
            residue: Some((4, 1)),
            ..SizeRange::with_parity(1, 20, Parity::Even)
        };
        assert_eq!(impossible.count(), 0);
        let near_the_top = SizeRange {
            residue: Some((7, 6)),
            ..SizeRange::new(u64::MAX - 10, u64::MAX)
        };
        assert!(near_the_top.iter().all(|n| n % 7 == 6));
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
