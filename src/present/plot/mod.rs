//! Charts rendered with plotters, to SVG or PNG chosen by the file extension: one file per
//! chart, one shared style ([`style`]), and the pieces the charts are drawn from (`parts`: axes,
//! lines with intervals, bars, the legend, what every chart of a sweep shows alike). Each chart
//! is a value holding its data and title that can draw itself on any plotters backend
//! ([`Chart`]), so the same chart is saved to a file, rendered to a string in tests, or drawn
//! from a sweep or from its CSV alike.

pub mod heatmap;
pub mod losing_counts;
pub mod margins;
pub mod mistakes;
pub mod nim_sequence;
pub mod outcome_shares;
mod parts;
pub mod score_share;
pub mod style;
pub mod value_history;
pub mod win_rate;
pub mod winner_strip;

use crate::present::image::ImageFormat;
use crate::util::output::Staged;
use plotters::coord::Shift;
use plotters::prelude::*;
use std::path::Path;

/// Why a chart could not be drawn.
#[derive(Debug, thiserror::Error)]
pub enum PlotError {
    #[error("cannot tell the picture format of '{0}': name the file .svg or .png")]
    UnknownFormat(String),
    #[error("nothing to plot: {0}")]
    NoData(String),
    #[error("drawing failed: {0}")]
    Draw(String),
    /// The picture could not be written (the reason from the system).
    #[error("cannot write the picture: {0}")]
    Write(String),
    /// The picture's file could not be made or put in place (the message names it).
    #[error("{0}")]
    File(String),
}

impl From<std::io::Error> for PlotError {
    fn from(error: std::io::Error) -> PlotError {
        PlotError::File(error.to_string())
    }
}

impl PlotError {
    /// Wraps a plotters error.
    pub fn draw(error: impl std::fmt::Display) -> PlotError {
        PlotError::Draw(error.to_string())
    }
}

/// A chart that can draw itself.
pub trait Chart {
    /// Draws the chart on `root` (already filled white).
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), PlotError>;

    /// The canvas size in pixels.
    fn size(&self) -> (u32, u32) {
        (style::WIDTH, style::HEIGHT)
    }
}

/// The picture format `path` names by its extension, or the error that says how to name it.
pub fn image_format(path: &Path) -> Result<ImageFormat, PlotError> {
    ImageFormat::of_path(path).ok_or_else(|| PlotError::UnknownFormat(path.display().to_string()))
}

/// Draws `chart` to `path`, SVG or PNG by its extension; the file appears whole or not at all
/// (see [`crate::util::output`]).
pub fn save(chart: &impl Chart, path: &Path) -> Result<(), PlotError> {
    let format = image_format(path)?;
    let staged = Staged::new(path)?;
    draw_staged(chart, &staged, format)?;
    staged.commit()?;
    Ok(())
}

/// Draws `chart` into a file reserved before (see [`crate::util::output::Staged`]), in `format`; the
/// caller puts it in place with the command's other files.
pub fn draw_staged(
    chart: &impl Chart,
    staged: &Staged,
    format: ImageFormat,
) -> Result<(), PlotError> {
    style::ensure_font().map_err(PlotError::Draw)?;
    let size = chart.size();
    let target = staged.writing_path();
    let drawn = match format {
        ImageFormat::Svg => {
            let root = SVGBackend::new(target, size).into_drawing_area();
            draw_on(chart, &root)
        }
        ImageFormat::Png => draw_png(chart, size, target),
    };
    drawn.map_err(|error| match error {
        // The backends write the file when the drawing is presented: name it, not the
        // temporary file, and give the system's reason rather than the backend's structures.
        PlotError::Write(reason) => PlotError::File(format!(
            "cannot write '{}': {reason}",
            staged.path().display()
        )),
        other => other,
    })
}

/// Draws `chart` into pixels and writes them as a PNG file. plotters could write the file
/// itself, but only through the `image` crate, whose many formats would cost every build of
/// gamelab about 12 CPU-seconds for the one encoder it needs; `png` is that encoder, set as
/// `image` set it (fast compression, adaptive filters), so the bytes are the same.
fn draw_png(chart: &impl Chart, size: (u32, u32), target: &Path) -> Result<(), PlotError> {
    let (width, height) = size;
    let mut pixels = vec![0u8; width as usize * height as usize * 3];
    {
        let root = BitMapBackend::with_buffer(&mut pixels, size).into_drawing_area();
        draw_on(chart, &root)?;
    }
    let file =
        std::fs::File::create(target).map_err(|error| PlotError::Write(error.to_string()))?;
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    encoder.set_filter(png::FilterType::Sub);
    encoder.set_adaptive_filter(png::AdaptiveFilterType::Adaptive);
    let written = encoder.write_header().and_then(|mut writer| {
        writer
            .write_image_data(&pixels)
            .and_then(|()| writer.finish())
    });
    written.map_err(|error| PlotError::Write(root_cause(&error)))
}

/// The chart as SVG text.
pub fn to_svg(chart: &impl Chart) -> Result<String, PlotError> {
    style::ensure_font().map_err(PlotError::Draw)?;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, chart.size()).into_drawing_area();
        draw_on(chart, &root)?;
    }
    Ok(svg)
}

