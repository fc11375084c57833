//! Claims about games, as data, checked by one function: exhaustively where the instances under
//! the conditions are few enough, by seeded sampling otherwise; a refuted claim comes with the
//! smallest counterexample.
//!
//! Size order. Instances compare by (number of piles, sum of offsets `value - min_value`, offsets
//! lexicographically): fewest piles first, then the smallest values. An exhaustive check walks
//! the instances in exactly this order and stops at the first counterexample, which is therefore
//! the minimum. A sampled check shrinks the counterexample it found (dropping piles, lowering
//! values, keeping every condition) and then walks the instances below it in size order within a
//! budget: if the walk completes, the counterexample is the minimum over all instances
//! (`Minimality::Global`); otherwise no pile can be dropped and no value lowered
//! (`Minimality::Local`), or, when the shrink's own budget ran out first (long rows: the budgets
//! count piles as well as candidates), it is as small as that budget got it
//! (`Minimality::Partial`).

pub mod catalogue;
mod search;

use crate::base::error::{InputError, Setting, SolveError};
use crate::base::game::Winner;
use crate::base::input::{Extras, InstanceInput, InstanceRef};
use crate::cost::{Cost, Operation, Work};
use crate::games::GameEntry;
use crate::solve::{Solution, SolverKind};
use crate::studies::generate::{Generator, GeneratorSpec, SizeRange, ValueSpec, extreme_instance};
use crate::util::choice::Choice;
use search::{Candidate, Space};
use serde::Serialize;
use std::sync::atomic::{AtomicBool, Ordering};

/// What a claim says about the outcome under optimal play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Expectation {
    /// The first player ends strictly ahead.
    FirstWins,
    /// The first player wins or ties.
    FirstNeverLoses,
    /// The second player ends strictly ahead.
    SecondWins,
    /// The second player wins or ties.
    SecondNeverLoses,
    /// Both end level.
    Tie,
}

impl Expectation {
    /// Whether an instance whose first player's margin is `margin` agrees with the claim.
    pub fn holds_for(self, margin: i64) -> bool {
        match self {
            Expectation::FirstWins => margin > 0,
            Expectation::FirstNeverLoses => margin >= 0,
            Expectation::SecondWins => margin < 0,
            Expectation::SecondNeverLoses => margin <= 0,
            Expectation::Tie => margin == 0,
        }
    }

    /// The command-line name, e.g. `first-never-loses`.
    pub fn name(self) -> &'static str {
        match self {
            Expectation::FirstWins => "first-wins",
            Expectation::FirstNeverLoses => "first-never-loses",
            Expectation::SecondWins => "second-wins",
            Expectation::SecondNeverLoses => "second-never-loses",
            Expectation::Tie => "tie",
        }
    }

    /// The claim in words: `the first player never loses`.
    pub fn sentence(self) -> &'static str {
        match self {
            Expectation::FirstWins => "the first player wins",
            Expectation::FirstNeverLoses => "the first player never loses",
            Expectation::SecondWins => "the second player wins",
            Expectation::SecondNeverLoses => "the second player never loses",
            Expectation::Tie => "the game is a tie",
        }
    }
}

impl Choice for Expectation {
    const ALL: &'static [Expectation] = &[
        Expectation::FirstWins,
        Expectation::FirstNeverLoses,
        Expectation::SecondWins,
        Expectation::SecondNeverLoses,
        Expectation::Tie,
    ];

    fn name(self) -> &'static str {
        Expectation::name(self)
    }

    fn summary(self) -> &'static str {
        self.sentence()
    }
}

/// A claim: under these conditions, optimal play always ends as expected.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Claim {
    /// The game's command-line name.
    pub game: &'static str,
    pub expect: Expectation,
    /// Pile counts (or N) the claim covers.
    pub sizes: SizeRange,
    /// Pile values the claim covers (`None` for number games); the distribution only matters
    /// when sampling.
    pub values: Option<ValueSpec>,
    /// The solver that decides each instance (`auto` uses the fastest exact one).
    pub solver: SolverKind,
    /// Fields every instance carries (nim's subtraction set).
    pub extras: Extras,
}

