//! Where strategies go wrong: a strategy plays many seeded instances against an opponent, every
//! one of its moves is valued (see `strategy::regret`), and the moves are tallied by ply (and by
//! instance size n): how often a move gives value away (a *mistake*), how often it turns a
//! position that was not lost into a lost one (a *losing move*), and how much value is lost —
//! the mean over all moves and the distribution over the mistakes.
//!
//! Intervals (95%): the mistake rate's is Wilson's; the mean loss's is the normal one, mean ±
//! 1.96 standard errors; the median loss's is the distribution-free one from order statistics
//! (ranks m/2 ± 1.96 sqrt(m)/2 of the m mistakes, the normal approximation of the binomial).
//! Quantiles are nearest-rank. Every instance adds integers (and a histogram of losses) to its
//! cell, so results are identical on any thread count.
//!
//! [`strategy_curve`] runs the study once per budget of a strategy family (`mcts-K`,
//! `noisy-P`, `lookahead-K`) and keeps the totals: agreement with optimal play (the share of moves
//! that give no value away) and the mean regret per move.

use crate::base::error::{InputError, Setting};
use crate::base::game::Player;
use crate::cost::{Cost, Work};
use crate::games::GameEntry;
use crate::solve::SolverKind;
use crate::strategy::Pairing;
use crate::strategy::regret::MoveValue;
use crate::strategy::{MAX_LOOKAHEAD, MAX_SIMULATIONS, StrategyError, StrategySpec};
use crate::studies::generate::Generator;
use crate::studies::tournament::{check_listed_once, check_strategies, matches_cost};
use crate::util::choice::Choice;
use crate::util::stats::{Z_95, wilson_interval};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::BTreeMap;

/// Which side the studied strategy plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    First,
    Second,
    /// Two games per instance, one on each side.
    Both,
}

impl Choice for Seat {
    const ALL: &'static [Seat] = &[Seat::First, Seat::Second, Seat::Both];

    fn name(self) -> &'static str {
        match self {
            Seat::First => "first",
            Seat::Second => "second",
            Seat::Both => "both",
        }
    }

    fn summary(self) -> &'static str {
        match self {
            Seat::First => "the strategy moves first",
            Seat::Second => "the strategy moves second",
            Seat::Both => "two games per instance, one on each side",
        }
    }
}

/// What to study: `strategy` against `against`, on `trials` instances; `seed` keys the random
/// strategies (the generator has its own seed).
#[derive(Clone, Debug)]
pub struct MistakeSpec {
    pub strategy: StrategySpec,
    pub against: StrategySpec,
    pub seat: Seat,
    pub trials: u64,
    pub seed: u64,
}

/// The moves of one cell (one ply of one n, or a total).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MistakeTally {
    pub moves: u64,
    pub mistakes: u64,
    pub losing_moves: u64,
    pub regret_sum: i128,
    /// How many mistakes lost each amount.
    pub losses: BTreeMap<i64, u64>,
}

impl MistakeTally {
    fn add(&mut self, value: &MoveValue) {
        self.moves += 1;
        if value.is_mistake() {
            self.mistakes += 1;
            self.regret_sum += value.regret as i128;
            *self.losses.entry(value.regret).or_insert(0) += 1;
        }
        self.losing_moves += u64::from(value.is_losing());
    }

    fn merge(&mut self, other: &MistakeTally) {
        self.moves += other.moves;
        self.mistakes += other.mistakes;
        self.losing_moves += other.losing_moves;
        self.regret_sum += other.regret_sum;
        for (&loss, &count) in &other.losses {
            *self.losses.entry(loss).or_insert(0) += count;
        }
    }

    /// The share of moves that give no value away, with its 95% Wilson interval.
    pub fn agreement(&self) -> (f64, f64, f64) {
        let agreed = self.moves - self.mistakes;
        let (low, high) = wilson_interval(agreed, self.moves);
        (agreed as f64 / self.moves.max(1) as f64, low, high)
    }

    /// The mean value lost per move (mistakes and good moves), with its 95% normal interval.
    pub fn mean_loss(&self) -> (f64, f64, f64) {
        let m = self.moves.max(1) as f64;
        let mean = self.regret_sum as f64 / m;
        let squares: f64 = self
            .losses
            .iter()
            .map(|(&loss, &count)| (loss as f64) * (loss as f64) * count as f64)
            .sum();
        let variance = if self.moves > 1 {
            ((squares - m * mean * mean) / (m - 1.0)).max(0.0)
        } else {
            0.0
        };
        let half = Z_95 * (variance / m).sqrt();
        (mean, (mean - half).max(0.0), mean + half)
    }

