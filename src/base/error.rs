//! Error types of the library, one enum per domain, and the names of the settings they refer to.
//!
//! Every message is one line that names the problem, the offending value and, where it helps,
//! what to do instead. Messages speak in domain words ("the smallest size (5) is larger than the
//! largest size (3)"). A front end that exposes the settings under its own names — the command
//! line's `--n-min`, a Python keyword — registers those names once with [`name_settings`], and
//! every message then uses them, however deeply the error is wrapped.

use std::fmt;
use std::sync::OnceLock;
use thiserror::Error;

/// A setting a user chooses, as messages name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Setting {
    /// The pile values of one instance.
    Piles,
    /// The number N of one instance of a number game.
    Number,
    /// nim's subtraction set.
    Subtract,
    /// The heaps of a sum of heap games.
    Heaps,
    /// An octal game's code.
    Code,
    /// The smallest size (number of piles, or N) of generated instances.
    MinSize,
    /// The largest size of generated instances.
    MaxSize,
    /// The modulus sizes are restricted by.
    SizeModulus,
    /// The remainder sizes must leave under the modulus.
    SizeResidue,
    /// The smallest pile value of generated instances.
    MinValue,
    /// The largest pile value of generated instances.
    MaxValue,
    /// The pile-value settings as a group (range, distribution, total parity).
    ValueSettings,
    /// The required parity of an instance's total.
    TotalParity,
    /// Instances per size in a sweep, or per pairing in a tournament.
    Trials,
    /// Instances a sampled claim check draws.
    Samples,
    /// Which shard of a sweep to run.
    Shard,
    /// The largest graph built.
    MaxNodes,
    /// Building the state DAG rather than the full game tree.
    StateDag,
    /// The most positions a position analysis or an explorer page may hold.
    MaxStates,
    /// The solver.
    Solver,
    /// The memory budget of one request.
    MaxMemory,
    /// The time budget of one request.
    MaxTime,
    /// The largest graph drawn as a picture.
    MaxRenderNodes,
}

impl Setting {
    /// The setting in domain words, e.g. `the smallest size`.
    pub fn domain_name(self) -> &'static str {
        match self {
            Setting::Piles => "the piles",
            Setting::Number => "N",
            Setting::Subtract => "the subtraction set",
            Setting::Heaps => "the heaps",
            Setting::Code => "the octal code",
            Setting::MinSize => "the smallest size",
            Setting::MaxSize => "the largest size",
            Setting::SizeModulus => "the size modulus",
            Setting::SizeResidue => "the size residue",
            Setting::MinValue => "the smallest pile value",
            Setting::MaxValue => "the largest pile value",
            Setting::ValueSettings => "the pile-value settings",
            Setting::TotalParity => "the total's parity",
            Setting::Trials => "the number of trials",
            Setting::Samples => "the number of samples",
            Setting::Shard => "the shard",
            Setting::MaxNodes => "the node limit",
            Setting::StateDag => "the state DAG",
            Setting::MaxStates => "the position limit",
            Setting::Solver => "the solver",
            Setting::MaxMemory => "the memory budget",
            Setting::MaxTime => "the time budget",
            Setting::MaxRenderNodes => "the picture's node limit",
        }
    }
}

/// The names a front end gives settings (see [`name_settings`]).
pub type SettingNames = fn(Setting) -> &'static str;

static SETTING_NAMES: OnceLock<SettingNames> = OnceLock::new();

/// Makes every message name settings with `names` instead of domain words, for the rest of the
/// process (the first call wins; the command-line tool calls it once at start-up with its flag
/// names). A library user who never calls it gets domain words.
pub fn name_settings(names: SettingNames) {
    let _ = SETTING_NAMES.set(names);
}

impl Setting {
    /// The setting given `value`, as a user writes it: `--max-time 4m` where settings are
    /// flags, `to 4m` otherwise.
    pub fn example(self, value: &str) -> String {
        let name = self.to_string();
        if name.starts_with("--") {
            format!("{name} {value}")
        } else {
            format!("to {value}")
        }
    }
}

impl fmt::Display for Setting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match SETTING_NAMES.get() {
            Some(names) => f.write_str(names(*self)),
            None => f.write_str(self.domain_name()),
        }
    }
}

