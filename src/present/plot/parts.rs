//! The pieces the charts are drawn from: a plane with its axes in the shared style, lines of
//! points with their intervals, bars, the legend, and what every chart of a sweep shows the same
//! way (its title, settings line and axis of n), so each chart says only what is its own.

use super::{PlotError, style};
use crate::studies::sweep::{SweepRow, SweepSettings};
use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use std::ops::Range;

/// A chart's plotting area, with numbers along both axes.
pub(super) type Plane<'a, DB> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// How a tick's value reads as its label.
pub(super) type Labeller<'f> = &'f dyn Fn(&f64) -> String;

/// A tick label without decimals.
pub(super) fn whole(value: &f64) -> String {
    format!("{value:.0}")
}

/// A plane's axes: their ranges and names, and how many ticks they carry and how those read.
/// The y ticks keep plotters' own count and labels where they are `None`.
pub(super) struct Axes<'f> {
    pub x: Range<f64>,
    pub y: Range<f64>,
    pub x_name: String,
    pub y_name: String,
    pub x_ticks: usize,
    pub x_label: Labeller<'f>,
    pub y_ticks: Option<usize>,
    pub y_label: Option<Labeller<'f>>,
    /// The room left of the plane for the y tick labels and the axis name.
    pub y_label_area: u32,
    /// Light grid lines behind the data; a heatmap's cells cover the whole plane instead.
    pub grid: bool,
}

impl Axes<'static> {
    /// `x` across and `y` up with their names, ten whole-number ticks across, a grid.
    pub fn new(
        x: Range<f64>,
        y: Range<f64>,
        x_name: impl Into<String>,
        y_name: impl Into<String>,
    ) -> Axes<'static> {
        Axes {
            x,
            y,
            x_name: x_name.into(),
            y_name: y_name.into(),
            x_ticks: 10,
            x_label: &whole,
            y_ticks: None,
            y_label: None,
            y_label_area: style::Y_LABEL_AREA,
            grid: true,
        }
    }
}

impl Axes<'_> {
    /// Lays the plane out on `area` and draws its axes, ticks and grid.
    pub fn draw<'a, DB: DrawingBackend>(
        &self,
        area: &'a DrawingArea<DB, Shift>,
    ) -> Result<Plane<'a, DB>, PlotError> {
        let mut plane = ChartBuilder::on(area)
            .margin(style::MARGIN)
            .x_label_area_size(style::X_LABEL_AREA)
            .y_label_area_size(self.y_label_area)
            .build_cartesian_2d(self.x.clone(), self.y.clone())
            .map_err(PlotError::draw)?;
        let mut mesh = plane.configure_mesh();
        if self.grid {
            mesh.light_line_style(style::GRID);
        } else {
            mesh.disable_mesh();
        }
        if let Some(ticks) = self.y_ticks {
            mesh.y_labels(ticks);
        }
        if let Some(label) = self.y_label {
            mesh.y_label_formatter(label);
        }
        mesh.x_labels(self.x_ticks)
            .x_label_formatter(self.x_label)
            .x_desc(self.x_name.as_str())
            .y_desc(self.y_name.as_str())
            .axis_desc_style((style::FONT, style::AXIS_LABEL_SIZE))
            .label_style((style::FONT, style::TICK_SIZE))
            .draw()
            .map_err(PlotError::draw)?;
        Ok(plane)
    }
}

/// One point with its 95% interval: x, then the value and the interval's ends.
pub(super) type Estimate = (f64, [f64; 3]);

/// Draws `points` joined by a line in `colour`; with a `name`, the line stands for them in the
/// legend.
pub(super) fn draw_line<DB: DrawingBackend>(
    plane: &mut Plane<'_, DB>,
    points: &[(f64, f64)],
    colour: RGBColor,
    name: Option<String>,
) -> Result<(), PlotError> {
    let drawn = plane
        .draw_series(LineSeries::new(points.to_vec(), colour.stroke_width(2)))
        .map_err(PlotError::draw)?;
    if let Some(name) = name {
        drawn.label(name).legend(move |(x, y)| {
            PathElement::new(vec![(x, y), (x + 24, y)], colour.stroke_width(3))
        });
    }
    Ok(())
}

