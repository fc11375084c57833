//! The generator options shared by `generate`, `sweep`, `check` and `play`: sizes
//! (`--n`, `--n-min`, `--n-max`, `--n-parity`), values (`--min-value`, `--max-value`,
//! `--distribution`, `--total-parity`) and `--seed`.

use super::values::{SubtractionSet, choice, subtraction_set, whole_number};
use clap::Args;
use gamelab::base::input::Extras;
use gamelab::games::GameEntry;
use gamelab::studies::generate::{Distribution, GeneratorSpec, Parity, SizeRange, ValueSpec};

/// Default pile values: LeetCode 877's positive piles, small enough to read.
pub const DEFAULT_MIN_VALUE: i64 = 1;
pub const DEFAULT_MAX_VALUE: i64 = 100;
/// The default seed of every random command.
pub const DEFAULT_SEED: u64 = 1;

#[derive(Args, Debug, Clone, Default)]
pub struct SizeArgs {
    /// One size: the number of piles (pile games) or N (divisor-game)
    #[arg(long, value_name = "N", conflicts_with_all = ["n_min", "n_max"], value_parser = whole_number, allow_negative_numbers = true)]
    pub n: Option<u64>,
    /// Smallest size (number of piles, or N)
    #[arg(long, value_name = "A", value_parser = whole_number, allow_negative_numbers = true)]
    pub n_min: Option<u64>,
    /// Largest size (number of piles, or N)
    #[arg(long, value_name = "B", value_parser = whole_number, allow_negative_numbers = true)]
    pub n_max: Option<u64>,
    /// Only sizes of this parity
    #[arg(long, value_parser = choice::<Parity>(), value_name = "PARITY")]
    pub n_parity: Option<Parity>,
    /// Only sizes n with n % M == R (with --n-residue R)
    #[arg(long, value_name = "M", requires = "n_residue", value_parser = whole_number, allow_negative_numbers = true)]
    pub n_mod: Option<u64>,
    /// The remainder for --n-mod
    #[arg(long, value_name = "R", requires = "n_mod", value_parser = whole_number, allow_negative_numbers = true)]
    pub n_residue: Option<u64>,
}

impl SizeArgs {
    /// The size range, with defaults `[default_min, default_max]` for options not given.
    pub fn range(&self, default_min: u64, default_max: u64) -> SizeRange {
        let (min, max) = match self.n {
            Some(n) => (n, n),
            None => {
                let min = self.n_min.unwrap_or(default_min);
                (min, self.n_max.unwrap_or(default_max.max(min)))
            }
        };
        SizeRange {
            min,
            max,
            parity: self.n_parity,
            residue: self.n_mod.zip(self.n_residue),
        }
    }
}

#[derive(Args, Debug, Clone, Default)]
pub struct ValueArgs {
    /// Smallest pile value [default: 1]
    #[arg(long, value_name = "V", allow_hyphen_values = true)]
    pub min_value: Option<i64>,
    /// Largest pile value [default: 100]
    #[arg(long, value_name = "V", allow_hyphen_values = true)]
    pub max_value: Option<i64>,
    /// How pile values are drawn [default: uniform]
    #[arg(long, value_parser = choice::<Distribution>())]
    pub distribution: Option<Distribution>,
    /// Only instances whose piles add up to a total of this parity (odd: no ties, as in LeetCode 877)
    #[arg(long, value_parser = choice::<Parity>(), value_name = "PARITY")]
    pub total_parity: Option<Parity>,
}

impl ValueArgs {
    /// The value settings for `game`: defaults for pile games, none for number games unless
    /// some were given (the generator then says they do not apply).
    pub fn spec(&self, game: &dyn GameEntry) -> Option<ValueSpec> {
        let given = self.min_value.is_some()
            || self.max_value.is_some()
            || self.distribution.is_some()
            || self.total_parity.is_some();
        (game.takes_piles() || given).then(|| ValueSpec {
            min: self.min_value.unwrap_or(DEFAULT_MIN_VALUE),
            max: self.max_value.unwrap_or(DEFAULT_MAX_VALUE),
            distribution: self.distribution.unwrap_or(Distribution::Uniform),
            total_parity: self.total_parity,
        })
    }
}

#[derive(Args, Debug, Clone, Default)]
pub struct ExtraArgs {
    /// nim's subtraction set, for every instance (e.g. 1,3,4; default 1,2,3)
    #[arg(long, value_name = "LIST", value_parser = subtraction_set)]
    pub subtract: Option<SubtractionSet>,
}

impl ExtraArgs {
    /// The extra fields every generated instance carries.
    pub fn extras(&self) -> Extras {
        Extras {
            subtract: self.subtract.as_ref().map(|set| set.0.clone()),
        }
    }
}

/// The generator settings from the options, with the command's default sizes.
pub fn generator_spec(
    game: &dyn GameEntry,
    sizes: &SizeArgs,
    values: &ValueArgs,
    extras: &ExtraArgs,
    seed: u64,
    default_sizes: (u64, u64),
) -> Result<GeneratorSpec, gamelab::InputError> {
    Ok(GeneratorSpec {
        sizes: sizes.range(default_sizes.0, default_sizes.1),
        values: values.spec(game),
        seed,
        extras: extras.extras(),
    })
}
