//! Turning DOT into a picture: Graphviz's `dot` when it is on PATH (SVG or PNG); otherwise the
//! pure-Rust layout-rs for SVG, and for PNG a message saying how to install Graphviz. A caller
//! that needs the same bytes on every machine (the report) asks for the built-in renderer.

use crate::present::image::ImageFormat;
use crate::util::choice::Choice;
use crate::util::output::Staged;
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
        "the built-in renderer draws at most {LAYOUT_RS_NODE_LIMIT} nodes (this graph has {0}): \
         draw it with Graphviz (--renderer graphviz), or draw the state DAG or a smaller \
         instance; {INSTALL_GRAPHVIZ} if it is missing"
    )]
    TooLargeForBuiltIn(usize),
    #[error("--renderer graphviz needs Graphviz's dot, which is not on PATH: {INSTALL_GRAPHVIZ}")]
    GraphvizMissing,
    /// `within`: "5 s", or the time budget and its setting when that is shorter.
    #[error(
        "Graphviz's dot is on PATH but did not answer 'dot -V' within {within}: repair or \
         reinstall it ({INSTALL_GRAPHVIZ}), or draw SVG with --renderer built-in"
    )]
    GraphvizSilent { within: String },
    #[error("the built-in renderer draws SVG only: draw PNG with Graphviz, or render SVG")]
    PngNeedsGraphvizRenderer,
    #[error("Graphviz's dot failed: {0}")]
    Graphviz(String),
    /// The picture's file could not be made or put in place (the message names it).
    #[error("{0}")]
    Io(#[from] std::io::Error),
    #[error("the built-in renderer failed: {0}")]
    LayoutRs(String),
    #[error(
        "the built-in renderer did not lay out this graph ({nodes} nodes) within {limit} \
         ({setting}): its layout slows down sharply on state DAGs whose moves skip levels; \
         {INSTALL_GRAPHVIZ}, draw a smaller instance or the game tree, or raise {setting}"
    )]
    LayoutTooSlow {
        nodes: usize,
        limit: String,
        setting: String,
    },
    #[error(
        "Graphviz's dot did not lay out this graph ({nodes} nodes) within {limit} ({setting}): \
         its layout slows down sharply on graphs with many crossing edges; draw a smaller \
         instance or the game tree, or raise {setting}"
    )]
    GraphvizTooSlow {
        nodes: usize,
        limit: String,
        setting: String,
    },
    // `error`, not `source`: error chains would print a `source` a second time.
    #[error("cannot write '{path}': {error}")]
    Write { path: String, error: std::io::Error },
}

/// How long `dot -V` may take to answer: a Graphviz that does not answer it is broken, not
/// slow, and the command must not wait for it.
pub const DETECTION_SECONDS: u64 = 5;

/// What `dot -V` says about Graphviz.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Graphviz {
    /// `dot -V` ran and succeeded.
    Works,
    /// There is no `dot` to run, or it failed.
    Missing,
    /// `dot` ran but did not end within this limit, [`DETECTION_SECONDS`] or the time budget
    /// when that is shorter (it was stopped).
    Silent(std::time::Duration),
}

/// How long `dot -V` may take here: [`DETECTION_SECONDS`], or the time budget when shorter (a
/// command held to one second does not wait five for a broken Graphviz).
fn detection_limit() -> std::time::Duration {
    let detection = std::time::Duration::from_secs(DETECTION_SECONDS);
    crate::cost::budget()
        .time
        .map_or(detection, |budget| budget.min(detection))
}

/// The process ids of the Graphviz processes running now (see [`running_graphviz`]).
static RUNNING: std::sync::Mutex<Vec<u32>> = std::sync::Mutex::new(Vec::new());

/// The process ids of the Graphviz processes this process runs now, for a handler that ends the
/// process on a signal to stop them too: a child inherits the signals its parent blocks, so the
/// terminal's Ctrl-C may not reach it. Empty when the list is held right now (a handler must not
/// wait).
pub fn running_graphviz() -> Vec<u32> {
    match RUNNING.try_lock() {
        Ok(list) => list.clone(),
        Err(std::sync::TryLockError::Poisoned(poisoned)) => poisoned.into_inner().clone(),
        Err(std::sync::TryLockError::WouldBlock) => Vec::new(),
    }
}

