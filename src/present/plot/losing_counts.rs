//! How many positions of a game on one number are losing, on log-log axes: the count in 0..=n
//! at every power of two up to N (and at N), and the power law fitted to them as a straight
//! line, its formula in the legend ("c(n) ≈ 0.92·n^0.70").

use crate::present::plot::parts::{Axes, draw_legend, draw_line, draw_marked_line};
use crate::present::plot::{Chart, PlotError, style, titled};
use crate::studies::losing::{LosingCount, LosingStudy, PowerLaw, fit_power_law, fitted_rows};
use plotters::coord::Shift;
use plotters::prelude::*;

/// The counts of losing positions and the power law fitted to them.
pub struct LosingCountsChart {
    title: String,
    subtitle: String,
    /// The rows with n and a count above zero (a logarithm each), in increasing n.
    rows: Vec<LosingCount>,
    /// The fit, with the first and last n it covers.
    law: Option<(PowerLaw, u64, u64)>,
}

impl LosingCountsChart {
    /// The chart of a study of `gamelab losing-positions`, titled with its game and N, as the
    /// command and the report draw it.
    pub fn of_study(study: &LosingStudy) -> Result<LosingCountsChart, PlotError> {
        let title = format!(
            "{}: losing positions up to {}",
            crate::studies::grundy::game_with_rule(study.game, &study.rule),
            power(study.n_max)
        );
        LosingCountsChart::new(&title, study.counts.clone())
    }

    /// The chart of `rows` (from [`crate::studies::losing::LosingCounter`]) under `title`, which
    /// names the game; the rows must hold a count above zero at some n >= 1.
    pub fn new(title: &str, rows: Vec<LosingCount>) -> Result<LosingCountsChart, PlotError> {
        let mut rows: Vec<LosingCount> = rows
            .into_iter()
            .filter(|row| row.n > 0 && row.losing > 0)
            .collect();
        rows.sort_by_key(|row| row.n);
        let Some(last) = rows.last().copied() else {
            return Err(PlotError::NoData(
                "no losing position counted at any n >= 1".into(),
            ));
        };
        let fitted = fitted_rows(&rows);
        let law =
            fit_power_law(&rows).and_then(|law| Some((law, fitted.first()?.n, fitted.last()?.n)));
        let fit = match law {
            Some((_, from, to)) => format!(
                "the line: least squares on log c against log n over n = {}..{}",
                power(from),
                power(to)
            ),
            None => "too few counts to fit a line".to_string(),
        };
        let subtitle = format!(
            "{} of the {} positions 0..={} are losing; {fit}",
            last.losing,
            u128::from(last.n) + 1,
            last.n
        );
        Ok(LosingCountsChart {
            title: title.to_string(),
            subtitle,
            rows,
            law,
        })
    }

    /// log2 n across, log10 c up, each with half a step of room.
    fn axes(&self) -> Axes<'static> {
        let x_high = self.rows.iter().map(|row| x_of(row.n)).fold(0.0, f64::max);
        let y_high = self
            .rows
            .iter()
            .map(|row| y_of(row.losing as f64))
            .fold(0.0, f64::max);
        Axes {
            x_ticks: (x_high as usize + 1).clamp(2, 17),
            x_label: &power_label,
            y_ticks: Some((y_high.ceil() as usize + 1).clamp(2, 12)),
            y_label: Some(&count_label),
            ..Axes::new(
                -0.5..x_high + 0.5,
                -0.25..y_high + 0.5,
                "n (log scale)",
                "losing positions in 0..=n (log scale)",
            )
        }
    }
}

/// Where n lies across: its base-2 logarithm.
fn x_of(n: u64) -> f64 {
    (n as f64).log2()
}

/// Where a count lies up: its base-10 logarithm.
fn y_of(count: f64) -> f64 {
    count.log10()
}

/// `2^10` for 1024, else the number itself.
fn power(n: u64) -> String {
    if n.is_power_of_two() && n >= 1 << 10 {
        format!("2^{}", n.trailing_zeros())
    } else {
        n.to_string()
    }
}

/// The label of an x tick (a base-2 logarithm): `2^10` at whole numbers.
fn power_label(x: &f64) -> String {
    if (x - x.round()).abs() < 1e-9 && *x >= 0.0 {
        format!("2^{}", x.round())
    } else {
        String::new()
    }
}

/// The label of a y tick (a base-10 logarithm): the count it stands for, `10^6` and up as powers.
fn count_label(y: &f64) -> String {
    let whole = (y - y.round()).abs() < 1e-9;
    match 10f64.powf(*y) {
        _ if whole && *y >= 6.0 => format!("10^{}", y.round()),
        count if count < 1e6 => format!("{count:.0}"),
        count => format!("{count:.1e}"),
    }
}

impl Chart for LosingCountsChart {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), PlotError> {
        let area = titled(root, &self.title, &self.subtitle)?;
        let mut plane = self.axes().draw(&area)?;
        if let Some((law, _, _)) = self.law {
            // The law over every n shown, also below the powers it was fitted to; drawn first,
            // so that the counts' dots stay in view on it.
            let ends = [self.rows[0].n, self.rows[self.rows.len() - 1].n];
            let line = ends.map(|n| (x_of(n), y_of(law.at(n as f64))));
            draw_line(&mut plane, &line, style::SECOND, Some(law.to_string()))?;
        }
        let points: Vec<(f64, f64)> = self
            .rows
            .iter()
            .map(|row| (x_of(row.n), y_of(row.losing as f64)))
            .collect();
        let name = Some("losing positions in 0..=n".to_string());
        draw_marked_line(&mut plane, &points, style::FIRST, name, 4)?;
        draw_legend(&mut plane, SeriesLabelPosition::UpperLeft, 0.9)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_read_as_powers_and_counts() {
        assert_eq!(power_label(&10.0), "2^10");
        assert_eq!(power_label(&2.5), "");
        assert_eq!(count_label(&2.0), "100");
        assert_eq!(count_label(&6.0), "10^6");
        assert_eq!(count_label(&6.5), "3.2e6");
        assert_eq!(power(1 << 20), "2^20");
        assert_eq!(power(1000), "1000");
    }
}
