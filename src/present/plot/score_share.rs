//! The first player's share of the total against n: the share of all stones over a sweep, and
//! the lowest share of any one instance, beside the share the game is known to guarantee (for
//! coins-in-a-circle, the pizza theorem's 4/9).

use crate::present::plot::win_rate::{instances_line, n_range, size_name};
use crate::present::plot::{Chart, PlotError, draw_legend, style, titled};
use crate::studies::sweep::SweepRow;
use plotters::coord::Shift;
use plotters::prelude::*;

/// One line of the chart and the column it reads.
struct ShareSeries {
    name: &'static str,
    colour: RGBColor,
    value: fn(&SweepRow) -> Option<f64>,
}

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
}

impl Chart for ScoreShareChart {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), PlotError> {
        let size = size_name(&self.rows);
        let area = titled(root, &self.title(), &instances_line(&self.rows))?;
        let x_range = n_range(&self.rows);
        let x_labels = (x_range.end - x_range.start).round().clamp(2.0, 25.0) as usize;
        let lowest = self
            .rows
            .iter()
            .filter_map(|row| row.lowest_first_share)
            .chain(self.bound.map(|(share, _)| share))
            .fold(1.0, f64::min);
        let y_low = ((lowest - 0.05) * 20.0).floor() / 20.0;
        let mut chart = ChartBuilder::on(&area)
            .margin(style::MARGIN)
            .x_label_area_size(style::X_LABEL_AREA)
            .y_label_area_size(style::Y_LABEL_AREA)
            .build_cartesian_2d(x_range.clone(), y_low.max(0.0)..1.0)
            .map_err(PlotError::draw)?;
        chart
            .configure_mesh()
            .x_labels(x_labels)
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_desc("first player's share of the total")
            .x_desc(format!("{size} (number of piles or slices)"))
            .axis_desc_style((style::FONT, style::AXIS_LABEL_SIZE))
            .label_style((style::FONT, style::TICK_SIZE))
            .light_line_style(style::GRID)
            .draw()
            .map_err(PlotError::draw)?;
        let series = [
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
        for ShareSeries {
            name,
            colour,
            value,
        } in series
        {
            let points: Vec<(f64, f64)> = self
                .rows
                .iter()
                .filter_map(|row| value(row).map(|share| (row.n as f64, share)))
                .collect();
            chart
                .draw_series(LineSeries::new(points.clone(), colour.stroke_width(2)))
                .map_err(PlotError::draw)?
                .label(name)
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 24, y)], colour.stroke_width(3))
                });
            chart
                .draw_series(
                    points
                        .iter()
                        .map(|&point| Circle::new(point, 4, colour.filled())),
                )
                .map_err(PlotError::draw)?;
        }
        if let Some((share, label)) = self.bound {
            let line = vec![(x_range.start, share), (x_range.end, share)];
            chart
                .draw_series(DashedLineSeries::new(line, 10, 6, BLACK.stroke_width(2)))
                .map_err(PlotError::draw)?
                .label(label)
                .legend(|(x, y)| {
                    PathElement::new(vec![(x, y), (x + 24, y)], BLACK.stroke_width(2))
                });
        }
        draw_legend(
            &mut chart,
            SeriesLabelPosition::UpperRight,
            style::LEGEND_SIZE,
            0.9,
        )?;
        Ok(())
    }
}
