//! Chart 5: who wins under optimal play for every N of a number game (divisor-game, stone-game-iv,
//! nim). Up to [`STRIP_LIMIT`] N it is one strip of cells, one per N, above a strip of N's
//! parity; beyond, a grid of rows of 50 (or 100) consecutive N, one cell per N and a label per
//! row, so a periodic pattern shows as columns (period 2, or any divisor of the row length) or
//! as regular diagonals, from a handful of N up to [`MAX_N`].

use crate::present::plot::{PlotError, style, titled};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Up to this many N, the chart is a strip of cells with every N's own column.
pub const STRIP_LIMIT: usize = 100;

/// The most N one chart draws (100 rows of 100 cells).
pub const MAX_N: usize = 10_000;

/// Light and dark shades for odd and even N in the parity strip.
const ODD_SHADE: RGBColor = RGBColor(235, 235, 235);
const EVEN_SHADE: RGBColor = RGBColor(110, 110, 110);
/// A place in the grid without an N of the chart (before the first or after the last).
const EMPTY_SHADE: RGBColor = RGBColor(248, 248, 248);

/// The width left of the cells for the row labels, and right of them.
const ROW_LABEL_AREA: i32 = 118;
const RIGHT_MARGIN: i32 = 30;
/// The bands between the title and the cells: the legend, then the column labels.
const LEGEND_BAND: i32 = 44;
const COLUMN_LABEL_BAND: i32 = 30;
const BOTTOM_MARGIN: i32 = 54;
const LABEL_SIZE: u32 = 15;

/// The winner for each N.
pub struct WinnerStripChart {
    game: String,
    /// (N, whether the first player wins), ascending N.
    outcomes: Vec<(u64, bool)>,
}

/// Where the cells go: `columns` N per row, `rows` rows from `first` (the first row's first N),
/// each cell `cell` pixels wide and `height` high (square in a grid, taller in a strip).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Layout {
    first: u64,
    columns: u64,
    rows: u64,
    cell: i32,
    height: i32,
    /// One strip (with a parity strip below) rather than a grid.
    strip: bool,
}

impl WinnerStripChart {
    /// A chart of `game`'s `outcomes`: (N, whether the first player wins); at most [`MAX_N`].
    pub fn new(game: &str, mut outcomes: Vec<(u64, bool)>) -> Result<WinnerStripChart, PlotError> {
        if outcomes.is_empty() {
            return Err(PlotError::NoData("no N to draw".into()));
        }
        outcomes.sort_unstable();
        let span = outcomes[outcomes.len() - 1].0 - outcomes[0].0 + 1;
        if span > MAX_N as u64 {
            return Err(PlotError::NoData(format!(
                "the winner chart draws up to {MAX_N} consecutive N (one cell each), not {span}: \
                 narrow the range of N"
            )));
        }
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
            self.low(),
            self.high(),
            count(true, Some(true)),
            count(true, None),
            count(false, Some(true)),
            count(false, None)
        )
    }

    fn low(&self) -> u64 {
        self.outcomes[0].0
    }

    fn high(&self) -> u64 {
        self.outcomes[self.outcomes.len() - 1].0
    }

    fn layout(&self) -> Layout {
        let width = style::WIDTH as i32 - ROW_LABEL_AREA - RIGHT_MARGIN;
        let span = self.high() - self.low() + 1;
        if span as usize <= STRIP_LIMIT {
            return Layout {
                first: self.low(),
                columns: span,
                rows: 1,
                cell: (width / span as i32).min(48),
                height: (width / span as i32).clamp(28, 48),
                strip: true,
            };
        }
        // Rows of 50 up to 2,500 N (at most 50 rows), else rows of 100; each row starts at a
        // multiple of the row length plus one, so a column is one residue.
        let columns: u64 = if span <= 2_500 { 50 } else { 100 };
        let first = (self.low() - 1) / columns * columns + 1;
        let rows = (self.high() - first) / columns + 1;
        Layout {
            first,
            columns,
            rows,
            cell: (width / columns as i32).min(22),
            height: (width / columns as i32).min(22),
            strip: false,
        }
    }
}

/// The text style of the labels around the cells, anchored at `pos`.
fn label_style(pos: Pos) -> TextStyle<'static> {
    (style::FONT, LABEL_SIZE).into_font().color(&BLACK).pos(pos)
}