    /// The loss of the mistake of 1-based `rank` in increasing order of loss.
    fn loss_at_rank(&self, rank: u64) -> i64 {
        let mut seen = 0;
        for (&loss, &count) in &self.losses {
            seen += count;
            if seen >= rank {
                return loss;
            }
        }
        0
    }

    /// The nearest-rank `p`-quantile of the losses of the mistakes (0 without mistakes).
    pub fn loss_quantile(&self, p: f64) -> i64 {
        let rank = ((p * self.mistakes as f64).ceil() as u64).clamp(1, self.mistakes.max(1));
        self.loss_at_rank(rank)
    }

    /// The median loss of the mistakes with its distribution-free 95% interval.
    pub fn loss_median(&self) -> (i64, i64, i64) {
        let m = self.mistakes as f64;
        let half = Z_95 * m.sqrt() / 2.0;
        let rank = |r: f64| (r.max(1.0) as u64).clamp(1, self.mistakes.max(1));
        (
            self.loss_quantile(0.5),
            self.loss_at_rank(rank((m / 2.0 - half).floor())),
            self.loss_at_rank(rank((m / 2.0 + half).ceil() + 1.0)),
        )
    }
}

/// One row of the study: one ply of one n, `all` for totals. The CSV's columns.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MistakeRow {
    pub strategy: String,
    pub against: String,
    pub seat: &'static str,
    /// The instance size, or `all`.
    pub n: String,
    /// The ply (1 = the game's first move), or `all`.
    pub ply: String,
    pub moves: u64,
    pub mistakes: u64,
    pub mistake_rate: f64,
    pub mistake_low: f64,
    pub mistake_high: f64,
    /// Moves from a position the mover did not lose to one it loses.
    pub losing_moves: u64,
    /// Mean value lost per move, good moves included.
    pub mean_loss: f64,
    pub mean_loss_low: f64,
    pub mean_loss_high: f64,
    /// Mean value lost per mistake.
    pub loss_per_mistake: f64,
    pub loss_median: i64,
    pub loss_median_low: i64,
    pub loss_median_high: i64,
    pub loss_q90: i64,
    pub loss_max: i64,
    pub regret_sum: i128,
    pub game: &'static str,
    pub seed: u64,
}

/// The tallies of one study, by (n, ply).
#[derive(Clone, Debug, Default)]
pub struct MistakeStudy {
    pub cells: BTreeMap<(u64, u64), MistakeTally>,
}

impl MistakeStudy {
    fn merge(mut self, other: MistakeStudy) -> MistakeStudy {
        for (key, tally) in &other.cells {
            self.cells.entry(*key).or_default().merge(tally);
        }
        self
    }

    /// Every move of the study in one tally.
    pub fn total(&self) -> MistakeTally {
        let mut total = MistakeTally::default();
        for tally in self.cells.values() {
            total.merge(tally);
        }
        total
    }

    /// The tallies by ply, over every n.
    pub fn by_ply(&self) -> BTreeMap<u64, MistakeTally> {
        let mut plies: BTreeMap<u64, MistakeTally> = BTreeMap::new();
        for ((_, ply), tally) in &self.cells {
            plies.entry(*ply).or_default().merge(tally);
        }
        plies
    }
}

/// The size of an instance: its number of piles, or N.
fn size_of(input: &crate::base::input::InstanceInput) -> u64 {
    match (&input.piles, input.n) {
        (Some(piles), _) => piles.len() as u64,
        (None, Some(n)) => n,
        (None, None) => 0,
    }
}

/// The seats the studied strategy plays.
fn seats(spec: &MistakeSpec) -> &'static [Player] {
    match spec.seat {
        Seat::First => &[Player::First],
        Seat::Second => &[Player::Second],
        Seat::Both => &[Player::First, Player::Second],
    }
}

