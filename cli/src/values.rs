//! Flag values with structure, parsed once by clap value parsers: the library's named choices
//! (solvers, parities, distributions, formats, outcomes), pile lists, subtraction sets and
//! shards. A bad value is refused by clap with the flag's name and the library's reason.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::error::{Error, ErrorKind};
use gamelab::base::input::{
    WholeNumberError, parse_heaps, parse_piles, parse_subtract, parse_whole_number,
};
use gamelab::solve::SolverKind;
use gamelab::studies::sweep::Shard;
use gamelab::util::choice::Choice;
use std::ffi::OsStr;
use std::marker::PhantomData;

/// Parses one of the library's named choices `T`, listing them (with their summaries) in
/// `--help` and in the error for a value that is none of them.
#[derive(Clone, Copy)]
pub struct ChoiceParser<T>(PhantomData<T>);

/// The value parser of choice `T`.
pub fn choice<T>() -> ChoiceParser<T> {
    ChoiceParser(PhantomData)
}

impl<T: Choice + Send + Sync> TypedValueParser for ChoiceParser<T> {
    type Value = T;

    fn parse_ref(
        &self,
        command: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<T, Error> {
        // Clap's own parser gives the usual message (with the valid values) for a bad value.
        let names = T::ALL.iter().map(|choice| choice.name());
        let name = PossibleValuesParser::new(names).parse_ref(command, arg, value)?;
        T::from_name(&name).ok_or_else(|| Error::new(ErrorKind::InvalidValue).with_cmd(command))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(T::ALL.iter().map(|choice| {
            PossibleValue::new(choice.name()).help(choice.summary())
        })))
    }
}

/// Parses a solver's name: one that some game has (the games' own solvers are listed in their
/// registry entries, so the list is read from there).
#[derive(Clone, Copy)]
pub struct SolverParser;

impl TypedValueParser for SolverParser {
    type Value = SolverKind;

    fn parse_ref(
        &self,
        command: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<SolverKind, Error> {
        let every = gamelab::games::every_solver();
        let names = every.iter().map(|(kind, _)| kind.name());
        let name = PossibleValuesParser::new(names).parse_ref(command, arg, value)?;
        gamelab::games::solver_named(&name)
            .ok_or_else(|| Error::new(ErrorKind::InvalidValue).with_cmd(command))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(gamelab::games::every_solver().into_iter().map(
            |(kind, what)| PossibleValue::new(kind.name()).help(what),
        )))
    }
}

/// A pile list as typed: `--piles 3,9,1,2`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PileList(pub Vec<i64>);

/// Parses `--piles`.
pub fn pile_list(text: &str) -> Result<PileList, gamelab::InputError> {
    parse_piles(text).map(PileList)
}

/// A subtraction set as typed: `--subtract 1,3,4`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubtractionSet(pub Vec<u64>);

/// Parses `--subtract`.
pub fn subtraction_set(text: &str) -> Result<SubtractionSet, gamelab::InputError> {
    parse_subtract(text).map(SubtractionSet)
}

/// Parses `--code`: an octal game's code, given back in its canonical form (`.76` is `0.76`,
/// `0.60` is `0.6`), so that every output names a code one way.
pub fn octal_code(text: &str) -> Result<String, gamelab::games::octal::code::OctalCodeError> {
    gamelab::games::octal::code::OctalCode::parse(text).map(|code| code.to_string())
}

/// Heaps as typed: `--heaps 7,11,30`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapList(pub Vec<u64>);

/// Parses `--heaps`.
pub fn heap_list(text: &str) -> Result<HeapList, gamelab::InputError> {
    parse_heaps(text).map(HeapList)
}

/// Parses a count, size or seed: a whole number from 0 to 18446744073709551615. Flags that take
/// one accept a leading minus sign as a value (so that `--seed -1` gets this message rather
/// than clap's advice to write `-- -1`, which does not apply).
pub fn whole_number(text: &str) -> Result<u64, String> {
    parse_whole_number(text).map_err(|error| match error {
        WholeNumberError::TooLarge => {
            format!("'{text}' is more than 18446744073709551615, the largest allowed")
        }
        WholeNumberError::NotANumber => format!(
            "'{text}' is not a non-negative integer (0, 1, 2, ..., 1e6, 2^30, ... up to \
             18446744073709551615)"
        ),
    })
}

/// Parses a number of seconds to wait that must be at least 1 (`serve --timeout`: 0 would give
/// up on every request at once).
pub fn positive_number(text: &str) -> Result<u64, String> {
    match whole_number(text)? {
        0 => Err("0 would give up on every request at once: give at least 1".to_string()),
        n => Ok(n),
    }
}

/// Parses a whole number that may be negative (`--min-value -5`, `--max-value 1e6`): digits
/// with an optional sign, or `1e6` style, within 64 bits.
pub fn integer(text: &str) -> Result<i64, String> {
    let trimmed = text.trim();
    let (negative, magnitude) = match trimmed.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, trimmed.strip_prefix('+').unwrap_or(trimmed)),
    };
    let refused = || {
        format!(
            "'{text}' is not an integer (..., -1, 0, 1, ..., -1e6, 1e6, ... from \
             -9223372036854775808 to 9223372036854775807)"
        )
    };
    // A sign on the magnitude again (`--5`) is no integer.
    if magnitude.starts_with(['-', '+']) {
        return Err(refused());
    }
    let magnitude = whole_number(magnitude).map_err(|_| refused())?;
    let value = if negative {
        0i64.checked_sub_unsigned(magnitude)
    } else {
        i64::try_from(magnitude).ok()
    };
    value.ok_or_else(refused)
}

/// Parses a TCP port, 0 to 65535 (`1e3` style too).
pub fn port(text: &str) -> Result<u16, String> {
    whole_number(text)
        .ok()
        .and_then(|port| u16::try_from(port).ok())
        .ok_or_else(|| format!("'{text}' is not a port (0 to 65535; 0 picks a free one)"))
}

/// Parses a file or folder name: not empty, and not a flag (`--out --plot x.svg` names no
/// file `--plot`); a name that starts with a single `-` is a name like any other.
pub fn file_path(text: &str) -> Result<std::path::PathBuf, String> {
    if text.is_empty() {
        return Err("an empty name names no file".to_string());
    }
    if text.starts_with("--") {
        return Err(format!(
            "'{text}' is a flag, not a file name (write ./{text} for a file of that name)"
        ));
    }
    if text == "-" {
        return Err(
            "'-' is not a file to write here: a command writes to standard output \
                    without --out (write ./- for a file named -)"
                .to_string(),
        );
    }
    Ok(std::path::PathBuf::from(text))
}

/// Parses `--shard K/N` (1 <= K <= N; each a count as [`whole_number`] reads it).
pub fn shard(text: &str) -> Result<Shard, String> {
    let form = || format!("'{text}' is not of the form K/N with 1 <= K <= N (e.g. 2/8)");
    let (index, count) = text.split_once('/').ok_or_else(form)?;
    let index = whole_number(index).map_err(|_| form())?;
    let count = whole_number(count).map_err(|_| form())?;
    Shard::new(index, count).map_err(|_| form())
}
