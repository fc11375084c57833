//! The "How strategies fail" section: where greedy and two-ply lookahead give value away on a
//! row of 20 piles (mistake rate and value lost by ply), how MCTS approaches optimal play as its
//! budget grows, and the tournament's ratings with their intervals.

use crate::games::{GameEntry, find_game};
use crate::present::plot::mistakes::{MistakesChart, StrategyCurveChart};
use crate::present::report::{ReportError, ReportWriter, SEED, Section};
use crate::strategy::StrategySpec;
use crate::studies::generate::{Generator, GeneratorSpec, SizeRange, ValueSpec};
use crate::studies::mistakes::{
    CurveRow, MistakeRow, MistakeSpec, Seat, curve_cost, mistake_rows, mistakes_cost,
    strategy_curve, study_mistakes, write_rows_csv,
};
use crate::studies::tournament::{Tournament, describe_instances};
use std::fmt::Write as _;

/// The mistakes study: strategies, size, instances.
const STUDIED: &str = "greedy,lookahead-2";
const MISTAKES_N: u64 = 20;
const MISTAKES_TRIALS: u64 = 2_000;
/// The MCTS curve: budgets, size, instances.
const BUDGETS: &str = "10,30,100,300,1000";
const CURVE_N: u64 = 10;
const CURVE_TRIALS: u64 = 200;

fn generator(entry: &dyn GameEntry, n: u64) -> Result<Generator, ReportError> {
    let spec = GeneratorSpec::new(SizeRange::new(n, n), Some(ValueSpec::uniform(1, 100)), SEED);
    Generator::new(entry, spec).map_err(ReportError::study)
}

fn csv_text<T: serde::Serialize>(rows: &[T]) -> Result<String, ReportError> {
    let mut bytes = Vec::new();
    write_rows_csv(rows, &mut bytes).map_err(ReportError::study)?;
    String::from_utf8(bytes).map_err(ReportError::study)
}

/// What the mistakes study and the MCTS curve cost.
pub(super) fn cost(entry: &dyn GameEntry) -> Result<crate::cost::Cost, ReportError> {
    let mistakes_generator = generator(entry, MISTAKES_N)?;
    let mut total = crate::cost::Cost::default();
    for name in STUDIED.split(',') {
        let strategy: StrategySpec = name.parse().map_err(ReportError::Study)?;
        let spec = against_optimal(strategy, MISTAKES_TRIALS);
        let (cost, _) =
            mistakes_cost(entry, &mistakes_generator, &spec).map_err(ReportError::study)?;
        total = total.then(cost);
    }
    let budgets: Vec<String> = BUDGETS.split(',').map(str::to_string).collect();
    let curve = curve_cost(
        entry,
        &generator(entry, CURVE_N)?,
        "mcts",
        &budgets,
        &against_optimal(StrategySpec::Optimal, CURVE_TRIALS),
    )
    .map_err(ReportError::study)?;
    Ok(total.then(curve))
}

/// The section, with `tournament` (run by the strategies section, printed by `command`) for
/// the ratings.
pub(super) fn section(
    writer: &ReportWriter,
    tournament: &Tournament,
    tournament_command: &str,
) -> Result<Section, ReportError> {
    let entry = find_game("stone-game").map_err(ReportError::study)?;
    let mut body = mistakes_text(writer, entry)?;
    body.push_str(&mcts_text(writer, entry)?);
    body.push_str(&ratings_text(tournament));
    body.push_str(&crate::present::report::provenance(
        "[mistakes-by-ply.csv](mistakes-by-ply.csv), [mcts-curve.csv](mcts-curve.csv), \
         [tournament.csv](tournament.csv) (ratings columns)",
        &[
            format!(
                "gamelab mistakes stone-game --strategy {STUDIED} --against optimal --n {MISTAKES_N} \
                 --trials {MISTAKES_TRIALS} --seed {SEED} --out mistakes-by-ply.csv --plot mistakes-by-ply.svg"
            ),
            format!(
                "gamelab strategy-curve stone-game --strategy mcts --budgets {BUDGETS} --against optimal \
                 --n {CURVE_N} --trials {CURVE_TRIALS} --seed {SEED} --out mcts-curve.csv --plot mcts-curve.svg"
            ),
            tournament_command.to_string(),
        ]
        .iter()
        .map(|command| crate::present::report::with_png(command))
        .collect::<Vec<_>>(),
    ));
    Ok(Section {
        title: "How strategies fail".to_string(),
        body,
    })
}

