//! Chart 4: a heatmap of a labelled grid of numbers with a colour bar: one instance's
//! dynamic-programming table (for stone-game the margin of every interval piles[i..=j], with the
//! pile optimal play takes marked, the picture the articles on these games draw by hand), or a strategy
//! tournament's matrix.

use crate::present::plot::{Chart, PlotError, style, titled};
use crate::solve::table::DpTable;
use crate::studies::tournament::Tournament;
use plotters::coord::Shift;
use plotters::prelude::*;

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
        let largest = table
            .cells
            .iter()
            .map(|cell| cell.value.abs())
            .fold(0.0, f64::max);
        let largest = if largest > 0.0 { largest } else { 1.0 };
        let (row_count, column_count) = (table.row_labels.len(), table.column_labels.len());
        // Cells are centred on integers; row 0 is drawn at the top, as the articles draw it.
        let rows = row_count as f64;
        let y_of = |row: usize| rows - 1.0 - row as f64;
        // Room for the longest row label (about 10 pixels per character at tick size).
        let longest_label = table
            .row_labels
            .iter()
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(0);
        let y_label_area = style::Y_LABEL_AREA.max(10 * longest_label as u32 + 40);
        let mut chart = ChartBuilder::on(&main)
            .margin(style::MARGIN)
            .x_label_area_size(style::X_LABEL_AREA)
            .y_label_area_size(y_label_area)
            .build_cartesian_2d(-0.5..column_count as f64 - 0.5, -0.5..rows - 0.5)
            .map_err(PlotError::draw)?;
        // Tick labels sit on cell centres (integers); anything between gets none.
        let label = |labels: &[String], index: f64| {
            let rounded = index.round();
            match usize::try_from(rounded as i64) {
                Ok(at) if (index - rounded).abs() < 1e-6 && at < labels.len() => labels[at].clone(),
                _ => String::new(),
            }
        };
        chart
            .configure_mesh()
            .disable_mesh()
            .x_labels(column_count.min(30))
            .y_labels(row_count.min(30))
            .x_label_formatter(&|x| label(&table.column_labels, *x))
            .y_label_formatter(&|y| label(&table.row_labels, rows - 1.0 - *y))
            .x_desc(table.column_name.as_str())
            .y_desc(table.row_name.as_str())
            .axis_desc_style((style::FONT, style::AXIS_LABEL_SIZE))
            .label_style((style::FONT, style::TICK_SIZE))
            .draw()
            .map_err(PlotError::draw)?;
        chart
            .draw_series(table.cells.iter().map(|cell| {
                let x = cell.column as f64;
                let y = y_of(cell.row);
                let colour = style::diverging(cell.value / largest);
                Rectangle::new([(x - 0.5, y - 0.5), (x + 0.5, y + 0.5)], colour.filled())
            }))
            .map_err(PlotError::draw)?;
        if row_count.max(column_count) <= TEXT_SIDE_LIMIT {
            // Text grows with the cells, within readable bounds.
            let (plot_width, _) = chart.plotting_area().dim_in_pixel();
            let cell_pixels = plot_width / column_count.max(1) as u32;
            let text_size =
                (cell_pixels / 5).clamp(style::CELL_TEXT_SIZE, 2 * style::CELL_TEXT_SIZE);
            let centred = |colour: &'static RGBColor| {
                TextStyle::from((style::FONT, text_size).into_font())
                    .color(colour)
                    .pos(plotters::style::text_anchor::Pos::new(
                        plotters::style::text_anchor::HPos::Center,
                        plotters::style::text_anchor::VPos::Center,
                    ))
            };
            chart
                .draw_series(table.cells.iter().map(|cell| {
                    let strong = (cell.value / largest).abs() > 0.6;
                    let colour = if strong { &WHITE } else { &BLACK };
                    Text::new(
                        cell.text.clone(),
                        (cell.column as f64, y_of(cell.row)),
                        centred(colour),
                    )
                }))
                .map_err(PlotError::draw)?;
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
