//! The charts the report draws from its sweeps, each with the `gamelab plot` command that
//! redraws it from the sweep's CSV.

use crate::games::find_game;
use crate::present::plot::outcome_shares::OutcomeSharesChart;
use crate::present::plot::score_share::ScoreShareChart;
use crate::present::plot::win_rate::WinRateChart;
use crate::present::plot::winner_strip::WinnerStripChart;
use crate::present::report::{ReportError, ReportWriter};
use crate::studies::sweep::SweepRow;

/// A chart the report draws from a sweep.
#[derive(Clone, Copy)]
pub(super) enum ChartKind {
    /// First-player win rate against n, odd and even n apart (pile games).
    WinRate,
    /// First wins, ties and second wins against n as stacked bars.
    OutcomeShares,
    /// The first player's share of the total (constant-sum games with a known guarantee).
    ScoreShare,
    /// Who wins at every N (number games).
    WinnerStrip,
}

impl ChartKind {
    /// The `gamelab plot` subcommand.
    fn name(self) -> &'static str {
        match self {
            ChartKind::WinRate => "win-rate",
            ChartKind::OutcomeShares => "outcome-shares",
            ChartKind::ScoreShare => "score-share",
            ChartKind::WinnerStrip => "winner-strip",
        }
    }

    /// Draws the chart of `rows` to `stem.png`/`stem.svg`; returns its markdown.
    fn draw(
        self,
        writer: &ReportWriter,
        stem: &str,
        rows: &[SweepRow],
    ) -> Result<String, ReportError> {
        let game = rows.first().map_or("", |row| row.game.as_str());
        match self {
            ChartKind::WinRate => writer.chart(
                stem,
                &format!("{game}: first-player win rate against n"),
                &WinRateChart::new(rows.to_vec()).map_err(ReportError::study)?,
            ),
            ChartKind::OutcomeShares => writer.chart(
                stem,
                &format!("{game}: first wins, ties and second wins against n"),
                &OutcomeSharesChart::new(rows.to_vec()).map_err(ReportError::study)?,
            ),
            ChartKind::ScoreShare => {
                let bound = find_game(game).map_err(ReportError::study)?.share_bound();
                writer.chart(
                    stem,
                    &format!("{game}: the first player's share of the total against n"),
                    &ScoreShareChart::new(rows.to_vec(), bound).map_err(ReportError::study)?,
                )
            }
            ChartKind::WinnerStrip => {
                let outcomes = rows.iter().map(|row| (row.n, row.first_wins > 0)).collect();
                writer.chart(
                    stem,
                    &format!("{game}: who wins from each N"),
                    &WinnerStripChart::new(game, outcomes).map_err(ReportError::study)?,
                )
            }
        }
    }
}

/// Draws `kinds` of the sweep `rows` saved as `data_stem.csv`, each to `data_stem-KIND`; returns
/// their markdown (each chart after a blank line) and the commands that redraw them.
pub(super) fn draw_charts(
    writer: &ReportWriter,
    data_stem: &str,
    rows: &[SweepRow],
    kinds: &[ChartKind],
) -> Result<(String, Vec<String>), ReportError> {
    let mut markdown = String::new();
    let mut commands = Vec::new();
    for kind in kinds {
        let stem = format!("{data_stem}-{}", kind.name());
        markdown.push('\n');
        markdown.push_str(&kind.draw(writer, &stem, rows)?);
        for extension in ["svg", "png"] {
            commands.push(format!(
                "gamelab plot {} --input {data_stem}.csv --out {stem}.{extension}",
                kind.name()
            ));
        }
    }
    Ok((markdown, commands))
}
