//! The first player's share of the total against n: the share of all stones over a sweep, and
//! the lowest share of any one instance, beside the share the game is known to guarantee (for
//! coins-in-a-circle, the pizza theorem's 4/9).

use crate::present::plot::parts::{
    Plane, draw_legend, draw_marked_line, instances_line, size_name, sweep_axes,
};
use crate::present::plot::{Chart, PlotError, style, titled};
use crate::studies::sweep::SweepRow;
use plotters::coord::Shift;
use plotters::prelude::*;
use std::ops::Range;

/// One line of the chart and the column it reads.
struct ShareSeries {
    name: &'static str,
    colour: RGBColor,
    value: fn(&SweepRow) -> Option<f64>,
}

/// The chart's lines.
const SERIES: [ShareSeries; 2] = [
    ShareSeries {
        name: "share of all stones (sum over instances)",
        colour: style::FIRST,
        value: |row| row.first_share,
    },
    ShareSeries {
        name: "lowest share of any one instance",
        colour: style::SECOND,
        value: |row| row.lowest_first_share,
    },
];

/// The share chart of a sweep.
pub struct ScoreShareChart {
    rows: Vec<SweepRow>,
    bound: Option<(f64, &'static str)>,
}

impl ScoreShareChart {
    /// A chart of `rows` (a sweep that recorded shares), with the game's guaranteed share.
    pub fn new(
        rows: Vec<SweepRow>,
        bound: Option<(f64, &'static str)>,
    ) -> Result<ScoreShareChart, PlotError> {
        let rows: Vec<SweepRow> = rows
            .into_iter()
            .filter(|row| row.first_share.is_some())
            .collect();
        if rows.is_empty() {
            return Err(PlotError::NoData(
                "the sweep recorded no shares (they are kept for constant-sum pile games with \
                 non-negative values)"
                    .into(),
            ));
        }
        Ok(ScoreShareChart { rows, bound })
    }

    /// `coins-in-a-circle: the first player's share of the total under optimal play`.
    pub fn title(&self) -> String {
        format!(
            "{}: the first player's share of the total under optimal play",
            self.rows[0].game
        )
    }

    /// The shares up the y axis: from a little under the lowest share shown (on a multiple of
    /// 0.05) to the whole.
    fn y_range(&self) -> Range<f64> {
        let lowest = self
            .rows
            .iter()
            .filter_map(|row| row.lowest_first_share)
            .chain(self.bound.map(|(share, _)| share))
            .fold(1.0, f64::min);
        let y_low = ((lowest - 0.05) * 20.0).floor() / 20.0;
        y_low.max(0.0)..1.0
    }

    /// The guaranteed share as a dashed line across the whole x range.
    fn draw_bound<DB: DrawingBackend>(
        &self,
        chart: &mut Plane<'_, DB>,
        x: Range<f64>,
    ) -> Result<(), PlotError> {
        let Some((share, label)) = self.bound else {
            return Ok(());
        };
        let line = vec![(x.start, share), (x.end, share)];
        chart
            .draw_series(DashedLineSeries::new(line, 10, 6, BLACK.stroke_width(2)))
            .map_err(PlotError::draw)?
            .label(label)
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 24, y)], BLACK.stroke_width(2)));
        Ok(())
    }
}

impl Chart for ScoreShareChart {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), PlotError> {
        let area = titled(root, &self.title(), &instances_line(&self.rows))?;
        let axes = sweep_axes(
            &self.rows,
            self.y_range(),
            format!("{} (number of piles or slices)", size_name(&self.rows)),
            "first player's share of the total",
        );
        let mut chart = axes.draw(&area)?;
        for ShareSeries {
            name,
            colour,
            value,
        } in SERIES
        {
            let points: Vec<(f64, f64)> = self
                .rows
                .iter()
                .filter_map(|row| value(row).map(|share| (row.n as f64, share)))
                .collect();
            draw_marked_line(&mut chart, &points, colour, Some(name.to_string()), 4)?;
        }
        self.draw_bound(&mut chart, axes.x)?;
        draw_legend(&mut chart, SeriesLabelPosition::UpperRight, 0.9)
    }
}
