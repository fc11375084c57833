//! `check`: settle a claim about a game (exhaustively or by sampling), with the smallest
//! counterexample solved.

use crate::errors::input_error;
use crate::options::Options;
use crate::solve::Solution;
use crate::stoppable::run_stoppable;
use gamelab::solve::SolverKind;
use gamelab::studies::claims::{
    CheckOptions, Claim, ClaimError, DEFAULT_SAMPLES, Expectation, check_claim_until,
};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Default sizes of a claim: up to 10 piles, or N up to 1000 (as `gamelab check`).
fn default_sizes(takes_piles: bool) -> (u64, u64) {
    if takes_piles { (1, 10) } else { (1, 1000) }
}

/// The verdict as the CLI's JSON (a dict), plus `claim` (the claim in words) and `solution`
/// (the counterexample's `Solution`, or None).
#[pyfunction]
pub fn check<'py>(name: &str, options: Bound<'py, PyDict>) -> PyResult<Bound<'py, PyDict>> {
    let (entry, options) = Options::for_game(name, options)?;
    let py = options.py();
    let expect = options
        .choice::<Expectation>("expect")?
        .ok_or_else(|| input_error("check needs expect, e.g. expect='first-wins'"))?;
    let claim = Claim {
        game: entry.name(),
        expect,
        sizes: options.sizes(default_sizes(entry.takes_piles()))?,
        values: options.values(entry)?,
        solver: options.solver("solver")?.unwrap_or(SolverKind::AUTO),
        extras: options.extras()?,
    };
    let check_options = CheckOptions {
        samples: options.u64("samples")?.unwrap_or(DEFAULT_SAMPLES),
        seed: options.seed()?,
        ..CheckOptions::default()
    };
    let verdict = match run_stoppable(py, |stop| {
        check_claim_until(entry, &claim, &check_options, stop)
    })? {
        Ok(verdict) => verdict,
        // Only a signal raises the flag, and run_stoppable raised its exception.
        Err(ClaimError::Stopped) => return Err(input_error("the check was stopped")),
        Err(error) => return Err(input_error(error)),
    };
    let record = pythonize::pythonize(py, &verdict)
        .map_err(input_error)?
        .cast_into::<PyDict>()?;
    record.set_item("claim", claim.describe())?;
    let solution = verdict.counterexample.as_ref().map(|counterexample| {
        Solution::new(
            counterexample.solution.clone(),
            counterexample.input().describe(),
        )
    });
    record.set_item("solution", solution)?;
    record.set_item(
        "json",
        serde_json::to_string(&verdict).map_err(input_error)?,
    )?;
    Ok(record)
}
