//! Chart 5: who wins under optimal play for every N of a number game (divisor-game, stone-game-iv,
//! nim), as a strip of cells above a strip of N's parity, so a pattern such as the Divisor
//! Game's even/odd one shows at a glance.

use super::{Chart, Layer, PlotError, draw_legend, style, swatch, titled};
use plotters::coord::Shift;
use plotters::prelude::*;

/// The y range: two strips (0..2) and room above them for the legend.
const LEGEND_TOP: f64 = 3.4;

/// Light and dark shades for odd and even N in the parity strip.
const ODD_SHADE: RGBColor = RGBColor(235, 235, 235);
const EVEN_SHADE: RGBColor = RGBColor(110, 110, 110);

/// The winner for each N.
pub struct WinnerStripChart {
    game: String,
    /// (N, whether the first player wins), ascending N.
    outcomes: Vec<(u64, bool)>,
}

impl WinnerStripChart {
    /// A strip chart of `game`'s `outcomes`: (N, whether the first player wins).
    pub fn new(game: &str, mut outcomes: Vec<(u64, bool)>) -> Result<WinnerStripChart, PlotError> {
        if outcomes.is_empty() {
            return Err(PlotError::NoData("no N to draw".into()));
        }
        outcomes.sort_unstable();
        Ok(WinnerStripChart {
            game: game.to_string(),
            outcomes,
        })
    }

    /// `divisor-game: who wins from N under optimal play`.
    pub fn title(&self) -> String {
        format!("{}: who wins from N under optimal play", self.game)
    }

    /// `N = 1..200: the first player wins at 100 of 100 even N and 0 of 100 odd N`.
    pub fn subtitle(&self) -> String {
        let count = |even: bool, wins: Option<bool>| {
            self.outcomes
                .iter()
                .filter(|(n, first)| {
                    n.is_multiple_of(2) == even && wins.is_none_or(|w| w == *first)
                })
                .count()
        };
        format!(
            "N = {}..{}: the first player wins at {} of {} even N and {} of {} odd N",
            self.outcomes[0].0,
            self.outcomes[self.outcomes.len() - 1].0,
            count(true, Some(true)),
            count(true, None),
            count(false, Some(true)),
            count(false, None)
        )
    }
}

impl Chart for WinnerStripChart {
    fn size(&self) -> (u32, u32) {
        (style::WIDTH, 520)
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), PlotError> {
        let area = titled(root, &self.title(), &self.subtitle())?;
        let low = self.outcomes[0].0 as f64 - 0.5;
        let high = self.outcomes[self.outcomes.len() - 1].0 as f64 + 0.5;
        let mut chart = ChartBuilder::on(&area)
            .margin(style::MARGIN)
            .x_label_area_size(style::X_LABEL_AREA)
            .y_label_area_size(140)
            .build_cartesian_2d(low..high, 0.0..LEGEND_TOP)
            .map_err(PlotError::draw)?;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_labels(20)
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_labels(8)
            .y_label_formatter(&|y: &f64| {
                match (y * 2.0).round() as i64 {
                    1 => "N even?",
                    3 => "winner",
                    _ => "",
                }
                .to_string()
            })
            .x_desc("N")
            .axis_desc_style((style::FONT, style::AXIS_LABEL_SIZE))
            .label_style((style::FONT, style::TICK_SIZE))
            .draw()
            .map_err(PlotError::draw)?;
        let strip = |row: f64, pick: fn(&(u64, bool)) -> bool, colour: RGBColor| {
            self.outcomes
                .iter()
                .filter(move |outcome| pick(outcome))
                .map(move |&(n, _)| {
                    let x = n as f64;
                    Rectangle::new(
                        [(x - 0.5, row + 0.08), (x + 0.5, row + 0.92)],
                        colour.filled(),
                    )
                })
                .collect::<Vec<_>>()
        };
        // The winner strip (row 1) above the parity strip (row 0).
        let layers: [(f64, Layer<(u64, bool)>); 4] = [
            (
                1.0,
                Layer {
                    name: "first player wins",
                    colour: style::FIRST,
                    keep: |o| o.1,
                },
            ),
            (
                1.0,
                Layer {
                    name: "second player wins",
                    colour: style::SECOND,
                    keep: |o| !o.1,
                },
            ),
            (
                0.0,
                Layer {
                    name: "even N",
                    colour: EVEN_SHADE,
                    keep: |o| o.0.is_multiple_of(2),
                },
            ),
            (
                0.0,
                Layer {
                    name: "odd N",
                    colour: ODD_SHADE,
                    keep: |o| !o.0.is_multiple_of(2),
                },
            ),
        ];
        for (
            row,
            Layer {
                name,
                colour,
                keep: pick,
            },
        ) in layers
        {
            chart
                .draw_series(strip(row, pick, colour))
                .map_err(PlotError::draw)?
                .label(name)
                .legend(swatch(colour));
        }
        draw_legend(
            &mut chart,
            SeriesLabelPosition::UpperRight,
            style::LEGEND_SIZE - 2,
            0.9,
        )?;
        Ok(())
    }
}
