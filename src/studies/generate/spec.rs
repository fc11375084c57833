//! What generated instances look like, before any is drawn: sizes (a range, a parity, a
//! residue), pile values (a range, a distribution, a parity of the total) and the seed.

use crate::base::input::Extras;
use crate::util::choice::Choice;
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
    /// when the parity and the residue contradict each other, or the modulus is 0 (no size is
    /// anything mod 0: the generator refuses it with its own message, and nothing here may
    /// divide by it first). Arithmetic is in 128 bits: the combined step of a parity and an odd
    /// 64-bit modulus can pass 2^64.
    fn progression(&self) -> Option<(u128, u128)> {
        let mut step = 1u128;
        let mut offset = 0u128;
        let parity = self
            .parity
            .map(|p| (2, if p == Parity::Even { 0 } else { 1 }));
        for (modulus, remainder) in [parity, self.residue].into_iter().flatten() {
            if modulus == 0 {
                return None;
            }
            let (modulus, remainder) = (modulus as u128, remainder as u128 % modulus as u128);
            // The combined step is lcm(step, modulus). Walk the candidates that already meet
            // the new condition (remainder + j * modulus) for the one that meets the old: at
            // most step / gcd of them, and step is 1 or 2 here, so never a long search.
            let combined = step / gcd(step, modulus) * modulus;
            let candidate = (0..combined / modulus)
                .map(|j| remainder + j * modulus)
                .find(|value| value % step == offset)?;
            step = combined;
            offset = candidate;
        }
        Some((step, offset))
    }

    /// The smallest allowed size, if any.
    fn first(&self) -> Option<u64> {
        let (step, offset) = self.progression()?;
        let min = self.min as u128;
        let below = min % step;
        let first = if below <= offset {
            min - below + offset
        } else {
            min - below + step + offset
        };
        (first <= self.max as u128).then_some(first as u64)
    }

    /// How many sizes are allowed.
    pub fn count(&self) -> u64 {
        match (self.first(), self.progression()) {
            (Some(first), Some((step, _))) => ((self.max - first) as u128 / step) as u64 + 1,
            _ => 0,
        }
    }

    /// The `k`-th allowed size, ascending (`k < count()`).
    pub fn nth(&self, k: u64) -> u64 {
        let step = self.progression().map_or(1, |(step, _)| step);
        (self.first().unwrap_or(self.min) as u128 + k as u128 * step) as u64
    }

    /// Whether `n` is an allowed size.
    pub fn contains(&self, n: u64) -> bool {
        match self.progression() {
            Some((step, offset)) => self.min <= n && n <= self.max && n as u128 % step == offset,
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
fn gcd(a: u128, b: u128) -> u128 {
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
    fn a_modulus_of_zero_allows_no_size_instead_of_dividing_by_it() {
        let zero = SizeRange {
            residue: Some((0, 0)),
            ..SizeRange::new(1, 30)
        };
        assert_eq!(zero.count(), 0);
        assert!(!zero.contains(5));
        assert_eq!(zero.iter().count(), 0);
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
    fn huge_moduli_are_solved_without_a_search() {
        let huge = SizeRange {
            residue: Some((u64::MAX, u64::MAX - 1)),
            ..SizeRange::with_parity(1, u64::MAX, Parity::Odd)
        };
        // u64::MAX - 1 is even; the next one of the residue class is past 2^64.
        assert_eq!(huge.count(), 0);
        let even = SizeRange {
            residue: Some((u64::MAX, u64::MAX - 1)),
            ..SizeRange::with_parity(1, u64::MAX, Parity::Even)
        };
        assert_eq!(even.iter().collect::<Vec<_>>(), vec![u64::MAX - 1]);
        let big = SizeRange {
            residue: Some((1 << 62, 5)),
            ..SizeRange::new(1, u64::MAX)
        };
        assert_eq!(big.count(), 4);
        assert_eq!(big.nth(3), 3 * (1 << 62) + 5);
    }
}
