//! Keyword arguments as the library's settings. The Python layer passes every option of a call
//! in one dict; values are checked here with messages that name the keyword, so a negative
//! count or a float where an integer belongs raises `InputError` (a `ValueError`), never an
//! `OverflowError` or a panic. Defaults are the command line's, command by command.

use crate::errors::input_error;
use gamelab::base::input::{Extras, InstanceInput};
use gamelab::games::GameEntry;
use gamelab::solve::SolverKind;
use gamelab::studies::generate::{Distribution, GeneratorSpec, Parity, SizeRange, ValueSpec};
use gamelab::util::choice::Choice;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

/// Default pile values of every random command: LeetCode 877's positive piles (as the CLI).
const DEFAULT_MIN_VALUE: i64 = 1;
const DEFAULT_MAX_VALUE: i64 = 100;

/// The options of one call.
pub struct Options<'py> {
    dict: Bound<'py, PyDict>,
}

impl<'py> Options<'py> {
    pub fn new(dict: Bound<'py, PyDict>) -> Options<'py> {
        Options { dict }
    }

    /// The game named `name` (else `InputError` listing the games) and the call's options:
    /// what every function of a built-in game's instance starts with.
    pub fn for_game(
        name: &str,
        dict: Bound<'py, PyDict>,
    ) -> PyResult<(&'static dyn GameEntry, Options<'py>)> {
        Ok((game(name)?, Options::new(dict)))
    }

    /// The interpreter the call holds (the functions take it from their options).
    pub fn py(&self) -> Python<'py> {
        self.dict.py()
    }

