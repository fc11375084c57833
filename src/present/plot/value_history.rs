//! The value history of one played game: the first player's optimal final margin (points ahead
//! so far plus what optimal play secures from there) after every ply, from the game's value at
//! the start to the final margin, with the value each move gave away marked in the colour of the
//! player who gave it away — GAMESMAN's "who messed up when" for one game.

use crate::base::game::Player;
use crate::present::plot::parts::{Axes, Plane, draw_bars, draw_legend, draw_marked_line, whole};
use crate::present::plot::{Chart, PlotError, style, titled};
use crate::strategy::GameRecord;
use plotters::coord::Shift;
use plotters::prelude::*;

/// Whose losses each bar series shows, in which colour and under which name.
const LOSSES: [(Player, RGBColor, &str); 2] = [
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
];

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

    /// The plies across, with half a ply of room, and the margins up, with zero always in view.
    fn axes(&self) -> Axes<'static> {
        let plies = self.losses.len() as f64;
        let low = self.history.iter().copied().min().unwrap_or(0).min(0) as f64;
        let high = self.history.iter().copied().max().unwrap_or(0).max(0) as f64;
        let pad = ((high - low) * 0.08).max(1.0);
        Axes {
            x_ticks: (plies as usize + 1).clamp(2, 25),
            y_label: Some(&whole),
            ..Axes::new(
                -0.5..plies + 0.5,
                (low - pad)..(high + pad),
                "ply (moves made)",
                "first player's optimal final margin (points)",
            )
        }
    }

    /// The margin after every ply, over a faint line at zero (where the game is a tie).
    fn draw_history<DB: DrawingBackend>(&self, chart: &mut Plane<'_, DB>) -> Result<(), PlotError> {
        let plies = self.losses.len() as f64;
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
        let name = Some("value after each ply".to_string());
        draw_marked_line(chart, &points, style::NEUTRAL, name, 4)
    }

    /// Each move that gave value away, as a bar from the margin before it to the margin after,
    /// in the colour of the player who made it.
    fn draw_losses<DB: DrawingBackend>(&self, chart: &mut Plane<'_, DB>) -> Result<(), PlotError> {
        for (player, colour, name) in LOSSES {
            let bars = self
                .losses
                .iter()
                .enumerate()
                .filter(|(_, (mover, regret))| *mover == player && *regret > 0)
                .map(|(ply, _)| {
                    let x = ply as f64 + 1.0;
                    let (from, to) = (self.history[ply] as f64, self.history[ply + 1] as f64);
                    [(x - 0.12, from), (x + 0.12, to)]
                });
            draw_bars(chart, bars, colour, name)?;
        }
        Ok(())
    }
}

impl Chart for ValueHistoryChart {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), PlotError> {
        let area = titled(root, &self.title, &self.subtitle)?;
        let mut chart = self.axes().draw(&area)?;
        self.draw_history(&mut chart)?;
        self.draw_losses(&mut chart)?;
        draw_legend(&mut chart, SeriesLabelPosition::UpperRight, 0.85)
    }
}
