//! Chart 1: the first player's win rate against n, odd and even n as separate series with 95%
//! Wilson intervals as error bars, and the tie rate in a second panel — the picture that answers
//! "does an even pile count mean the first player always wins?".

use crate::present::plot::parts::{
    Axes, draw_estimates, draw_legend, draw_marked_line, instances_line, size_name, sweep_axes,
    sweep_rows, sweep_title,
};
use crate::present::plot::{Chart, PlotError, style, titled};
use crate::studies::generate::Parity;
use crate::studies::sweep::SweepRow;
use plotters::coord::Shift;
use plotters::prelude::*;

/// The series, odd n then even n, and their colours.
const SERIES: [(Parity, RGBColor); 2] = [(Parity::Odd, style::ODD), (Parity::Even, style::EVEN)];

/// The win-rate chart of a sweep.
pub struct WinRateChart {
    rows: Vec<SweepRow>,
}

impl WinRateChart {
    /// A chart of `rows` (one sweep: rows of one game and settings).
    pub fn new(rows: Vec<SweepRow>) -> Result<WinRateChart, PlotError> {
        Ok(WinRateChart {
            rows: sweep_rows(rows)?,
        })
    }

    /// `stone-game: how often the first player wins, by n`.
    pub fn title(&self) -> String {
        sweep_title(&self.rows, "how often the first player wins")
    }

    /// The settings line under the title.
    pub fn subtitle(&self) -> String {
        format!("{}; bars: 95% Wilson intervals", instances_line(&self.rows))
    }

    /// The rows whose n has `parity`.
    fn of_parity(&self, parity: Parity) -> Vec<&SweepRow> {
        self.rows
            .iter()
            .filter(|row| Parity::of(row.n as i128) == parity)
            .collect()
    }

    /// The upper panel: the first player's win rate with its intervals.
    fn draw_wins<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
    ) -> Result<(), PlotError> {
        let size = size_name(&self.rows);
        let meaning = if size == "n" {
            "number of piles"
        } else {
            "the starting number"
        };
        let axes = sweep_axes(
            &self.rows,
            0.0..1.05,
            format!("{size} ({meaning})"),
            "first player wins (share)",
        );
        let mut chart = axes.draw(area)?;
        for (parity, colour) in SERIES {
            let rows = self.of_parity(parity);
            if rows.is_empty() {
                continue;
            }
            let estimates: Vec<_> = rows
                .iter()
                .map(|row| {
                    let rate = [row.first_win_rate, row.first_win_low, row.first_win_high];
                    (row.n as f64, rate)
                })
                .collect();
            let name = format!("{} {size}", parity.name());
            draw_estimates(&mut chart, &estimates, colour, Some(name), 10)?;
        }
        draw_legend(&mut chart, SeriesLabelPosition::LowerLeft, 0.85)
    }

    /// The lower panel: the tie rate, scaled to the highest.
    fn draw_ties<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
    ) -> Result<(), PlotError> {
        let highest_tie = self.rows.iter().map(|row| row.tie_rate).fold(0.0, f64::max);
        let y = 0.0..(highest_tie * 1.2).max(0.01);
        let size = size_name(&self.rows);
        let axes = Axes {
            y_ticks: Some(5),
            ..sweep_axes(&self.rows, y, size, "ties (share)")
        };
        let mut chart = axes.draw(area)?;
        for (parity, colour) in SERIES {
            let points: Vec<(f64, f64)> = self
                .of_parity(parity)
                .iter()
                .map(|row| (row.n as f64, row.tie_rate))
                .collect();
            draw_marked_line(&mut chart, &points, colour, None, 3)?;
        }
        Ok(())
    }
}

impl Chart for WinRateChart {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), PlotError> {
        let area = titled(root, &self.title(), &self.subtitle())?;
        let (_, height) = area.dim_in_pixel();
        let (upper, lower) = area.split_vertically((height as f64 * 0.66) as u32);
        self.draw_wins(&upper)?;
        self.draw_ties(&lower)
    }
}
