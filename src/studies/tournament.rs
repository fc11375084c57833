//! The strategy lab: play strategies against each other on many seeded instances of a
//! registered game, and measure what a heuristic costs against optimal play.
//!
//! Shortfall: the first player's score under optimal play by both sides minus the score it
//! actually got. Against an optimal second player it is never negative (no first-player
//! strategy beats the game value); it is negative when the first player profits from the second
//! player's mistakes. Parallel like the sweep: every instance adds integers to its pair's tally,
//! so results are identical on any thread count. A tournament also rates its strategies
//! (Bradley–Terry with bootstrap intervals, see `crate::studies::ratings`).

use crate::base::error::{InputError, Setting};
use crate::base::game::{Player, Winner};
use crate::cost::{Cost, Operation, Work, count, times};
use crate::games::GameEntry;
use crate::strategy::Pairing;
use crate::strategy::{GameRecord, StrategyError, StrategySpec, available_strategies};
use crate::studies::generate::Generator;
use crate::studies::ratings::{BOOTSTRAP_REPLICATES, PairResult, Ratings, fit_cost, fit_ratings};
use crate::util::plural::counted;
use rayon::prelude::*;
use serde::Serialize;
use std::sync::atomic::{AtomicBool, Ordering};

/// Outcome counts of one pairing over many instances.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchTally {
    pub trials: u64,
    pub first_wins: u64,
    pub ties: u64,
    pub second_wins: u64,
    pub margin_sum: i128,
    pub shortfall_sum: i128,
    /// How many games each strategy note came up in.
    pub notes: std::collections::BTreeMap<String, u64>,
}

impl MatchTally {
    fn add(&mut self, record: &GameRecord) {
        for note in &record.notes {
            *self.notes.entry(note.clone()).or_insert(0) += 1;
        }
        self.trials += 1;
        match record.winner {
            Winner::First => self.first_wins += 1,
            Winner::Tie => self.ties += 1,
            Winner::Second => self.second_wins += 1,
        }
        self.margin_sum += record.margin as i128;
        self.shortfall_sum += record.shortfall() as i128;
    }

    fn merged(mut self, other: &MatchTally) -> MatchTally {
        self.trials += other.trials;
        self.first_wins += other.first_wins;
        self.ties += other.ties;
        self.second_wins += other.second_wins;
        self.margin_sum += other.margin_sum;
        self.shortfall_sum += other.shortfall_sum;
        for (note, count) in &other.notes {
            *self.notes.entry(note.clone()).or_insert(0) += count;
        }
        self
    }
}

/// The statistics of one pairing: `first` moves first on every instance.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchStats {
    pub first: String,
    pub second: String,
    pub trials: u64,
    pub first_wins: u64,
    pub ties: u64,
    pub second_wins: u64,
    pub first_win_rate: f64,
    pub mean_margin: f64,
    /// Mean of (first player's optimal score - its actual score).
    pub mean_shortfall: f64,
    pub margin_sum: i128,
    pub shortfall_sum: i128,
    /// Strategy notes with the number of games they came up in, `; `-separated (empty if none).
    pub notes: String,
    /// The first strategy's rating and its 95% interval (Elo points, see `crate::studies::ratings`),
    /// filled in by [`tournament`].
    pub first_rating: Option<f64>,
    pub first_rating_low: Option<f64>,
    pub first_rating_high: Option<f64>,
    /// The second strategy's rating and its 95% interval.
    pub second_rating: Option<f64>,
    pub second_rating_low: Option<f64>,
    pub second_rating_high: Option<f64>,
}

impl MatchStats {
    fn new(first: &StrategySpec, second: &StrategySpec, tally: &MatchTally) -> MatchStats {
        let trials = tally.trials.max(1) as f64;
        let round = |value: f64| (value * 1e6).round() / 1e6;
        MatchStats {
            first: first.to_string(),
            second: second.to_string(),
            trials: tally.trials,
            first_wins: tally.first_wins,
            ties: tally.ties,
            second_wins: tally.second_wins,
            first_win_rate: round(tally.first_wins as f64 / trials),
            mean_margin: round(tally.margin_sum as f64 / trials),
            mean_shortfall: round(tally.shortfall_sum as f64 / trials),
            margin_sum: tally.margin_sum,
            shortfall_sum: tally.shortfall_sum,
            notes: tally
                .notes
                .iter()
                .map(|(note, count)| {
                    format!("{note} (in {count} of {})", counted(tally.trials, "game"))
                })
                .collect::<Vec<_>>()
                .join("; "),
            first_rating: None,
            first_rating_low: None,
            first_rating_high: None,
            second_rating: None,
            second_rating_low: None,
            second_rating_high: None,
        }
    }
}

