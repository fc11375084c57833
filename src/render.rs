//! Turning DOT into a picture: Graphviz's `dot` when it is on PATH (SVG or PNG); otherwise the
//! pure-Rust layout-rs for SVG, and for PNG a message saying how to install Graphviz. A caller
//! that needs the same bytes on every machine (the report) asks for the built-in renderer.

use crate::choice::Choice;
use crate::image::ImageFormat;
use crate::output::Staged;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// Which renderer drew a picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Renderer {
    Graphviz,
    LayoutRs,
}

/// Which renderer a user asks for (`gamelab tree --renderer`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RendererChoice {
    /// Graphviz when `dot` is on PATH, else the built-in renderer (SVG only).
    Auto,
    /// Graphviz's `dot`, refusing when it is not installed.
    Graphviz,
    /// The built-in pure-Rust renderer (SVG only): the same bytes on every machine.
    BuiltIn,
}

impl Choice for RendererChoice {
    const ALL: &'static [RendererChoice] = &[
        RendererChoice::Auto,
        RendererChoice::Graphviz,
        RendererChoice::BuiltIn,
    ];

    fn name(self) -> &'static str {
        match self {
            RendererChoice::Auto => "auto",
            RendererChoice::Graphviz => "graphviz",
            RendererChoice::BuiltIn => "built-in",
        }
    }

    fn summary(self) -> &'static str {
        match self {
            RendererChoice::Auto => "Graphviz when installed, else the built-in renderer",
            RendererChoice::Graphviz => "Graphviz's dot (must be installed)",
            RendererChoice::BuiltIn => {
                "the built-in renderer, SVG only: the same bytes on every machine"
            }
        }
    }
}

/// The largest graph layout-rs draws: its layout slows down sharply beyond this.
pub const LAYOUT_RS_NODE_LIMIT: usize = 2_000;

/// Above this many nodes layout-rs skips its edge-crossing optimiser, which is what slows it.
const LAYOUT_RS_OPTIMISER_LIMIT: usize = 300;

const INSTALL_GRAPHVIZ: &str =
    "install Graphviz (Debian/Ubuntu: apt install graphviz; macOS: brew install graphviz)";

/// Why a picture could not be drawn.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error(
        "PNG pictures need Graphviz's dot, which is not on PATH: {INSTALL_GRAPHVIZ}, or render SVG instead"
    )]
    PngNeedsGraphviz,
    #[error(
        "without Graphviz, pictures are limited to {LAYOUT_RS_NODE_LIMIT} nodes (this graph has \
         {0}): {INSTALL_GRAPHVIZ}, or draw the state DAG or a smaller instance"
    )]
    TooLargeWithoutGraphviz(usize),
    #[error("--renderer graphviz needs Graphviz's dot, which is not on PATH: {INSTALL_GRAPHVIZ}")]
    GraphvizMissing,
    #[error("the built-in renderer draws SVG only: draw PNG with Graphviz, or render SVG")]
    PngNeedsGraphvizRenderer,
    #[error("Graphviz's dot failed: {0}")]
    Graphviz(String),
    /// The picture's file could not be made or put in place (the message names it).
    #[error("{0}")]
    Io(#[from] std::io::Error),
    #[error("the built-in renderer failed: {0}")]
    LayoutRs(String),
    // `error`, not `source`: error chains would print a `source` a second time.
    #[error("cannot write '{path}': {error}")]
    Write { path: String, error: std::io::Error },
}