fn draw_on<DB: DrawingBackend>(
    chart: &impl Chart,
    root: &DrawingArea<DB, Shift>,
) -> Result<(), PlotError>
where
    DB::ErrorType: 'static,
{
    root.fill(&WHITE).map_err(PlotError::draw)?;
    chart.draw(root)?;
    root.present()
        .map_err(|error| PlotError::Write(root_cause(&error)))
}

/// The innermost reason of a backend error: the system's (`No space left on device (os error
/// 28)`) rather than the nested structures plotters prints.
fn root_cause(error: &(dyn std::error::Error + 'static)) -> String {
    let mut cause = error;
    while let Some(inner) = cause.source() {
        cause = inner;
    }
    let text = cause.to_string();
    // A backend error without a source of its own prints its nested structures (`ImageError(
    // IoError(Custom { kind: Other, error: "No space left on device (os error 28)" }))`): the
    // innermost message is the last quoted text in it.
    let mut quoted = text.rsplit('"');
    match (quoted.next(), quoted.next(), quoted.next()) {
        (Some(_), Some(message), Some(_)) if !message.is_empty() => message.to_string(),
        _ => text,
    }
}

/// The title text style.
fn title_style() -> TextStyle<'static> {
    (style::FONT, style::TITLE_SIZE).into_font().color(&BLACK)
}

/// The subtitle text style.
fn subtitle_style() -> TextStyle<'static> {
    (style::FONT, style::SUBTITLE_SIZE)
        .into_font()
        .color(&style::NEUTRAL)
}

/// Splits off a title (and optional subtitle) band at the top; returns the area below. A title
/// or subtitle wider than the canvas wraps onto more lines at spaces (the band grows and the
/// area below shrinks), and a word wider than the canvas alone is set smaller, so no text runs
/// off the picture.
fn titled<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    subtitle: &str,
) -> Result<DrawingArea<DB, Shift>, PlotError> {
    let (width, _) = root.dim_in_pixel();
    let room = width.saturating_sub(2 * style::MARGIN);
    let title_lines = fitted_lines(root, title, title_style(), room)?;
    let subtitle_lines = fitted_lines(root, subtitle, subtitle_style(), room)?;
    let title_height = 36 * title_lines.len() as i32;
    let subtitle_height = 26 * subtitle_lines.len() as i32;
    // One line of each: a band of 80 pixels (50 without a subtitle).
    let band = if subtitle.is_empty() {
        14 + title_height
    } else {
        18 + title_height + subtitle_height
    };
    let (top, rest) = root.split_vertically(band.max(50));
    let centre = (width / 2) as i32;
    let centred = |style: TextStyle<'static>| {
        style.pos(plotters::style::text_anchor::Pos::new(
            plotters::style::text_anchor::HPos::Center,
            plotters::style::text_anchor::VPos::Top,
        ))
    };
    let mut y = 12;
    for (line, style) in title_lines {
        top.draw(&Text::new(line, (centre, y), centred(style)))
            .map_err(PlotError::draw)?;
        y += 36;
    }
    y = 12 + title_height;
    for (line, style) in subtitle_lines {
        top.draw(&Text::new(line, (centre, y), centred(style)))
            .map_err(PlotError::draw)?;
        y += 26;
    }
    Ok(rest)
}

/// `text` broken at spaces into lines no wider than `room` pixels in `style`, as even in length
/// as that many lines can be, each with the style it is drawn in: a line that is one word too wide for `room` is set smaller until it
/// fits (down to 10 pixels).
fn fitted_lines<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    text: &str,
    style: TextStyle<'static>,
    room: u32,
) -> Result<Vec<(String, TextStyle<'static>)>, PlotError> {
    let width = |text: &str, style: &TextStyle<'static>| {
        area.estimate_text_size(text, style)
            .map(|(w, _)| w)
            .map_err(PlotError::draw)
    };
    let wrap = |room: u32| -> Result<Vec<String>, PlotError> {
        let mut lines: Vec<String> = Vec::new();
        for word in text.split(' ').filter(|word| !word.is_empty()) {
            match lines.last_mut() {
                Some(line) if width(&format!("{line} {word}"), &style)? <= room => {
                    line.push(' ');
                    line.push_str(word);
                }
                _ => lines.push(word.to_string()),
            }
        }
        Ok(lines)
    };
    let mut lines = wrap(room)?;
    // Balanced lines rather than a full line and a lone last word: the narrowest room that
    // still needs no more lines (a binary search: more room never means more lines).
    if lines.len() > 1 {
        let (mut narrow, mut wide) = (room / lines.len() as u32, room);
        while narrow + 1 < wide {
            let middle = narrow + (wide - narrow) / 2;
            if wrap(middle)?.len() <= lines.len() {
                wide = middle;
            } else {
                narrow = middle;
            }
        }
        lines = wrap(wide)?;
    }
    let mut fitted = Vec::with_capacity(lines.len());
    for line in lines {
        let mut sized = style.clone();
        let mut size = match style.font.get_size() {
            size if size > 0.0 => size,
            _ => f64::from(style::SUBTITLE_SIZE),
        };
        while width(&line, &sized)? > room && size > 10.0 {
            size -= 1.0;
            sized = TextStyle {
                font: style.font.resize(size),
                ..style.clone()
            };
        }
        fitted.push((line, sized));
    }
    Ok(fitted)
}