/// Every ordered pairing of `strategies` (row strategy first), over the same instances.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Tournament {
    pub game: &'static str,
    pub strategies: Vec<String>,
    /// Row-major: `matches[i * k + j]` has strategy i first and strategy j second.
    pub matches: Vec<MatchStats>,
    /// Bradley–Terry ratings with bootstrap intervals, fitted from the matches.
    pub ratings: Ratings,
}

impl Tournament {
    /// The pairing with `first` moving first against `second`.
    pub fn pairing(&self, first: usize, second: usize) -> &MatchStats {
        &self.matches[first * self.strategies.len() + second]
    }
}

/// Writes a tournament as CSV, one row per pairing (row strategy first).
pub fn write_tournament_csv(
    tournament: &Tournament,
    writer: impl std::io::Write,
) -> Result<(), csv::Error> {
    let mut csv = csv::Writer::from_writer(writer);
    for stats in &tournament.matches {
        csv.serialize(stats)?;
    }
    csv.flush()?;
    Ok(())
}

/// `1000 instances: n = 1..10, uniform values 1..100, seed 1`.
pub fn describe_instances(entry: &dyn GameEntry, generator: &Generator, trials: u64) -> String {
    let spec = generator.spec();
    let size_name = if entry.takes_piles() { "n" } else { "N" };
    let mut parts = vec![spec.sizes.describe(size_name)];
    if let Some(values) = &spec.values {
        parts.push(values.describe());
    }
    parts.push(format!("seed {}", spec.seed));
    format!(
        "{}: {}",
        crate::util::plural::counted(trials, "instance"),
        parts.join(", ")
    )
}

/// Checks that every strategy exists for the game before any work starts.
pub fn check_strategies(
    entry: &dyn GameEntry,
    strategies: &[StrategySpec],
) -> Result<(), StrategyError> {
    for spec in strategies {
        if let StrategySpec::Own(name) = spec
            && !entry.own_strategies().contains(&name.as_str())
        {
            return Err(StrategyError::Unknown {
                name: name.clone(),
                game: entry.name(),
                available: available_strategies(&entry.own_strategies()),
            });
        }
    }
    Ok(())
}

/// Plays every pair of `pairs` on instances `0..trials` of `generator`; `seed` keys the random
/// strategies.
pub fn run_matches(
    entry: &dyn GameEntry,
    pairs: &[(StrategySpec, StrategySpec)],
    generator: &Generator,
    trials: u64,
    seed: u64,
) -> Result<Vec<MatchStats>, StrategyError> {
    run_matches_until(
        entry,
        pairs,
        generator,
        trials,
        seed,
        &AtomicBool::new(false),
    )
}