/// A Graphviz child listed in [`RUNNING`] while it runs: taken off when dropped, after it was
/// waited for (until then its id cannot be given to another process).
struct Listed(u32);

impl Listed {
    fn new(child: &std::process::Child) -> Listed {
        lock_running().push(child.id());
        Listed(child.id())
    }
}

impl Drop for Listed {
    fn drop(&mut self) {
        lock_running().retain(|&id| id != self.0);
    }
}

fn lock_running() -> std::sync::MutexGuard<'static, Vec<u32>> {
    // A list of ids stays whole whatever panicked while holding it.
    RUNNING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Runs `dot -V`, stopping it after [`DETECTION_SECONDS`], or after the time budget when that is
/// shorter.
pub fn graphviz() -> Graphviz {
    let child = Command::new("dot")
        .arg("-V")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    let Ok(mut child) = child else {
        return Graphviz::Missing;
    };
    let _listed = Listed::new(&child);
    let limit = detection_limit();
    match wait_within(&mut child, Some(limit)) {
        Ok(Some(status)) if status.success() => Graphviz::Works,
        Ok(Some(_)) | Err(_) => Graphviz::Missing,
        Ok(None) => Graphviz::Silent(limit),
    }
}

/// Whether Graphviz's `dot` can be run (it answers `dot -V` in time).
pub fn graphviz_available() -> bool {
    graphviz() == Graphviz::Works
}

/// Waits for `child` to end, at most `limit` (none: as long as it takes); past it the child is
/// killed and `None` returned.
fn wait_within(
    child: &mut std::process::Child,
    limit: Option<std::time::Duration>,
) -> std::io::Result<Option<std::process::ExitStatus>> {
    let started = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(Some(status));
        }
        if limit.is_some_and(|limit| started.elapsed() > limit) {
            let _ = child.kill();
            let _ = child.wait();
            return Ok(None);
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// Renders `dot` (a graph of `nodes` nodes) to `path` with the renderer `choice` asks for;
/// returns the renderer used. The file appears whole or not at all (see [`crate::util::output`]).
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
        RendererChoice::BuiltIn => false,
        RendererChoice::Auto | RendererChoice::Graphviz => match graphviz() {
            Graphviz::Works => true,
            Graphviz::Silent(limit) => {
                let within = if limit < std::time::Duration::from_secs(DETECTION_SECONDS) {
                    let (limit, setting) = time_budget_words(limit);
                    format!("{limit} ({setting})")
                } else {
                    format!("{DETECTION_SECONDS} s")
                };
                return Err(RenderError::GraphvizSilent { within });
            }
            Graphviz::Missing if choice == RendererChoice::Graphviz => {
                return Err(RenderError::GraphvizMissing);
            }
            Graphviz::Missing => false,
        },
    };
    if use_graphviz {
        let picture = render_with_graphviz(dot, nodes, format)?;
        std::fs::write(staged.writing_path(), picture).map_err(|error| RenderError::Write {
            path: staged.path().display().to_string(),
            error,
        })?;
        return Ok(Renderer::Graphviz);
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

/// Runs Graphviz's `dot` on `dot` (a graph of `nodes` nodes) and returns the picture it writes
/// on its standard output, within the time budget: like the built-in renderer's, its layout
/// cannot be costed before it runs (a stone-game-ii DAG of 207 nodes and dense edges took 35 s),
/// so past the budget `dot` is stopped and an error says so. The caller writes the picture, so
/// that a file that cannot be written is named in the caller's words, not in Graphviz's.
fn render_with_graphviz(
    dot: &str,
    nodes: usize,
    format: ImageFormat,
) -> Result<Vec<u8>, RenderError> {
    let failed = |error: std::io::Error| RenderError::Graphviz(error.to_string());
    let mut child = Command::new("dot")
        .arg(format!("-T{}", format.name()))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(failed)?;
    let _listed = Listed::new(&child);
    // Each pipe has a thread of its own, so that a dot that reads slowly, writes much or says
    // much never blocks this one, which waits for it within the budget.
    let input = child.stdin.take().map(|mut pipe| {
        let dot = dot.to_string();
        std::thread::spawn(move || pipe.write_all(dot.as_bytes()))
    });
    let output = child.stdout.take().map(|mut pipe| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            std::io::Read::read_to_end(&mut pipe, &mut bytes).map(|_| bytes)
        })
    });
    let messages = child.stderr.take().map(|mut pipe| {
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = std::io::Read::read_to_string(&mut pipe, &mut text);
            text
        })
    });
    let limit = crate::cost::budget().time;
    let Some(status) = wait_within(&mut child, limit).map_err(failed)? else {
        let (limit, setting) = time_budget_words(limit.unwrap_or_default());
        return Err(RenderError::GraphvizTooSlow {
            nodes,
            limit,
            setting,
        });
    };
    if !status.success() {
        let message = messages
            .and_then(|reader| reader.join().ok())
            .unwrap_or_default();
        return Err(RenderError::Graphviz(
            message.lines().next().unwrap_or("no message").to_string(),
        ));
    }
    if let Some(Ok(Err(error))) = input.map(|writer| writer.join()) {
        return Err(failed(error));
    }
    match output.map(|reader| reader.join()) {
        Some(Ok(Ok(bytes))) if is_picture(&bytes, format) => Ok(bytes),
        // A `dot` that ends well without a picture is no Graphviz to trust.
        Some(Ok(Ok(bytes))) => Err(RenderError::Graphviz(format!(
            "it ended without writing the {} picture ({} of output): is the `dot` on the \
             PATH Graphviz's?",
            format.name().to_uppercase(),
            crate::cost::bytes(bytes.len() as u128)
        ))),
        Some(Ok(Err(error))) => Err(failed(error)),
        _ => Err(RenderError::Graphviz(
            "its output could not be read".to_string(),
        )),
    }
}

