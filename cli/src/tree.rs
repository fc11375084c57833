//! `gamelab tree`: export the game tree or state DAG of one instance as DOT, EFG or JSON, and
//! optionally draw it.

use super::args::InstanceArgs;
use super::note;
use super::values::{choice, whole_number};
use super::{open_output, stage_outputs};
use anyhow::Context;
use clap::Args;
use gamelab::base::error::{InputError, Setting};
use gamelab::base::size::Count;
use gamelab::games::{AnyGame, find_game};
use gamelab::graph::export::GraphError;
use gamelab::graph::export::GraphFormat;
use gamelab::graph::{DEFAULT_MAX_NODES, GraphKind};
use gamelab::present::image::ImageFormat;
use gamelab::present::render::{Renderer, RendererChoice, render_dot_into};
use gamelab::util::choice::Choice;
use gamelab::util::output::{OutputFile, Staged};
use gamelab::util::plural::counted;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct TreeArgs {
    /// The game (see `gamelab games`)
    game: String,
    #[command(flatten)]
    instance: InstanceArgs,
    /// Build the state DAG (one node per distinct position, transpositions merged) instead of
    /// the full tree (one node per move sequence)
    #[arg(long)]
    dag: bool,
    /// Output format [default: dot]
    #[arg(long, value_parser = choice::<GraphFormat>())]
    format: Option<GraphFormat>,
    /// Write the output to this file instead of standard output
    #[arg(long, value_name = "FILE", value_parser = super::values::file_path)]
    out: Option<PathBuf>,
    /// Draw the graph: `--render svg FILE` or `--render png FILE` (Graphviz's dot when on PATH,
    /// else a built-in SVG renderer)
    #[arg(long, num_args = 2, value_names = ["FORMAT", "FILE"])]
    render: Option<Vec<String>>,
    /// Who draws `--render`: `auto` (Graphviz when installed, else the built-in renderer),
    /// `graphviz`, or `built-in` (SVG only, the same bytes on every machine)
    #[arg(long, value_name = "RENDERER", default_value = "auto", value_parser = choice::<RendererChoice>())]
    renderer: RendererChoice,
    /// Refuse graphs with more nodes than this (each costs about 100 bytes)
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_NODES as u64, value_parser = whole_number, allow_negative_numbers = true)]
    max_nodes: u64,
    /// Refuse to draw pictures of more nodes than this (layouts slow down steeply with size:
    /// large graphs are better exported as DOT and laid out by Graphviz's own tools)
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_RENDER_NODES, value_parser = whole_number, allow_negative_numbers = true)]
    max_render_nodes: u64,
}

/// The default `--max-render-nodes`: pictures that lay out in seconds.
const DEFAULT_MAX_RENDER_NODES: u64 = 1_000;

pub fn run(args: TreeArgs) -> anyhow::Result<ExitCode> {
    let game = find_game(&args.game)?;
    let instance = game.build(&args.instance.to_input())?;
    let kind = if args.dag {
        GraphKind::Dag
    } else {
        GraphKind::Tree
    };
    if args.dag && args.format == Some(GraphFormat::Efg) {
        anyhow::bail!("EFG describes a game tree: drop --dag to export the tree in EFG");
    }
    let picture = args.render.as_deref().map(parse_render).transpose()?;
    // Both files are reserved before the graph is built, and put in place together.
    let [out_file, picture_file] = stage_outputs(
        [
            ("--out", args.out.as_deref()),
            ("--render", picture.as_ref().map(|(_, path)| path.as_path())),
        ],
        &[],
    )?;
    // A picture is drawn from the DOT of the whole graph: refuse it before building anything.
    let max_nodes = if picture.is_some() {
        (args.max_nodes as u128).min(args.max_render_nodes as u128)
    } else {
        args.max_nodes as u128
    };
    let graph = Graph {
        instance: instance.as_ref(),
        kind,
        max_nodes,
    };
    let mut written = Vec::new();
    let mut notes = Vec::new();
    // With only --render, the picture is the output; otherwise write the format too.
    if picture.is_none() || args.format.is_some() || args.out.is_some() {
        let format = args.format.unwrap_or(GraphFormat::Dot);
        let (tree_nodes, dag_nodes) = graph.export(format, out_file, &mut written)?;
        if let Some(path) = &args.out {
            notes.push(format!(
                "wrote {}: {} {}, full tree {}, state DAG {}",
                path.display(),
                instance.name(),
                kind.name(),
                counted(Count::Exact(tree_nodes), "node"),
                counted(dag_nodes, "node")
            ));
        }
    }
    if let (Some((format, path)), Some(staged)) = (picture, picture_file) {
        let renderer = graph.draw(format, &staged, &args)?;
        written.push(staged);
        notes.push(format!(
            "drew {} with {}",
            path.display(),
            renderer_name(renderer, args.renderer)
        ));
    }
    gamelab::util::output::commit_all(written)?;
    for note in notes {
        note!("{note}");
    }
    Ok(ExitCode::SUCCESS)
}

/// The graph of one instance, as the command builds it: tree or DAG, refused past `max_nodes`.
struct Graph<'a> {
    instance: &'a dyn AnyGame,
    kind: GraphKind,
    max_nodes: u128,
}

