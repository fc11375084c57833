//! `tree`: the game tree or state DAG of one instance as a `Graph` object with the library's
//! exports (DOT, Gambit EFG, JSON) and an SVG picture (Graphviz when installed, else the
//! built-in renderer) for Jupyter.

use crate::custom::{ExploredGame, LabelErrors, raise_label_error};
use crate::errors::input_error;
use crate::options::Options;
use gamelab::AnyGame;
use gamelab::games::explicit::ExplicitGame;
use gamelab::graph::export::{GraphError, GraphFormat, write_graph};
use gamelab::graph::{DEFAULT_MAX_NODES, GraphKind};
use gamelab::present::image::ImageFormat;
use gamelab::present::render::{
    RendererChoice, graphviz_available, render_dot, render_svg_with_layout_rs,
};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::Arc;

/// The game a graph is drawn from: a built-in instance, or a game defined in Python and
/// explored into a table.
enum GraphSource {
    Registered(Box<dyn AnyGame>),
    Explored {
        table: Arc<ExplicitGame>,
        instance: String,
        /// Where naming a Python game's node or edge failed, if it did.
        labels: Option<Arc<dyn LabelErrors>>,
    },
}

impl GraphSource {
    fn game(&self) -> &'static str {
        match self {
            GraphSource::Registered(instance) => instance.name(),
            GraphSource::Explored { .. } => <ExplicitGame as gamelab::Game>::NAME,
        }
    }

    fn instance(&self) -> String {
        match self {
            GraphSource::Registered(instance) => instance.input().describe(),
            GraphSource::Explored { instance, .. } => instance.clone(),
        }
    }

    /// Raises the exception a Python game's `describe_state`/`describe_move` raised while the
    /// graph was being written, if any.
    fn raise_label_error(&self) -> PyResult<()> {
        match self {
            GraphSource::Registered(_) => Ok(()),
            GraphSource::Explored { labels, .. } => raise_label_error(labels.as_deref()),
        }
    }

    /// Writes the graph in `format`; returns the node counts of the tree and the DAG.
    fn export(
        &self,
        kind: GraphKind,
        format: GraphFormat,
        max_nodes: u128,
        out: &mut Vec<u8>,
    ) -> Result<(u128, usize), GraphError> {
        match self {
            GraphSource::Registered(instance) => {
                instance.export_graph(kind, format, max_nodes, out)
            }
            GraphSource::Explored {
                table, instance, ..
            } => write_graph(table.as_ref(), instance, kind, format, max_nodes, None, out),
        }
    }
}

/// What a pickled [`Graph`] holds: its game's name, its instance as JSON, its kind (`tree` or
/// `dag`) and its node limit, in decimal.
type GraphState = (String, String, String, String);

/// A solved game tree or state DAG (typed and documented in `gamelab/_gamelab.pyi`).
#[pyclass(frozen, module = "gamelab")]
pub struct Graph {
    source: GraphSource,
    kind: GraphKind,
    max_nodes: u128,
    /// The DOT text, built once (it also gave the node counts).
    dot: String,
    #[pyo3(get)]
    node_count: usize,
    #[pyo3(get)]
    edge_count: usize,
    #[pyo3(get)]
    tree_nodes: u128,
    #[pyo3(get)]
    dag_nodes: usize,
}

impl Graph {
    fn export(&self, format: GraphFormat) -> PyResult<String> {
        let mut out = Vec::new();
        self.source
            .export(self.kind, format, self.max_nodes, &mut out)
            .map_err(input_error)?;
        self.source.raise_label_error()?;
        String::from_utf8(out).map_err(input_error)
    }
}

#[pymethods]
impl Graph {
    /// `tree` or `dag`.
    #[getter]
    fn kind(&self) -> &'static str {
        self.kind.name()
    }

    #[getter]
    fn game(&self) -> &'static str {
        self.source.game()
    }

    #[getter]
    fn instance(&self) -> String {
        self.source.instance()
    }

    /// Graphviz DOT, as `gamelab tree --format dot`.
    fn to_dot(&self) -> String {
        self.dot.clone()
    }

    /// Gambit's extensive form (EFG 2 R), as `gamelab tree --format efg` (trees only).
    fn to_efg(&self) -> PyResult<String> {
        self.export(GraphFormat::Efg)
    }

    /// Nodes and edges as JSON text, as `gamelab tree --format json`.
    fn to_json(&self) -> PyResult<String> {
        self.export(GraphFormat::Json)
    }

    /// The picture as SVG text: Graphviz's dot when on PATH, else the built-in renderer.
    fn to_svg(&self, py: Python<'_>) -> PyResult<String> {
        let dot = self.dot.clone();
        let nodes = self.node_count;
        py.detach(move || {
            if graphviz_available() {
                svg_by_graphviz(&dot, nodes)
            } else {
                render_svg_with_layout_rs(&dot, nodes).map_err(|error| error.to_string())
            }
        })
        .map_err(input_error)
    }

    /// Pickles a graph of a built-in game as what rebuilds it (the game, its instance, the
    /// kind, the node limit); `_from_state` builds it again. A game defined in Python is Python
    /// code, which does not pickle: its graph says so.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (GraphState,))> {
        let GraphSource::Registered(instance) = &self.source else {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "a Graph of a game defined in Python does not pickle (its rules are Python \
                 code): keep its to_json() or to_dot() text instead",
            ));
        };
        let input = serde_json::to_string(&instance.input()).map_err(input_error)?;
        let state = (
            instance.name().to_string(),
            input,
            self.kind.name().to_string(),
            self.max_nodes.to_string(),
        );
        let rebuild = py.get_type::<Graph>().getattr("_from_state")?;
        Ok((rebuild, (state,)))
    }

    /// A Graph from what `__reduce__` pickled.
    #[staticmethod]
    fn _from_state(py: Python<'_>, state: GraphState) -> PyResult<Graph> {
        let (game, input, kind, max_nodes) = state;
        let entry = gamelab::find_game(&game).map_err(input_error)?;
        let input: gamelab::base::input::InstanceInput =
            serde_json::from_str(&input).map_err(input_error)?;
        let kind = match kind.as_str() {
            "tree" => GraphKind::Tree,
            "dag" => GraphKind::Dag,
            other => {
                return Err(input_error(format!(
                    "a pickled Graph names no kind '{other}'"
                )));
            }
        };
        // As `tree` takes it: a whole number below 2^64.
        let max_nodes = u128::from(max_nodes.parse::<u64>().map_err(|_| {
            input_error(format!(
                "a pickled Graph's node limit '{max_nodes}' is not a whole number below 2^64"
            ))
        })?);
        let source = GraphSource::Registered(entry.build(&input).map_err(input_error)?);
        let exported = py.detach(|| export_dot(&source, kind, max_nodes));
        graph(source, kind, max_nodes, exported?)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        // Python's own quoting: an instance may hold quotes (a game defined in Python's
        // position, `(6, 'first')`).
        let quoted = |text: &str| -> PyResult<String> {
            Ok(pyo3::types::PyString::new(py, text).repr()?.to_string())
        };
        Ok(format!(
            "Graph(game={}, instance={}, kind='{}', nodes={}, edges={})",
            quoted(self.source.game())?,
            quoted(&self.source.instance())?,
            self.kind.name(),
            self.node_count,
            self.edge_count
        ))
    }
}

