//! Chart 4: a heatmap of a labelled grid of numbers with a colour bar: one instance's
//! dynamic-programming table (for stone-game the margin of every interval piles[i..=j], with the
//! pile optimal play takes marked, the picture the articles on these games draw by hand), or a strategy
//! tournament's matrix.

use crate::present::plot::parts::{Axes, Plane};
use crate::present::plot::{Chart, PlotError, style, titled};
use crate::solve::table::DpTable;
use crate::studies::tournament::Tournament;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// A grid of numbers to draw; cells not listed stay blank.
#[derive(Clone, Debug, PartialEq)]
pub struct Grid {
    pub title: String,
    pub subtitle: String,
    pub row_name: String,
    pub column_name: String,
    pub row_labels: Vec<String>,
    pub column_labels: Vec<String>,
    pub cells: Vec<GridCell>,
    /// What the colour bar measures.
    pub scale_name: String,
}

/// One cell: its value (coloured) and the text written in it.
#[derive(Clone, Debug, PartialEq)]
pub struct GridCell {
    pub row: usize,
    pub column: usize,
    pub value: f64,
    pub text: String,
}

impl Grid {
    /// The tournament's mean margins: row strategy first, column strategy second. `settings`
    /// (instances, sizes, values, seed) becomes the subtitle.
    pub fn from_tournament(tournament: &Tournament, settings: &str) -> Grid {
        let k = tournament.strategies.len();
        Grid {
            title: format!(
                "{} tournament: mean margin of the first player (row) against the second (column)",
                tournament.game
            ),
            subtitle: settings.to_string(),
            row_name: "first player".to_string(),
            column_name: "second player".to_string(),
            row_labels: tournament.strategies.clone(),
            column_labels: tournament.strategies.clone(),
            cells: (0..k * k)
                .map(|index| {
                    let stats = &tournament.matches[index];
                    GridCell {
                        row: index / k,
                        column: index % k,
                        value: stats.mean_margin,
                        text: format!("{:+.1}", stats.mean_margin),
                    }
                })
                .collect(),
            scale_name: "mean margin (first minus second)".to_string(),
        }
    }
}

impl From<DpTable> for Grid {
    fn from(table: DpTable) -> Grid {
        let labels =
            |count: usize, first: usize| (first..first + count).map(|k| k.to_string()).collect();
        Grid {
            row_labels: labels(table.rows, table.first_row),
            column_labels: labels(table.columns, table.first_column),
            cells: table
                .cells
                .into_iter()
                .map(|cell| GridCell {
                    row: cell.row,
                    column: cell.column,
                    value: cell.value as f64,
                    text: match cell.mark {
                        Some(mark) => format!("{} {mark}", cell.value),
                        None => cell.value.to_string(),
                    },
                })
                .collect(),
            title: table.title,
            subtitle: table.subtitle,
            row_name: table.row_name,
            column_name: table.column_name,
            scale_name: "margin of the player to move".to_string(),
        }
    }
}

/// Tables larger than this per side are refused: cells would be under 5 pixels.
pub const HEATMAP_SIDE_LIMIT: usize = 120;

/// Values and marks are written into cells up to this many per side.
const TEXT_SIDE_LIMIT: usize = 16;

/// A heatmap of a grid.
pub struct HeatmapChart {
    table: Grid,
}

impl HeatmapChart {
    /// A heatmap of `table` (a [`Grid`], or anything that converts into one, like a DP table).
    pub fn new(table: impl Into<Grid>) -> Result<HeatmapChart, PlotError> {
        let table = table.into();
        if table.cells.is_empty() {
            return Err(PlotError::NoData("the table is empty".into()));
        }
        let side = table.row_labels.len().max(table.column_labels.len());
        if side > HEATMAP_SIDE_LIMIT {
            return Err(PlotError::NoData(format!(
                "a heatmap shows at most {HEATMAP_SIDE_LIMIT} rows and columns; this table has \
                 {} x {}",
                table.row_labels.len(),
                table.column_labels.len()
            )));
        }
        Ok(HeatmapChart { table })
    }

    /// The largest value's size, which the colours scale to (1 when every value is 0).
    fn largest(&self) -> f64 {
        let largest = self
            .table
            .cells
            .iter()
            .map(|cell| cell.value.abs())
            .fold(0.0, f64::max);
        if largest > 0.0 { largest } else { 1.0 }
    }

    /// Where row `row` is drawn: cells are centred on integers, and row 0 is at the top, as the
    /// articles draw it.
    fn y_of(&self, row: usize) -> f64 {
        self.table.row_labels.len() as f64 - 1.0 - row as f64
    }