/// Whether Graphviz's `dot` can be run.
pub fn graphviz_available() -> bool {
    Command::new("dot")
        .arg("-V")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

/// Renders `dot` (a graph of `nodes` nodes) to `path` with the renderer `choice` asks for;
/// returns the renderer used. The file appears whole or not at all (see [`crate::output`]).
pub fn render_dot(
    dot: &str,
    nodes: usize,
    format: ImageFormat,
    path: &Path,
    choice: RendererChoice,
) -> Result<Renderer, RenderError> {
    let staged = Staged::new(path)?;
    let renderer = render_dot_into(dot, nodes, format, &staged, choice)?;
    staged.commit()?;
    Ok(renderer)
}

/// [`render_dot`] into a file reserved before (see [`Staged`]), which the caller puts in place
/// with its other files. Messages name the file as the user named it, never the temporary one.
pub fn render_dot_into(
    dot: &str,
    nodes: usize,
    format: ImageFormat,
    staged: &Staged,
    choice: RendererChoice,
) -> Result<Renderer, RenderError> {
    let use_graphviz = match choice {
        RendererChoice::Auto => graphviz_available(),
        RendererChoice::Graphviz if graphviz_available() => true,
        RendererChoice::Graphviz => return Err(RenderError::GraphvizMissing),
        RendererChoice::BuiltIn => false,
    };
    if use_graphviz {
        return match render_with_graphviz(dot, format, staged.writing_path()) {
            Ok(()) => Ok(Renderer::Graphviz),
            Err(RenderError::Graphviz(message)) => Err(RenderError::Graphviz(message.replace(
                &staged.writing_path().display().to_string(),
                &staged.path().display().to_string(),
            ))),
            Err(other) => Err(other),
        };
    }
    match format {
        ImageFormat::Png if choice == RendererChoice::BuiltIn => {
            Err(RenderError::PngNeedsGraphvizRenderer)
        }
        ImageFormat::Png => Err(RenderError::PngNeedsGraphviz),
        ImageFormat::Svg => {
            let svg = render_svg_with_layout_rs(dot, nodes)?;
            std::fs::write(staged.writing_path(), svg).map_err(|error| RenderError::Write {
                path: staged.path().display().to_string(),
                error,
            })?;
            Ok(Renderer::LayoutRs)
        }
    }
}

fn render_with_graphviz(dot: &str, format: ImageFormat, path: &Path) -> Result<(), RenderError> {
    let mut child = Command::new("dot")
        .arg(format!("-T{}", format.name()))
        .arg("-o")
        .arg(path)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|error| RenderError::Graphviz(error.to_string()))?;
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all(dot.as_bytes())
            .map_err(|error| RenderError::Graphviz(error.to_string()))?;
    }
    let output = child
        .wait_with_output()
        .map_err(|error| RenderError::Graphviz(error.to_string()))?;
    if !output.status.success() {
        let message = String::from_utf8_lossy(&output.stderr);
        return Err(RenderError::Graphviz(
            message.lines().next().unwrap_or("no message").to_string(),
        ));
    }
    Ok(())
}

/// SVG text drawn by layout-rs (no fonts needed: it writes text elements).
pub fn render_svg_with_layout_rs(dot: &str, nodes: usize) -> Result<String, RenderError> {
    if nodes > LAYOUT_RS_NODE_LIMIT {
        return Err(RenderError::TooLargeWithoutGraphviz(nodes));
    }
    let mut parser = layout::gv::DotParser::new(dot);
    let tree = parser.process().map_err(RenderError::LayoutRs)?;
    let mut builder = layout::gv::GraphBuilder::new();
    builder.visit_graph(&tree);
    let mut visual = builder.get();
    // Validation after every edge is exponential on DAGs (upstream nadavrot/layout#3).
    visual.dag.set_validate(false);
    let mut svg = layout::backends::svg::SVGWriter::new();
    visual.do_it(false, nodes > LAYOUT_RS_OPTIMISER_LIMIT, false, &mut svg);
    Ok(with_sorted_styles(svg.finalize()))
}

/// `svg` with the lines of its `<style>` block sorted. layout-rs writes one class per font size
/// from a `HashMap`, so in an order that changes from run to run; sorted, the same graph gives
/// the same bytes every time.
fn with_sorted_styles(svg: String) -> String {
    let Some(start) = svg.find("<style>\n").map(|at| at + "<style>\n".len()) else {
        return svg;
    };
    let Some(length) = svg[start..].find("</style>") else {
        return svg;
    };
    let mut lines: Vec<&str> = svg[start..start + length].lines().collect();
    lines.sort_unstable();
    let mut sorted = String::with_capacity(svg.len());
    sorted.push_str(&svg[..start]);
    for line in lines {
        sorted.push_str(line);
        sorted.push('\n');
    }
    sorted.push_str(&svg[start + length..]);
    sorted
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_renderer_gives_the_same_bytes_every_time() {
        // Two font sizes, so two style classes whose order layout-rs leaves to a `HashMap`
        // (seeded afresh for every map): twenty renderings all agree only if it is fixed.
        let dot = "digraph { a [label=\"a\", fontsize=9]; b [label=\"b\", fontsize=10]; a -> b; }";
        let first = render_svg_with_layout_rs(dot, 2).unwrap();
        assert!(
            first.contains(".a10 {") && first.contains(".a9 {"),
            "{first}"
        );
        for _ in 0..20 {
            assert_eq!(render_svg_with_layout_rs(dot, 2).unwrap(), first);
        }
    }

    #[test]
    fn only_the_style_block_is_sorted() {
        let svg = "<svg><style>\n.b { }\n.a { }\n</style>\n<g>z\ny</g></svg>".to_string();
        assert_eq!(
            with_sorted_styles(svg),
            "<svg><style>\n.a { }\n.b { }\n</style>\n<g>z\ny</g></svg>"
        );
        let plain = "<svg><g/></svg>".to_string();
        assert_eq!(with_sorted_styles(plain.clone()), plain);
    }
}