impl Claim {
    /// `stone-game, even n in 2..16, values 1..100: the first player wins`.
    pub fn describe(&self) -> String {
        let size_name = if self.values.is_some() { "n" } else { "N" };
        let mut conditions = vec![self.sizes.describe(size_name)];
        if let Some(values) = &self.values {
            conditions.push(format!("values {}..{}", values.min, values.max));
            if let Some(parity) = values.total_parity {
                conditions.push(format!("{} total", parity.name()));
            }
        }
        format!(
            "{}, {}: {}",
            self.game,
            conditions.join(", "),
            self.expect.sentence()
        )
    }

    /// The `gamelab check` command that checks this claim: recorded with every catalogue entry
    /// and verdict, so that a reader can rerun it.
    pub fn command(&self, options: &CheckOptions) -> String {
        let mut words = vec![
            "gamelab check".to_string(),
            self.game.to_string(),
            format!("--expect {}", self.expect.name()),
            format!("--n-min {} --n-max {}", self.sizes.min, self.sizes.max),
        ];
        if let Some(parity) = self.sizes.parity {
            words.push(format!("--n-parity {}", parity.name()));
        }
        if let Some((modulus, remainder)) = self.sizes.residue {
            words.push(format!("--n-mod {modulus} --n-residue {remainder}"));
        }
        if let Some(values) = &self.values {
            words.push(format!(
                "--min-value {} --max-value {}",
                values.min, values.max
            ));
            if let Some(parity) = values.total_parity {
                words.push(format!("--total-parity {}", parity.name()));
            }
        }
        if self.solver != SolverKind::AUTO {
            words.push(format!("--solver {}", self.solver.name()));
        }
        words.push(format!(
            "--samples {} --seed {}",
            options.samples, options.seed
        ));
        words.join(" ")
    }
}

/// How hard to look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckOptions {
    /// Instances to draw when the space is too large to enumerate.
    pub samples: u64,
    pub seed: u64,
    /// Enumerate when the space holds at most this many instances.
    pub exhaustive_limit: u128,
    /// Instances the search below a sampled counterexample may visit.
    pub minimality_budget: u64,
}

impl Default for CheckOptions {
    fn default() -> CheckOptions {
        CheckOptions {
            samples: DEFAULT_SAMPLES,
            seed: 1,
            exhaustive_limit: EXHAUSTIVE_LIMIT,
            minimality_budget: MINIMALITY_BUDGET,
        }
    }
}

/// Spaces up to this many instances are enumerated (a few seconds at most).
pub const EXHAUSTIVE_LIMIT: u128 = 4_000_000;
/// Default sample size of a sampled check.
pub const DEFAULT_SAMPLES: u64 = 20_000;
/// Default budget of the search for a smaller counterexample.
pub const MINIMALITY_BUDGET: u64 = 2_000_000;

/// How far a counterexample's minimality is established.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Minimality {
    /// No instance before it in size order refutes the claim.
    Global,
    /// No pile can be dropped and no value lowered (the full search ran out of budget).
    Local,
    /// Shrunk as far as its budget allowed: a pile might still be dropped or a value lowered
    /// (and the full search ran out of budget).
    Partial,
}

/// A refuting instance, solved.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Counterexample {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub piles: Option<Vec<i64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub n: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subtract: Option<Vec<u64>>,
    pub first_score: i64,
    pub second_score: i64,
    pub margin: i64,
    pub winner: Winner,
    pub minimality: Minimality,
    /// The full solution, with its optimal play.
    #[serde(skip)]
    pub solution: Solution,
}

impl Counterexample {
    /// The instance as input fields.
    pub fn input(&self) -> InstanceInput {
        InstanceInput {
            game: None,
            piles: self.piles.clone(),
            n: self.n,
            subtract: self.subtract.clone(),
            ..InstanceInput::default()
        }
    }
}

/// The outcome of a check.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Verdict {
    pub holds: bool,
    /// Instances checked (for a refuted claim: up to the counterexample).
    pub checked: u64,
    pub exhaustive: bool,
    pub counterexample: Option<Counterexample>,
}

