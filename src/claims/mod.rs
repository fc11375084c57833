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
//! (`Minimality::Local`).

pub mod catalogue;

use crate::choice::Choice;
use crate::error::{InputError, Setting, SolveError};
use crate::game::Winner;
use crate::generate::{Generator, GeneratorSpec, Parity, SizeRange, ValueSpec};
use crate::input::{Extras, InstanceInput, InstanceRef};
use crate::registry::GameEntry;
use crate::solve::{Solution, SolverKind};
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

    /// The `gamelab check` command that checks this claim.
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
    if space.size() <= options.exhaustive_limit {
        let (found, checked) = space.search(&mut judge, None, u64::MAX)?;
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
    let shrunk = space.shrink(found, &mut judge)?;
    let (smallest, _) = space.search(&mut judge, Some(&shrunk), options.minimality_budget)?;
    let result = match smallest {
        Some(smallest) => (smallest, Minimality::Global),
        None => (shrunk, Minimality::Local),
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

/// An instance under test: pile offsets from the minimum value, or a number.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Candidate {
    Piles { min: i64, offsets: Vec<u64> },
    Number(u64),
}

impl Candidate {
    fn values(min: i64, offsets: &[u64]) -> Vec<i64> {
        offsets
            .iter()
            .map(|&offset| min.wrapping_add(offset as i64))
            .collect()
    }

    /// The instance as input fields, with the claim's extra fields.
    fn to_input(&self, extras: &Extras) -> InstanceInput {
        let mut input = match self {
            Candidate::Piles { min, offsets } => {
                InstanceInput::piles(Candidate::values(*min, offsets))
            }
            Candidate::Number(n) => InstanceInput::number(*n),
        };
        extras.apply_to(&mut input);
        input
    }

    /// The size-order key: (size, offset sum, offsets).
    fn key(&self) -> (u64, u64, Vec<u64>) {
        match self {
            Candidate::Piles { offsets, .. } => {
                (offsets.len() as u64, offsets.iter().sum(), offsets.clone())
            }
            Candidate::Number(n) => (*n, 0, vec![]),
        }
    }
}

/// The instances a claim covers.
struct Space {
    sizes: SizeRange,
    values: Option<ValueSpec>,
}

impl Space {
    fn new(spec: &GeneratorSpec) -> Space {
        Space {
            sizes: spec.sizes,
            values: spec.values,
        }
    }

    /// Offsets run over 0..=span.
    fn span(&self) -> u64 {
        self.values
            .map_or(0, |values| values.max.wrapping_sub(values.min) as u64)
    }

    /// How many instances (before the total-parity filter), saturating.
    fn size(&self) -> u128 {
        if self.values.is_none() {
            return self.sizes.count() as u128;
        }
        let choices = self.span() as u128 + 1;
        self.sizes.iter().fold(0u128, |total, n| {
            let per_size = u32::try_from(n)
                .ok()
                .and_then(|n| choices.checked_pow(n))
                .unwrap_or(u128::MAX);
            total.saturating_add(per_size)
        })
    }

    fn candidate_of(&self, input: &InstanceInput) -> Candidate {
        match (&self.values, &input.piles) {
            (Some(values), Some(piles)) => Candidate::Piles {
                min: values.min,
                offsets: piles
                    .iter()
                    .map(|&pile| pile.wrapping_sub(values.min) as u64)
                    .collect(),
            },
            _ => Candidate::Number(input.n.unwrap_or(0)),
        }
    }

    /// Whether a total offset `sum` over `n` piles gives the required total parity.
    fn sum_allowed(&self, n: u64, sum: u64) -> bool {
        match self.values.and_then(|values| values.total_parity) {
            None => true,
            Some(parity) => {
                let min = self.values.map_or(0, |values| values.min) as i128;
                Parity::of(min * n as i128 + sum as i128) == parity
            }
        }
    }

    fn meets_conditions(&self, candidate: &Candidate) -> bool {
        match candidate {
            Candidate::Number(n) => self.sizes.contains(*n),
            Candidate::Piles { offsets, .. } => {
                let n = offsets.len() as u64;
                self.sizes.contains(n)
                    && offsets.iter().all(|&offset| offset <= self.span())
                    && self.sum_allowed(n, offsets.iter().sum())
            }
        }
    }

    /// Walks the instances in size order and returns the first counterexample, stopping after
    /// `budget` instances or once past `up_to` (inclusive); also returns how many it checked.
    fn search(
        &self,
        judge: &mut Judge<'_>,
        up_to: Option<&Candidate>,
        budget: u64,
    ) -> Result<(Option<Candidate>, u64), ClaimError> {
        let limit_key = up_to.map(Candidate::key);
        let mut checked = 0u64;
        let mut visit = |candidate: Candidate, checked: &mut u64| -> Result<Visit, ClaimError> {
            if limit_key
                .as_ref()
                .is_some_and(|limit| candidate.key() > *limit)
            {
                return Ok(Visit::Stop(None));
            }
            if *checked >= budget {
                return Ok(Visit::Stop(None));
            }
            *checked += 1;
            if judge.refutes(&candidate)? {
                return Ok(Visit::Stop(Some(candidate)));
            }
            Ok(Visit::Continue)
        };
        let Some(values) = self.values else {
            for n in self.sizes.iter() {
                if let Visit::Stop(found) = visit(Candidate::Number(n), &mut checked)? {
                    return Ok((found, checked));
                }
            }
            return Ok((None, checked));
        };
        let span = self.span();
        for n in self.sizes.iter() {
            let largest_sum = (n as u128 * span as u128).min(u64::MAX as u128) as u64;
            for sum in 0..=largest_sum {
                if !self.sum_allowed(n, sum) {
                    continue;
                }
                let mut offsets = smallest_with_sum(n as usize, sum, span);
                loop {
                    let candidate = Candidate::Piles {
                        min: values.min,
                        offsets: offsets.clone(),
                    };
                    if let Visit::Stop(found) = visit(candidate, &mut checked)? {
                        return Ok((found, checked));
                    }
                    if !next_with_same_sum(&mut offsets, span) {
                        break;
                    }
                }
            }
        }
        Ok((None, checked))
    }

    /// Drops piles and lowers values while the claim stays refuted and the conditions hold,
    /// until neither helps.
    fn shrink(
        &self,
        mut current: Candidate,
        judge: &mut Judge<'_>,
    ) -> Result<Candidate, ClaimError> {
        loop {
            let mut improved = false;
            for candidate in self.smaller_neighbours(&current) {
                if self.meets_conditions(&candidate) && judge.refutes(&candidate)? {
                    current = candidate;
                    improved = true;
                    break;
                }
            }
            if !improved {
                return Ok(current);
            }
        }
    }

    /// Instances just below `candidate` in size order: one or two piles fewer (two keep the
    /// parity of n), or one value lowered (by any amount, smallest first).
    fn smaller_neighbours(&self, candidate: &Candidate) -> Vec<Candidate> {
        let mut neighbours = Vec::new();
        match candidate {
            // Numbers are not shrunk: the search below them in size order covers every smaller
            // N within its budget.
            Candidate::Number(_) => {}
            Candidate::Piles { min, offsets } => {
                let n = offsets.len();
                for drop in 0..n {
                    let mut fewer = offsets.clone();
                    fewer.remove(drop);
                    neighbours.push(Candidate::Piles {
                        min: *min,
                        offsets: fewer.clone(),
                    });
                    for second in drop..fewer.len() {
                        let mut fewer_two = fewer.clone();
                        fewer_two.remove(second);
                        neighbours.push(Candidate::Piles {
                            min: *min,
                            offsets: fewer_two,
                        });
                    }
                }
                for position in 0..n {
                    for lower in 0..offsets[position] {
                        let mut lowered = offsets.clone();
                        lowered[position] = lower;
                        neighbours.push(Candidate::Piles {
                            min: *min,
                            offsets: lowered,
                        });
                    }
                }
            }
        }
        neighbours
    }
}

enum Visit {
    Continue,
    Stop(Option<Candidate>),
}

/// The lexicographically smallest offsets of length `n`, each at most `span`, summing to `sum`:
/// zeros first, the sum packed at the end.
fn smallest_with_sum(n: usize, sum: u64, span: u64) -> Vec<u64> {
    let mut offsets = vec![0; n];
    let mut rest = sum;
    for offset in offsets.iter_mut().rev() {
        let here = rest.min(span);
        *offset = here;
        rest -= here;
    }
    offsets
}

/// Advances `offsets` to the next vector with the same sum in lexicographic order; false when
/// it was the last.
fn next_with_same_sum(offsets: &mut [u64], span: u64) -> bool {
    let n = offsets.len();
    let mut suffix_sum = offsets.last().copied().unwrap_or(0);
    for position in (0..n.saturating_sub(1)).rev() {
        if offsets[position] < span && suffix_sum > 0 {
            offsets[position] += 1;
            let rest = smallest_with_sum(n - position - 1, suffix_sum - 1, span);
            offsets[position + 1..].copy_from_slice(&rest);
            return true;
        }
        suffix_sum += offsets[position];
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_sum_vectors_come_in_lexicographic_order() {
        let mut offsets = smallest_with_sum(3, 2, 5);
        let mut seen = vec![offsets.clone()];
        while next_with_same_sum(&mut offsets, 5) {
            seen.push(offsets.clone());
        }
        assert_eq!(
            seen,
            vec![
                vec![0, 0, 2],
                vec![0, 1, 1],
                vec![0, 2, 0],
                vec![1, 0, 1],
                vec![1, 1, 0],
                vec![2, 0, 0]
            ]
        );
    }

    #[test]
    fn capped_offsets_cover_every_vector_once() {
        let (n, span) = (4usize, 3u64);
        let mut count = 0;
        for sum in 0..=(n as u64 * span) {
            let mut offsets = smallest_with_sum(n, sum, span);
            loop {
                assert_eq!(offsets.iter().sum::<u64>(), sum);
                assert!(offsets.iter().all(|&o| o <= span));
                count += 1;
                if !next_with_same_sum(&mut offsets, span) {
                    break;
                }
            }
        }
        assert_eq!(count, 4usize.pow(4));
    }
}
