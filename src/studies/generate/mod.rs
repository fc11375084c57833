//! Seeded random instances: pile rows (or numbers N) drawn under size, value and parity
//! constraints, reproducible byte for byte on every platform and thread count.
//!
//! Streams. The values of instance `index` with `n` piles are drawn from the stream keyed
//! (seed, n, index, 0) of [`crate::util::random`]; a random size from the stream keyed
//! (seed, 0, index, 0). Any instance can therefore be regenerated alone, and parallel runs equal
//! serial ones. Every draw goes through the integer-only samplers of [`crate::util::random`] (no
//! floating point, no `rand` helper whose output may change between versions), so the output
//! depends on nothing but the inputs; `tests/studies/generate.rs` pins golden values.
//!
//! Distributions of pile values in `[min, max]`:
//! - `uniform`: every value equally likely.
//! - `geometric`: the offset from `min` falls in band k = [2^k - 1, 2^(k+1) - 2] with
//!   probability 2^-(k+1) (the last band takes the remaining mass and is cut at `max`), uniform
//!   within its band. A discrete power law: half the piles are `min`, and a few are huge, the
//!   regime where one big pile decides the game.

mod spec;

pub use spec::{Distribution, GeneratorSpec, Parity, SizeRange, ValueSpec};

use crate::base::error::{InputError, Setting};
use crate::base::input::{Extras, InstanceInput};
use crate::cost::{Cost, Operation, Work};
use crate::games::{GameEntry, InputForm};
use crate::util::random::{Draws, LANES_16, keyed_stream, uniform_lanes_16};

/// The hardest instance of `size` that settings allow: every pile of the largest magnitude the
/// values take (or the number `size` for a number game), with the extra fields.
pub(crate) fn extreme_instance(
    values: Option<ValueSpec>,
    extras: &Extras,
    size: u64,
) -> InstanceInput {
    let mut input = match values {
        Some(values) => {
            let extreme = if values.min.unsigned_abs() > values.max.unsigned_abs() {
                values.min
            } else {
                values.max
            };
            InstanceInput::piles(vec![extreme; size as usize])
        }
        None => InstanceInput::number(size),
    };
    extras.apply_to(&mut input);
    input
}

