//! Writing solved game graphs to other tools' formats: one module per format behind the
//! [`GraphExporter`] trait. Every exporter streams to a writer node by node, so output size
//! never decides memory use.

pub mod dot;
pub mod efg;
pub mod json;

use crate::base::error::InputError;
use crate::base::game::{ActionValue, Game};
use crate::base::size::Count;
use crate::graph::{self, GameGraph, GraphKind};
use crate::util::choice::Choice;
use crate::util::plural::counted;
use std::io::Write;

/// What an export says about the instance besides the graph.
#[derive(Clone, Debug)]
pub struct GraphMeta {
    /// The game's command-line name.
    pub game: &'static str,
    /// The instance, e.g. `[4, 6, 2, 3]` or `N=6`.
    pub instance: String,
}

impl GraphMeta {
    /// A one-line title that shows what merging transpositions saves:
    /// `stone-game [4, 6, 2, 3]: state DAG, 11 nodes (full tree: 23 nodes)`.
    pub fn title<S, M>(&self, graph: &GameGraph<S, M>) -> String {
        self.title_of(graph.kind, graph.tree_nodes, graph.dag_nodes)
    }

    /// [`GraphMeta::title`] from the graph's kind and sizes alone (for writers that build no
    /// [`GameGraph`]).
    pub fn title_of(&self, kind: GraphKind, tree_nodes: u128, dag_nodes: usize) -> String {
        let tree = Count::Exact(tree_nodes);
        match kind {
            GraphKind::Tree => format!(
                "{} {}: game tree, {} (state DAG: {})",
                self.game,
                self.instance,
                counted(tree, "node"),
                counted(dag_nodes, "node")
            ),
            GraphKind::Dag => format!(
                "{} {}: state DAG, {} (full tree: {})",
                self.game,
                self.instance,
                counted(dag_nodes, "node"),
                counted(tree, "node")
            ),
        }
    }
}

/// Why an export failed.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error("EFG describes a game tree, not a state DAG: export the tree in EFG")]
    EfgNeedsTree,
    #[error("cannot write the graph: {0}")]
    Io(#[from] std::io::Error),
}

/// What every exporter receives: the graph of `game`, what to say about it, and where to write
/// it.
pub struct Export<'a, G: Game> {
    pub game: &'a G,
    pub graph: &'a GameGraph<G::State, G::Move>,
    pub meta: &'a GraphMeta,
    pub out: &'a mut dyn Write,
}

/// A graph format.
pub trait GraphExporter {
    /// Writes `export.graph` to `export.out`.
    fn export<G: Game>(&self, export: Export<'_, G>) -> Result<(), ExportError>;
}

/// Why a graph could not be built and exported.
#[derive(Debug, thiserror::Error)]
pub enum GraphError {
    #[error(transparent)]
    TooLarge(#[from] InputError),
    #[error(transparent)]
    Export(#[from] ExportError),
}

/// The graph formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GraphFormat {
    /// Graphviz DOT.
    Dot,
    /// Gambit extensive form (EFG 2 R), tree only.
    Efg,
    /// Nodes and edges as JSON.
    Json,
}

impl Choice for GraphFormat {
    const ALL: &'static [GraphFormat] = &[GraphFormat::Dot, GraphFormat::Efg, GraphFormat::Json];

    fn name(self) -> &'static str {
        match self {
            GraphFormat::Dot => "dot",
            GraphFormat::Efg => "efg",
            GraphFormat::Json => "json",
        }
    }

    fn summary(self) -> &'static str {
        match self {
            GraphFormat::Dot => "Graphviz DOT",
            GraphFormat::Efg => "Gambit extensive form (EFG 2 R), tree only",
            GraphFormat::Json => "nodes and edges as JSON",
        }
    }
}

/// A game's own writer of its state DAG in DOT, for a game that can stream it without building a
/// graph (its registry entry's `dag_dot`): the same bytes as the general path, far faster on
/// large instances. Returns the number of nodes of the full tree and of the DAG.
pub type DagDot<G> = fn(&G, &GraphMeta, &mut dyn Write) -> Result<(u128, usize), ExportError>;

/// Builds the tree or state DAG of `game` (described as `instance` in titles), refusing it before
/// anything is built if it has more than `max_nodes` nodes, and writes it to `out` in `format`
/// (a state DAG in DOT by `dag_dot` when the game has one). Returns the number of nodes of the
/// full tree and of the DAG.
pub fn write_graph<G: Game>(
    game: &G,
    instance: &str,
    kind: GraphKind,
    format: GraphFormat,
    max_nodes: u128,
    dag_dot: Option<DagDot<G>>,
    out: &mut dyn Write,
) -> Result<(u128, usize), GraphError> {
    if kind == GraphKind::Dag && format == GraphFormat::Efg {
        return Err(ExportError::EfgNeedsTree.into());
    }
    graph::check_size(game, kind, max_nodes)?;
    let meta = GraphMeta {
        game: G::NAME,
        instance: instance.to_string(),
    };
    if let (GraphKind::Dag, GraphFormat::Dot, Some(dag_dot)) = (kind, format, dag_dot) {
        return Ok(dag_dot(game, &meta, out)?);
    }
    let built = graph::build(game, kind);
    export_graph(format, game, &built, &meta, out)?;
    Ok((built.tree_nodes, built.dag_nodes))
}

/// Writes `graph` in `format`.
pub fn export_graph<G: Game>(
    format: GraphFormat,
    game: &G,
    graph: &GameGraph<G::State, G::Move>,
    meta: &GraphMeta,
    out: &mut dyn Write,
) -> Result<(), ExportError> {
    let export = Export {
        game,
        graph,
        meta,
        out,
    };
    match format {
        GraphFormat::Dot => dot::DotExporter.export(export),
        GraphFormat::Efg => efg::EfgExporter.export(export),
        GraphFormat::Json => json::JsonExporter.export(export),
    }
}

/// A short name for a move, for edge labels and EFG actions: `left`, `count=2`, `x=3`.
pub fn short_move_label<G: Game>(game: &G, state: &G::State, mv: G::Move) -> String {
    let action = game.describe_move(state, mv).action;
    match action.value {
        ActionValue::Word(word) => word.to_string(),
        ActionValue::Text(text) => text,
        ActionValue::Number(number) => format!("{}={number}", action.key),
    }
}