/// Draws a dot `radius` pixels wide on each of `points`.
pub(super) fn draw_dots<DB: DrawingBackend>(
    plane: &mut Plane<'_, DB>,
    points: &[(f64, f64)],
    colour: RGBColor,
    radius: u32,
) -> Result<(), PlotError> {
    plane
        .draw_series(
            points
                .iter()
                .map(|&point| Circle::new(point, radius, colour.filled())),
        )
        .map_err(PlotError::draw)?;
    Ok(())
}

/// Draws a line through `points` with a dot on each (see [`draw_line`] for `name`).
pub(super) fn draw_marked_line<DB: DrawingBackend>(
    plane: &mut Plane<'_, DB>,
    points: &[(f64, f64)],
    colour: RGBColor,
    name: Option<String>,
    radius: u32,
) -> Result<(), PlotError> {
    draw_line(plane, points, colour, name)?;
    draw_dots(plane, points, colour, radius)
}

/// Draws `estimates` as a line through their values with each interval as an error bar, its
/// whiskers `whisker` pixels wide, and a dot on each value (see [`draw_line`] for `name`).
pub(super) fn draw_estimates<DB: DrawingBackend>(
    plane: &mut Plane<'_, DB>,
    estimates: &[Estimate],
    colour: RGBColor,
    name: Option<String>,
    whisker: u32,
) -> Result<(), PlotError> {
    let points: Vec<(f64, f64)> = estimates.iter().map(|&(x, [y, ..])| (x, y)).collect();
    draw_line(plane, &points, colour, name)?;
    plane
        .draw_series(estimates.iter().map(|&(x, [value, low, high])| {
            ErrorBar::new_vertical(x, low, value, high, colour.stroke_width(2), whisker)
        }))
        .map_err(PlotError::draw)?;
    draw_dots(plane, &points, colour, 4)
}

/// Draws a bar filling each pair of opposite `corners` in `colour`, named `name` in the legend.
pub(super) fn draw_bars<DB: DrawingBackend>(
    plane: &mut Plane<'_, DB>,
    corners: impl IntoIterator<Item = [(f64, f64); 2]>,
    colour: RGBColor,
    name: &str,
) -> Result<(), PlotError> {
    plane
        .draw_series(
            corners
                .into_iter()
                .map(|corners| Rectangle::new(corners, colour.filled())),
        )
        .map_err(PlotError::draw)?
        .label(name)
        .legend(swatch(colour));
    Ok(())
}

/// Draws a legend of filled swatches in one row, centred, at the top of `area`, and returns
/// the area below it: for charts whose data fills the plot from edge to edge (stacked shares),
/// where a legend inside the plot would cover bars.
pub(super) fn legend_row<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    entries: &[(&str, RGBColor)],
) -> Result<DrawingArea<DB, Shift>, PlotError> {
    const SWATCH: i32 = 18;
    const GAP: i32 = 8;
    const SPACING: i32 = 28;
    let (top, rest) = area.split_vertically(34);
    let words = (style::FONT, style::LEGEND_SIZE)
        .into_font()
        .color(&BLACK)
        .pos(plotters::style::text_anchor::Pos::new(
            plotters::style::text_anchor::HPos::Left,
            plotters::style::text_anchor::VPos::Center,
        ));
    let mut widths = Vec::with_capacity(entries.len());
    for (name, _) in entries {
        let (width, _) = top
            .estimate_text_size(name, &words)
            .map_err(PlotError::draw)?;
        widths.push(SWATCH + GAP + width as i32);
    }
    let total = widths.iter().sum::<i32>() + SPACING * (entries.len() as i32 - 1).max(0);
    let mut x = (top.dim_in_pixel().0 as i32 - total).max(0) / 2;
    for ((name, colour), width) in entries.iter().zip(widths) {
        top.draw(&Rectangle::new(
            [(x, 8), (x + SWATCH, 8 + SWATCH)],
            colour.filled(),
        ))
        .map_err(PlotError::draw)?;
        top.draw(&Text::new(
            *name,
            (x + SWATCH + GAP, 8 + SWATCH / 2),
            words.clone(),
        ))
        .map_err(PlotError::draw)?;
        x += width + SPACING;
    }
    Ok(rest)
}