/// Whether `bytes` begin as a picture in `format` does: PNG's signature, or SVG's root element
/// (after an XML declaration or comments).
fn is_picture(bytes: &[u8], format: ImageFormat) -> bool {
    match format {
        ImageFormat::Png => bytes.starts_with(b"\x89PNG\r\n\x1a\n"),
        ImageFormat::Svg => bytes.windows(4).take(4096).any(|window| window == b"<svg"),
    }
}

/// The size every text of a built-in picture is drawn at, in pixels (nodes, moves, legend), and
/// the title's.
const TEXT_PX: f64 = 12.0;
const TITLE_PX: f64 = 14.0;

/// The width of one character at [`TEXT_PX`], for sizing nodes: a little over the average
/// advance of a sans-serif font's digits and lowercase letters (about 0.6 em).
const CHAR_PX: f64 = 0.62 * TEXT_PX;

/// The font size move labels are laid out at. layout-rs sizes a label as one font size per
/// character, about 1.7 times a real sans-serif character; laid out at 7 and drawn at
/// [`TEXT_PX`], a label's box fits its text.
const EDGE_LAYOUT_FONT: usize = 7;

/// Node label lines longer than this are broken at a comma or a bracket, so nodes stay narrow.
const LINE_CHARS: usize = 28;

/// The widest picture drawn at full size, in pixels: a larger graph is scaled down to this width
/// and says so in a note above it.
pub const MAX_PICTURE_WIDTH: f64 = 1300.0;

/// The stack of the thread layout-rs runs on: a main thread's.
const LAYOUT_STACK_BYTES: usize = 8 << 20;

