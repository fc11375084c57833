//! Where strategies lose value, in two panels sharing the x axis: above, the share of moves
//! that give value away (or agree with optimal play) with 95% Wilson intervals; below, the mean
//! value lost per move with 95% intervals. [`MistakesChart`] draws it against the ply, one
//! series per strategy; [`StrategyCurveChart`] against a strategy's budget.

use crate::present::plot::parts::{Axes, Estimate, draw_estimates, draw_legend, whole};
use crate::present::plot::{Chart, PlotError, style, titled};
use crate::studies::mistakes::{CurveRow, MistakeRow};
use plotters::coord::Shift;
use plotters::prelude::*;

/// Series colours, in order.
const COLOURS: [RGBColor; 4] = [style::FIRST, style::SECOND, style::ODD, style::NEUTRAL];

/// One point: x, the share with its interval, the mean loss with its interval.
type Point = (f64, [f64; 3], [f64; 3]);

/// One series of points.
struct Series {
    name: String,
    points: Vec<Point>,
}

/// The two panels' shared drawing.
struct Panels {
    title: String,
    subtitle: String,
    x_name: String,
    share_name: &'static str,
    /// Tick labels for categorical x (the budgets); numeric x when empty.
    categories: Vec<String>,
    series: Vec<Series>,
    /// Where the legend sits in the upper panel, away from the lines.
    legend: SeriesLabelPosition,
}

impl Panels {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), PlotError> {
        let area = titled(root, &self.title, &self.subtitle)?;
        let (_, height) = area.dim_in_pixel();
        let (upper, lower) = area.split_vertically((height as f64 * 0.55) as u32);
        self.draw_panel(&upper, Panel::Share)?;
        self.draw_panel(&lower, Panel::Loss)
    }

    /// One panel: its axes, then every series with its intervals; the legend goes in the upper.
    fn draw_panel<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        panel: Panel,
    ) -> Result<(), PlotError> {
        let label = |x: &f64| self.x_label(*x);
        let axes = Axes {
            x_label: &label,
            ..self.axes(panel)
        };
        let mut chart = axes.draw(area)?;
        for (series, &colour) in self.series.iter().zip(COLOURS.iter().cycle()) {
            let estimates: Vec<Estimate> = series
                .points
                .iter()
                .map(|point| (point.0, panel.pick(point)))
                .collect();
            let name = (panel == Panel::Share).then(|| series.name.clone());
            draw_estimates(&mut chart, &estimates, colour, name, 8)?;
        }
        if panel == Panel::Share {
            draw_legend(&mut chart, self.legend.clone(), 0.85)?;
        }
        Ok(())
    }

    /// The axes of `panel`, both panels over the same x; the caller labels the x ticks (see
    /// [`Panels::x_label`]).
    fn axes(&self, panel: Panel) -> Axes<'static> {
        let xs = self
            .series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.0));
        let (low, high) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| {
            (lo.min(x), hi.max(x))
        });
        let (y, y_name) = match panel {
            Panel::Share => (0.0..1.05, self.share_name),
            Panel::Loss => {
                let highest_loss = self
                    .series
                    .iter()
                    .flat_map(|s| s.points.iter().map(|p| p.2[2]))
                    .fold(0.0, f64::max);
                (0.0..(highest_loss * 1.1).max(0.1), "points lost a move")
            }
        };
        Axes {
            x_ticks: ((high - low).round() as usize + 1).clamp(2, 25),
            y_ticks: Some(6),
            ..Axes::new((low - 0.6)..(high + 0.6), y, self.x_name.as_str(), y_name)
        }
    }

    /// The tick label at `x`: the number, or on categorical x the category at a whole `x`
    /// (none between).
    fn x_label(&self, x: f64) -> String {
        if self.categories.is_empty() {
            return whole(&x);
        }
        let k = x.round();
        if (x - k).abs() < 1e-6 && k >= 0.0 {
            self.categories.get(k as usize).cloned().unwrap_or_default()
        } else {
            String::new()
        }
    }
}

/// The upper panel (the share of moves) or the lower (the mean loss).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Panel {
    Share,
    Loss,
}

impl Panel {
    /// The value and interval `point` holds for this panel.
    fn pick(self, point: &Point) -> [f64; 3] {
        match self {
            Panel::Share => point.1,
            Panel::Loss => point.2,
        }
    }
}

/// Mistake rate and mean loss by ply, one series per strategy.
pub struct MistakesChart {
    panels: Panels,
}

impl MistakesChart {
    /// From the rows of one or more studies (their `n = all` rows by ply); `settings`
    /// describes the instances.
    pub fn new(rows: &[MistakeRow], settings: &str) -> Result<MistakesChart, PlotError> {
        let mut series: Vec<Series> = Vec::new();
        for row in rows.iter().filter(|row| row.n == "all") {
            let Ok(ply) = row.ply.parse::<u64>() else {
                continue;
            };
            let name = format!("{} (seat: {})", row.strategy, row.seat);
            let point = (
                ply as f64,
                [row.mistake_rate, row.mistake_low, row.mistake_high],
                [row.mean_loss, row.mean_loss_low, row.mean_loss_high],
            );
            match series.iter_mut().find(|s| s.name == name) {
                Some(found) => found.points.push(point),
                None => series.push(Series {
                    name,
                    points: vec![point],
                }),
            }
        }
        let Some(first) = rows.first().filter(|_| !series.is_empty()) else {
            return Err(PlotError::NoData("the study has no moves".into()));
        };
        Ok(MistakesChart {
            panels: Panels {
                title: format!(
                    "{}: where strategies give value away, by ply (against {})",
                    first.game, first.against
                ),
                subtitle: format!("{settings}; bars: 95% intervals"),
                x_name: "ply (1 = the game's first move)".to_string(),
                share_name: "mistake rate",
                categories: Vec::new(),
                series,
                legend: SeriesLabelPosition::UpperRight,
            },
        })
    }
}

impl Chart for MistakesChart {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), PlotError> {
        self.panels.draw(root)
    }
}

/// Agreement with optimal play and mean regret against a strategy's budget.
pub struct StrategyCurveChart {
    panels: Panels,
}

impl StrategyCurveChart {
    /// From the rows of one curve; `family` names the strategy (`mcts`) and `settings` the
    /// instances.
    pub fn new(
        rows: &[CurveRow],
        family: &str,
        settings: &str,
    ) -> Result<StrategyCurveChart, PlotError> {
        let Some(first) = rows.first() else {
            return Err(PlotError::NoData("the curve has no budgets".into()));
        };
        let points = rows
            .iter()
            .enumerate()
            .map(|(k, row)| {
                (
                    k as f64,
                    [row.agreement, row.agreement_low, row.agreement_high],
                    [row.mean_regret, row.mean_regret_low, row.mean_regret_high],
                )
            })
            .collect();
        Ok(StrategyCurveChart {
            panels: Panels {
                title: format!(
                    "{}: {family} against {} by budget",
                    first.game, first.against
                ),
                subtitle: format!("{settings}; bars: 95% intervals"),
                x_name: format!("{family} budget"),
                share_name: "agreement with optimal",
                categories: rows.iter().map(|row| row.budget.clone()).collect(),
                series: vec![Series {
                    name: format!("{family} (seat: {})", first.seat),
                    points,
                }],
                legend: SeriesLabelPosition::LowerRight,
            },
        })
    }
}

impl Chart for StrategyCurveChart {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), PlotError> {
        self.panels.draw(root)
    }
}