/// Graphviz draws to a file: a private temporary one, read back and removed.
fn svg_by_graphviz(dot: &str, nodes: usize) -> Result<String, String> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let path = std::env::temp_dir().join(format!(
        "gamelab-{}-{}.svg",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    let drawn = render_dot(
        dot,
        nodes,
        ImageFormat::Svg,
        &path,
        RendererChoice::Graphviz,
    )
    .map_err(|e| e.to_string());
    let svg = drawn.and_then(|_| std::fs::read_to_string(&path).map_err(|e| e.to_string()));
    let _ = std::fs::remove_file(&path);
    svg
}

/// Builds the tree (or with `dag` the state DAG) of one instance, refusing graphs above
/// `max_nodes` nodes before building them.
#[pyfunction]
pub fn tree(name: &str, options: Bound<'_, PyDict>) -> PyResult<Graph> {
    let (entry, options) = Options::for_game(name, options)?;
    let py = options.py();
    let instance = entry.build(&options.instance()?).map_err(input_error)?;
    let kind = if options.flag("dag")? {
        GraphKind::Dag
    } else {
        GraphKind::Tree
    };
    let max_nodes = options
        .u64("max_nodes")?
        .map_or(DEFAULT_MAX_NODES, u128::from);
    let source = GraphSource::Registered(instance);
    let exported = py.detach(|| export_dot(&source, kind, max_nodes));
    graph(source, kind, max_nodes, exported?)
}

/// The tree (or with `dag` the state DAG) of a game defined in Python, explored beforehand.
#[pyfunction]
#[pyo3(signature = (explored, dag, max_nodes=None))]
pub fn explored_tree(
    py: Python<'_>,
    explored: &ExploredGame,
    dag: bool,
    max_nodes: Option<u64>,
) -> PyResult<Graph> {
    let kind = if dag { GraphKind::Dag } else { GraphKind::Tree };
    let max_nodes = max_nodes.map_or(DEFAULT_MAX_NODES, u128::from);
    let source = GraphSource::Explored {
        table: explored.table(),
        instance: explored.describe(),
        labels: explored.label_errors(),
    };
    let exported = py.detach(|| export_dot(&source, kind, max_nodes));
    source.raise_label_error()?;
    graph(source, kind, max_nodes, exported?)
}

/// The DOT text of `source` and its tree and DAG node counts.
fn export_dot(
    source: &GraphSource,
    kind: GraphKind,
    max_nodes: u128,
) -> PyResult<(Vec<u8>, u128, usize)> {
    let mut dot = Vec::new();
    let (tree_nodes, dag_nodes) = source
        .export(kind, GraphFormat::Dot, max_nodes, &mut dot)
        .map_err(input_error)?;
    Ok((dot, tree_nodes, dag_nodes))
}

/// The `Graph` object of an exported DOT text.
fn graph(
    source: GraphSource,
    kind: GraphKind,
    max_nodes: u128,
    (dot, tree_nodes, dag_nodes): (Vec<u8>, u128, usize),
) -> PyResult<Graph> {
    let node_count = match kind {
        GraphKind::Tree => usize::try_from(tree_nodes).unwrap_or(usize::MAX),
        GraphKind::Dag => dag_nodes,
    };
    let dot = String::from_utf8(dot).map_err(input_error)?;
    // Every edge is one `a -> b` statement of the DOT text.
    let edge_count = dot
        .lines()
        .filter(|line| line.starts_with("  n") && line.contains(" -> n"))
        .count();
    Ok(Graph {
        source,
        kind,
        max_nodes,
        dot,
        node_count,
        edge_count,
        tree_nodes,
        dag_nodes,
    })
}
