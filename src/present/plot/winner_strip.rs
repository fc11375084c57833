//! Chart 5: who wins under optimal play for every N of a number game (divisor-game, stone-game-iv,
//! nim). Up to [`STRIP_LIMIT`] N it is one strip of cells, one per N, above a strip of N's
//! parity; beyond, a grid of rows of 50 (or 100) consecutive N, one cell per N and a label per
//! row, so a periodic pattern shows as columns (period 2, or any divisor of the row length) or
//! as regular diagonals, from a handful of N up to [`MAX_N`].

use crate::present::plot::{PlotError, style, titled};
use plotters::coord::Shift;
use plotters::element::{Drawable, PointCollection};
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

impl Layout {
    /// The pixels from the top of the cells to their bottom: in a strip, the parity strip
    /// included.
    fn cells_height(&self) -> i32 {
        if self.strip {
            2 * self.height + 10
        } else {
            self.rows as i32 * self.height
        }
    }

    /// The left edge of `column`'s cells.
    fn column_x(&self, column: u64) -> i32 {
        ROW_LABEL_AREA + column as i32 * self.cell
    }

    /// The cell of `column` with its top at `y`, filled with `colour`; a pixel of white
    /// between cells wide enough to spare it.
    fn cell_at(&self, column: u64, y: i32, colour: RGBColor) -> Rectangle<(i32, i32)> {
        let gap = if self.cell >= 6 { 1 } else { 0 };
        let x = self.column_x(column);
        Rectangle::new(
            [(x, y), (x + self.cell - gap, y + self.height - gap)],
            colour.filled(),
        )
    }
}

/// The top of the cells, below the legend and the column labels.
const CELLS_TOP: i32 = LEGEND_BAND + COLUMN_LABEL_BAND;

/// The text style of the labels around the cells, anchored at `pos`.
fn label_style(pos: Pos) -> TextStyle<'static> {
    (style::FONT, LABEL_SIZE).into_font().color(&BLACK).pos(pos)
}

/// A chart being drawn: the chart, the area under its title and where its cells go.
struct Canvas<'c, DB: DrawingBackend> {
    chart: &'c WinnerStripChart,
    area: &'c DrawingArea<DB, Shift>,
    layout: Layout,
}