/// The study of each budget of a curve, checked: a family with a budget, each budget once.
fn curve_specs<'a>(
    entry: &dyn GameEntry,
    family: &str,
    budgets: &'a [String],
    spec: &MistakeSpec,
) -> Result<Vec<(&'a String, MistakeSpec)>, StrategyError> {
    if !is_curve_family(family) {
        // A strategy the game has: one budget of a family, or one with no budget to vary.
        if let Ok(strategy) = family.parse::<StrategySpec>()
            && check_strategies(entry, std::slice::from_ref(&strategy)).is_ok()
        {
            let message = match family.split_once('-') {
                Some((base, budget)) if is_curve_family(base) => {
                    format!(
                        "'{family}' is one budget of {base}: name the family and the budgets \
                         apart, e.g. --strategy {base} --budgets {budget}"
                    )
                }
                _ => format!(
                    "strategy '{family}' has no budget for a curve to vary: give a family with \
                     one ({CURVE_FAMILIES}), or study {family} alone with `mistakes --strategy \
                     {family}`"
                ),
            };
            return Err(StrategyError::Input(InputError::Invalid {
                game: entry.name(),
                message,
            }));
        }
        return Err(StrategyError::Unknown {
            name: family.to_string(),
            game: entry.name(),
            available: format!("strategy families with a budget: {CURVE_FAMILIES}"),
        });
    }
    let mut specs = Vec::new();
    for budget in budgets {
        let strategy = curve_strategy(entry, family, budget)?;
        specs.push((
            budget,
            MistakeSpec {
                strategy,
                ..spec.clone()
            },
        ));
    }
    let strategies: Vec<StrategySpec> = specs.iter().map(|(_, s)| s.strategy.clone()).collect();
    check_listed_once(&strategies, "a curve's budgets")?;
    Ok(specs)
}

/// What [`strategy_curve`] costs: the mistakes study of every budget.
pub fn curve_cost(
    entry: &dyn GameEntry,
    generator: &Generator,
    family: &str,
    budgets: &[String],
    spec: &MistakeSpec,
) -> Result<Cost, StrategyError> {
    let mut total = Cost::default();
    for (_, study) in &curve_specs(entry, family, budgets, spec)? {
        total = total.then(mistakes_cost(entry, generator, study)?.0);
    }
    Ok(total)
}

/// What [`study_mistakes`] costs, and one instance of it: the games as matches cost them, and
/// the value of every position of each game (as `optimal` finds them) to tell its moves' regret.
pub fn mistakes_cost(
    entry: &dyn GameEntry,
    generator: &Generator,
    spec: &MistakeSpec,
) -> Result<(Cost, Work), StrategyError> {
    check_strategies(entry, &[spec.strategy.clone(), spec.against.clone()])?;
    if spec.trials == 0 {
        return Err(InputError::at_least_one(Setting::Trials, spec.trials).into());
    }
    let pairs: Vec<(StrategySpec, StrategySpec)> = seats(spec)
        .iter()
        .map(|seat| match seat {
            Player::First => (spec.strategy.clone(), spec.against.clone()),
            Player::Second => (spec.against.clone(), spec.strategy.clone()),
        })
        .collect();
    let (games, per_game) = matches_cost(entry, &pairs, generator, spec.trials)?;
    let values = entry
        .build(&generator.largest_instance())?
        .strategy_cost(&StrategySpec::Optimal)
        .work
        .times(pairs.len() as u128);
    let threads = crate::util::parallel::threads_for(spec.trials);
    Ok((
        games.then(Cost::work(
            values.times(spec.trials as u128).spread_over(threads),
        )),
        per_game.plus(values),
    ))
}

/// The strategy of `family` with budget `budget` (`mcts` and `100`: `mcts-100`), or an error
/// naming the budget when it is not one the family takes.
fn curve_strategy(
    entry: &dyn GameEntry,
    family: &str,
    budget: &str,
) -> Result<StrategySpec, StrategyError> {
    let takes = match family {
        "mcts" => format!("a number of simulations from 1 to {MAX_SIMULATIONS} (e.g. 100)"),
        "noisy" => "a probability between 0 and 1 (e.g. 0.1)".to_string(),
        _ => format!("a depth from 1 to {MAX_LOOKAHEAD} (e.g. 2)"),
    };
    let refused = || {
        StrategyError::Input(InputError::out_of_range(
            format!("the budget '{budget}' of {family} (--budgets)"),
            takes.clone(),
            budget,
        ))
    };
    if budget.trim().is_empty() {
        return Err(StrategyError::Input(InputError::out_of_range(
            format!("every budget of {family} (--budgets)"),
            takes,
            "an empty one",
        )));
    }
    let name = format!("{family}-{}", budget.trim());
    let strategy: StrategySpec = name.parse().map_err(|_: String| refused())?;
    check_strategies(entry, std::slice::from_ref(&strategy))?;
    Ok(strategy)
}