/// [`run_matches`], ending early with [`StrategyError::Stopped`] once `stop` is raised: each
/// instance looks at the flag before it is played.
pub fn run_matches_until(
    entry: &dyn GameEntry,
    pairs: &[(StrategySpec, StrategySpec)],
    generator: &Generator,
    trials: u64,
    seed: u64,
    stop: &AtomicBool,
) -> Result<Vec<MatchStats>, StrategyError> {
    let strategies: Vec<StrategySpec> = pairs
        .iter()
        .flat_map(|(a, b)| [a.clone(), b.clone()])
        .collect();
    check_strategies(entry, &strategies)?;
    if trials == 0 {
        return Err(InputError::at_least_one(Setting::Trials, trials).into());
    }
    let (cost, per_instance) = matches_cost(entry, pairs, generator, trials)?;
    let admitted = cost.admit(
        format_args!(
            "playing these matches ({}: {} × {}, up to size {})",
            crate::util::plural::counted(count(times(trials as u128, pairs.len() as u128)), "game"),
            crate::util::plural::counted(trials, "instance"),
            crate::util::plural::counted(pairs.len(), "pairing"),
            generator.largest_size()
        ),
        "use fewer trials, fewer or cheaper strategies, or smaller instances",
    )?;
    let empty = vec![MatchTally::default(); pairs.len()];
    let tallies = (0..trials)
        .into_par_iter()
        .map(|index| -> Result<Vec<MatchTally>, StrategyError> {
            if stop.load(Ordering::Relaxed) {
                return Err(StrategyError::Stopped);
            }
            let instance = entry.build(&generator.instance(index))?;
            let optimal = instance
                .solve_value(crate::solve::SolverKind::AUTO)?
                .scores();
            let mut tallies = vec![MatchTally::default(); pairs.len()];
            for (tally, (first, second)) in tallies.iter_mut().zip(pairs) {
                tally.add(&instance.play(Pairing {
                    first,
                    second,
                    optimal,
                    seed,
                    index,
                })?);
            }
            admitted.advance(per_instance.cpu_nanos());
            Ok(tallies)
        })
        .try_reduce(
            || empty.clone(),
            |a, b| Ok(a.into_iter().zip(&b).map(|(x, y)| x.merged(y)).collect()),
        )?;
    Ok(pairs
        .iter()
        .zip(&tallies)
        .map(|((first, second), tally)| MatchStats::new(first, second, tally))
        .collect())
}

/// What matches cost: `trials` instances, each drawn, valued once and played by every pairing,
/// costed at the largest size drawn (each strategy by [`crate::strategy::game_cost`]), on every
/// core; and what one instance costs. The mistakes study plays its games the same way and is
/// costed by the same estimate.
pub fn matches_cost(
    entry: &dyn GameEntry,
    pairs: &[(StrategySpec, StrategySpec)],
    generator: &Generator,
    trials: u64,
) -> Result<(Cost, Work), StrategyError> {
    let largest = generator.largest_instance();
    let size = generator.largest_size();
    let instance = entry.build(&largest)?;
    let draw = if entry.takes_piles() {
        Work::of(Operation::DrawPile, size as u128)
    } else {
        Work::NONE
    };
    // A strategy's own limits first: no budget would admit what they refuse.
    for (first, second) in pairs {
        instance.refuse_strategy_limits(first, Player::First)?;
        instance.refuse_strategy_limits(second, Player::Second)?;
    }
    let per_instance = pairs.iter().fold(
        instance
            .solve_cost(crate::solve::SolverKind::AUTO, true)
            .then(Cost::work(draw.plus(Work::of(Operation::Instance, 1)))),
        |cost, (first, second)| {
            cost.then(instance.strategy_cost(first))
                .then(instance.strategy_cost(second))
        },
    );
    let threads = crate::util::parallel::pool_threads();
    Ok((
        Cost::new(
            times(per_instance.memory, threads as u128),
            per_instance
                .work
                .times(trials as u128)
                .spread_over(crate::util::parallel::threads_for(trials)),
        ),
        per_instance.work,
    ))
}

/// What [`tournament`] costs: its matches and the bootstrap of its ratings.
pub fn tournament_cost(
    entry: &dyn GameEntry,
    strategies: &[StrategySpec],
    generator: &Generator,
    trials: u64,
) -> Result<Cost, StrategyError> {
    check_lineup(entry, strategies)?;
    let pairs = every_pair(strategies);
    let games = times(trials as u128, pairs.len() as u128);
    let (matches, _) = matches_cost(entry, &pairs, generator, trials.max(1))?;
    Ok(matches.then(fit_cost(strategies.len(), games, BOOTSTRAP_REPLICATES)))
}

/// Refuses a line-up that is not a tournament: fewer than two strategies, or one listed twice
/// (its rows would repeat and its ratings split between two copies of itself). Then each
/// strategy must be one `entry` has ([`check_strategies`]).
fn check_lineup(entry: &dyn GameEntry, strategies: &[StrategySpec]) -> Result<(), StrategyError> {
    let what = "a tournament's strategies";
    check_listed_once(strategies, what)?;
    if strategies.len() < 2 {
        return Err(StrategyError::Input(InputError::out_of_range(
            what,
            "at least two (play plays one against itself)",
            list(strategies),
        )));
    }
    check_strategies(entry, strategies)
}