impl Graph<'_> {
    /// Writes the graph in `format` to the file reserved for `--out` (kept in `written`), or
    /// to standard output; the sizes of its full tree and its state DAG.
    fn export(
        &self,
        format: GraphFormat,
        out_file: Option<Staged>,
        written: &mut Vec<Staged>,
    ) -> anyhow::Result<(u128, usize)> {
        let (instance, kind, max_nodes) = (self.instance, self.kind, self.max_nodes);
        Ok(match out_file {
            Some(staged) => {
                let mut file = OutputFile::on(staged)?;
                let sizes = instance.export_graph(kind, format, max_nodes, &mut file)?;
                written.push(file.written()?);
                sizes
            }
            None => {
                let mut out = open_output(None)?;
                let sizes = instance.export_graph(kind, format, max_nodes, &mut out)?;
                out.finish()?;
                sizes
            }
        })
    }

    /// Draws the graph into `staged` from its DOT, with the renderer `--renderer` picks; which
    /// one drew it.
    fn draw(
        &self,
        format: ImageFormat,
        staged: &Staged,
        args: &TreeArgs,
    ) -> anyhow::Result<Renderer> {
        let mut dot = Vec::new();
        let (tree_nodes, dag_nodes) = self
            .instance
            .export_graph(self.kind, GraphFormat::Dot, self.max_nodes, &mut dot)
            .map_err(|error| picture_too_large(error, args))?;
        let dot = String::from_utf8(dot).context("DOT output is UTF-8")?;
        let nodes = match self.kind {
            GraphKind::Tree => usize::try_from(tree_nodes).unwrap_or(usize::MAX),
            GraphKind::Dag => dag_nodes,
        };
        Ok(render_dot_into(&dot, nodes, format, staged, args.renderer)?)
    }
}

/// Who drew a picture, as the note says it: the built-in renderer chosen by default suggests
/// Graphviz, which lays graphs out better.
fn renderer_name(renderer: Renderer, choice: RendererChoice) -> &'static str {
    match renderer {
        Renderer::Graphviz => "Graphviz",
        Renderer::LayoutRs if choice == RendererChoice::BuiltIn => "the built-in renderer",
        Renderer::LayoutRs => "the built-in renderer (install Graphviz for better layouts)",
    }
}

/// A picture's graph over its node limit, said with the limit that refused it (the smaller of
/// --max-nodes and --max-render-nodes); any other error as it is.
fn picture_too_large(error: GraphError, args: &TreeArgs) -> anyhow::Error {
    let GraphError::TooLarge(InputError::TooManyNodes { what, count, .. }) = &error else {
        return error.into();
    };
    let (limit, setting) = if args.max_render_nodes as u128 <= args.max_nodes as u128 {
        (args.max_render_nodes as u128, Setting::MaxRenderNodes)
    } else {
        (args.max_nodes as u128, Setting::MaxNodes)
    };
    anyhow::anyhow!(
        "the {what} has {count} nodes, more than {setting} allows for a picture ({limit}): \
         pictures take minutes to lay out beyond that; write the DOT with --out and run \
         Graphviz yourself, draw a smaller instance, or raise {setting}"
    )
}

/// `--render FORMAT FILE`: two values of different kinds, so parsed here once, after clap. A
/// file whose extension is not the format's is refused.
fn parse_render(values: &[String]) -> anyhow::Result<(ImageFormat, PathBuf)> {
    let [format, path] = values else {
        anyhow::bail!("--render takes a format and a file: --render svg tree.svg");
    };
    let format = ImageFormat::from_name(&format.to_ascii_lowercase()).with_context(|| {
        format!(
            "--render format '{format}' is not one of {} (e.g. --render svg tree.svg)",
            ImageFormat::names()
        )
    })?;
    // As clap refuses an empty value for the other file options.
    if path.is_empty() {
        anyhow::bail!("a value is required for '--render <FORMAT> <FILE>' but none was supplied");
    }
    let path =
        super::values::file_path(path).map_err(|reason| anyhow::anyhow!("--render: {reason}"))?;
    // A name with an extension says its format, and it must be this one; a name without one
    // (a device such as /dev/null) takes the format given.
    // A dotfile's whole name is its extension (`.png`), which `Path::extension` does not say.
    let name = path
        .file_name()
        .map(|name| name.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    let Some((_, extension)) = name
        .rsplit_once('.')
        .filter(|(_, extension)| !extension.is_empty())
    else {
        return Ok((format, path));
    };
    match ImageFormat::from_name(extension) {
        Some(named) if named == format => Ok((format, path)),
        Some(named) => anyhow::bail!(
            "--render {} '{}': the file's name says {}; name it .{} or use --render {} '{}'",
            format.name(),
            path.display(),
            named.name(),
            format.name(),
            named.name(),
            path.display()
        ),
        None => anyhow::bail!(
            "--render {} '{}': a '.{extension}' file would hold {}; name it .{}",
            format.name(),
            path.display(),
            format.name().to_uppercase(),
            format.name()
        ),
    }
}