/// SVG text drawn by layout-rs (no fonts needed: it writes text elements), readable at 100 %:
/// every text at 12 pixels or more, nodes sized to their text, the title and legend of the DOT
/// graph's label above the drawing, and a drawing wider than [`MAX_PICTURE_WIDTH`] scaled down
/// to it with a note saying so.
///
/// The layout cannot be costed before it runs: trees and the stone-game DAGs of a few hundred
/// nodes take well under a second, but on DAGs whose moves skip levels (nim, divisor-game) its
/// time grows steeply with the graph (divisor-game N=42, 82 nodes: 4 s; N=48, 94 nodes: over a
/// minute). So it runs on a thread of its own and is given the time budget: past it, an error
/// says so (a command then exits, ending the thread; in a long-lived process, Python's, the
/// thread finishes its layout in the background and its result is dropped).
pub fn render_svg_with_layout_rs(dot: &str, nodes: usize) -> Result<String, RenderError> {
    if nodes > LAYOUT_RS_NODE_LIMIT {
        return Err(RenderError::TooLargeForBuiltIn(nodes));
    }
    let Some(limit) = crate::cost::budget().time else {
        return lay_out_svg(dot, nodes);
    };
    let (sender, receiver) = std::sync::mpsc::channel();
    let dot = dot.to_string();
    std::thread::Builder::new()
        .name("layout-rs".into())
        .stack_size(LAYOUT_STACK_BYTES)
        .spawn(move || {
            // The receiver is gone when the layout took too long: nothing to tell.
            let _ = sender.send(lay_out_svg(&dot, nodes));
        })?;
    match receiver.recv_timeout(limit) {
        Ok(svg) => svg,
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
            let (limit, setting) = time_budget_words(limit);
            Err(RenderError::LayoutTooSlow {
                nodes,
                limit,
                setting,
            })
        }
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => Err(RenderError::LayoutRs(
            "its layout stopped with an internal error".into(),
        )),
    }
}

/// The time budget a layout ran past, and the setting that raises it, for its refusal.
fn time_budget_words(limit: std::time::Duration) -> (String, String) {
    (
        crate::cost::duration(limit.as_secs_f64()),
        crate::base::error::Setting::MaxTime.to_string(),
    )
}

/// [`render_svg_with_layout_rs`]'s work, on the calling thread.
fn lay_out_svg(dot: &str, nodes: usize) -> Result<String, RenderError> {
    let mut parser = layout::gv::DotParser::new(dot);
    let mut tree = parser.process().map_err(RenderError::LayoutRs)?;
    let heading = graph_label(&tree);
    lay_out_move_labels_small(&mut tree);
    let mut builder = layout::gv::GraphBuilder::new();
    builder.visit_graph(&tree);
    let mut visual = builder.get();
    let handles: Vec<_> = visual.iter_nodes().collect();
    for &handle in &handles {
        fit_node_to_text(visual.element_mut(handle));
    }
    // Validation after every edge is exponential on DAGs (upstream nadavrot/layout#3).
    visual.dag.set_validate(false);
    let mut svg = layout::backends::svg::SVGWriter::new();
    visual.do_it(false, nodes > LAYOUT_RS_OPTIMISER_LIMIT, false, &mut svg);
    // The drawing's extent, from where the nodes (and the move labels' boxes) ended up.
    let mut low = (f64::INFINITY, f64::INFINITY);
    let mut high = (f64::NEG_INFINITY, f64::NEG_INFINITY);
    for handle in visual.iter_nodes() {
        let (top_left, bottom_right) = visual.pos(handle).bbox(false);
        low = (low.0.min(top_left.x), low.1.min(top_left.y));
        high = (high.0.max(bottom_right.x), high.1.max(bottom_right.y));
    }
    if !low.0.is_finite() {
        low = (0.0, 0.0);
        high = (1.0, 1.0);
    }
    let drawing = with_sorted_styles(svg.finalize());
    Ok(framed(&drawing, low, high, &heading, nodes))
}

/// Sets every move label's font size to [`EDGE_LAYOUT_FONT`], whose one-em-per-character
/// estimate fits the text drawn at [`TEXT_PX`]: in every edge default and edge statement, and as
/// the first statement for edges that set none.
fn lay_out_move_labels_small(tree: &mut layout::gv::parser::ast::Graph) {
    use layout::gv::parser::ast::{AttrStmt, AttrStmtTarget, AttributeList, Stmt};
    let size = EDGE_LAYOUT_FONT.to_string();
    let set = |list: &mut AttributeList| {
        list.list.retain(|(key, _)| key != "fontsize");
        list.add_attr("fontsize", &size);
    };
    for statement in &mut tree.list.list {
        match statement {
            Stmt::Attribute(attribute) if matches!(attribute.target, AttrStmtTarget::Edge) => {
                set(&mut attribute.list)
            }
            Stmt::Edge(edge) if edge.list.list.iter().any(|(key, _)| key == "fontsize") => {
                set(&mut edge.list)
            }
            _ => {}
        }
    }
    let mut list = AttributeList::new();
    set(&mut list);
    tree.list.list.insert(
        0,
        Stmt::Attribute(AttrStmt::new(AttrStmtTarget::Edge, list)),
    );
}

