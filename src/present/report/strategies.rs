//! The strategy section: a stone-game tournament of the optimal player against the heuristics
//! (greedy, the LeetCode 877 write-up's parity strategy, two-ply lookahead, random), with the price of each
//! heuristic and where optimal play is not the best reply to a weak opponent.

use crate::games::{GameEntry, find_game};
use crate::present::plot::heatmap::{Grid, HeatmapChart};
use crate::present::report::{ReportError, ReportWriter, SEED, Section};
use crate::strategy::StrategySpec;
use crate::studies::generate::{Generator, GeneratorSpec, SizeRange, ValueSpec};
use crate::studies::tournament::{
    Tournament, describe_instances, tournament, tournament_cost, write_tournament_csv,
};
use std::fmt::Write as _;

const STRATEGIES: &str = "optimal,greedy,parity,lookahead-2,random";
const SIZES: (u64, u64) = (2, 16);
const TRIALS: u64 = 2_000;

/// The tournament's strategies and instances.
fn lineup(entry: &dyn GameEntry) -> Result<(Vec<StrategySpec>, Generator), ReportError> {
    let strategies: Vec<StrategySpec> = STRATEGIES
        .split(',')
        .map(str::parse)
        .collect::<Result<_, String>>()
        .map_err(ReportError::Study)?;
    let spec = GeneratorSpec::new(
        SizeRange::new(SIZES.0, SIZES.1),
        Some(ValueSpec::uniform(1, 100)),
        SEED,
    );
    let generator = Generator::new(entry, spec).map_err(ReportError::study)?;
    Ok((strategies, generator))
}

/// What the tournament and the section on how strategies fail cost.
pub(super) fn cost() -> Result<crate::cost::Cost, ReportError> {
    let entry = find_game("stone-game").map_err(ReportError::study)?;
    let (strategies, generator) = lineup(entry)?;
    let tournament =
        tournament_cost(entry, &strategies, &generator, TRIALS).map_err(ReportError::study)?;
    Ok(tournament.then(super::failures::cost(entry)?))
}

pub(super) fn write(writer: &ReportWriter) -> Result<Vec<Section>, ReportError> {
    let entry = find_game("stone-game").map_err(ReportError::study)?;
    let (strategies, generator) = lineup(entry)?;
    let result =
        tournament(entry, &strategies, &generator, TRIALS, SEED).map_err(ReportError::study)?;
    let settings = describe_instances(entry, &generator, TRIALS);
    let mut csv = Vec::new();
    write_tournament_csv(&result, &mut csv).map_err(ReportError::study)?;
    writer.text(
        "tournament.csv",
        std::str::from_utf8(&csv).map_err(ReportError::study)?,
    )?;
    let mut body = format!(
        "Every strategy moves first against every strategy (itself included) on the same \
         {settings}. *optimal* plays the solver's moves; *greedy* takes the larger end; *parity* \
         is the parity argument's strategy (with even n, take every pile of the heavier colour; \
         at odd n, and as second player, it plays greedy, so its column equals greedy's); *lookahead-2* looks two moves ahead; *random* picks an end at \
         random.\n\nMean margin of the first player (row) against the second (column):\n\n{}\n\
         First player's win rate:\n\n{}\n",
        matrix(&result, |stats| format!("{:+.2}", stats.mean_margin)),
        matrix(&result, |stats| format!("{:.3}", stats.first_win_rate)),
    );
    body.push_str(&findings(&result));
    body.push('\n');
    body.push_str(
        &writer.chart(
            "tournament",
            "heatmap of the tournament's mean margins",
            &HeatmapChart::new(Grid::from_tournament(&result, &settings))
                .map_err(ReportError::study)?,
        )?,
    );
    let command = format!(
        "gamelab tournament stone-game --strategies {STRATEGIES} --n-min {} --n-max {} \
         --trials {TRIALS} --seed {SEED} --out tournament.csv --plot tournament.svg",
        SIZES.0, SIZES.1
    );
    body.push_str(&crate::present::report::provenance(
        "[tournament.csv](tournament.csv)",
        &[crate::present::report::with_png(&command)],
    ));
    let failures = crate::present::report::failures::section(writer, &result, &command)?;
    Ok(vec![
        Section {
            title: "Strategies compared".to_string(),
            body,
        },
        failures,
    ])
}

/// A markdown matrix of one statistic, rows moving first.
fn matrix(
    result: &Tournament,
    cell: impl Fn(&crate::studies::tournament::MatchStats) -> String,
) -> String {
    let mut text = String::from("| first \\ second |");
    for name in &result.strategies {
        let _ = write!(text, " {name} |");
    }
    text.push_str("\n|---|");
    text.push_str(&"---:|".repeat(result.strategies.len()));
    text.push('\n');
    for (row, name) in result.strategies.iter().enumerate() {
        let _ = write!(text, "| **{name}** |");
        for column in 0..result.strategies.len() {
            let _ = write!(text, " {} |", cell(result.pairing(row, column)));
        }
        text.push('\n');
    }
    text
}

/// The price of each heuristic against an optimal opponent, and the opponents against which a
/// heuristic scores more than optimal play does.
fn findings(result: &Tournament) -> String {
    let mut text = String::new();
    let Some(optimal) = result.strategies.iter().position(|name| name == "optimal") else {
        return text;
    };
    text.push_str(
        "- **The price of each heuristic**, its mean shortfall as first player against an \
         optimal second player (points below the game's value):",
    );
    for (row, name) in result.strategies.iter().enumerate() {
        if row != optimal {
            let _ = write!(
                text,
                " {name} {:.2},",
                result.pairing(row, optimal).mean_shortfall
            );
        }
    }
    text.pop();
    text.push_str(".\n");
    for (column, opponent) in result.strategies.iter().enumerate() {
        let best = (0..result.strategies.len()).max_by(|&a, &b| {
            let margin = |row| result.pairing(row, column).mean_margin;
            margin(a).total_cmp(&margin(b))
        });
        if let Some(best) = best.filter(|&best| best != optimal) {
            let _ = writeln!(
                text,
                "- **Optimal play is not a best response**: against {opponent} as second player, \
                 {} wins by {:+.2} on average and optimal play by only {:+.2}. Optimal play \
                 assumes the opponent is optimal too; exploiting a weak one is a different \
                 problem.",
                result.strategies[best],
                result.pairing(best, column).mean_margin,
                result.pairing(optimal, column).mean_margin
            );
        }
    }
    let parity = result.strategies.iter().position(|name| name == "parity");
    if let Some(parity) = parity {
        let stats = result.pairing(parity, optimal);
        let _ = writeln!(
            text,
            "- The parity strategy (the LeetCode 877 write-up's argument) secures the even-n games but gives away {:.2} points \
             a game against optimal play (and plays greedy at odd n); it wins {} of its games \
             as first player against optimal play, where optimal play itself wins {}.",
            stats.mean_shortfall,
            crate::present::report::percent(stats.first_wins, stats.trials),
            crate::present::report::percent(
                result.pairing(optimal, optimal).first_wins,
                result.pairing(optimal, optimal).trials
            )
        );
    }
    text
}