/// Why a check could not run.
#[derive(Debug, thiserror::Error)]
pub enum ClaimError {
    #[error(transparent)]
    Input(#[from] InputError),
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// The caller's stop flag was raised (Ctrl-C in the Python package) before the check ended.
    #[error("the check was stopped before it ended")]
    Stopped,
}

/// The generator of the instances `claim` is about. It validates the conditions (an empty size
/// range, impossible parities, ...).
fn claim_generator(
    entry: &dyn GameEntry,
    claim: &Claim,
    options: &CheckOptions,
) -> Result<Generator, ClaimError> {
    let spec = GeneratorSpec {
        sizes: claim.sizes,
        values: claim.values,
        seed: options.seed,
        extras: claim.extras.clone(),
    };
    Ok(Generator::new(entry, spec)?)
}

/// What a refusal of a check over its budget advises, the samples named as the caller names them.
fn fewer_samples() -> String {
    format!("use fewer {} or smaller sizes", Setting::Samples)
}

/// Checks `claim` about the game `entry`.
pub fn check_claim(
    entry: &dyn GameEntry,
    claim: &Claim,
    options: &CheckOptions,
) -> Result<Verdict, ClaimError> {
    check_claim_until(entry, claim, options, &AtomicBool::new(false))
}

/// [`check_claim`], ending early with [`ClaimError::Stopped`] once `stop` is raised: every
/// instance judged looks at the flag first.
pub fn check_claim_until(
    entry: &dyn GameEntry,
    claim: &Claim,
    options: &CheckOptions,
    stop: &AtomicBool,
) -> Result<Verdict, ClaimError> {
    let generator = claim_generator(entry, claim, options)?;
    check_runnable(entry, claim, options)?;
    let space = Space::new(generator.spec());
    let mut judge = Judge::new(entry, claim, stop);
    let (instances, per_instance, judging) =
        judging_cost(entry, &generator, &space, &mut judge, options)?;
    judge.progress = Some((
        judging.admit(
            format_args!(
                "checking {}",
                crate::util::plural::counted(crate::cost::count(instances), "instance")
            ),
            &fewer_samples(),
        )?,
        per_instance,
    ));
    let allowance = shrink_allowance(&judging);
    if space.size() <= options.exhaustive_limit {
        let (found, checked) = space.search(&mut judge, None, u64::MAX, u64::MAX)?;
        return finish(
            entry,
            claim,
            found.map(|c| (c, Minimality::Global)),
            checked,
            true,
        );
    }
    let (found, checked) = first_refuting_sample(&space, &generator, &mut judge, options.samples)?;
    let Some(found) = found else {
        return finish(entry, claim, None, checked, false);
    };
    let result = smallest_counterexample(&space, &mut judge, found, allowance, options)?;
    finish(entry, claim, Some(result), checked, false)
}

/// Refuses options no check can run with: no samples, or a solver the game does not have.
fn check_runnable(
    entry: &dyn GameEntry,
    claim: &Claim,
    options: &CheckOptions,
) -> Result<(), ClaimError> {
    if options.samples == 0 {
        return Err(InputError::at_least_one(Setting::Samples, options.samples).into());
    }
    if !entry.solver_kinds().contains(&claim.solver) {
        return Err(SolveError::NotApplicable {
            solver: claim.solver.name(),
            game: entry.name(),
            available: entry.solver_names(),
        }
        .into());
    }
    Ok(())
}

/// The estimated nanoseconds that shrinking a counterexample and the walk below it share after
/// `judging`: what the time budget leaves (at least a tenth of it), and at most
/// `SHRINK_SECONDS`; `None` without a time budget.
fn shrink_allowance(judging: &Cost) -> Option<f64> {
    crate::cost::budget().time.map(|limit| {
        let limit = limit.as_secs_f64() * 1e9;
        (limit - judging.work.seconds() * 1e9)
            .max(limit / 10.0)
            .min(SHRINK_SECONDS * 1e9)
    })
}

/// Judges the first `samples` instances of `generator` until one refutes the claim: returns it,
/// if any, and how many instances were judged.
fn first_refuting_sample(
    space: &Space,
    generator: &Generator,
    judge: &mut Judge<'_>,
    samples: u64,
) -> Result<(Option<Candidate>, u64), ClaimError> {
    let mut checked = 0;
    for index in 0..samples {
        let candidate = space.candidate_of(&generator.instance(index));
        checked += 1;
        if judge.refutes(&candidate)? {
            return Ok((Some(candidate), checked));
        }
    }
    Ok((None, checked))
}

/// Shrinks the sampled counterexample `found`, then walks the instances below it, within
/// `allowance` (estimated nanoseconds, `None`: no limit): the smallest counterexample found, and
/// how sure it is to be the smallest.
fn smallest_counterexample(
    space: &Space,
    judge: &mut Judge<'_>,
    found: Candidate,
    allowance: Option<f64>,
    options: &CheckOptions,
) -> Result<(Candidate, Minimality), ClaimError> {
    // Announced as the most their allowance lets them judge, at the counterexample's size (they
    // usually end sooner).
    judge.progress = None;
    let per_candidate = judge
        .cost_at(found.size())?
        .work
        .plus(Work::of(Operation::Candidate, 1));
    let most = allowance.map_or(SHRINK_CANDIDATES, |nanos| {
        (nanos / (per_candidate.seconds() * 1e9).max(1.0)).min(SHRINK_CANDIDATES)
    });
    judge.progress = Some((
        Cost::work(per_candidate.scaled(most))
            .admit("shrinking the counterexample", &fewer_samples())?,
        per_candidate,
    ));
    judge.allow(allowance);
    let (shrunk, settled) = space.shrink(found, judge)?;
    let (smallest, _) = space.search(
        judge,
        Some(&shrunk),
        options.minimality_budget,
        search::SEARCH_PILES,
    )?;
    Ok(match smallest {
        Some(smallest) => (smallest, Minimality::Global),
        None if settled => (shrunk, Minimality::Local),
        None => (shrunk, Minimality::Partial),
    })
}

/// What checking `claim` costs before any counterexample is shrunk (see [`check_claim`]).
pub fn check_cost(
    entry: &dyn GameEntry,
    claim: &Claim,
    options: &CheckOptions,
) -> Result<Cost, ClaimError> {
    let generator = claim_generator(entry, claim, options)?;
    let space = Space::new(generator.spec());
    let never = AtomicBool::new(false);
    let mut judge = Judge::new(entry, claim, &never);
    Ok(judging_cost(entry, &generator, &space, &mut judge, options)?.2)
}

/// How many instances a check judges, what one costs on average, and what they all cost:
/// every instance of a small enough space (costed at the largest size, where nearly all of
/// them are) or `--samples` of them (drawn over the sizes evenly: costed at the sizes' mean).
fn judging_cost(
    entry: &dyn GameEntry,
    generator: &Generator,
    space: &Space,
    judge: &mut Judge<'_>,
    options: &CheckOptions,
) -> Result<(u128, Work, Cost), ClaimError> {
    let sizes = generator.spec().sizes;
    let exhaustive = space.size() <= options.exhaustive_limit;
    let instances = if exhaustive {
        space.size()
    } else {
        options.samples as u128
    };
    let largest = sizes.nth(sizes.count() - 1);
    let costed: Vec<u64> = if exhaustive {
        vec![largest]
    } else {
        let count = sizes.count();
        let sampled = count.min(MEAN_OF_SIZES);
        (0..sampled)
            .map(|k| sizes.nth((k as u128 * count as u128 / sampled as u128) as u64))
            .collect()
    };
    let mut total = Work::NONE;
    let mut memory = 0;
    for &n in &costed {
        let one = judge.cost_at(n)?;
        let draw = if entry.takes_piles() {
            Work::of(Operation::DrawPile, n as u128)
        } else {
            Work::NONE
        };
        total = total.plus(one.work.plus(draw).plus(Work::of(Operation::Candidate, 1)));
        memory = one.memory.max(memory);
    }
    let per_instance = total.scaled(1.0 / costed.len() as f64);
    let judging = Cost::new(memory, per_instance.times(instances));
    Ok((instances, per_instance, judging))
}

/// The most estimated time a sampled check spends shrinking a counterexample and searching below
/// it: past it the counterexample is reported as far as it got (`Minimality::Partial`).
const SHRINK_SECONDS: f64 = 10.0;

/// The most candidates a shrink and the walk below it are announced as (their own budgets stop
/// them sooner): for the progress report only.
const SHRINK_CANDIDATES: f64 = 100_000.0;

/// A sampled check is costed at the mean of at most this many of its sizes.
const MEAN_OF_SIZES: u64 = 64;

fn finish(
    entry: &dyn GameEntry,
    claim: &Claim,
    found: Option<(Candidate, Minimality)>,
    checked: u64,
    exhaustive: bool,
) -> Result<Verdict, ClaimError> {
    let counterexample = match found {
        None => None,
        Some((candidate, minimality)) => {
            let input = candidate.to_input(&claim.extras);
            let solution = entry.build(&input)?.solve(claim.solver)?;
            Some(Counterexample {
                piles: input.piles,
                n: input.n,
                subtract: input.subtract,
                first_score: solution.first_score,
                second_score: solution.second_score,
                margin: solution.margin,
                winner: solution.winner,
                minimality,
                solution,
            })
        }
    };
    Ok(Verdict {
        holds: counterexample.is_none(),
        checked,
        exhaustive,
        counterexample,
    })
}

/// Decides instances with the claim's solver, within an allowance of estimated time for the
/// searches after the sampling (shrinking, the walk below a counterexample): each candidate is
/// costed before it is judged, so those searches stop at the budget — by estimate, not by the
/// clock, so that the same claim gives the same verdict on any machine.
struct Judge<'a> {
    entry: &'a dyn GameEntry,
    claim: &'a Claim,
    scratch: Vec<i64>,
    /// Estimated nanoseconds of one candidate, by size.
    costs: std::collections::HashMap<u64, Cost>,
    /// Estimated nanoseconds the budgeted searches may still spend (`None`: no limit).
    allowance: Option<f64>,
    /// While the admitted instances are judged: the admission and one instance's work, reported
    /// as each is judged.
    progress: Option<(crate::cost::progress::Admitted, Work)>,
    /// Raised by the caller to end the check early.
    stop: &'a AtomicBool,
}

