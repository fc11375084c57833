//! Error types of the library, one enum per domain. Every message is one line that names the
//! problem, the offending value and, where it helps, what to do instead.

use thiserror::Error;

/// Something wrong with an instance or an option a user gave. The command-line tool exits with
/// status 2 on these.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum InputError {
    #[error("unknown game '{name}' (known games: {known})")]
    UnknownGame { name: String, known: String },

    #[error("{game} needs {field} ({hint})")]
    MissingField {
        game: &'static str,
        field: &'static str,
        hint: &'static str,
    },

    #[error("{game} does not take {field} (it takes {takes})")]
    UnexpectedField {
        game: &'static str,
        field: &'static str,
        takes: &'static str,
    },

    #[error("{game} needs at least one pile, got none")]
    NoPiles { game: &'static str },

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

    #[error(
        "{game}: the piles are too large: {what} reaches {amount}, beyond the 64-bit limit \
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

    #[error("line {line}: {message}")]
    JsonLine { line: usize, message: String },

    #[error("{0}")]
    Constraint(String),
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
        "solver '{solver}' refuses this instance: {what} is {size}, above its limit of {limit}; \
         use --solver auto, or a smaller instance"
    )]
    TooLarge {
        solver: &'static str,
        what: &'static str,
        size: String,
        limit: String,
    },

    #[error(transparent)]
    Input(#[from] InputError),
}