/// `strategy` moving first against optimal play, `trials` games.
fn against_optimal(strategy: StrategySpec, trials: u64) -> MistakeSpec {
    MistakeSpec {
        strategy,
        against: StrategySpec::Optimal,
        seat: Seat::First,
        trials,
        seed: SEED,
    }
}

/// Where greedy and lookahead-2 lose value, by ply: the study's text, table and chart, which it
/// writes with its CSV.
fn mistakes_text(writer: &ReportWriter, entry: &dyn GameEntry) -> Result<String, ReportError> {
    let mistakes_generator = generator(entry, MISTAKES_N)?;
    let mut rows: Vec<MistakeRow> = Vec::new();
    for name in STUDIED.split(',') {
        let strategy: StrategySpec = name.parse().map_err(ReportError::Study)?;
        let spec = against_optimal(strategy, MISTAKES_TRIALS);
        let study =
            study_mistakes(entry, &mistakes_generator, &spec).map_err(ReportError::study)?;
        rows.extend(mistake_rows(entry, &spec, &study));
    }
    writer.text("mistakes-by-ply.csv", &csv_text(&rows)?)?;
    let mistakes_settings = describe_instances(entry, &mistakes_generator, MISTAKES_TRIALS);
    let mut text = format!(
        "Every move is valued with the solver: the mover's optimal final margin (points ahead so \
         far plus what optimal play secures from there) before and after it. The difference is \
         the move's *regret*, the value it gave away; a *mistake* gives some away, a *losing \
         move* turns a position the mover did not lose into a lost one. The final margin is \
         always the game's value minus the first player's regret plus the second's.\n\n\
         **Where heuristics lose value.** Greedy and lookahead-2 move first against optimal \
         play on {mistakes_settings}. Per ply: the share of moves that are mistakes and the mean \
         value lost per move (95% intervals in the CSV and chart).\n\n{}\n",
        ply_table(&rows)
    );
    text.push_str(&mistake_findings(&rows));
    text.push('\n');
    text.push_str(&writer.chart(
        "mistakes-by-ply",
        "mistake rate and value lost by ply, greedy and lookahead-2",
        &MistakesChart::new(&rows, &mistakes_settings).map_err(ReportError::study)?,
    )?);
    Ok(text)
}

/// MCTS against its budget: the curve's text, table and chart, which it writes with its CSV.
fn mcts_text(writer: &ReportWriter, entry: &dyn GameEntry) -> Result<String, ReportError> {
    let curve_generator = generator(entry, CURVE_N)?;
    let budgets: Vec<String> = BUDGETS.split(',').map(str::to_string).collect();
    let curve = strategy_curve(
        entry,
        &curve_generator,
        "mcts",
        &budgets,
        &against_optimal(StrategySpec::Optimal, CURVE_TRIALS),
    )
    .map_err(ReportError::study)?;
    writer.text("mcts-curve.csv", &csv_text(&curve)?)?;
    let curve_settings = describe_instances(entry, &curve_generator, CURVE_TRIALS);
    let mut text = format!(
        "\n**MCTS against its budget.** `mcts-K` (UCT, K simulations per move, random rollouts, \
         exploration constant sqrt(2) on min-max normalised margins) moves first against optimal \
         play on {curve_settings}. Agreement is the share of its moves that give no value \
         away.\n\n{}\n",
        curve_table(&curve)
    );
    text.push_str(&writer.chart(
        "mcts-curve",
        "MCTS agreement with optimal play and mean regret by budget",
        &StrategyCurveChart::new(&curve, "mcts", &curve_settings).map_err(ReportError::study)?,
    )?);
    Ok(text)
}

/// The tournament's ratings with their intervals.
fn ratings_text(tournament: &Tournament) -> String {
    format!(
        "\n**Ratings.** Bradley–Terry ratings fitted by maximum likelihood to the tournament of \
         the previous section (ties count half a win, with a term for the advantage of moving \
         first), in Elo points with mean 0, and 95% intervals from {} bootstrap resamples of \
         each pairing's games (seed {}):\n\n{}\n",
        tournament.ratings.replicates,
        tournament.ratings.seed,
        ratings_table(tournament)
    )
}