/// The text of the DOT graph's `label` attribute (title and legend, lines split at `\n`).
fn graph_label(tree: &layout::gv::parser::ast::Graph) -> Vec<String> {
    use layout::gv::parser::ast::{AttrStmtTarget, Stmt};
    let mut label = String::new();
    for statement in &tree.list.list {
        if let Stmt::Attribute(attribute) = statement
            && matches!(attribute.target, AttrStmtTarget::Graph)
        {
            for (key, value) in attribute.list.iter() {
                if key == "label" {
                    label = value.clone();
                }
            }
        }
    }
    label
        .replace("\\n", "\n")
        .lines()
        .map(str::to_string)
        .filter(|line| !line.is_empty())
        .collect()
}

/// Breaks `line` into pieces of at most `limit` characters where it can: after a comma and a
/// space, or before a bracket, or at a space.
fn wrap_line(line: &str, limit: usize) -> Vec<String> {
    let mut pieces = Vec::new();
    let mut rest = line.trim().to_string();
    while rest.chars().count() > limit {
        let head: String = rest.chars().take(limit + 1).collect();
        // The last break that fits after ", ", else before " (", else at any space.
        let cut = head
            .rfind(", ")
            .map(|at| at + 2)
            .or_else(|| head.rfind(" (").map(|at| at + 1))
            .or_else(|| head.rfind(' ').map(|at| at + 1));
        match cut {
            Some(at) if at > 0 => {
                pieces.push(rest[..at].trim_end().to_string());
                rest = rest[at..].trim_start().to_string();
            }
            _ => break,
        }
    }
    pieces.push(rest);
    pieces
}

