//! The flag groups that several subcommands share, flattened (`#[command(flatten)]`) into every
//! command that takes them: one named instance, random instances and their seed, the instances
//! every pairing of strategies plays. One module for all of them (what were `instance` and
//! `generator_args` included), since they nest in one another and a flag shared by commands
//! should be defined, and worded, in one place.

use super::values::{
    HeapList, PileList, SubtractionSet, choice, heap_list, integer, octal_code, pile_list,
    subtraction_set, whole_number,
};
use clap::Args;
use gamelab::base::input::{Extras, InstanceInput};
use gamelab::games::GameEntry;
use gamelab::studies::generate::{
    Distribution, Generator, GeneratorSpec, Parity, SizeRange, ValueSpec,
};
use gamelab::studies::tournament::describe_instances;

/// Default pile values: LeetCode 877's positive piles, small enough to read.
const DEFAULT_MIN_VALUE: i64 = 1;
const DEFAULT_MAX_VALUE: i64 = 100;
/// The default seed of every random command.
const DEFAULT_SEED: u64 = 1;
/// Instances per pairing when `--trials` is not given.
pub const DEFAULT_TRIALS: u64 = 1000;

/// One instance named on the command line: `--piles 3,9,1,2`, `--n 10` or `--heaps 7,11,30`.
#[derive(Args)]
pub struct InstanceArgs {
    /// Pile values, comma-separated, for the pile games (e.g. 3,9,1,2; negatives allowed)
    #[arg(long, value_name = "LIST", allow_hyphen_values = true, value_parser = pile_list)]
    pub piles: Option<PileList>,
    /// The number N, for the heap games (divisor-game, stone-game-iv, nim, the octal games): one
    /// heap of N
    #[arg(long, value_name = "N", value_parser = whole_number, allow_negative_numbers = true)]
    pub n: Option<u64>,
    /// Several heaps, comma-separated, for the heap games (e.g. 7,11,30): a sum of games, a turn
    /// moves in one heap
    #[arg(long, value_name = "LIST", value_parser = heap_list, conflicts_with = "n")]
    pub heaps: Option<HeapList>,
    /// The subtraction set, for nim (e.g. 1,3,4; default 1,2,3)
    #[arg(long, value_name = "LIST", value_parser = subtraction_set)]
    pub subtract: Option<SubtractionSet>,
    /// The octal code, for the octal game (e.g. 0.77 for Kayles, 0.6, 0.137)
    #[arg(long, value_name = "CODE", value_parser = octal_code)]
    pub code: Option<String>,
}

impl InstanceArgs {
    /// The instance the options describe (validated later by the game).
    pub fn to_input(&self) -> InstanceInput {
        InstanceInput {
            game: None,
            piles: self.piles.as_ref().map(|piles| piles.0.clone()),
            n: self.n,
            subtract: self.subtract.as_ref().map(|set| set.0.clone()),
            heaps: self.heaps.as_ref().map(|heaps| heaps.0.clone()),
            code: self.code.clone(),
        }
    }
}

/// Random instances: their sizes, and how everything else in them is drawn.
#[derive(Args)]
pub struct GeneratorArgs {
    #[command(flatten)]
    pub sizes: SizeArgs,
    #[command(flatten)]
    pub draws: DrawArgs,
}

impl GeneratorArgs {
    /// The generator settings from the options, with the command's `defaults` for sizes not
    /// given.
    pub fn spec(&self, game: &dyn GameEntry, seed: u64, defaults: DefaultSizes) -> GeneratorSpec {
        let (min, max) = defaults.of(game);
        self.draws.spec(game, self.sizes.range(min, max), seed)
    }
}

/// The sizes a command draws when none are given: from 1 up to this many piles for pile games,
/// or up to this N for number games.
#[derive(Clone, Copy)]
pub struct DefaultSizes {
    pub piles: u64,
    pub number: u64,
}

impl DefaultSizes {
    /// The default size range for `game`.
    fn of(self, game: &dyn GameEntry) -> (u64, u64) {
        let max = if game.takes_piles() {
            self.piles
        } else {
            self.number
        };
        (1, max)
    }
}

/// The default sizes of `generate` and of the commands that play: 1..=10 piles, or N in 1..=100.
pub const DEFAULT_SIZES: DefaultSizes = DefaultSizes {
    piles: 10,
    number: 100,
};

