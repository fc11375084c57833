//! `play` and `tournament`: strategies against each other, on one instance (the game record)
//! or on many seeded instances (win/tie/loss tallies; the tournament as the CLI's CSV).

use crate::errors::input_error;
use crate::options::Options;
use crate::stoppable::run_stoppable;
use gamelab::solve::SolverKind;
use gamelab::strategy::Pairing;
use gamelab::strategy::StrategySpec;
use gamelab::studies::generate::Generator;
use gamelab::studies::tournament::{
    check_strategies, describe_instances, run_matches_until, tournament_until, write_tournament_csv,
};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Default instances: 1..10 piles of 1..100, or N in 1..100 (as `gamelab play`/`tournament`).
fn default_sizes(takes_piles: bool) -> (u64, u64) {
    if takes_piles { (1, 10) } else { (1, 100) }
}

/// Instances per pairing when `trials` is not given.
const DEFAULT_TRIALS: u64 = 1000;

fn strategy(options: &Options<'_>, key: &str) -> PyResult<StrategySpec> {
    let name = options
        .string(key)?
        .ok_or_else(|| input_error(format!("play needs {key}, e.g. {key}='greedy'")))?;
    name.parse().map_err(input_error)
}

/// One instance (`piles`; `n` or `heaps` of a heap game without `trials`): the game record as the
/// CLI's JSON; otherwise many seeded instances: the match statistics as the CLI's JSON. The
/// dict's `json` key holds the CLI's JSON line.
#[pyfunction]
pub fn play<'py>(name: &str, options: Bound<'py, PyDict>) -> PyResult<Bound<'py, PyDict>> {
    let (entry, options) = Options::for_game(name, options)?;
    let py = options.py();
    let first = strategy(&options, "first")?;
    let second = strategy(&options, "second")?;
    check_strategies(entry, &[first.clone(), second.clone()]).map_err(input_error)?;
    let trials = options.u64("trials")?;
    let piles = options.i64_list("piles")?;
    // The settings of random instances mean nothing beside the one instance `piles` gives:
    // refused, as the command line refuses them beside --piles, rather than ignored.
    if piles.is_some()
        && let Some(setting) = options.first_given(&[
            "n",
            "n_min",
            "n_max",
            "n_parity",
            "min_value",
            "max_value",
            "distribution",
            "total_parity",
        ])?
    {
        return Err(input_error(format!(
            "give either piles (one instance) or {setting} (a setting of random instances), \
             not both"
        )));
    }
    let single = match (piles, options.first_given(&["heaps", "code"])?, trials) {
        (Some(_), _, None) => Some(options.instance()?),
        (Some(_), _, Some(_)) => {
            return Err(input_error(
                "give either piles (one instance) or trials (many), not both",
            ));
        }
        // heaps and an octal code describe one instance; random instances take neither.
        (None, Some(setting), Some(_)) => {
            return Err(input_error(format!(
                "give either {setting} (one instance) or trials (many), not both"
            )));
        }
        (None, Some(_), None) => Some(options.instance()?),
        (None, None, None) if !entry.takes_piles() && options.u64("n")?.is_some() => {
            Some(options.instance()?)
        }
        _ => None,
    };
    let seed = options.seed()?;
    let record = match single {
        Some(input) => {
            let instance = entry.build(&input).map_err(input_error)?;
            let record = py
                .detach(|| -> Result<_, String> {
                    let optimal = instance
                        .solve(SolverKind::AUTO)
                        .map_err(|error| error.to_string())?
                        .scores();
                    // As `gamelab play`: each move's regret when the instance can be valued.
                    instance
                        .play_valued_if_possible(Pairing {
                            first: &first,
                            second: &second,
                            optimal,
                            seed,
                            index: 0,
                        })
                        .map(|(record, _unvalued)| record)
                        .map_err(|error| error.to_string())
                })
                .map_err(input_error)?;
            to_dict(py, &record)?
        }
        None => {
            let spec = options.generator(entry, default_sizes(entry.takes_piles()))?;
            let generator = Generator::new(entry, spec).map_err(input_error)?;
            let trials = trials.unwrap_or(DEFAULT_TRIALS);
            let pairs = [(first, second)];
            let stats = run_stoppable(py, |stop| {
                run_matches_until(entry, &pairs, &generator, trials, seed, stop)
            })?
            .map_err(input_error)?;
            let stats = stats
                .into_iter()
                .next()
                .ok_or_else(|| input_error("no pairing was played"))?;
            to_dict(py, &stats)?
        }
    };
    Ok(record)
}

/// `value` as a dict of its JSON fields, plus `json`: the JSON line the CLI prints for it.
pub fn to_dict<'py>(
    py: Python<'py>,
    value: &impl serde::Serialize,
) -> PyResult<Bound<'py, PyDict>> {
    // Through serde_json's Value: its integers cover the i128 sums of the tallies.
    let json = serde_json::to_value(value).map_err(input_error)?;
    let record = pythonize::pythonize(py, &json)
        .map_err(input_error)?
        .cast_into::<PyDict>()?;
    record.set_item("json", serde_json::to_string(value).map_err(input_error)?)?;
    Ok(record)
}

/// Every ordered pairing of the strategies on the same instances: the CLI's CSV text (one row
/// per pairing) and its JSON (a dict).
#[pyfunction]
pub fn tournament<'py>(
    name: &str,
    options: Bound<'py, PyDict>,
) -> PyResult<(String, Bound<'py, PyDict>)> {
    let (entry, options) = Options::for_game(name, options)?;
    let py = options.py();
    let names = options
        .string("strategies")?
        .ok_or_else(|| input_error("tournament needs strategies, e.g. ['optimal', 'greedy']"))?;
    let strategies = names
        .split(',')
        .map(|name| name.trim().parse::<StrategySpec>().map_err(input_error))
        .collect::<PyResult<Vec<_>>>()?;
    let spec = options.generator(entry, default_sizes(entry.takes_piles()))?;
    let generator = Generator::new(entry, spec).map_err(input_error)?;
    let trials = options.u64("trials")?.unwrap_or(DEFAULT_TRIALS);
    let seed = options.seed()?;
    let result = run_stoppable(py, |stop| {
        tournament_until(entry, &strategies, &generator, trials, seed, stop)
    })?
    .map_err(input_error)?;
    let mut csv = Vec::new();
    write_tournament_csv(&result, &mut csv).map_err(input_error)?;
    let record = to_dict(py, &result)?;
    record.set_item("settings", describe_instances(entry, &generator, trials))?;
    Ok((String::from_utf8(csv).map_err(input_error)?, record))
}