/// Rows for `n = all` of one strategy, by ply (the total left out).
fn by_ply<'a>(rows: &'a [MistakeRow], strategy: &'a str) -> impl Iterator<Item = &'a MistakeRow> {
    rows.iter()
        .filter(move |row| row.n == "all" && row.ply != "all" && row.strategy == strategy)
}

/// The total row of one strategy.
fn total<'a>(rows: &'a [MistakeRow], strategy: &str) -> Option<&'a MistakeRow> {
    rows.iter()
        .find(|row| row.n == "all" && row.ply == "all" && row.strategy == strategy)
}

/// A markdown table: ply, then each strategy's mistake rate and mean loss.
fn ply_table(rows: &[MistakeRow]) -> String {
    let strategies: Vec<&str> = STUDIED.split(',').collect();
    let mut text = String::from("| ply |");
    for name in &strategies {
        let _ = write!(text, " {name}: mistakes | {name}: mean loss |");
    }
    text.push_str("\n|---:|");
    text.push_str(&"---:|---:|".repeat(strategies.len()));
    text.push('\n');
    let plies: Vec<&str> = by_ply(rows, strategies[0])
        .map(|row| row.ply.as_str())
        .collect();
    for ply in plies {
        let _ = write!(text, "| {ply} |");
        for name in &strategies {
            match by_ply(rows, name).find(|row| row.ply == ply) {
                Some(row) => {
                    let _ = write!(
                        text,
                        " {:.1}% | {:.2} |",
                        100.0 * row.mistake_rate,
                        row.mean_loss
                    );
                }
                None => text.push_str(" | |"),
            }
        }
        text.push('\n');
    }
    text
}

/// What the mistakes study says, in numbers read from its rows.
fn mistake_findings(rows: &[MistakeRow]) -> String {
    let mut text = String::new();
    for name in STUDIED.split(',') {
        let (Some(total), Some(worst), Some(first)) = (
            total(rows, name),
            by_ply(rows, name).max_by(|a, b| a.mean_loss.total_cmp(&b.mean_loss)),
            by_ply(rows, name).next(),
        ) else {
            continue;
        };
        let games = MISTAKES_TRIALS as f64;
        let _ = writeln!(
            text,
            "- **{name}** gives away {:.1} points a game: {:.1}% of its moves are mistakes, \
             costing {:.1} points each on average (median {}, 90th percentile {}); {} of its \
             {} moves were losing moves. Its first move (ply {}) loses {:.2} points on average; the \
             costliest ply is {} ({:.2} points a move, {:.1}% mistakes).",
            total.regret_sum as f64 / games,
            100.0 * total.mistake_rate,
            total.loss_per_mistake,
            total.loss_median,
            total.loss_q90,
            total.losing_moves,
            total.moves,
            first.ply,
            first.mean_loss,
            worst.ply,
            worst.mean_loss,
            100.0 * worst.mistake_rate
        );
    }
    text
}

/// A markdown table of the MCTS curve.
fn curve_table(rows: &[CurveRow]) -> String {
    let mut text = String::from(
        "| budget (simulations per move) | agreement (95% interval) | mean regret per move (95% interval) | regret per game |\n|---:|---|---|---:|\n",
    );
    for row in rows {
        let _ = writeln!(
            text,
            "| {} | {:.1}% ({:.1}–{:.1}%) | {:.2} ({:.2}–{:.2}) | {:.2} |",
            row.budget,
            100.0 * row.agreement,
            100.0 * row.agreement_low,
            100.0 * row.agreement_high,
            row.mean_regret,
            row.mean_regret_low,
            row.mean_regret_high,
            row.regret_per_game
        );
    }
    text
}

/// A markdown table of the ratings, strongest first, and the first-move advantage.
fn ratings_table(tournament: &Tournament) -> String {
    let mut text = String::from("| strategy | rating (Elo) | 95% interval |\n|---|---:|---|\n");
    let mut ratings: Vec<_> = tournament.ratings.ratings.iter().collect();
    ratings.sort_by(|a, b| b.elo.total_cmp(&a.elo));
    for rating in ratings.into_iter().chain([&tournament.ratings.first_move]) {
        let _ = writeln!(
            text,
            "| {} | {:+.1} | {:+.1} to {:+.1} |",
            rating.strategy, rating.elo, rating.low, rating.high
        );
    }
    text
}
