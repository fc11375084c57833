//! Chart 1: the first player's win rate against n, odd and even n as separate series with 95%
//! Wilson intervals as error bars, and the tie rate in a second panel — the picture that answers
//! "does an even pile count mean the first player always wins?".

use crate::present::plot::{Chart, PlotError, draw_legend, style, titled};
use crate::studies::generate::Parity;
use crate::studies::sweep::{SweepRow, SweepSettings};
use plotters::coord::Shift;
use plotters::prelude::*;

/// The win-rate chart of a sweep.
pub struct WinRateChart {
    rows: Vec<SweepRow>,
}

impl WinRateChart {
    /// A chart of `rows` (one sweep: rows of one game and settings).
    pub fn new(rows: Vec<SweepRow>) -> Result<WinRateChart, PlotError> {
        if rows.is_empty() {
            return Err(PlotError::NoData("the sweep has no rows".into()));
        }
        Ok(WinRateChart { rows })
    }

    /// `stone-game: how often the first player wins, by n`.
    pub fn title(&self) -> String {
        format!(
            "{}: how often the first player wins, by {}",
            self.rows[0].game,
            size_name(&self.rows)
        )
    }

    /// The settings line under the title.
    pub fn subtitle(&self) -> String {
        format!("{}; bars: 95% Wilson intervals", instances_line(&self.rows))
    }
}

/// `n`, or `N` for number games (rows without pile values).
pub(super) fn size_name(rows: &[SweepRow]) -> &'static str {
    if rows[0].distribution.is_some() {
        "n"
    } else {
        "N"
    }
}

/// `1000 instances per n, uniform values 1..100, seed 1`: the settings line of a sweep's
/// charts; the count reads `500-1000` when rows differ (a merged or partial sweep).
pub(super) fn instances_line(rows: &[SweepRow]) -> String {
    let low = rows.iter().map(|row| row.trials).min().unwrap_or(0);
    let high = rows.iter().map(|row| row.trials).max().unwrap_or(0);
    let count = if low == high {
        low.to_string()
    } else {
        format!("{low}-{high}")
    };
    SweepSettings::describe_instances(rows[0].settings().as_ref(), &count, size_name(rows))
}

/// The x range covering every row's n with half a step of room.
pub(super) fn n_range(rows: &[SweepRow]) -> std::ops::Range<f64> {
    let low = rows.iter().map(|row| row.n).min().unwrap_or(0) as f64;
    let high = rows.iter().map(|row| row.n).max().unwrap_or(0) as f64;
    (low - 0.7)..(high + 0.7)
}

fn of_parity(rows: &[SweepRow], parity: Parity) -> Vec<&SweepRow> {
    rows.iter()
        .filter(|row| Parity::of(row.n as i128) == parity)
        .collect()
}

impl Chart for WinRateChart {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), PlotError> {
        let area = titled(root, &self.title(), &self.subtitle())?;
        let (_, height) = area.dim_in_pixel();
        let (upper, lower) = area.split_vertically((height as f64 * 0.66) as u32);
        let x_range = n_range(&self.rows);
        let x_labels = (x_range.end - x_range.start).round().clamp(2.0, 25.0) as usize;
        let size = size_name(&self.rows);
        let series = [(Parity::Odd, style::ODD), (Parity::Even, style::EVEN)];

        let mut chart = ChartBuilder::on(&upper)
            .margin(style::MARGIN)
            .x_label_area_size(style::X_LABEL_AREA)
            .y_label_area_size(style::Y_LABEL_AREA)
            .build_cartesian_2d(x_range.clone(), 0.0..1.05)
            .map_err(PlotError::draw)?;
        chart
            .configure_mesh()
            .x_labels(x_labels)
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_desc("first player wins (share)")
            .x_desc(format!(
                "{size} ({})",
                if size == "n" {
                    "number of piles"
                } else {
                    "the starting number"
                }
            ))
            .axis_desc_style((style::FONT, style::AXIS_LABEL_SIZE))
            .label_style((style::FONT, style::TICK_SIZE))
            .light_line_style(style::GRID)
            .draw()
            .map_err(PlotError::draw)?;
        for (parity, colour) in series {
            let rows = of_parity(&self.rows, parity);
            if rows.is_empty() {
                continue;
            }
            let points: Vec<(f64, f64)> = rows
                .iter()
                .map(|row| (row.n as f64, row.first_win_rate))
                .collect();
            chart
                .draw_series(LineSeries::new(points.clone(), colour.stroke_width(2)))
                .map_err(PlotError::draw)?
                .label(format!("{} {size}", parity.name()))
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 24, y)], colour.stroke_width(3))
                });
            chart
                .draw_series(rows.iter().map(|row| {
                    ErrorBar::new_vertical(
                        row.n as f64,
                        row.first_win_low,
                        row.first_win_rate,
                        row.first_win_high,
                        colour.stroke_width(2),
                        10,
                    )
                }))
                .map_err(PlotError::draw)?;
            chart
                .draw_series(
                    points
                        .iter()
                        .map(|&point| Circle::new(point, 4, colour.filled())),
                )
                .map_err(PlotError::draw)?;
        }
        draw_legend(
            &mut chart,
            SeriesLabelPosition::LowerLeft,
            style::LEGEND_SIZE,
            0.85,
        )?;

        let highest_tie = self.rows.iter().map(|row| row.tie_rate).fold(0.0, f64::max);
        let mut ties = ChartBuilder::on(&lower)
            .margin(style::MARGIN)
            .x_label_area_size(style::X_LABEL_AREA)
            .y_label_area_size(style::Y_LABEL_AREA)
            .build_cartesian_2d(x_range, 0.0..(highest_tie * 1.2).max(0.01))
            .map_err(PlotError::draw)?;
        ties.configure_mesh()
            .x_labels(x_labels)
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_labels(5)
            .y_desc("ties (share)")
            .x_desc(size)
            .axis_desc_style((style::FONT, style::AXIS_LABEL_SIZE))
            .label_style((style::FONT, style::TICK_SIZE))
            .light_line_style(style::GRID)
            .draw()
            .map_err(PlotError::draw)?;
        for (parity, colour) in series {
            let points: Vec<(f64, f64)> = of_parity(&self.rows, parity)
                .iter()
                .map(|row| (row.n as f64, row.tie_rate))
                .collect();
            ties.draw_series(LineSeries::new(points.clone(), colour.stroke_width(2)))
                .map_err(PlotError::draw)?;
            ties.draw_series(
                points
                    .iter()
                    .map(|&point| Circle::new(point, 3, colour.filled())),
            )
            .map_err(PlotError::draw)?;
        }
        Ok(())
    }
}
