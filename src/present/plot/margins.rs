//! Chart 3: the distribution of the margin (first player's score minus the second's) over many
//! instances of one size, as a histogram coloured by who wins.

use crate::present::plot::parts::{Axes, draw_bars, draw_legend, whole};
use crate::present::plot::{Chart, PlotError, style, titled};
use crate::util::plural::counted;
use plotters::coord::Shift;
use plotters::prelude::*;
use std::collections::BTreeMap;

/// At most about this many bars on each side of zero.
const BINS_PER_SIDE: i64 = 30;

/// A legend entry of the histogram and the margins (or their bins) drawn in its colour.
struct Layer {
    name: &'static str,
    colour: RGBColor,
    keep: fn(&i64) -> bool,
}

/// The outcomes by the sign of the margin, which its bin shares (see [`bin_of`]).
const LAYERS: [Layer; 3] = [
    Layer {
        name: "first player wins",
        colour: style::FIRST,
        keep: |bin| *bin > 0,
    },
    Layer {
        name: "tie",
        colour: style::TIE,
        keep: |bin| *bin == 0,
    },
    Layer {
        name: "second player wins",
        colour: style::SECOND,
        keep: |bin| *bin < 0,
    },
];

/// A histogram of margins.
pub struct MarginChart {
    game: String,
    n: u64,
    settings: String,
    margins: Vec<i64>,
}

impl MarginChart {
    /// A histogram of `margins` of `game` instances with `n` piles; `settings` describes how they
    /// were drawn (for the subtitle).
    pub fn new(
        game: &str,
        n: u64,
        settings: &str,
        margins: Vec<i64>,
    ) -> Result<MarginChart, PlotError> {
        if margins.is_empty() {
            return Err(PlotError::NoData("no margins to draw".into()));
        }
        Ok(MarginChart {
            game: game.to_string(),
            n,
            settings: settings.to_string(),
            margins,
        })
    }

    /// `stone-game: margin (first − second) under optimal play at n = 9`.
    pub fn title(&self) -> String {
        format!(
            "{}: margin (first minus second) under optimal play at n = {}",
            self.game, self.n
        )
    }

    /// Bin width: 1 when the margins are narrow, else wide enough for about
    /// [`BINS_PER_SIDE`] bars on each side.
    fn bin_width(&self) -> i64 {
        let widest = self
            .margins
            .iter()
            .map(|margin| margin.unsigned_abs())
            .max()
            .unwrap_or(0) as i64;
        ((widest + BINS_PER_SIDE - 1) / BINS_PER_SIDE).max(1)
    }

    /// How many margins fall in each bin `width` wide (see [`bin_of`]), by bin.
    fn counts(&self, width: i64) -> BTreeMap<i64, u64> {
        let mut counts = BTreeMap::new();
        for &margin in &self.margins {
            *counts.entry(bin_of(margin, width)).or_insert(0u64) += 1;
        }
        counts
    }

    /// The settings, the count of instances and each outcome's share, and the bars' width
    /// where it is not 1.
    fn subtitle(&self, width: i64) -> String {
        let total = self.margins.len() as f64;
        let share = |keep: fn(&i64) -> bool| {
            100.0 * self.margins.iter().filter(|m| keep(m)).count() as f64 / total
        };
        let [first, tie, second] = LAYERS.map(|layer| share(layer.keep));
        format!(
            "{}, {}: first wins {first:.1}%, ties {tie:.1}%, second wins {second:.1}%{}",
            self.settings,
            counted(self.margins.len(), "instance"),
            if width > 1 {
                format!("; bars {width} wide, the middle one is exactly 0")
            } else {
                String::new()
            }
        )
    }
}

/// The bin of `margin`: 0 holds exactly the ties; bin k > 0 holds ((k-1)w, kw], and bin -k
/// mirrors it, so no bar mixes outcomes.
fn bin_of(margin: i64, width: i64) -> i64 {
    // Unsigned, so that |i64::MIN| does not overflow.
    let bins = margin.unsigned_abs().div_ceil(width.unsigned_abs());
    margin.signum() * bins as i64
}

impl Chart for MarginChart {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), PlotError> {
        let width = self.bin_width();
        let counts = self.counts(width);
        let area = titled(root, &self.title(), &self.subtitle(width))?;
        let low = counts.keys().next().copied().unwrap_or(0).min(-1) as f64 - 0.6;
        let high = counts.keys().last().copied().unwrap_or(0).max(1) as f64 + 0.6;
        let tallest = counts.values().copied().max().unwrap_or(1) as f64;
        // A tick's label is the margin at the bin's end, not the bin's number.
        let margin_label = |x: &f64| format!("{}", (x.round() as i64) * width);
        let axes = Axes {
            x_ticks: 15,
            x_label: &margin_label,
            y_label: Some(&whole),
            ..Axes::new(
                low..high,
                0.0..tallest * 1.1,
                "margin: first player's score minus the second's",
                "instances",
            )
        };
        let mut chart = axes.draw(&area)?;
        for Layer { name, colour, keep } in LAYERS {
            let bars = counts
                .iter()
                .filter(|(bin, _)| keep(bin))
                .map(|(&bin, &count)| {
                    let x = bin as f64;
                    [(x - 0.45, 0.0), (x + 0.45, count as f64)]
                });
            draw_bars(&mut chart, bars, colour, name)?;
        }
        draw_legend(&mut chart, SeriesLabelPosition::UpperLeft, 0.9)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bins_never_mix_outcomes() {
        assert_eq!(bin_of(0, 10), 0);
        assert_eq!(bin_of(1, 10), 1);
        assert_eq!(bin_of(10, 10), 1);
        assert_eq!(bin_of(11, 10), 2);
        assert_eq!(bin_of(-10, 10), -1);
        assert_eq!(bin_of(-11, 10), -2);
        assert_eq!(bin_of(i64::MIN, 1 << 62), -2);
    }
}