/// Something wrong with an instance or a setting a user gave. The command-line tool exits with
/// status 2 on these.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum InputError {
    #[error("unknown game '{name}' (known games: {known})")]
    UnknownGame { name: String, known: String },

    #[error(
        "{game} is not an impartial heap game, so it has no Grundy values; these are: \
         divisor-game, stone-game-iv, nim and the octal games (octal, kayles, dawsons-kayles, \
         dawsons-chess)"
    )]
    NotAHeapGame { game: String },

    #[error("the instance is for '{named}', but this works on {expected}")]
    WrongGame {
        named: String,
        expected: &'static str,
    },

    #[error("{game} needs {field}, e.g. {example}")]
    MissingField {
        game: &'static str,
        field: Setting,
        example: &'static str,
    },

    #[error("{game} does not take {field}; it takes {takes}")]
    UnexpectedField {
        game: &'static str,
        field: Setting,
        takes: Setting,
    },

    #[error("{game} takes {one} or {other}, not both")]
    EitherOr {
        game: &'static str,
        one: Setting,
        other: Setting,
    },

    /// A setting the game reads that is malformed (an octal code): the message names the
    /// problem.
    #[error("{game}: {message}")]
    Invalid { game: &'static str, message: String },

    #[error("{game} needs at least one pile, got none")]
    NoPiles { game: &'static str },

    #[error("{what} is empty: give at least one value, e.g. {example}")]
    EmptyList {
        what: Setting,
        example: &'static str,
    },

    #[error("pile {position} in '{list}' is empty (two commas in a row, or a comma at an end?)")]
    EmptyPileValue { position: usize, list: String },

    #[error("pile {position} in '{list}' is '{text}', which is not an integer")]
    NotAnInteger {
        position: usize,
        list: String,
        text: String,
    },

    #[error(
        "pile {position} in '{list}' is '{text}', which is outside the 64-bit range \
         -9223372036854775808..=9223372036854775807"
    )]
    PileOutOfRange {
        position: usize,
        list: String,
        text: String,
    },

    #[error("entry {position} of {what} '{list}' is '{text}', not a positive integer")]
    NotPositive {
        what: Setting,
        position: usize,
        list: String,
        text: String,
    },

    #[error(
        "entry {position} of {what} '{list}' is '{text}', more than 18446744073709551615, the \
         largest allowed"
    )]
    EntryTooLarge {
        what: Setting,
        position: usize,
        list: String,
        text: String,
    },

    #[error(
        "{game}: the piles are too large: {what} {amount}, beyond the 64-bit limit \
         9223372036854775807, so scores could overflow; use smaller values"
    )]
    ScoreOverflow {
        game: &'static str,
        what: &'static str,
        amount: i128,
    },

    #[error("{what} must be {requirement}, got {value}")]
    OutOfRange {
        what: String,
        requirement: String,
        value: String,
    },

    #[error("{low} {low_value} is larger than {high} {high_value}")]
    EmptyRange {
        low: Setting,
        low_value: String,
        high: Setting,
        high_value: String,
    },

    #[error("{what} cannot be met: {reason}")]
    Unsatisfiable { what: String, reason: String },

    #[error(
        "{game} has one instance per N, nothing random to draw, so it has no {what}; {instead}"
    )]
    NoRandomInstances {
        game: &'static str,
        what: &'static str,
        instead: &'static str,
    },

    #[error("{game} {reason}, so {setting} does not apply")]
    DoesNotApply {
        game: &'static str,
        setting: Setting,
        reason: &'static str,
    },

    #[error("the {what} has {count} nodes, more than {setting} allows ({limit}); {advice}")]
    TooManyNodes {
        what: &'static str,
        count: String,
        limit: u128,
        setting: Setting,
        advice: String,
    },

    #[error("{0}")]
    OverBudget(Box<OverBudget>),

    #[error("line {line}: {message}")]
    JsonLine { line: usize, message: String },

    #[error(
        "line {line}: longer than {limit} bytes, the limit for one instance (is the input JSON lines?)"
    )]
    LineTooLong { line: usize, limit: usize },

    #[error("{file}: {message}")]
    Table { file: String, message: String },

    #[error(
        "could not allocate about {bytes} for {what}: the system refused the memory (a limit \
         such as ulimit -v, or a memory budget raised past what the machine has); use a \
         smaller instance or a lower memory budget"
    )]
    OutOfMemory { what: String, bytes: String },

    #[error("cannot merge {reason}")]
    Merge { reason: String },
}

/// A request whose estimated cost is over a budget (see `crate::cost`); boxed in
/// [`InputError::OverBudget`] so that every `Result` stays small.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OverBudget {
    /// The request, e.g. `this sweep (1.8e19 instances)`.
    pub what: String,
    /// Its cost with its verb, e.g. `needs about 4.7 GiB of memory` or `would take about
    /// 3.2 min (mostly 4.5e11 DP cells of stone-game's rolling)`.
    pub cost: String,
    /// The budget, e.g. `1.0 GiB`.
    pub budget: String,
    /// The budget's setting.
    pub setting: Setting,
    /// How to proceed besides raising the budget.
    pub advice: String,
    /// A value of the setting that admits the request, e.g. `4m`, if one is worth suggesting.
    pub raise_to: Option<String>,
    /// The time budget's refusal when the request is over the memory budget too: both are named
    /// at once, so that raising the one named does not only lead to the other.
    pub also: Option<Box<OverBudget>>,
}