/// Plays the study and tallies the studied strategy's moves by (n, ply).
pub fn study_mistakes(
    entry: &dyn GameEntry,
    generator: &Generator,
    spec: &MistakeSpec,
) -> Result<MistakeStudy, StrategyError> {
    let (cost, per_instance) = mistakes_cost(entry, generator, spec)?;
    let admitted = cost.admit(
        format_args!(
            "playing the games of {} ({}, up to size {})",
            spec.strategy,
            crate::util::plural::counted(spec.trials, "instance"),
            generator.largest_size()
        ),
        "use fewer trials, a cheaper strategy, or smaller instances",
    )?;
    let seats = seats(spec);
    (0..spec.trials)
        .into_par_iter()
        .try_fold(MistakeStudy::default, |mut study, index| {
            let input = generator.instance(index);
            let n = size_of(&input);
            let instance = entry.build(&input)?;
            // Only the value is needed, which `auto` gives for less than the moves.
            let optimal = instance.solve_value(SolverKind::AUTO)?.scores();
            for &seat in seats {
                let (first, second) = match seat {
                    Player::First => (&spec.strategy, &spec.against),
                    Player::Second => (&spec.against, &spec.strategy),
                };
                let record = instance.play_valued(Pairing {
                    first,
                    second,
                    optimal,
                    seed: spec.seed,
                    index,
                })?;
                let values = record.values.unwrap_or_default();
                for (ply, (mv, value)) in record.moves.iter().zip(&values).enumerate() {
                    if mv.player == seat {
                        let key = (n, ply as u64 + 1);
                        study.cells.entry(key).or_default().add(value);
                    }
                }
            }
            admitted.advance(per_instance.cpu_nanos());
            Ok(study)
        })
        .try_reduce(MistakeStudy::default, |a, b| Ok(a.merge(b)))
}

/// The rows of a study: every ply over all n, then the total; then the same for each n.
pub fn mistake_rows(
    entry: &dyn GameEntry,
    spec: &MistakeSpec,
    study: &MistakeStudy,
) -> Vec<MistakeRow> {
    let row = |n: String, ply: String, tally: &MistakeTally| {
        let (rate_low, rate_high) = wilson_interval(tally.mistakes, tally.moves);
        let (mean, mean_low, mean_high) = tally.mean_loss();
        let (median, median_low, median_high) = tally.loss_median();
        let round = |value: f64| (value * 1e6).round() / 1e6;
        MistakeRow {
            strategy: spec.strategy.to_string(),
            against: spec.against.to_string(),
            seat: spec.seat.name(),
            n,
            ply,
            moves: tally.moves,
            mistakes: tally.mistakes,
            mistake_rate: round(tally.mistakes as f64 / tally.moves.max(1) as f64),
            mistake_low: round(rate_low),
            mistake_high: round(rate_high),
            losing_moves: tally.losing_moves,
            mean_loss: round(mean),
            mean_loss_low: round(mean_low),
            mean_loss_high: round(mean_high),
            loss_per_mistake: round(tally.regret_sum as f64 / tally.mistakes.max(1) as f64),
            loss_median: median,
            loss_median_low: median_low,
            loss_median_high: median_high,
            loss_q90: tally.loss_quantile(0.9),
            loss_max: tally.losses.keys().last().copied().unwrap_or(0),
            regret_sum: tally.regret_sum,
            game: entry.name(),
            seed: spec.seed,
        }
    };
    let all = || "all".to_string();
    let mut rows: Vec<MistakeRow> = study
        .by_ply()
        .iter()
        .map(|(ply, tally)| row(all(), ply.to_string(), tally))
        .collect();
    rows.push(row(all(), all(), &study.total()));
    let sizes: std::collections::BTreeSet<u64> = study.cells.keys().map(|(n, _)| *n).collect();
    for n in sizes {
        let mut total = MistakeTally::default();
        for ((_, ply), tally) in study.cells.range((n, 0)..=(n, u64::MAX)) {
            rows.push(row(n.to_string(), ply.to_string(), tally));
            total.merge(tally);
        }
        rows.push(row(n.to_string(), all(), &total));
    }
    rows
}

/// Writes rows as CSV.
pub fn write_rows_csv<T: Serialize>(
    rows: &[T],
    writer: impl std::io::Write,
) -> Result<(), csv::Error> {
    let mut csv = csv::Writer::from_writer(writer);
    for row in rows {
        csv.serialize(row)?;
    }
    csv.flush()?;
    Ok(())
}

