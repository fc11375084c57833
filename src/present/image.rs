//! Picture file formats shared by charts (`crate::present::plot`) and drawn graphs (`crate::present::render`).

use crate::util::choice::Choice;
use std::path::Path;

/// A picture format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageFormat {
    Svg,
    Png,
}

impl ImageFormat {
    /// The format a file name's extension names (`.svg`, `.png`, any case), if any.
    pub fn of_path(path: &Path) -> Option<ImageFormat> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        ImageFormat::from_name(&extension)
    }
}

impl Choice for ImageFormat {
    const ALL: &'static [ImageFormat] = &[ImageFormat::Svg, ImageFormat::Png];

    fn name(self) -> &'static str {
        match self {
            ImageFormat::Svg => "svg",
            ImageFormat::Png => "png",
        }
    }

    fn summary(self) -> &'static str {
        match self {
            ImageFormat::Svg => "scalable vector graphics",
            ImageFormat::Png => "a bitmap",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extensions_name_formats_in_any_case() {
        assert_eq!(
            ImageFormat::of_path(Path::new("a.SVG")),
            Some(ImageFormat::Svg)
        );
        assert_eq!(
            ImageFormat::of_path(Path::new("dir/a.png")),
            Some(ImageFormat::Png)
        );
        assert_eq!(ImageFormat::of_path(Path::new("a.jpg")), None);
        assert_eq!(ImageFormat::of_path(Path::new("png")), None);
    }
}