#[derive(Args)]
pub struct SizeArgs {
    /// One size: the number of piles (pile games) or N (the number games: divisor-game,
    /// stone-game-iv, nim, ...)
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

/// How a random instance is drawn besides its size: its pile values, and nim's subtraction set.
#[derive(Args)]
pub struct DrawArgs {
    /// Smallest pile value [default: 1]
    #[arg(long, value_name = "V", value_parser = integer)]
    pub min_value: Option<i64>,
    /// Largest pile value [default: 100]
    #[arg(long, value_name = "V", value_parser = integer)]
    pub max_value: Option<i64>,
    /// How pile values are drawn [default: uniform]
    #[arg(long, value_parser = choice::<Distribution>())]
    pub distribution: Option<Distribution>,
    /// Only instances whose piles add up to a total of this parity (odd: no ties, as in LeetCode 877)
    #[arg(long, value_parser = choice::<Parity>(), value_name = "PARITY")]
    pub total_parity: Option<Parity>,
    /// nim's subtraction set, for every instance (e.g. 1,3,4; default 1,2,3)
    #[arg(long, value_name = "LIST", value_parser = subtraction_set)]
    pub subtract: Option<SubtractionSet>,
}

impl DrawArgs {
    /// The generator settings for instances of `sizes` drawn with `seed`.
    pub fn spec(&self, game: &dyn GameEntry, sizes: SizeRange, seed: u64) -> GeneratorSpec {
        GeneratorSpec {
            sizes,
            values: self.values(game),
            seed,
            extras: self.extras(),
        }
    }

    /// The extra fields every instance carries.
    pub fn extras(&self) -> Extras {
        Extras {
            subtract: self.subtract.as_ref().map(|set| set.0.clone()),
        }
    }

    /// The value settings for `game`: defaults for pile games, none for number games unless
    /// some were given (the generator then says they do not apply).
    fn values(&self, game: &dyn GameEntry) -> Option<ValueSpec> {
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

/// The seed of a command that draws anything at random.
#[derive(Args)]
pub struct SeedArg {
    /// Random seed of the instances and of any random strategy: the same seed and options give
    /// the same output on any thread count
    #[arg(long, default_value_t = DEFAULT_SEED, value_parser = whole_number, allow_negative_numbers = true)]
    pub seed: u64,
}

/// The instances every pairing of strategies plays (`tournament`, `mistakes`,
/// `strategy-curve`): the same seeded instances for each.
#[derive(Args)]
pub struct MatchArgs {
    #[command(flatten)]
    pub generator: GeneratorArgs,
    /// Instances every pairing plays
    #[arg(long, default_value_t = DEFAULT_TRIALS, value_parser = whole_number, allow_negative_numbers = true)]
    pub trials: u64,
    #[command(flatten)]
    pub random: SeedArg,
}

impl MatchArgs {
    /// The generator of the instances for `game`, and their description for the output.
    pub fn instances(&self, game: &dyn GameEntry) -> anyhow::Result<(Generator, String)> {
        let spec = self.generator.spec(game, self.random.seed, DEFAULT_SIZES);
        let generator = Generator::new(game, spec)?;
        let settings = describe_instances(game, &generator, self.trials);
        Ok((generator, settings))
    }
}

/// The rule of a heap game's nim-sequence, for the commands that read a game's rule rather than
/// one instance (`grundy`, `losing-positions`): nim's subtraction set, an octal game's code.
#[derive(Args)]
pub struct RuleArgs {
    /// The subtraction set, for nim (e.g. 1,3,4; default 1,2,3)
    #[arg(long, value_name = "LIST", value_parser = subtraction_set)]
    subtract: Option<SubtractionSet>,
    /// The octal code, for the octal game (e.g. 0.6, 0.16, 0.137)
    #[arg(long, value_name = "CODE", value_parser = octal_code)]
    code: Option<String>,
}

impl RuleArgs {
    /// The rule as the library's input (no N, no heaps).
    pub fn input(&self) -> InstanceInput {
        InstanceInput {
            subtract: self.subtract.as_ref().map(|set| set.0.clone()),
            code: self.code.clone(),
            ..InstanceInput::default()
        }
    }
}