impl<DB: DrawingBackend> Canvas<'_, DB> {
    /// Draws `shape` on the area.
    fn put<'e, E>(&self, shape: &'e E) -> Result<(), PlotError>
    where
        &'e E: PointCollection<'e, (i32, i32)>,
        E: Drawable<DB>,
    {
        self.area.draw(shape).map_err(PlotError::draw)
    }

    /// Writes `text` at `at` in the labels' style, anchored at `pos`.
    fn label(&self, text: String, at: (i32, i32), pos: Pos) -> Result<(), PlotError> {
        self.put(&Text::new(text, at, label_style(pos)))
    }

    /// The legend: one swatch and its words per outcome (and in a strip per parity), in a row
    /// under the subtitle.
    fn draw_key(&self) -> Result<(), PlotError> {
        let mut legend: Vec<(RGBColor, &str)> = vec![
            (style::FIRST, "first player wins"),
            (style::SECOND, "second player wins"),
        ];
        if self.layout.strip {
            legend.extend([(EVEN_SHADE, "even N"), (ODD_SHADE, "odd N")]);
        }
        let left = label_style(Pos::new(HPos::Left, VPos::Center));
        let mut x = ROW_LABEL_AREA;
        for (colour, words) in legend {
            self.put(&Rectangle::new([(x, 8), (x + 18, 26)], colour.filled()))?;
            self.put(&Text::new(words, (x + 26, 17), left.clone()))?;
            let (width, _) = self
                .area
                .estimate_text_size(words, &left)
                .map_err(PlotError::draw)?;
            x += 26 + width as i32 + 28;
        }
        Ok(())
    }

    /// One cell per place in the layout, in the colour of the winner from its N (or blank
    /// where there is no N of the chart); in a strip, N's parity under each.
    fn draw_cells(&self) -> Result<(), PlotError> {
        let layout = &self.layout;
        let mut won = self.chart.outcomes.iter().peekable();
        for row in 0..layout.rows {
            for column in 0..layout.columns {
                let n = layout.first + row * layout.columns + column;
                while won.next_if(|&&(m, _)| m < n).is_some() {}
                let colour = match won.peek() {
                    Some(&&(m, true)) if m == n => style::FIRST,
                    Some(&&(m, false)) if m == n => style::SECOND,
                    _ => EMPTY_SHADE,
                };
                let y = CELLS_TOP + row as i32 * layout.height;
                self.put(&layout.cell_at(column, y, colour))?;
                if layout.strip {
                    let shade = if n.is_multiple_of(2) {
                        EVEN_SHADE
                    } else {
                        ODD_SHADE
                    };
                    let y = CELLS_TOP + layout.height + 10;
                    self.put(&layout.cell_at(column, y, shade))?;
                }
            }
        }
        Ok(())
    }

    /// The rows' labels: in a strip what each strip shows, in a grid each row's range of N
    /// (every row while they fit, else every few rows).
    fn draw_row_labels(&self) -> Result<(), PlotError> {
        let right = Pos::new(HPos::Right, VPos::Center);
        let Layout {
            first,
            columns,
            rows,
            cell,
            height,
            strip,
        } = self.layout;
        let x = ROW_LABEL_AREA - 10;
        if strip {
            self.label("winner".into(), (x, CELLS_TOP + height / 2), right)?;
            let parity_y = CELLS_TOP + height + 10 + height / 2;
            return self.label("N even?".into(), (x, parity_y), right);
        }
        let every = [1, 2, 5, 10, 20]
            .into_iter()
            .find(|k| k * cell >= 18)
            .unwrap_or(20);
        for row in (0..rows as i32).step_by(every as usize) {
            let start = first + row as u64 * columns;
            let range = format!("{}–{}", start, start + columns - 1);
            self.label(range, (x, CELLS_TOP + row * cell + cell / 2), right)?;
        }
        Ok(())
    }

    /// The columns' labels at a step their widest label fits in: in a strip the N that are
    /// multiples of it, in a grid the offsets from the row's first N that are.
    fn draw_column_labels(&self) -> Result<(), PlotError> {
        let layout = &self.layout;
        let below = Pos::new(HPos::Center, VPos::Bottom);
        let widest = format!("+{}", layout.columns.max(self.chart.high()));
        let widest = self
            .area
            .estimate_text_size(&widest, &label_style(below))
            .map(|(w, _)| w as i32)
            .unwrap_or(0);
        let step = [1u64, 2, 5, 10, 20, 25, 50]
            .into_iter()
            .find(|&k| k as i32 * layout.cell >= widest + 12)
            .unwrap_or(50);
        for column in 0..layout.columns {
            let (at, text) = if layout.strip {
                let n = layout.first + column;
                (n, n.to_string())
            } else {
                (column, format!("+{column}"))
            };
            if at % step == 0 {
                let x = layout.column_x(column) + layout.cell / 2;
                self.label(text, (x, CELLS_TOP - 8), below)?;
            }
        }
        Ok(())
    }

    /// The line under the cells saying how to read them.
    fn draw_caption(&self) -> Result<(), PlotError> {
        let caption = if self.layout.strip {
            "one cell per N".to_string()
        } else {
            format!(
                "one cell per N, {} per row: N = the row's first N + the column's offset",
                self.layout.columns
            )
        };
        let bottom = CELLS_TOP + self.layout.cells_height();
        let top_left = Pos::new(HPos::Left, VPos::Top);
        self.label(caption, (ROW_LABEL_AREA, bottom + 14), top_left)
    }
}

impl crate::present::plot::Chart for WinnerStripChart {
    fn size(&self) -> (u32, u32) {
        let cells = self.layout().cells_height();
        let height = 80 + LEGEND_BAND + COLUMN_LABEL_BAND + cells + BOTTOM_MARGIN;
        (style::WIDTH, height as u32)
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), PlotError> {
        let area = titled(root, &self.title(), &self.subtitle())?;
        let canvas = Canvas {
            chart: self,
            area: &area,
            layout: self.layout(),
        };
        canvas.draw_key()?;
        canvas.draw_cells()?;
        canvas.draw_row_labels()?;
        canvas.draw_column_labels()?;
        canvas.draw_caption()
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