    fn get(&self, key: &str) -> PyResult<Option<Bound<'py, PyAny>>> {
        Ok(self.dict.get_item(key)?.filter(|value| !value.is_none()))
    }

    /// An integer option in `low..=high`.
    fn integer(&self, key: &str, low: i128, high: i128) -> PyResult<Option<i128>> {
        let Some(value) = self.get(key)? else {
            return Ok(None);
        };
        let range = || format!("an integer from {low} to {high}");
        // bool is an int in Python; True as a count is a mistake.
        if value.is_instance_of::<pyo3::types::PyBool>() {
            return Err(out_of_range(key, &range(), &value));
        }
        let number: i128 = value
            .call_method0("__index__")
            .and_then(|index| index.extract())
            .map_err(|_| out_of_range(key, &range(), &value))?;
        if number < low || number > high {
            return Err(out_of_range(key, &range(), &value));
        }
        Ok(Some(number))
    }

    /// The first of `keys` given a value (not `None`), if any.
    pub fn first_given(&self, keys: &[&'static str]) -> PyResult<Option<&'static str>> {
        for key in keys {
            if self.get(key)?.is_some() {
                return Ok(Some(key));
            }
        }
        Ok(None)
    }

    pub fn u64(&self, key: &str) -> PyResult<Option<u64>> {
        Ok(self.integer(key, 0, u64::MAX as i128)?.map(|n| n as u64))
    }

    pub fn i64(&self, key: &str) -> PyResult<Option<i64>> {
        Ok(self
            .integer(key, i64::MIN as i128, i64::MAX as i128)?
            .map(|n| n as i64))
    }

    /// A thread count (1..=1024) for one call, e.g. `threads=1` for a sweep shard on a Dask
    /// worker that already runs one task per core.
    pub fn threads(&self, key: &str) -> PyResult<Option<usize>> {
        Ok(self.integer(key, 1, 1024)?.map(|n| n as usize))
    }

    pub fn string(&self, key: &str) -> PyResult<Option<String>> {
        let Some(value) = self.get(key)? else {
            return Ok(None);
        };
        match value.cast::<PyString>() {
            // A lone surrogate (from a file name read with surrogateescape) has no UTF-8.
            Ok(text) => match text.to_str() {
                Ok(text) => Ok(Some(text.to_string())),
                Err(_) => Err(input_error(format!(
                    "{key} must be text UTF-8 can hold, got {}",
                    value.repr()?
                ))),
            },
            Err(_) => Err(input_error(format!(
                "{key} must be a string, got {}",
                value.repr()?
            ))),
        }
    }

    /// A yes or no: `True` or `False` (NumPy's too), not any value Python finds true (`"no"` is).
    pub fn flag(&self, key: &str) -> PyResult<bool> {
        match self.get(key)? {
            Some(value) => value.extract::<bool>().map_err(|_| {
                input_error(format!(
                    "{key} must be True or False, got {}",
                    value.repr().map_or_else(|_| "?".into(), |r| r.to_string())
                ))
            }),
            None => Ok(false),
        }
    }

    /// One of the library's named choices (solver, parity, distribution, ...).
    pub fn choice<T: Choice>(&self, key: &str) -> PyResult<Option<T>> {
        let Some(name) = self.string(key)? else {
            return Ok(None);
        };
        T::from_name(&name).map(Some).ok_or_else(|| {
            input_error(
                format!("{key} '{name}' is not one of {} ", T::names())
                    .trim_end()
                    .to_string(),
            )
        })
    }

    /// A solver's name: one that some game has.
    pub fn solver(&self, key: &str) -> PyResult<Option<SolverKind>> {
        let Some(name) = self.string(key)? else {
            return Ok(None);
        };
        gamelab::games::solver_named(&name)
            .map(Some)
            .ok_or_else(|| {
                let names: Vec<&str> = gamelab::games::every_solver()
                    .iter()
                    .map(|(kind, _)| kind.name())
                    .collect();
                input_error(format!("{key} '{name}' is not one of {}", names.join(", ")))
            })
    }

    /// A list of integers (a sequence or a one-dimensional array).
    fn list(&self, key: &str, low: i128, high: i128) -> PyResult<Option<Vec<i128>>> {
        let Some(value) = self.get(key)? else {
            return Ok(None);
        };
        if value.is_instance_of::<PyString>() {
            return Err(input_error(format!(
                "{key} must be a list of integers, got the string {}",
                value.repr()?
            )));
        }
        let items = value.try_iter().map_err(|_| {
            input_error(format!(
                "{key} must be a list of integers, got {}",
                value.repr().map_or_else(|_| "?".into(), |r| r.to_string())
            ))
        })?;
        let mut numbers = Vec::new();
        for (position, item) in items.enumerate() {
            let item = item?;
            let number: Option<i128> = if item.is_instance_of::<pyo3::types::PyBool>() {
                None
            } else {
                item.call_method0("__index__")
                    .and_then(|index| index.extract())
                    .ok()
            };
            match number {
                Some(number) if (low..=high).contains(&number) => numbers.push(number),
                _ => {
                    return Err(input_error(format!(
                        "entry {} of {key} is {}, not an integer from {low} to {high}",
                        position + 1,
                        item.repr()?
                    )));
                }
            }
        }
        Ok(Some(numbers))
    }

    /// A row of integers, whose order is the instance (piles): an unordered collection (a set,
    /// a dict) is refused rather than read in whatever order it iterates in.
    pub fn i64_list(&self, key: &str) -> PyResult<Option<Vec<i64>>> {
        if let Some(value) = self.get(key)?
            && (value.is_instance_of::<pyo3::types::PySet>()
                || value.is_instance_of::<pyo3::types::PyFrozenSet>()
                || value.is_instance_of::<pyo3::types::PyDict>())
        {
            return Err(input_error(format!(
                "{key} must be an ordered sequence (a list, tuple or array), got a {}: the order \
                 of the {key} is the game",
                value.get_type().name()?
            )));
        }
        Ok(self
            .list(key, i64::MIN as i128, i64::MAX as i128)?
            .map(|list| list.into_iter().map(|n| n as i64).collect()))
    }

    pub fn u64_list(&self, key: &str) -> PyResult<Option<Vec<u64>>> {
        Ok(self
            .list(key, 0, u64::MAX as i128)?
            .map(|list| list.into_iter().map(|n| n as u64).collect()))
    }

    /// One instance: `piles`, `n` or `heaps`, `subtract`, `code` (validated later by the game).
    pub fn instance(&self) -> PyResult<InstanceInput> {
        Ok(InstanceInput {
            game: None,
            piles: self.i64_list("piles")?,
            n: self.u64("n")?,
            subtract: self.u64_list("subtract")?,
            heaps: self.u64_list("heaps")?,
            code: self.string("code")?,
        })
    }

    /// The rule of a heap game's nim-sequence: `subtract` and `code`, without a heap.
    pub fn rule(&self) -> PyResult<InstanceInput> {
        Ok(InstanceInput {
            subtract: self.u64_list("subtract")?,
            code: self.string("code")?,
            ..InstanceInput::default()
        })
    }

    /// The size range: `n`, or `n_min`..`n_max` with defaults, `n_parity`, `n_mod`/`n_residue`.
    pub fn sizes(&self, default: (u64, u64)) -> PyResult<SizeRange> {
        let n = self.u64("n")?;
        let n_min = self.u64("n_min")?;
        let n_max = self.u64("n_max")?;
        let (min, max) = match n {
            Some(n) if n_min.is_none() && n_max.is_none() => (n, n),
            Some(_) => {
                return Err(input_error("give either n or n_min/n_max, not both"));
            }
            None => {
                let min = n_min.unwrap_or(default.0);
                (min, n_max.unwrap_or(default.1.max(min)))
            }
        };
        let residue = match (self.u64("n_mod")?, self.u64("n_residue")?) {
            (Some(modulus), Some(residue)) => Some((modulus, residue)),
            (None, None) => None,
            _ => return Err(input_error("n_mod and n_residue go together: give both")),
        };
        Ok(SizeRange {
            min,
            max,
            parity: self.choice::<Parity>("n_parity")?,
            residue,
        })
    }

    /// The pile-value settings: defaults for pile games, none for number games unless given
    /// (the generator then says they do not apply), as on the command line.
    pub fn values(&self, game: &dyn GameEntry) -> PyResult<Option<ValueSpec>> {
        let min = self.i64("min_value")?;
        let max = self.i64("max_value")?;
        let distribution = self.choice::<Distribution>("distribution")?;
        let total_parity = self.choice::<Parity>("total_parity")?;
        let given =
            min.is_some() || max.is_some() || distribution.is_some() || total_parity.is_some();
        Ok((game.takes_piles() || given).then(|| ValueSpec {
            min: min.unwrap_or(DEFAULT_MIN_VALUE),
            max: max.unwrap_or(DEFAULT_MAX_VALUE),
            distribution: distribution.unwrap_or(Distribution::Uniform),
            total_parity,
        }))
    }

    /// The fields every generated instance carries (nim's subtraction set).
    pub fn extras(&self) -> PyResult<Extras> {
        Ok(Extras {
            subtract: self.u64_list("subtract")?,
        })
    }

    /// The seed (default 1, as every random command).
    pub fn seed(&self) -> PyResult<u64> {
        Ok(self.u64("seed")?.unwrap_or(1))
    }

    /// The generator settings, with the command's default sizes.
    pub fn generator(
        &self,
        game: &dyn GameEntry,
        default_sizes: (u64, u64),
    ) -> PyResult<GeneratorSpec> {
        Ok(GeneratorSpec {
            sizes: self.sizes(default_sizes)?,
            values: self.values(game)?,
            seed: self.seed()?,
            extras: self.extras()?,
        })
    }
}

fn out_of_range(key: &str, requirement: &str, value: &Bound<'_, PyAny>) -> PyErr {
    let shown = value
        .repr()
        .map_or_else(|_| "?".to_string(), |r| r.to_string());
    input_error(gamelab::InputError::out_of_range(key, requirement, shown))
}

/// A game by name, or `InputError` listing the games.
pub fn game(name: &str) -> PyResult<&'static dyn GameEntry> {
    gamelab::find_game(name).map_err(input_error)
}