/// Refuses a list of strategies (`what`, for the message) that names one twice: a study
/// would repeat its rows.
pub fn check_listed_once(strategies: &[StrategySpec], what: &str) -> Result<(), StrategyError> {
    let names: Vec<String> = strategies.iter().map(ToString::to_string).collect();
    match names
        .iter()
        .enumerate()
        .find(|(index, name)| names[..*index].contains(name))
    {
        Some((_, name)) => Err(StrategyError::Input(InputError::out_of_range(
            what,
            format!("listed once each ('{name}' is there twice)"),
            names.join(","),
        ))),
        None => Ok(()),
    }
}

/// `optimal,greedy`: strategies as the command line lists them.
fn list(strategies: &[StrategySpec]) -> String {
    strategies
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// Every ordered pair of `strategies`, each also against itself.
fn every_pair(strategies: &[StrategySpec]) -> Vec<(StrategySpec, StrategySpec)> {
    strategies
        .iter()
        .flat_map(|first| {
            strategies
                .iter()
                .map(move |second| (first.clone(), second.clone()))
        })
        .collect()
}

/// Plays every ordered pair of `strategies` (each also against itself) on the same instances.
pub fn tournament(
    entry: &dyn GameEntry,
    strategies: &[StrategySpec],
    generator: &Generator,
    trials: u64,
    seed: u64,
) -> Result<Tournament, StrategyError> {
    tournament_until(
        entry,
        strategies,
        generator,
        trials,
        seed,
        &AtomicBool::new(false),
    )
}

/// [`tournament`], ending early with [`StrategyError::Stopped`] once `stop` is raised.
pub fn tournament_until(
    entry: &dyn GameEntry,
    strategies: &[StrategySpec],
    generator: &Generator,
    trials: u64,
    seed: u64,
    stop: &AtomicBool,
) -> Result<Tournament, StrategyError> {
    let pairs = every_pair(strategies);
    let names: Vec<String> = strategies.iter().map(ToString::to_string).collect();
    // The ratings' bootstrap after the matches: refused with them, before any game is played.
    let games = times(trials as u128, pairs.len() as u128);
    let ratings_cost = fit_cost(strategies.len(), games, BOOTSTRAP_REPLICATES);
    check_lineup(entry, strategies)?;
    let (matches, _) = matches_cost(entry, &pairs, generator, trials.max(1))?;
    matches.then(ratings_cost).check_nested(
        format_args!(
            "this tournament ({} strategies, {} games, then {BOOTSTRAP_REPLICATES} bootstrap \
             fits of their ratings)",
            strategies.len(),
            count(games)
        ),
        "use fewer trials or fewer strategies",
    )?;
    let mut matches = run_matches_until(entry, &pairs, generator, trials, seed, stop)?;
    let _fitting = ratings_cost.admit("the ratings' bootstrap", "use fewer strategies")?;
    let k = names.len();
    let results: Vec<PairResult> = matches
        .iter()
        .enumerate()
        .map(|(index, stats)| PairResult {
            first: index / k,
            second: index % k,
            first_wins: stats.first_wins,
            ties: stats.ties,
            second_wins: stats.second_wins,
        })
        .collect();
    let ratings = fit_ratings(&names, &results, BOOTSTRAP_REPLICATES, seed);
    for (index, stats) in matches.iter_mut().enumerate() {
        let (first, second) = (&ratings.ratings[index / k], &ratings.ratings[index % k]);
        stats.first_rating = Some(first.elo);
        stats.first_rating_low = Some(first.low);
        stats.first_rating_high = Some(first.high);
        stats.second_rating = Some(second.elo);
        stats.second_rating_low = Some(second.low);
        stats.second_rating_high = Some(second.high);
    }
    Ok(Tournament {
        game: entry.name(),
        strategies: names,
        matches,
        ratings,
    })
}
