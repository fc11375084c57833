//! The one chart style: canvas size, fonts, colours and margins shared by every chart, and the
//! embedded font (DejaVu Sans, Bitstream Vera licence in `assets/`), so text renders on
//! machines without any system fonts.

use plotters::style::{FontStyle, RGBColor, register_font};
use std::sync::OnceLock;

/// Default canvas, in pixels.
pub const WIDTH: u32 = 1200;
pub const HEIGHT: u32 = 720;

/// The font family every chart uses; registered from the embedded file.
pub const FONT: &str = "sans-serif";
pub const TITLE_SIZE: u32 = 28;
pub const SUBTITLE_SIZE: u32 = 20;
pub const AXIS_LABEL_SIZE: u32 = 22;
pub const TICK_SIZE: u32 = 17;
pub const LEGEND_SIZE: u32 = 18;
pub const CELL_TEXT_SIZE: u32 = 16;

/// Space around and inside the plotting area.
pub const MARGIN: u32 = 18;
pub const X_LABEL_AREA: u32 = 60;
/// Wide enough that the rotated y label clears the tick labels.
pub const Y_LABEL_AREA: u32 = 85;

/// Series colours (the "tab10" palette: distinct for most colour-blind readers).
pub const ODD: RGBColor = RGBColor(214, 39, 40);
pub const EVEN: RGBColor = RGBColor(31, 119, 180);
pub const FIRST: RGBColor = RGBColor(31, 119, 180);
pub const TIE: RGBColor = RGBColor(160, 160, 160);
pub const SECOND: RGBColor = RGBColor(255, 127, 14);
pub const NEUTRAL: RGBColor = RGBColor(90, 90, 90);
pub const GRID: RGBColor = RGBColor(242, 242, 242);

/// Ends of the diverging scale of heatmaps: negative values, zero, positive values.
pub const NEGATIVE: RGBColor = RGBColor(202, 0, 32);
pub const ZERO: RGBColor = RGBColor(247, 247, 247);
pub const POSITIVE: RGBColor = RGBColor(5, 113, 176);

static FONT_BYTES: &[u8] = include_bytes!("../../../assets/DejaVuSans.ttf");

/// Registers the embedded font under [`FONT`] once per process; every chart calls this before
/// drawing.
pub fn ensure_font() -> Result<(), String> {
    static REGISTERED: OnceLock<Result<(), String>> = OnceLock::new();
    REGISTERED
        .get_or_init(|| {
            register_font(FONT, FontStyle::Normal, FONT_BYTES)
                .map_err(|_| "the embedded font is invalid".to_string())
        })
        .clone()
}

/// The colour at `t` in [-1, 1] on the diverging scale (negative, zero, positive).
pub fn diverging(t: f64) -> RGBColor {
    let t = t.clamp(-1.0, 1.0);
    let (from, to, weight) = if t < 0.0 {
        (ZERO, NEGATIVE, -t)
    } else {
        (ZERO, POSITIVE, t)
    };
    let mix = |a: u8, b: u8| (a as f64 + (b as f64 - a as f64) * weight).round() as u8;
    RGBColor(mix(from.0, to.0), mix(from.1, to.1), mix(from.2, to.2))
}