    /// The plane of cells with the labels of the rows and columns.
    fn draw_axes<'a, DB: DrawingBackend>(
        &self,
        area: &'a DrawingArea<DB, Shift>,
    ) -> Result<Plane<'a, DB>, PlotError> {
        let table = &self.table;
        let (row_count, column_count) = (table.row_labels.len(), table.column_labels.len());
        let rows = row_count as f64;
        // Room for the longest row label (about 10 pixels per character at tick size).
        let longest_label = table
            .row_labels
            .iter()
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(0);
        let column_label = |x: &f64| tick_label(&table.column_labels, *x);
        let row_label = |y: &f64| tick_label(&table.row_labels, rows - 1.0 - *y);
        let axes = Axes {
            x_ticks: column_count.min(30),
            x_label: &column_label,
            y_ticks: Some(row_count.min(30)),
            y_label: Some(&row_label),
            y_label_area: style::Y_LABEL_AREA.max(10 * longest_label as u32 + 40),
            grid: false,
            ..Axes::new(
                -0.5..column_count as f64 - 0.5,
                -0.5..rows - 0.5,
                table.column_name.as_str(),
                table.row_name.as_str(),
            )
        };
        axes.draw(area)
    }

    /// Every cell in the colour of its value.
    fn draw_cells<DB: DrawingBackend>(
        &self,
        chart: &mut Plane<'_, DB>,
        largest: f64,
    ) -> Result<(), PlotError> {
        chart
            .draw_series(self.table.cells.iter().map(|cell| {
                let x = cell.column as f64;
                let y = self.y_of(cell.row);
                let colour = style::diverging(cell.value / largest);
                Rectangle::new([(x - 0.5, y - 0.5), (x + 0.5, y + 0.5)], colour.filled())
            }))
            .map_err(PlotError::draw)?;
        Ok(())
    }

    /// Every cell's text, sized to the cells within readable bounds, white on strong colours.
    fn draw_texts<DB: DrawingBackend>(
        &self,
        chart: &mut Plane<'_, DB>,
        largest: f64,
    ) -> Result<(), PlotError> {
        let (plot_width, _) = chart.plotting_area().dim_in_pixel();
        let cell_pixels = plot_width / self.table.column_labels.len().max(1) as u32;
        let text_size = (cell_pixels / 5).clamp(style::CELL_TEXT_SIZE, 2 * style::CELL_TEXT_SIZE);
        let centred = |colour: &'static RGBColor| {
            TextStyle::from((style::FONT, text_size).into_font())
                .color(colour)
                .pos(Pos::new(HPos::Center, VPos::Center))
        };
        chart
            .draw_series(self.table.cells.iter().map(|cell| {
                let strong = (cell.value / largest).abs() > 0.6;
                let colour = if strong { &WHITE } else { &BLACK };
                let at = (cell.column as f64, self.y_of(cell.row));
                Text::new(cell.text.clone(), at, centred(colour))
            }))
            .map_err(PlotError::draw)?;
        Ok(())
    }
}

/// The tick label at `index`: the label of the cell centred there (on an integer); anything
/// between cells gets none.
fn tick_label(labels: &[String], index: f64) -> String {
    let rounded = index.round();
    match usize::try_from(rounded as i64) {
        Ok(at) if (index - rounded).abs() < 1e-6 && at < labels.len() => labels[at].clone(),
        _ => String::new(),
    }
}

impl Chart for HeatmapChart {
    fn size(&self) -> (u32, u32) {
        (style::WIDTH, style::WIDTH * 3 / 4)
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), PlotError> {
        let table = &self.table;
        let area = titled(root, &table.title, &table.subtitle)?;
        let (width, _) = area.dim_in_pixel();
        let (main, bar) = area.split_horizontally(width - 150);
        let largest = self.largest();
        let mut chart = self.draw_axes(&main)?;
        self.draw_cells(&mut chart, largest)?;
        let side = table.row_labels.len().max(table.column_labels.len());
        if side <= TEXT_SIDE_LIMIT {
            self.draw_texts(&mut chart, largest)?;
        }
        draw_colour_bar(&bar, largest, &table.scale_name)
    }
}

/// A vertical colour bar from -largest (bottom) to +largest (top).
fn draw_colour_bar<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    largest: f64,
    scale_name: &str,
) -> Result<(), PlotError> {
    let steps = 60;
    let mut bar = ChartBuilder::on(area)
        .margin_top(style::MARGIN + 10)
        .margin_bottom(style::MARGIN + style::X_LABEL_AREA)
        .margin_right(10)
        .y_label_area_size(70)
        .build_cartesian_2d(0.0..1.0, -largest..largest)
        .map_err(PlotError::draw)?;
    bar.configure_mesh()
        .disable_mesh()
        .disable_x_axis()
        .y_labels(5)
        .y_label_formatter(&|y| {
            if largest >= 10.0 {
                format!("{y:+.0}")
            } else {
                format!("{y:+.1}")
            }
        })
        .y_desc(scale_name)
        .axis_desc_style((style::FONT, style::TICK_SIZE))
        .label_style((style::FONT, style::TICK_SIZE))
        .draw()
        .map_err(PlotError::draw)?;
    let step = 2.0 * largest / steps as f64;
    bar.draw_series((0..steps).map(|k| {
        let low = -largest + k as f64 * step;
        let colour = style::diverging((low + step / 2.0) / largest);
        Rectangle::new([(0.0, low), (1.0, low + step)], colour.filled())
    }))
    .map_err(PlotError::draw)?;
    Ok(())
}