/// The legend marker of a series drawn as filled bars or cells.
fn swatch(colour: RGBColor) -> impl Fn((i32, i32)) -> Rectangle<(i32, i32)> {
    move |(x, y)| Rectangle::new([(x, y - 7), (x + 18, y + 7)], colour.filled())
}

/// Draws the legend of the named series at `position`; its background hides `opacity` of what
/// lies under it (less where the points under it should still show).
pub(super) fn draw_legend<'a, DB: DrawingBackend + 'a>(
    plane: &mut Plane<'a, DB>,
    position: SeriesLabelPosition,
    opacity: f64,
) -> Result<(), PlotError> {
    plane
        .configure_series_labels()
        .position(position)
        .label_font((style::FONT, style::LEGEND_SIZE))
        .background_style(WHITE.mix(opacity))
        .border_style(style::NEUTRAL)
        .draw()
        .map_err(PlotError::draw)
}

/// The rows of one sweep to chart, or the error that there are none.
pub(super) fn sweep_rows(rows: Vec<SweepRow>) -> Result<Vec<SweepRow>, PlotError> {
    if rows.is_empty() {
        return Err(PlotError::NoData("the sweep has no rows".into()));
    }
    // A shard may draw no instance of some sizes: they have no rate to draw.
    let drawn: Vec<SweepRow> = rows.into_iter().filter(|row| row.trials > 0).collect();
    if drawn.is_empty() {
        return Err(PlotError::NoData(
            "no size has an instance (a shard of a sweep with fewer instances than shards)".into(),
        ));
    }
    Ok(drawn)
}

/// `stone-game: {what}, by n`: the title of a chart of a sweep.
pub(super) fn sweep_title(rows: &[SweepRow], what: &str) -> String {
    format!("{}: {what}, by {}", rows[0].game, size_name(rows))
}

/// `n`, or `N` for number games (rows without pile values).
pub(super) fn size_name(rows: &[SweepRow]) -> &'static str {
    if rows[0].distribution.is_some() {
        "n"
    } else {
        "N"
    }
}

/// `1000 instances per n, uniform values 1..100, seed 1`: the settings line of a sweep's
/// charts; the count reads `500-1000` when rows differ (a merged or partial sweep), and a
/// shard's line ends with the whole sweep's count (`shard 1/3 of 2 per n`).
pub(super) fn instances_line(rows: &[SweepRow]) -> String {
    let low = rows.iter().map(|row| row.trials).min().unwrap_or(0);
    let high = rows.iter().map(|row| row.trials).max().unwrap_or(0);
    let count = if low == high {
        low.to_string()
    } else {
        format!("{low}-{high}")
    };
    let settings = rows[0].settings();
    // The shard is said once, at the end, with the whole sweep's count.
    let whole = settings.as_ref().map(SweepSettings::whole);
    let mut line = SweepSettings::describe_instances(whole.as_ref(), &count, size_name(rows));
    if let Some(settings) = settings.filter(|settings| settings.shard != (1, 1)) {
        let (shard, shards) = settings.shard;
        line.push_str(&format!(
            ", shard {shard}/{shards} of {} per {}",
            settings.trials_per_n,
            size_name(rows)
        ));
    }
    line
}

/// The axes of a chart of a sweep: every row's n across with half a step of room on each side
/// (a tick per n, up to 25), `y` up.
pub(super) fn sweep_axes(
    rows: &[SweepRow],
    y: Range<f64>,
    x_name: impl Into<String>,
    y_name: impl Into<String>,
) -> Axes<'static> {
    let low = rows.iter().map(|row| row.n).min().unwrap_or(0) as f64;
    let high = rows.iter().map(|row| row.n).max().unwrap_or(0) as f64;
    let x = (low - 0.7)..(high + 0.7);
    let x_ticks = (x.end - x.start).round().clamp(2.0, 25.0) as usize;
    Axes {
        x_ticks,
        ..Axes::new(x, y, x_name, y_name)
    }
}