/// One budget of a strategy curve. The CSV's columns.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CurveRow {
    pub strategy: String,
    /// The budget as given (simulations, depth or probability).
    pub budget: String,
    pub against: String,
    pub seat: &'static str,
    pub games: u64,
    pub moves: u64,
    /// The share of moves that give no value away.
    pub agreement: f64,
    pub agreement_low: f64,
    pub agreement_high: f64,
    /// Mean value lost per move.
    pub mean_regret: f64,
    pub mean_regret_low: f64,
    pub mean_regret_high: f64,
    /// Mean value lost per game.
    pub regret_per_game: f64,
    pub game: &'static str,
    pub seed: u64,
}

/// The strategy families a curve can sweep, by the name before the budget.
pub const CURVE_FAMILIES: &str = "mcts, noisy, lookahead";

/// Whether `name` is one of the [`CURVE_FAMILIES`].
fn is_curve_family(name: &str) -> bool {
    CURVE_FAMILIES.split(", ").any(|family| family == name)
}

/// Runs the study for `family-budget` for every budget, the other settings from `spec` (its
/// `strategy` is ignored), and keeps each one's totals.
pub fn strategy_curve(
    entry: &dyn GameEntry,
    generator: &Generator,
    family: &str,
    budgets: &[String],
    spec: &MistakeSpec,
) -> Result<Vec<CurveRow>, StrategyError> {
    // Every budget is read, and the whole curve costed, before the first study runs.
    let specs = curve_specs(entry, family, budgets, spec)?;
    let _curve = curve_cost(entry, generator, family, budgets, spec)?.admit(
        format_args!(
            "this curve ({} of {family}, {} each)",
            crate::util::plural::counted(specs.len(), "budget"),
            crate::util::plural::counted(spec.trials, "instance")
        ),
        "use fewer or smaller budgets, fewer trials, or smaller instances",
    )?;
    let mut rows = Vec::new();
    for (budget, study_spec) in &specs {
        let strategy = study_spec.strategy.clone();
        let study = study_mistakes(entry, generator, study_spec)?;
        let total = study.total();
        let (agreement, low, high) = total.agreement();
        let (mean, mean_low, mean_high) = total.mean_loss();
        let games = spec.trials * if spec.seat == Seat::Both { 2 } else { 1 };
        let round = |value: f64| (value * 1e6).round() / 1e6;
        rows.push(CurveRow {
            strategy: strategy.to_string(),
            budget: budget.to_string(),
            against: spec.against.to_string(),
            seat: spec.seat.name(),
            games,
            moves: total.moves,
            agreement: round(agreement),
            agreement_low: round(low),
            agreement_high: round(high),
            mean_regret: round(mean),
            mean_regret_low: round(mean_low),
            mean_regret_high: round(mean_high),
            regret_per_game: round(total.regret_sum as f64 / games.max(1) as f64),
            game: entry.name(),
            seed: spec.seed,
        });
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(losses: &[i64], good: u64) -> MistakeTally {
        let mut tally = MistakeTally::default();
        for &loss in losses {
            tally.add(&MoveValue::new(0, loss, 0));
        }
        for _ in 0..good {
            tally.add(&MoveValue::new(0, 0, 0));
        }
        tally
    }

    #[test]
    fn quantiles_are_nearest_rank_over_the_mistakes() {
        let tally = tally(&[5, 1, 3, 2, 4, 6, 7, 8, 9, 10], 10);
        assert_eq!(tally.mistakes, 10);
        assert_eq!(tally.loss_quantile(0.5), 5);
        assert_eq!(tally.loss_quantile(0.9), 9);
        assert_eq!(tally.loss_quantile(1.0), 10);
        let (median, low, high) = tally.loss_median();
        assert!(low <= median && median <= high, "{low} {median} {high}");
        let (mean, mean_low, mean_high) = tally.mean_loss();
        assert!((mean - 2.75).abs() < 1e-12);
        assert!(mean_low < mean && mean < mean_high);
    }

    #[test]
    fn losing_moves_turn_a_position_that_was_not_lost_into_a_lost_one() {
        assert!(MoveValue::new(0, 0, -1).is_losing());
        assert!(!MoveValue::new(0, 5, 1).is_losing());
        assert!(!MoveValue::new(-3, 1, -1).is_losing());
    }
}
