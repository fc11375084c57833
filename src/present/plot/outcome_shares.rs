//! Chart 2: outcome shares against n as stacked bars: first player wins, ties, second player
//! wins.

use crate::present::plot::parts::{
    draw_bars, instances_line, legend_row, size_name, sweep_axes, sweep_rows, sweep_title,
};
use crate::present::plot::{Chart, PlotError, style, titled};
use crate::studies::sweep::SweepRow;
use plotters::coord::Shift;
use plotters::prelude::*;

/// The stacked outcome-share chart of a sweep.
pub struct OutcomeSharesChart {
    rows: Vec<SweepRow>,
}

impl OutcomeSharesChart {
    /// A chart of `rows` (one sweep).
    pub fn new(rows: Vec<SweepRow>) -> Result<OutcomeSharesChart, PlotError> {
        Ok(OutcomeSharesChart {
            rows: sweep_rows(rows)?,
        })
    }

    /// `stone-game: who wins under optimal play, by n`.
    pub fn title(&self) -> String {
        sweep_title(&self.rows, "who wins under optimal play")
    }
}

impl Chart for OutcomeSharesChart {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), PlotError> {
        let area = titled(root, &self.title(), &instances_line(&self.rows))?;
        let layers = [
            ("first player wins", style::FIRST),
            ("tie", style::TIE),
            ("second player wins", style::SECOND),
        ];
        // The bars fill the plot from 0 to 1, so the legend goes above it, never over them.
        let area = legend_row(&area, &layers)?;
        let size = size_name(&self.rows);
        let axes = sweep_axes(&self.rows, 0.0..1.0, size, "share of instances");
        let mut chart = axes.draw(&area)?;
        for (layer, (name, colour)) in layers.into_iter().enumerate() {
            let bars = self.rows.iter().map(|row| {
                let shares = [row.first_win_rate, row.tie_rate, row.second_win_rate];
                let bottom: f64 = shares[..layer].iter().sum();
                let top = (bottom + shares[layer]).min(1.0);
                let x = row.n as f64;
                [(x - 0.4, bottom), (x + 0.4, top)]
            });
            draw_bars(&mut chart, bars, colour, name)?;
        }
        Ok(())
    }
}