impl fmt::Display for OverBudget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}, above the budget of {} ({})",
            self.what, self.cost, self.budget, self.setting
        )?;
        let Some(also) = &self.also else {
            write!(f, "; {}, or raise {}", self.advice, self.setting)?;
            let lift = (self.setting == Setting::MaxTime).then(|| self.setting.example("none"));
            return match (&self.raise_to, lift) {
                (Some(value), Some(lift)) => {
                    write!(f, " (e.g. {}, or {lift})", self.setting.example(value))
                }
                (Some(value), None) => write!(f, " (e.g. {})", self.setting.example(value)),
                (None, Some(lift)) => write!(f, " (or {lift})"),
                (None, None) => Ok(()),
            };
        };
        write!(
            f,
            ", and {}, above the budget of {} ({}); {}, or raise {} and {}",
            also.cost, also.budget, also.setting, self.advice, self.setting, also.setting
        )?;
        if let (Some(first), Some(second)) = (&self.raise_to, &also.raise_to) {
            write!(
                f,
                " (e.g. {} and {})",
                self.setting.example(first),
                also.setting.example(second)
            )?;
        }
        Ok(())
    }
}

impl InputError {
    /// A value outside its allowed range.
    pub fn out_of_range(
        what: impl Into<String>,
        requirement: impl Into<String>,
        value: impl ToString,
    ) -> InputError {
        InputError::OutOfRange {
            what: what.into(),
            requirement: requirement.into(),
            value: value.to_string(),
        }
    }

    /// A setting below 1 (trials, samples, ...).
    pub fn at_least_one(setting: Setting, value: u64) -> InputError {
        InputError::out_of_range(setting.to_string(), "at least 1", value)
    }
}

/// Why a solver could not solve an instance. The command-line tool exits with status 2 on these.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum SolveError {
    #[error("solver '{solver}' does not apply to {game} (its solvers: {available})")]
    NotApplicable {
        solver: &'static str,
        game: &'static str,
        available: String,
    },

    #[error(
        "solver '{solver}' solves one heap of {game}; a sum of heaps is solved by 'grundy' (or \
         'auto')"
    )]
    OneHeapOnly {
        solver: &'static str,
        game: &'static str,
    },

    #[error(
        "solver '{solver}' refuses this instance: {what} is {size}, above its limit of {limit}; \
         {advice}"
    )]
    TooLarge {
        solver: &'static str,
        what: &'static str,
        size: String,
        limit: String,
        advice: &'static str,
    },

    /// A search run on a user's behalf (a strategy, regret's values), with no solver to choose
    /// and so nothing to advise but a smaller instance.
    #[error(
        "{who} refuses this instance: {what} is {size}, above its limit of {limit}; use a \
         smaller instance"
    )]
    SearchTooLarge {
        who: String,
        what: &'static str,
        size: String,
        limit: String,
    },

    /// A heap past the values a nim-sequence computed, with no proved period to read it from.
    #[error("the Grundy value of heap {heap} was not computed, and no proved period gives it")]
    NotComputed { heap: u64 },

    /// Where the results went could not take them (a file could not be written): the message
    /// names the file and the reason.
    #[error("{0}")]
    Output(String),

    /// Work whose estimate fitted the time budget but whose running did not (an estimate can
    /// be far off for inputs unlike those it was fitted to): stopped where it had got to.
    #[error(
        "{what} ran past the time budget of {limit} ({setting}) at {reached}, though estimated \
         to fit: stopped; raise {setting}, or ask for less"
    )]
    PastTimeBudget {
        what: String,
        reached: String,
        limit: String,
        setting: Setting,
    },

    /// Work asked to stop by its front end ([`crate::util::stop`]), e.g. by Ctrl-C in Python.
    #[error("{what} was stopped at {reached}")]
    Stopped { what: String, reached: String },

    #[error(transparent)]
    Input(#[from] InputError),
}

impl SolveError {
    /// Whether the solver applies only to other instances of its game (a solver of one heap
    /// given a sum), as opposed to refusing this one for its size or its input.
    pub fn is_not_for_this_instance(&self) -> bool {
        matches!(self, SolveError::OneHeapOnly { .. })
    }
}

/// The advice of [`SolveError::TooLarge`] when a solver was chosen by hand: `auto` picks the
/// fastest exact solver.
pub const USE_AUTO: &str = "the solver auto picks the fastest one; or use a smaller instance";
/// The advice of [`SolveError::TooLarge`] when the fastest solver already refused.
pub const USE_SMALLER: &str = "use a smaller instance";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_use_domain_words_by_default() {
        let error = InputError::EmptyRange {
            low: Setting::MinSize,
            low_value: "5".into(),
            high: Setting::MaxSize,
            high_value: "3".into(),
        };
        assert_eq!(
            error.to_string(),
            "the smallest size 5 is larger than the largest size 3"
        );
    }
}
