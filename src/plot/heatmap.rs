//! Chart 4: a heatmap of one instance's dynamic-programming table (for stone-game the margin of
//! every interval piles[i..=j], with the pile optimal play takes marked), the picture the seed
//! articles draw by hand, with a colour bar.

use super::{Chart, PlotError, style, titled};
use crate::solve::table::DpTable;
use plotters::coord::Shift;
use plotters::prelude::*;

/// Tables larger than this per side are refused: cells would be under 5 pixels.
pub const HEATMAP_SIDE_LIMIT: usize = 120;

/// Values and marks are written into cells up to this many per side.
const TEXT_SIDE_LIMIT: usize = 16;

/// A heatmap of a DP table.
pub struct HeatmapChart {
    table: DpTable,
}

impl HeatmapChart {
    /// A heatmap of `table`.
    pub fn new(table: DpTable) -> Result<HeatmapChart, PlotError> {
        if table.cells.is_empty() {
            return Err(PlotError::NoData("the table is empty".into()));
        }
        let side = table.rows.max(table.columns);
        if side > HEATMAP_SIDE_LIMIT {
            return Err(PlotError::NoData(format!(
                "a heatmap shows at most {HEATMAP_SIDE_LIMIT} rows and columns; this table has \
                 {} x {}",
                table.rows, table.columns
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
            .map(|cell| cell.value.unsigned_abs())
            .max()
            .unwrap_or(0)
            .max(1) as f64;
        // Cells are centred on integers; row 0 is drawn at the top, as in the seed articles.
        let rows = table.rows as f64;
        let y_of = |row: usize| rows - 1.0 - row as f64;
        let mut chart = ChartBuilder::on(&main)
            .margin(style::MARGIN)
            .x_label_area_size(style::X_LABEL_AREA)
            .y_label_area_size(style::Y_LABEL_AREA)
            .build_cartesian_2d(-0.5..table.columns as f64 - 0.5, -0.5..rows - 0.5)
            .map_err(PlotError::draw)?;
        let first_row = table.first_row;
        let first_column = table.first_column;
        let row_count = table.rows;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_labels(table.columns.min(30))
            .y_labels(table.rows.min(30))
            .x_label_formatter(&|x| format!("{}", x.round() as i64 + first_column as i64))
            .y_label_formatter(&|y| {
                format!(
                    "{}",
                    row_count as i64 - 1 - y.round() as i64 + first_row as i64
                )
            })
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
                let colour = style::diverging(cell.value as f64 / largest);
                Rectangle::new([(x - 0.5, y - 0.5), (x + 0.5, y + 0.5)], colour.filled())
            }))
            .map_err(PlotError::draw)?;
        if table.rows.max(table.columns) <= TEXT_SIDE_LIMIT {
            // Text grows with the cells, within readable bounds.
            let (plot_width, _) = chart.plotting_area().dim_in_pixel();
            let cell_pixels = plot_width / table.columns.max(1) as u32;
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
                    let strong = (cell.value as f64 / largest).abs() > 0.6;
                    let colour = if strong { &WHITE } else { &BLACK };
                    let text = match &cell.mark {
                        Some(mark) => format!("{} {mark}", cell.value),
                        None => cell.value.to_string(),
                    };
                    Text::new(text, (cell.column as f64, y_of(cell.row)), centred(colour))
                }))
                .map_err(PlotError::draw)?;
        }
        draw_colour_bar(&bar, largest as i64)
    }
}

/// A vertical colour bar from -largest (bottom) to +largest (top).
fn draw_colour_bar<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    largest: i64,
) -> Result<(), PlotError> {
    let steps = 60;
    let mut bar = ChartBuilder::on(area)
        .margin_top(style::MARGIN + 10)
        .margin_bottom(style::MARGIN + style::X_LABEL_AREA)
        .margin_right(10)
        .y_label_area_size(70)
        .build_cartesian_2d(0.0..1.0, -(largest as f64)..largest as f64)
        .map_err(PlotError::draw)?;
    bar.configure_mesh()
        .disable_mesh()
        .disable_x_axis()
        .y_labels(5)
        .y_label_formatter(&|y| format!("{:+.0}", y))
        .y_desc("margin of the player to move")
        .axis_desc_style((style::FONT, style::TICK_SIZE))
        .label_style((style::FONT, style::TICK_SIZE))
        .draw()
        .map_err(PlotError::draw)?;
    let step = 2.0 * largest as f64 / steps as f64;
    bar.draw_series((0..steps).map(|k| {
        let low = -(largest as f64) + k as f64 * step;
        let colour = style::diverging((low + step / 2.0) / largest as f64);
        Rectangle::new([(0.0, low), (1.0, low + step)], colour.filled())
    }))
    .map_err(PlotError::draw)?;
    Ok(())
}