/// Sizes a node (not a move label) to its text drawn at [`TEXT_PX`], its long lines broken:
/// boxes pad the text, ellipses enclose its box.
fn fit_node_to_text(element: &mut layout::std_shapes::shapes::Element) {
    use layout::core::geometry::Point;
    use layout::std_shapes::shapes::ShapeKind;
    let wrap = |text: &str| -> String {
        text.lines()
            .flat_map(|line| wrap_line(line, LINE_CHARS))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let (text, enclose) = match &element.shape {
        ShapeKind::Box(text) => (wrap(text), 1.0),
        ShapeKind::Circle(text) | ShapeKind::DoubleCircle(text) => (wrap(text), 1.35),
        _ => return,
    };
    let lines = text.lines().count().max(1) as f64;
    let widest = text.lines().map(|l| l.chars().count()).max().unwrap_or(1) as f64;
    let size = Point::new(
        (widest * CHAR_PX + 16.0) * enclose,
        (lines * TEXT_PX + 12.0) * enclose,
    );
    element.shape = match &element.shape {
        ShapeKind::Box(_) => ShapeKind::Box(text),
        ShapeKind::DoubleCircle(_) => ShapeKind::DoubleCircle(text),
        _ => ShapeKind::Circle(text),
    };
    element.look.font_size = TEXT_PX as usize;
    element.pos.set_size(size);
}

/// Space around the drawing and below the heading, in the drawing's units at full scale.
const FRAME_PAD: f64 = 12.0;

/// `drawing` (layout-rs's SVG, whose own canvas size is unreliable) in a canvas fitted to the
/// drawing's extent `low`..`high`, with the heading's lines above it and, when wider than
/// [`MAX_PICTURE_WIDTH`], scaled down to it with a note; text in a sans-serif font, move labels
/// at their drawn size.
fn framed(
    drawing: &str,
    low: (f64, f64),
    high: (f64, f64),
    heading: &[String],
    nodes: usize,
) -> String {
    let content_width = high.0 - low.0 + 2.0 * FRAME_PAD;
    let scale = (MAX_PICTURE_WIDTH / content_width).min(1.0);
    let lines = heading_lines(heading, nodes, content_width * scale, scale);
    let band: f64 = lines.iter().map(|(_, px)| px * 1.4).sum::<f64>() + FRAME_PAD;
    let view_x = low.0 - FRAME_PAD;
    let view_y = low.1 - FRAME_PAD - band / scale;
    let view_width = content_width;
    let view_height = high.1 - low.1 + 2.0 * FRAME_PAD + band / scale;
    let heading_svg = heading_svg(&lines, view_x, view_y, scale);
    let header = format!(
        "<svg width=\"{:.0}\" height=\"{:.0}\" viewBox=\"{view_x:.1} {view_y:.1} {view_width:.1} \
         {view_height:.1}\" xmlns=\"http://www.w3.org/2000/svg\">\n",
        view_width * scale,
        view_height * scale
    );
    let body_start = drawing.find("<svg ").unwrap_or(0);
    let body = drawing_body(&drawing[body_start..]);
    format!("{}{header}{heading_svg}{body}", &drawing[..body_start])
}

/// The heading's lines as drawn, each with its font size on screen: `heading` wrapped to the
/// picture's width on screen, `shown_width`, then, when the drawing is scaled down by `scale`, a
/// note that says so.
fn heading_lines(
    heading: &[String],
    nodes: usize,
    shown_width: f64,
    scale: f64,
) -> Vec<(String, f64)> {
    let chars = |px: f64| ((shown_width - 2.0 * FRAME_PAD) / (0.62 * px)).max(20.0) as usize;
    let mut lines: Vec<(String, f64)> = Vec::new();
    for (index, line) in heading.iter().enumerate() {
        let px = if index == 0 { TITLE_PX } else { TEXT_PX };
        for piece in wrap_line(line, chars(px)) {
            lines.push((piece, px));
        }
    }
    if scale < 1.0 {
        let note = format!(
            "{nodes} nodes, drawn at {:.0}% to fit {MAX_PICTURE_WIDTH} pixels: zoom in to read \
             them, or draw a smaller instance",
            scale * 100.0
        );
        for piece in wrap_line(&note, chars(TEXT_PX)) {
            lines.push((piece, TEXT_PX));
        }
    }
    lines
}

/// The heading's `lines` as SVG text from the view's top left corner (`view_x`, `view_y`). They
/// are drawn at their size on screen: in the drawing's units, divided by `scale`.
fn heading_svg(lines: &[(String, f64)], view_x: f64, view_y: f64, scale: f64) -> String {
    let mut svg = String::new();
    let mut y = view_y + FRAME_PAD / scale;
    for (line, px) in lines {
        y += px * 1.4 / scale;
        svg.push_str(&format!(
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"{:.2}px\" font-family=\"Helvetica, Arial, \
             sans-serif\" fill=\"#1d232b\"{}>{}</text>\n",
            view_x + FRAME_PAD / scale,
            y - px * 0.3 / scale,
            px / scale,
            if *px == TITLE_PX {
                " font-weight=\"bold\""
            } else {
                ""
            },
            escape_xml(line)
        ));
    }
    svg
}

/// What `svg` (layout-rs's drawing from its `<svg` tag on) draws, without its opening tag: text
/// in a sans-serif font rather than Times, move labels at their drawn size.
fn drawing_body(svg: &str) -> String {
    let body = svg.find(">\n").map_or(svg, |end| &svg[end + 2..]);
    body.replace(
        "font-family: Times, serif;",
        "font-family: Helvetica, Arial, sans-serif;",
    )
    .replace(
        &format!(".a{EDGE_LAYOUT_FONT} {{ font-size: {EDGE_LAYOUT_FONT}px;"),
        &format!(".a{EDGE_LAYOUT_FONT} {{ font-size: {TEXT_PX}px;"),
    )
}

/// `text` with the characters XML gives a meaning escaped.
fn escape_xml(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
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
        // Two font sizes (nodes and move labels), so two style classes whose order layout-rs
        // leaves to a `HashMap` (seeded afresh for every map): twenty renderings all agree only
        // if it is fixed.
        let dot = "digraph { a [label=\"a\", fontsize=9]; b [label=\"b\"]; a -> b [label=\"x\"]; }";
        let first = render_svg_with_layout_rs(dot, 2).unwrap();
        assert!(
            first.contains(".a12 {") && first.contains(".a7 { font-size: 12px;"),
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