impl<'a> Judge<'a> {
    fn new(entry: &'a dyn GameEntry, claim: &'a Claim, stop: &'a AtomicBool) -> Judge<'a> {
        Judge {
            entry,
            claim,
            stop,
            scratch: Vec::new(),
            costs: std::collections::HashMap::new(),
            allowance: None,
            progress: None,
        }
    }

    /// Gives the budgeted searches `nanos` of estimated time (`None`: no limit).
    fn allow(&mut self, nanos: Option<f64>) {
        self.allowance = nanos;
    }

    /// What judging one instance of size `n` costs: `auto`'s value by the fast path, or the
    /// chosen solver's value on the hardest instance of that size the claim covers.
    fn cost_at(&mut self, n: u64) -> Result<Cost, ClaimError> {
        if let Some(cost) = self.costs.get(&n) {
            return Ok(*cost);
        }
        // A pile game's margins have a cost of their own by size; a number game's is its
        // solver's on the instance, which a proved period or a closed form makes small for any N.
        let cost = match self.claim.solver {
            SolverKind::AUTO if self.entry.takes_piles() => self.entry.margin_cost(n),
            solver => {
                let input = extreme_instance(self.claim.values, &self.claim.extras, n);
                self.entry.build(&input)?.solve_cost(solver, true)
            }
        };
        self.costs.insert(n, cost);
        Ok(cost)
    }

    /// Whether the allowance covers judging `candidate`, taking its cost from it if so.
    fn affordable(&mut self, candidate: &Candidate) -> Result<bool, ClaimError> {
        let Some(left) = self.allowance else {
            return Ok(true);
        };
        let nanos = self.cost_at(candidate.size())?.work.seconds() * 1e9;
        if nanos > left {
            return Ok(false);
        }
        self.allowance = Some(left - nanos);
        Ok(true)
    }

    /// Whether `candidate` refutes the claim.
    fn refutes(&mut self, candidate: &Candidate) -> Result<bool, ClaimError> {
        if self.stop.load(Ordering::Relaxed) {
            return Err(ClaimError::Stopped);
        }
        if let Some((admitted, one)) = &self.progress {
            admitted.advance(one.cpu_nanos());
        }
        let piles;
        let number;
        let instance = match candidate {
            Candidate::Number(_) => {
                number = candidate.to_input(&self.claim.extras);
                InstanceRef::Input(&number)
            }
            Candidate::Piles { min, offsets } => {
                piles = Candidate::values(*min, offsets);
                InstanceRef::Piles(&piles)
            }
        };
        // Only the value decides a claim: the move list is read for the counterexample alone.
        let margin = match self.claim.solver {
            SolverKind::AUTO => self.entry.first_margin(instance, &mut self.scratch)?,
            solver => {
                self.entry
                    .build(&instance.to_input())?
                    .solve_value(solver)?
                    .margin
            }
        };
        Ok(!self.claim.expect.holds_for(margin))
    }
}