impl crate::present::plot::Chart for WinnerStripChart {
    fn size(&self) -> (u32, u32) {
        let layout = self.layout();
        let cells = if layout.strip {
            2 * layout.height + 10
        } else {
            layout.rows as i32 * layout.height
        };
        let height = 80 + LEGEND_BAND + COLUMN_LABEL_BAND + cells + BOTTOM_MARGIN;
        (style::WIDTH, height as u32)
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), PlotError> {
        let area = titled(root, &self.title(), &self.subtitle())?;
        let layout = self.layout();
        // The legend: one swatch and its words per outcome, in a row under the subtitle.
        let mut x = ROW_LABEL_AREA;
        let mut legend: Vec<(RGBColor, &str)> = vec![
            (style::FIRST, "first player wins"),
            (style::SECOND, "second player wins"),
        ];
        if layout.strip {
            legend.extend([(EVEN_SHADE, "even N"), (ODD_SHADE, "odd N")]);
        }
        let left = label_style(Pos::new(HPos::Left, VPos::Center));
        for (colour, words) in legend {
            area.draw(&Rectangle::new([(x, 8), (x + 18, 26)], colour.filled()))
                .map_err(PlotError::draw)?;
            area.draw(&Text::new(words, (x + 26, 17), left.clone()))
                .map_err(PlotError::draw)?;
            let (width, _) = area
                .estimate_text_size(words, &left)
                .map_err(PlotError::draw)?;
            x += 26 + width as i32 + 28;
        }
        let top = LEGEND_BAND + COLUMN_LABEL_BAND;
        let (cell, height) = (layout.cell, layout.height);
        let gap = if cell >= 6 { 1 } else { 0 };
        let column_x = |column: u64| ROW_LABEL_AREA + column as i32 * cell;
        let square = |row: i32, column: u64, colour: RGBColor| {
            let (x, y) = (column_x(column), top + row * height);
            Rectangle::new(
                [(x, y), (x + cell - gap, y + height - gap)],
                colour.filled(),
            )
        };
        let mut won = self.outcomes.iter().peekable();
        for row in 0..layout.rows {
            for column in 0..layout.columns {
                let n = layout.first + row * layout.columns + column;
                while won.next_if(|&&(m, _)| m < n).is_some() {}
                let colour = match won.peek() {
                    Some(&&(m, first)) if m == n => {
                        if first {
                            style::FIRST
                        } else {
                            style::SECOND
                        }
                    }
                    _ => EMPTY_SHADE,
                };
                area.draw(&square(row as i32, column, colour))
                    .map_err(PlotError::draw)?;
                if layout.strip {
                    let shade = if n.is_multiple_of(2) {
                        EVEN_SHADE
                    } else {
                        ODD_SHADE
                    };
                    let (x, y) = (column_x(column), top + height + 10);
                    area.draw(&Rectangle::new(
                        [(x, y), (x + cell - gap, y + height - gap)],
                        shade.filled(),
                    ))
                    .map_err(PlotError::draw)?;
                }
            }
        }
        // Labels: rows by their range of N (every row while they fit, else every few rows),
        // columns by N itself in a strip and by the offset from the row's first N in a grid.
        let right = Pos::new(HPos::Right, VPos::Center);
        let label = |text: String, at: (i32, i32), pos: Pos| {
            area.draw(&Text::new(text, at, label_style(pos)))
                .map_err(PlotError::draw)
        };
        if layout.strip {
            label(
                "winner".into(),
                (ROW_LABEL_AREA - 10, top + height / 2),
                right,
            )?;
            label(
                "N even?".into(),
                (ROW_LABEL_AREA - 10, top + height + 10 + height / 2),
                right,
            )?;
        } else {
            let every = [1, 2, 5, 10, 20]
                .into_iter()
                .find(|k| k * cell >= 18)
                .unwrap_or(20);
            for row in (0..layout.rows as i32).step_by(every as usize) {
                let start = layout.first + row as u64 * layout.columns;
                label(
                    format!("{}–{}", start, start + layout.columns - 1),
                    (ROW_LABEL_AREA - 10, top + row * cell + cell / 2),
                    right,
                )?;
            }
        }
        let width_of = |text: &str| {
            area.estimate_text_size(text, &label_style(Pos::new(HPos::Center, VPos::Bottom)))
                .map(|(w, _)| w as i32)
                .unwrap_or(0)
        };
        let widest = width_of(&format!("+{}", layout.columns.max(self.high())));
        let step = [1u64, 2, 5, 10, 20, 25, 50]
            .into_iter()
            .find(|&k| k as i32 * cell >= widest + 12)
            .unwrap_or(50);
        let below = Pos::new(HPos::Center, VPos::Bottom);
        // In a strip, N that are multiples of the step; in a grid, offsets that are.
        let labelled = |column: &u64| {
            let at = if layout.strip {
                layout.first + column
            } else {
                *column
            };
            at % step == 0
        };
        for column in (0..layout.columns).filter(labelled) {
            let text = if layout.strip {
                (layout.first + column).to_string()
            } else {
                format!("+{column}")
            };
            label(text, (column_x(column) + cell / 2, top - 8), below)?;
        }
        let caption = if layout.strip {
            "one cell per N".to_string()
        } else {
            format!(
                "one cell per N, {} per row: N = the row's first N + the column's offset",
                layout.columns
            )
        };
        let bottom = if layout.strip {
            top + 2 * height + 10
        } else {
            top + layout.rows as i32 * height
        };
        label(
            caption,
            (ROW_LABEL_AREA, bottom + 14),
            Pos::new(HPos::Left, VPos::Top),
        )?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart(low: u64, high: u64) -> WinnerStripChart {
        WinnerStripChart::new(
            "divisor-game",
            (low..=high).map(|n| (n, n % 2 == 0)).collect(),
        )
        .unwrap()
    }

    #[test]
    fn small_ranges_are_a_strip_and_large_ones_a_grid_of_whole_rows() {
        assert!(chart(1, 60).layout().strip);
        let thousand = chart(1, 1000).layout();
        assert_eq!(
            (thousand.columns, thousand.rows, thousand.first),
            (50, 20, 1)
        );
        let shifted = chart(120, 1000).layout();
        assert_eq!((shifted.first, shifted.rows), (101, 18));
        let most = chart(1, 10_000).layout();
        assert_eq!((most.columns, most.rows), (100, 100));
        assert!(WinnerStripChart::new("nim", (1..=10_001).map(|n| (n, true)).collect()).is_err());
    }
}
