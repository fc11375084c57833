//! A nim-sequence: the Grundy value of every heap from 0 to N as a dot, with the start of the
//! period (the pre-period) as a dashed line when one was found, so that the exceptional values
//! before it and the repeating pattern after it show at a glance.

use crate::analysis::grundy::NimValues;
use crate::present::plot::parts::{Axes, draw_dots, draw_legend, whole};
use crate::present::plot::{Chart, PlotError, style, titled};
use plotters::coord::Shift;
use plotters::prelude::*;

/// The most heaps a chart shows: beyond, dots merge into a band.
pub const MOST_HEAPS: u64 = 5_000;

/// The values of heaps 0 to N and where their period starts.
pub struct NimSequenceChart {
    title: String,
    subtitle: String,
    values: Vec<u32>,
    preperiod: Option<usize>,
}

impl NimSequenceChart {
    /// The chart of `gamelab grundy --plot`, titled with the game, its rule in words (empty for
    /// a game of one rule) and N, as the command and the report draw it.
    pub fn of_sequence(
        game: &str,
        rule: &str,
        values: &NimValues,
        n_max: u64,
    ) -> Result<NimSequenceChart, PlotError> {
        let title = format!(
            "{}: Grundy values of heaps 0 to {n_max}",
            crate::studies::grundy::game_with_rule(game, rule)
        );
        NimSequenceChart::new(&title, values, n_max)
    }

    /// The chart of `values` for heaps 0 to `n_max` (at most [`MOST_HEAPS`]); `title` names the
    /// game.
    pub fn new(title: &str, values: &NimValues, n_max: u64) -> Result<NimSequenceChart, PlotError> {
        if n_max > MOST_HEAPS {
            return Err(PlotError::NoData(format!(
                "a chart shows at most {MOST_HEAPS} heaps, not {n_max}"
            )));
        }
        let shown: Option<Vec<u32>> = (0..=n_max).map(|n| values.value(n)).collect();
        let Some(shown) = shown else {
            return Err(PlotError::NoData(format!(
                "the values up to heap {n_max} were not computed"
            )));
        };
        let subtitle = match values.period {
            Some(found) => format!(
                "period {} from heap {} ({})",
                found.periodicity.period,
                found.periodicity.preperiod,
                if found.proved {
                    "proved: it holds for every heap"
                } else {
                    "observed, not proved"
                }
            ),
            None => "no period found".to_string(),
        };
        Ok(NimSequenceChart {
            title: title.to_string(),
            subtitle,
            values: shown,
            preperiod: values
                .period
                .map(|found| found.periodicity.preperiod)
                .filter(|&start| start as u64 <= n_max),
        })
    }
}

impl Chart for NimSequenceChart {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), PlotError> {
        let area = titled(root, &self.title, &self.subtitle)?;
        let last = (self.values.len() - 1) as f64;
        let top = f64::from(self.values.iter().copied().max().unwrap_or(0)) + 1.0;
        let axes = Axes {
            y_label: Some(&whole),
            y_ticks: Some((top as usize + 1).min(12)),
            ..Axes::new(-0.5..last + 0.5, -0.5..top, "heap n", "Grundy value g(n)")
        };
        let mut chart = axes.draw(&area)?;
        if let Some(start) = self.preperiod {
            let x = start as f64 - 0.5;
            chart
                .draw_series(DashedLineSeries::new(
                    [(x, -0.5), (x, top)],
                    10,
                    6,
                    style::SECOND.stroke_width(2),
                ))
                .map_err(PlotError::draw)?
                .label(format!("the period starts (heap {start})"))
                .legend(|(x, y)| {
                    PathElement::new(vec![(x, y), (x + 24, y)], style::SECOND.stroke_width(2))
                });
        }
        let points: Vec<(f64, f64)> = self
            .values
            .iter()
            .enumerate()
            .map(|(n, &value)| (n as f64, f64::from(value)))
            .collect();
        let radius = if points.len() > 500 { 2 } else { 4 };
        draw_dots(&mut chart, &points, style::FIRST, radius)?;
        if self.preperiod.is_some() {
            draw_legend(&mut chart, SeriesLabelPosition::UpperLeft, 0.85)?;
        }
        Ok(())
    }
}