/// Refuses a range whose low end (a setting and its value) is above its high end.
fn check_range<T: PartialOrd + ToString>(
    (low, min): (Setting, T),
    (high, max): (Setting, T),
) -> Result<(), InputError> {
    if min > max {
        return Err(InputError::EmptyRange {
            low,
            low_value: min.to_string(),
            high,
            high_value: max.to_string(),
        });
    }
    Ok(())
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
    pub fn new(entry: &dyn GameEntry, mut spec: GeneratorSpec) -> Result<Generator, InputError> {
        let size_name = if entry.takes_piles() {
            "number of piles"
        } else {
            "N"
        };
        Self::check_sizes(&spec.sizes, size_name)?;
        Self::check_values_apply(entry, &spec)?;
        Self::check_no_code(entry)?;
        if let Some(values) = &spec.values {
            spec.sizes = Self::check_values(values, spec.sizes)?;
        }
        if spec.sizes.count() == 0 {
            return Err(Self::no_size(&spec.sizes, size_name));
        }
        let largest = spec.sizes.nth(spec.sizes.count() - 1);
        if entry.takes_piles() {
            // One instance of the largest size is held in memory at a time per thread.
            Cost::memory((largest as u128).saturating_mul(16)).check_nested(
                format_args!("an instance of {largest} piles"),
                &format!("use fewer piles ({})", Setting::MaxSize),
            )?;
        }
        let generator = Generator {
            game: entry.name(),
            takes_piles: entry.takes_piles(),
            spec,
        };
        generator.probe(entry, largest)?;
        Ok(generator)
    }

    /// Checks the size range on its own (`size_name` says what a size is): at least 1, a
    /// residue below its nonzero modulus, the minimum not above the maximum.
    fn check_sizes(sizes: &SizeRange, size_name: &str) -> Result<(), InputError> {
        if sizes.min < 1 {
            // One size is given as one setting (`--n 0`), a range by its smallest end.
            let what = if sizes.min == sizes.max {
                Setting::Number.to_string()
            } else {
                format!("{} (the {size_name})", Setting::MinSize)
            };
            return Err(InputError::out_of_range(what, "at least 1", sizes.min));
        }
        if let Some((modulus, remainder)) = sizes.residue {
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
        check_range((Setting::MinSize, sizes.min), (Setting::MaxSize, sizes.max))
    }

    /// Checks that `spec` has value settings if and only if the game has piles, and at most as
    /// many piles as a row may hold.
    fn check_values_apply(entry: &dyn GameEntry, spec: &GeneratorSpec) -> Result<(), InputError> {
        match (entry.takes_piles(), &spec.values) {
            (false, Some(_)) => {
                return Err(InputError::DoesNotApply {
                    game: entry.name(),
                    setting: Setting::ValueSettings,
                    reason: "has no pile values",
                });
            }
            (true, None) => {
                return Err(InputError::MissingField {
                    game: entry.name(),
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
        Ok(())
    }

    /// The refusal of `sizes` when none of them meets its own constraints.
    fn no_size(sizes: &SizeRange, size_name: &str) -> InputError {
        let parity = sizes
            .parity
            .map_or(String::new(), |p| format!("{} ", p.name()));
        let residue = sizes
            .residue
            .map_or(String::new(), |(m, r)| format!(" ≡ {r} (mod {m})"));
        InputError::Unsatisfiable {
            what: "the size constraints".to_string(),
            reason: format!(
                "no {parity}{size_name}{residue} lies in {}..={}",
                sizes.min, sizes.max
            ),
        }
    }

    /// Builds the hardest instance the settings allow — the largest size, every pile of the
    /// largest magnitude, the extra fields — as `solve` would, so that nothing generated is
    /// refused later (an overflow, a subtraction set for a game without one, a zero in it).
    /// Refuses a game whose instances need a code (`octal`): random instances carry none.
    fn check_no_code(entry: &dyn GameEntry) -> Result<(), InputError> {
        match entry.input_form() {
            InputForm::Number { code: true, .. } => Err(InputError::Invalid {
                game: entry.name(),
                message: format!(
                    "random instances carry no octal code, so they cannot be drawn; use a named \
                     octal game (kayles, dawsons-kayles, dawsons-chess), or {} with solve, \
                     analyze, tree, explore, grundy or losing-positions",
                    Setting::Code
                ),
            }),
            _ => Ok(()),
        }
    }

    fn probe(&self, entry: &dyn GameEntry, largest: u64) -> Result<(), InputError> {
        let input = extreme_instance(self.spec.values, &self.spec.extras, largest);
        entry.build(&input).map(|_| ())
    }

    /// Checks the value constraints and returns the sizes they allow.
    fn check_values(values: &ValueSpec, sizes: SizeRange) -> Result<SizeRange, InputError> {
        check_range(
            (Setting::MinValue, values.min),
            (Setting::MaxValue, values.max),
        )?;
        let largest = values.min.unsigned_abs().max(values.max.unsigned_abs()) as u128;
        if largest * sizes.max as u128 > i64::MAX as u128 {
            return Err(InputError::Unsatisfiable {
                what: "64-bit scores".to_string(),
                reason: format!(
                    "{} of values up to {largest} in absolute value could add up to more \
                     than 64 bits hold; lower {} or the value range",
                    crate::util::plural::counted(sizes.max, "pile"),
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
        self.instance_of_size(n, index)
    }

    /// What drawing and writing `count` instances as JSON lines costs (`generate`): each of
    /// about the mean size of the range (sizes are drawn evenly), a pile drawn and written for
    /// each pile; one instance in memory at a time.
    pub fn generation_cost(&self, count: u64) -> Cost {
        let memory = if self.takes_piles {
            (self.largest_size() as u128).saturating_mul(24)
        } else {
            0
        };
        Cost::new(memory, self.instance_work().times(count as u128))
    }

    /// What drawing and writing one instance costs, at the mean size of the range.
    pub fn instance_work(&self) -> Work {
        let (smallest, largest) = (self.spec.sizes.nth(0) as u128, self.largest_size() as u128);
        let piles = if self.takes_piles {
            smallest.midpoint(largest) + 1
        } else {
            1
        };
        Work::of(Operation::DrawPile, piles)
            .plus(Work::of(Operation::WritePile, piles))
            .plus(Work::of(Operation::WriteInstance, 1))
    }

    /// The largest size the settings allow.
    pub fn largest_size(&self) -> u64 {
        let sizes = self.spec.sizes;
        sizes.nth(sizes.count().saturating_sub(1))
    }

    /// An instance of the largest size this generator draws (instance 0's values at that
    /// size): what costing a study by its most expensive instance builds.
    pub fn largest_instance(&self) -> InstanceInput {
        let sizes = self.spec.sizes;
        let n = sizes.nth(sizes.count().saturating_sub(1));
        self.instance_of_size(n, 0)
    }

    /// Instance `index`'s values at size `n`, with the extra fields and the game's name.
    fn instance_of_size(&self, n: u64, index: u64) -> InstanceInput {
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

/// Drawing straight into 16-bit lanes: what sweeps of small values use instead of
/// [`Generator::append_piles`] and a transposition.
impl Generator {
    /// Whether instances of `n` piles can be drawn by [`Generator::lanes_16_into`]: uniform
    /// values, no total-parity condition, and `n` piles of the largest magnitude in the range
    /// adding up to at most `i16::MAX` (so every value fits `i16`, and so does every margin of
    /// the stone-game DP: the bound of `solve::dp::lanes`).
    pub fn fits_lanes_16(&self, n: u64) -> bool {
        let Some(values) = &self.spec.values else {
            return false;
        };
        let largest = values.min.unsigned_abs().max(values.max.unsigned_abs()) as u128;
        values.distribution == Distribution::Uniform
            && values.total_parity.is_none()
            && largest * n as u128 <= i16::MAX as u128
    }

    /// Draws instances `indices` (at most 32) of `n` piles into `rows`, resized to `n` rows:
    /// `rows[position][lane]` is pile `position` of instance `indices[lane]`, the very values
    /// [`Generator::piles_into`] gives (lanes past `indices.len()` hold padding). Requires
    /// [`Generator::fits_lanes_16`]`(n)`. The streams run side by side in SIMD lanes; the rare
    /// instance whose stream rejects a draw is drawn again alone (`random::lanes`).
    pub fn lanes_16_into(&self, n: u64, indices: &[u64], rows: &mut Vec<[i16; LANES_16]>) {
        assert!(self.fits_lanes_16(n) && indices.len() <= LANES_16);
        let Some(values) = &self.spec.values else {
            return;
        };
        rows.clear();
        rows.resize(n as usize, [0; LANES_16]);
        let mut tails = [[0; 2]; LANES_16];
        for (tail, &index) in tails.iter_mut().zip(indices) {
            *tail = index_key(index);
        }
        // `fits_lanes_16`: |min|, |max| <= i16::MAX, so the span is below 2^16.
        let bound = (values.max - values.min) as u32 + 1;
        let rejected = uniform_lanes_16(
            size_key(self.spec.seed, n),
            &tails[..indices.len()],
            bound,
            values.min as i16,
            rows,
        );
        let mut piles = Vec::new();
        for (lane, &index) in indices.iter().enumerate() {
            if rejected & (1 << lane) != 0 {
                self.piles_into(n, index, &mut piles);
                for (row, &pile) in rows.iter_mut().zip(&piles) {
                    row[lane] = pile as i16;
                }
            }
        }
    }
}

fn total_parity(piles: &[i64]) -> Parity {
    Parity::of(piles.iter().map(|&pile| pile as i128).sum())
}

/// The draws for instance values keyed by (seed, size, index).
fn stream(seed: u64, size: u64, index: u64) -> Draws {
    keyed_stream(stream_key(seed, size, index))
}

/// The key of the stream for instance values (seed, size, index): the words a size's
/// instances share, then the instance's own.
fn stream_key(seed: u64, size: u64, index: u64) -> [u64; 4] {
    let ([seed, size], [index, tag]) = (size_key(seed, size), index_key(index));
    [seed, size, index, tag]
}

/// The leading words of [`stream_key`], shared by the instances of one size.
fn size_key(seed: u64, size: u64) -> [u64; 2] {
    [seed, size]
}

/// The trailing words of [`stream_key`]: the instance, and the tag 0 of instance values.
fn index_key(index: u64) -> [u64; 2] {
    [index, 0]
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
    use crate::games::stone_game::DEFINITION as STONE_GAME;

    fn stone_game(values: ValueSpec, seed: u64, max_n: u64) -> Generator {
        let entry = &STONE_GAME;
        let spec = GeneratorSpec::new(SizeRange::new(1, max_n), Some(values), seed);
        Generator::new(entry, spec).expect("valid settings")
    }

    /// `lanes_16_into` against `piles_into` on instances `indices` of every size it accepts.
    fn check_lanes(generator: &Generator, max_n: u64, indices: &[u64]) {
        let mut rows = Vec::new();
        let mut piles = Vec::new();
        for n in 1..=max_n {
            assert!(generator.fits_lanes_16(n));
            for group in indices.chunks(LANES_16) {
                generator.lanes_16_into(n, group, &mut rows);
                assert_eq!(rows.len(), n as usize);
                for (lane, &index) in group.iter().enumerate() {
                    generator.piles_into(n, index, &mut piles);
                    let column: Vec<i64> = rows.iter().map(|row| row[lane] as i64).collect();
                    assert_eq!(column, piles, "n = {n}, index {index}");
                }
            }
        }
    }

    #[test]
    fn lanes_hold_the_instances_piles_into_draws() {
        let indices: Vec<u64> = (0..70).chain([1 << 40, u64::MAX]).collect();
        for (min, max, seed) in [
            (1i64, 100i64, 7),
            (1, 1, 8),
            (-5, -5, 9),
            (-512, 511, 10),
            (0, 1, 11),
        ] {
            let max_n = (i16::MAX as i64 / min.abs().max(max.abs()).max(1)).min(64) as u64;
            check_lanes(
                &stone_game(ValueSpec::uniform(min, max), seed, max_n),
                max_n,
                &indices,
            );
        }
    }

    #[test]
    fn lanes_redraw_the_instances_whose_streams_reject() {
        // The 16-bit range whose draws are rejected most often (2^32 mod bound near the bound,
        // odds about 1.5e-5), over enough one-pile instances that some are.
        let bound = (32_768u64..=65_535)
            .max_by_key(|&bound| (1u64 << 32) % bound)
            .expect("a non-empty range");
        let generator = stone_game(ValueSpec::uniform(-32_767, bound as i64 - 32_768), 3, 1);
        let indices: Vec<u64> = (0..1 << 19).collect();
        let rejected: u32 = indices
            .chunks(LANES_16)
            .map(|group| {
                let tails: Vec<[u64; 2]> = group.iter().map(|&i| index_key(i)).collect();
                let mut rows = vec![[0; LANES_16]; 1];
                uniform_lanes_16(size_key(3, 1), &tails, bound as u32, 0, &mut rows).count_ones()
            })
            .sum();
        assert!(rejected > 0, "no rejection among {} draws", indices.len());
        check_lanes(&generator, 1, &indices);
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
