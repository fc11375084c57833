//! Chart 2: outcome shares against n as stacked bars: first player wins, ties, second player
//! wins.

use crate::present::plot::win_rate::{instances_line, n_range, size_name};
use crate::present::plot::{Chart, PlotError, draw_legend, style, swatch, titled};
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
        if rows.is_empty() {
            return Err(PlotError::NoData("the sweep has no rows".into()));
        }
        Ok(OutcomeSharesChart { rows })
    }

    /// `stone-game: who wins under optimal play, by n`.
    pub fn title(&self) -> String {
        format!(
            "{}: who wins under optimal play, by {}",
            self.rows[0].game,
            size_name(&self.rows)
        )
    }
}

impl Chart for OutcomeSharesChart {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), PlotError> {
        let size = size_name(&self.rows);
        let area = titled(root, &self.title(), &instances_line(&self.rows))?;
        let x_range = n_range(&self.rows);
        let x_labels = (x_range.end - x_range.start).round().clamp(2.0, 25.0) as usize;
        let mut chart = ChartBuilder::on(&area)
            .margin(style::MARGIN)
            .x_label_area_size(style::X_LABEL_AREA)
            .y_label_area_size(style::Y_LABEL_AREA)
            .build_cartesian_2d(x_range, 0.0..1.0)
            .map_err(PlotError::draw)?;
        chart
            .configure_mesh()
            .x_labels(x_labels)
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_desc("share of instances")
            .x_desc(size)
            .axis_desc_style((style::FONT, style::AXIS_LABEL_SIZE))
            .label_style((style::FONT, style::TICK_SIZE))
            .light_line_style(style::GRID)
            .draw()
            .map_err(PlotError::draw)?;
        let layers = [
            ("first player wins", style::FIRST),
            ("tie", style::TIE),
            ("second player wins", style::SECOND),
        ];
        for (layer, (name, colour)) in layers.into_iter().enumerate() {
            let bars = self.rows.iter().map(|row| {
                let shares = [row.first_win_rate, row.tie_rate, row.second_win_rate];
                let bottom: f64 = shares[..layer].iter().sum();
                let top = (bottom + shares[layer]).min(1.0);
                let x = row.n as f64;
                Rectangle::new([(x - 0.4, bottom), (x + 0.4, top)], colour.filled())
            });
            chart
                .draw_series(bars)
                .map_err(PlotError::draw)?
                .label(name)
                .legend(swatch(colour));
        }
        draw_legend(
            &mut chart,
            SeriesLabelPosition::LowerRight,
            style::LEGEND_SIZE,
            0.9,
        )?;
        Ok(())
    }
}
