//! The value history of one played game: the first player's optimal final margin (points ahead
//! so far plus what optimal play secures from there) after every ply, from the game's value at
//! the start to the final margin, with the value each move gave away marked in the colour of the
//! player who gave it away — GAMESMAN's "who messed up when" for one game.

use crate::base::game::Player;
use crate::present::plot::{Chart, PlotError, draw_legend, style, titled};
use crate::strategy::GameRecord;
use plotters::coord::Shift;
use plotters::prelude::*;

/// One game's value history.
pub struct ValueHistoryChart {
    title: String,
    subtitle: String,
    /// The first player's optimal final margin after each ply, the start first.
    history: Vec<i64>,
    /// Who made each move and the value it gave away.
    losses: Vec<(Player, i64)>,
}

impl ValueHistoryChart {
    /// The history of `record` (played with values); `title` names the game, instance and
    /// strategies.
    pub fn new(title: &str, record: &GameRecord) -> Result<ValueHistoryChart, PlotError> {
        let (Some(history), Some(values)) = (record.value_history(), record.values.as_ref()) else {
            return Err(PlotError::NoData(
                "the game was played without values".into(),
            ));
        };
        let losses: Vec<(Player, i64)> = record
            .moves
            .iter()
            .zip(values)
            .map(|(mv, value)| (mv.player, value.regret))
            .collect();
        let total = |player| record.regret_of(player).unwrap_or(0);
        let subtitle = format!(
            "optimal margin at the start {:+}, final margin {:+}; value given away: first player {}, second player {}",
            history[0],
            record.margin,
            total(Player::First),
            total(Player::Second)
        );
        Ok(ValueHistoryChart {
            title: title.to_string(),
            subtitle,
            history,
            losses,
        })
    }
}

impl Chart for ValueHistoryChart {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), PlotError> {
        let area = titled(root, &self.title, &self.subtitle)?;
        let plies = self.losses.len() as f64;
        let low = self.history.iter().copied().min().unwrap_or(0).min(0) as f64;
        let high = self.history.iter().copied().max().unwrap_or(0).max(0) as f64;
        let pad = ((high - low) * 0.08).max(1.0);
        let mut chart = ChartBuilder::on(&area)
            .margin(style::MARGIN)
            .x_label_area_size(style::X_LABEL_AREA)
            .y_label_area_size(style::Y_LABEL_AREA)
            .build_cartesian_2d(-0.5..plies + 0.5, (low - pad)..(high + pad))
            .map_err(PlotError::draw)?;
        chart
            .configure_mesh()
            .x_labels((plies as usize + 1).clamp(2, 25))
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| format!("{y:.0}"))
            .x_desc("ply (moves made)")
            .y_desc("first player's optimal final margin")
            .axis_desc_style((style::FONT, style::AXIS_LABEL_SIZE))
            .label_style((style::FONT, style::TICK_SIZE))
            .light_line_style(style::GRID)
            .draw()
            .map_err(PlotError::draw)?;
        chart
            .draw_series(LineSeries::new(
                [(-0.5, 0.0), (plies + 0.5, 0.0)],
                style::TIE.stroke_width(1),
            ))
            .map_err(PlotError::draw)?;
        let points: Vec<(f64, f64)> = self
            .history
            .iter()
            .enumerate()
            .map(|(ply, &value)| (ply as f64, value as f64))
            .collect();
        chart
            .draw_series(LineSeries::new(
                points.clone(),
                style::NEUTRAL.stroke_width(2),
            ))
            .map_err(PlotError::draw)?
            .label("value after each ply")
            .legend(|(x, y)| {
                PathElement::new(vec![(x, y), (x + 24, y)], style::NEUTRAL.stroke_width(3))
            });
        chart
            .draw_series(
                points
                    .iter()
                    .map(|&point| Circle::new(point, 4, style::NEUTRAL.filled())),
            )
            .map_err(PlotError::draw)?;
        for (player, colour, name) in [
            (
                Player::First,
                style::FIRST,
                "value lost by the first player",
            ),
            (
                Player::Second,
                style::SECOND,
                "value lost by the second player",
            ),
        ] {
            let marks: Vec<(f64, f64, f64)> = self
                .losses
                .iter()
                .enumerate()
                .filter(|(_, (mover, regret))| *mover == player && *regret > 0)
                .map(|(ply, _)| {
                    (
                        ply as f64 + 1.0,
                        self.history[ply] as f64,
                        self.history[ply + 1] as f64,
                    )
                })
                .collect();
            chart
                .draw_series(marks.iter().map(|&(x, from, to)| {
                    Rectangle::new([(x - 0.12, from), (x + 0.12, to)], colour.filled())
                }))
                .map_err(PlotError::draw)?
                .label(name)
                .legend(move |(x, y)| {
                    Rectangle::new([(x, y - 7), (x + 18, y + 7)], colour.filled())
                });
        }
        draw_legend(
            &mut chart,
            SeriesLabelPosition::UpperRight,
            style::LEGEND_SIZE,
            0.85,
        )?;
        Ok(())
    }
}
