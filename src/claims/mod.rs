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

use crate::choice::Choice;
use crate::error::{InputError, Setting, SolveError};
use crate::game::Winner;
use crate::generate::{Generator, GeneratorSpec, SizeRange, ValueSpec};
use crate::input::{Extras, InstanceInput, InstanceRef};
use crate::registry::GameEntry;
use crate::solve::{Solution, SolverKind};
use search::{Candidate, Space};
use serde::Serialize;

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
        if self.solver != SolverKind::Auto {
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
}

/// Checks `claim` about the game `entry`.
pub fn check_claim(
    entry: &GameEntry,
    claim: &Claim,
    options: &CheckOptions,
) -> Result<Verdict, ClaimError> {
    // The generator validates the conditions (empty size range, impossible parities, ...).
    let spec = GeneratorSpec {
        sizes: claim.sizes,
        values: claim.values,
        seed: options.seed,
        extras: claim.extras.clone(),
    };
    let generator = Generator::new(entry, spec)?;
    if options.samples == 0 {
        return Err(InputError::at_least_one(Setting::Samples, options.samples).into());
    }
    if !entry.solvers.contains(&claim.solver) {
        return Err(SolveError::NotApplicable {
            solver: claim.solver.name(),
            game: entry.name,
            available: entry.solver_names(),
        }
        .into());
    }
    let space = Space::new(generator.spec());
    let mut judge = Judge::new(entry, claim);
    // Exhaustive (every instance of a small enough space) or sampled (`--samples` of them),
    // this many instances of at most the largest size are judged.
    let sizes = generator.spec().sizes;
    let instances = if space.size() <= options.exhaustive_limit {
        space.size()
    } else {
        options.samples as u128
    };
    let one = entry.margin_cost(sizes.nth(sizes.count() - 1));
    crate::budget::Cost::new(
        one.memory,
        crate::budget::times(instances, one.work.saturating_add(100)),
    )
    .check(
        format_args!("checking {} instances", crate::budget::count(instances)),
        "use fewer --samples or smaller sizes",
    )?;
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
    let mut checked = 0;
    let mut found = None;
    for index in 0..options.samples {
        let candidate = space.candidate_of(&generator.instance(index));
        checked += 1;
        if judge.refutes(&candidate)? {
            found = Some(candidate);
            break;
        }
    }
    let Some(found) = found else {
        return finish(entry, claim, None, checked, false);
    };
    let (shrunk, settled) = space.shrink(found, &mut judge)?;
    let (smallest, _) = space.search(
        &mut judge,
        Some(&shrunk),
        options.minimality_budget,
        search::SEARCH_PILES,
    )?;
    let result = match smallest {
        Some(smallest) => (smallest, Minimality::Global),
        None if settled => (shrunk, Minimality::Local),
        None => (shrunk, Minimality::Partial),
    };
    finish(entry, claim, Some(result), checked, false)
}

fn finish(
    entry: &GameEntry,
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

/// Decides instances with the claim's solver.
struct Judge<'a> {
    entry: &'a GameEntry,
    claim: &'a Claim,
    scratch: Vec<i64>,
}

impl<'a> Judge<'a> {
    fn new(entry: &'a GameEntry, claim: &'a Claim) -> Judge<'a> {
        Judge {
            entry,
            claim,
            scratch: Vec::new(),
        }
    }

    /// Whether `candidate` refutes the claim.
    fn refutes(&mut self, candidate: &Candidate) -> Result<bool, ClaimError> {
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
        let margin = match self.claim.solver {
            SolverKind::Auto => self.entry.first_margin(instance, &mut self.scratch)?,
            solver => {
                self.entry
                    .build(&instance.to_input())?
                    .solve(solver)?
                    .margin
            }
        };
        Ok(!self.claim.expect.holds_for(margin))
    }
}
