//! Game graphs with petgraph, built through the [`Game`] trait for every game: the state DAG
//! (one node per distinct position, transpositions merged) and the full game tree (one node per
//! move sequence), each node solved and each optimal move marked.
//!
//! Nodes hold the game's own state type rather than text, so a graph of millions of nodes costs
//! tens of bytes per node; exporters (`crate::graph::export`) describe states as they write them.
//!
//! Values follow the solvers' rules (see `crate::base::game`): at every node the optimal move is the
//! first in legal order among those maximising the mover's margin, so the principal variation
//! marked here is the one `gamelab solve` prints.

pub mod export;

use crate::base::error::{InputError, Setting};
use crate::base::game::{Game, Player, Scores};
use crate::base::size::{Count, tree_nodes};
use crate::cost::{Cost, Operation, Work};
use crate::solve::first_best;
use crate::util::hashing::FastMap;
use petgraph::Direction;
use petgraph::graph::{DiGraph, EdgeIndex, NodeIndex};

/// A tree or a DAG.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GraphKind {
    /// One node per move sequence.
    Tree,
    /// One node per distinct position.
    Dag,
}

impl GraphKind {
    /// `"tree"` or `"dag"`.
    pub fn name(self) -> &'static str {
        match self {
            GraphKind::Tree => "tree",
            GraphKind::Dag => "dag",
        }
    }
}

/// A position in the graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphNode<S> {
    pub state: S,
    /// The player to move; `None` at terminal positions.
    pub mover: Option<Player>,
    /// Both players' points from here to the end under optimal play (the terminal payoff at
    /// terminal positions).
    pub future: Scores,
    /// Points each player made on the way here (tree only; `None` in the DAG, where a position
    /// has many histories).
    pub so_far: Option<Scores>,
    /// Whether the node lies on the principal variation from the root.
    pub principal: bool,
}

impl<S> GraphNode<S> {
    /// Whether the game is over here.
    pub fn is_terminal(&self) -> bool {
        self.mover.is_none()
    }

    /// The mover's margin from here under optimal play (`None` at terminal positions).
    pub fn mover_margin(&self) -> Option<i64> {
        self.mover.map(|mover| self.future.margin_for(mover))
    }

    /// Final scores of the game through this node under optimal play from here (tree only).
    pub fn final_scores(&self) -> Option<Scores> {
        self.so_far.map(|so_far| Scores {
            first: so_far.first + self.future.first,
            second: so_far.second + self.future.second,
        })
    }
}

/// A move in the graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphEdge<M> {
    pub mv: M,
    /// The move's position in its node's legal order (petgraph lists edges newest first).
    pub order: u32,
    /// Points the move earns its player.
    pub gain: i64,
    /// Whether optimal play makes this move at its node.
    pub optimal: bool,
    /// Whether the move lies on the principal variation from the root.
    pub principal: bool,
}

/// A solved game graph.
pub struct GameGraph<S, M> {
    pub graph: DiGraph<GraphNode<S>, GraphEdge<M>>,
    pub kind: GraphKind,
    pub root: NodeIndex,
    /// Nodes of the full tree (saturating at `u128::MAX`), whichever kind this graph is.
    pub tree_nodes: u128,
    /// Nodes of the state DAG, whichever kind this graph is.
    pub dag_nodes: usize,
}

impl<S, M> GameGraph<S, M> {
    /// The outgoing edges of `node` in legal-move order.
    pub fn moves_from(&self, node: NodeIndex) -> Vec<EdgeIndex> {
        let mut edges = Vec::new();
        self.moves_from_into(node, &mut edges);
        edges
    }

    /// [`GameGraph::moves_from`] into `edges` (reused between calls, as solving every node of a
    /// large graph does).
    pub fn moves_from_into(&self, node: NodeIndex, edges: &mut Vec<EdgeIndex>) {
        edges.clear();
        edges.extend(
            self.graph
                .edges_directed(node, Direction::Outgoing)
                .map(|edge| petgraph::visit::EdgeRef::id(&edge)),
        );
        edges.sort_by_key(|&edge| self.graph[edge].order);
    }
}

/// The default `--max-nodes`: about 100 MB of graph.
pub const DEFAULT_MAX_NODES: u128 = 1_000_000;

/// Positions a refusal message may visit to state the exact size it refuses.
const MESSAGE_COUNTING_BUDGET: u128 = 2_000_000;

/// Bytes one node of a built graph costs (the node, its index entry, its share of the solving
/// arrays), and one edge.
pub const NODE_BYTES: u128 = 100;
pub const EDGE_BYTES: u128 = 64;

/// The time of building and writing a graph of `nodes` nodes and `edges` edges.
pub fn graph_work(nodes: u128, edges: u128) -> Work {
    Work::of(Operation::GraphNode, nodes.saturating_add(edges))
}

/// Refuses a graph of `kind` with more than `max_nodes` nodes, or whose nodes and edges need more
/// memory than the budget ([`crate::cost`]), before anything is built, saying how big it is and
/// what to try instead. Counting stops as soon as a limit is passed.
pub fn check_size<G: Game>(game: &G, kind: GraphKind, max_nodes: u128) -> Result<(), InputError> {
    let limits = SizeLimits {
        max_nodes,
        memory: crate::cost::budget().memory as u128,
    };
    match kind {
        GraphKind::Tree => check_tree_size(game, limits),
        GraphKind::Dag => check_dag_size(game, limits),
    }
}

/// What a graph must fit: the node limit and the memory budget (bytes).
#[derive(Clone, Copy)]
struct SizeLimits {
    max_nodes: u128,
    memory: u128,
}

impl SizeLimits {
    /// At most this many edges fit in the memory budget beside `nodes` nodes.
    fn edge_limit(self, nodes: u128) -> u128 {
        self.memory.saturating_sub(nodes.saturating_mul(NODE_BYTES)) / EDGE_BYTES
    }

    /// The state DAG's node count, if at most `limit` and its edges fit beside that many nodes.
    fn dag_nodes<G: Game>(self, game: &G, limit: u128) -> Option<u128> {
        crate::base::size::dag_size(game, limit, self.edge_limit(limit)).map(|size| size.states)
    }

    /// The refusal of a graph over the node limit.
    fn too_many_nodes(self, what: &'static str, count: String, advice: String) -> InputError {
        InputError::TooManyNodes {
            what,
            count,
            limit: self.max_nodes,
            setting: Setting::MaxNodes,
            advice,
        }
    }
}

/// [`check_size`] for the game tree.
fn check_tree_size<G: Game>(game: &G, limits: SizeLimits) -> Result<(), InputError> {
    let max_nodes = limits.max_nodes;
    if let Some(nodes) = tree_nodes(game, max_nodes, max_nodes).exact() {
        // A tree of n nodes has n - 1 edges; the DAG is built first, no larger.
        return Cost::new(
            nodes.saturating_mul(NODE_BYTES + EDGE_BYTES) * 2,
            graph_work(nodes, nodes),
        )
        .check(
            format_args!("the game tree ({nodes} nodes)"),
            &format!("draw {} or a smaller instance", Setting::StateDag),
        );
    }
    let count = tree_nodes(game, u128::MAX, MESSAGE_COUNTING_BUDGET);
    let advice = match limits.dag_nodes(game, max_nodes) {
        Some(dag) => format!("draw {} instead (it has {dag} nodes)", Setting::StateDag),
        None => "use a smaller instance".to_string(),
    };
    Err(limits.too_many_nodes("game tree", count.to_string(), advice))
}

/// [`check_size`] for the state DAG: from the cheapest figures to the dearest, the first that
/// settles the question answers it.
fn check_dag_size<G: Game>(game: &G, limits: SizeLimits) -> Result<(), InputError> {
    let verdict = dag_within_bounds(game, limits)
        .or_else(|| dag_over_memory_at_least(game, limits))
        .or_else(|| dag_by_formula(game, limits))
        .or_else(|| dag_by_walk(game, limits))
        .or_else(|| dag_over_memory_by_walk(game, limits));
    verdict.unwrap_or_else(|| Err(too_many_dag_nodes(game, limits)))
}

/// Accepts the DAG when the game's cheap upper bounds already fit: the exact size would too, and
/// counting it walks the whole DAG.
fn dag_within_bounds<G: Game>(game: &G, limits: SizeLimits) -> Option<Result<(), InputError>> {
    let most_states = game.bounds().states;
    let most_moves = most_states.saturating_mul(game.bounds().moves);
    let most_bytes = most_states
        .saturating_mul(NODE_BYTES)
        .saturating_add(most_moves.saturating_mul(EDGE_BYTES));
    (most_states <= limits.max_nodes && most_bytes <= limits.memory).then(|| {
        Cost::new(most_bytes, graph_work(most_states, most_moves))
            .check("the state DAG", "use a smaller instance")
    })
}

/// Refuses a DAG with so many nodes at least that they are over the memory budget before
/// counting anything (the node limit, checked later, speaks first).
fn dag_over_memory_at_least<G: Game>(
    game: &G,
    limits: SizeLimits,
) -> Option<Result<(), InputError>> {
    let least = game.bounds().least_states;
    (least <= limits.max_nodes && least.saturating_mul(NODE_BYTES) > limits.memory).then(|| {
        Cost::memory(least.saturating_mul(NODE_BYTES)).check(
            format_args!(
                "the state DAG (at least {} nodes)",
                crate::cost::count(least)
            ),
            "use a smaller instance",
        )
    })
}

/// The number games count their DAG by formula: accepts it or refuses it with the exact figures.
fn dag_by_formula<G: Game>(game: &G, limits: SizeLimits) -> Option<Result<(), InputError>> {
    if game.bounds().least_states > limits.max_nodes {
        return None;
    }
    let size = game.dag_size_by_formula()?;
    let bytes = size.states.saturating_mul(NODE_BYTES) + size.edges.saturating_mul(EDGE_BYTES);
    let figures = format!(
        "{} nodes, {} moves",
        crate::cost::count(size.states),
        crate::cost::count(size.edges)
    );
    if size.states > limits.max_nodes {
        let advice = format!(
            "use a smaller instance ({figures}, about {} of memory)",
            crate::cost::bytes(bytes)
        );
        let count = crate::cost::count(size.states);
        return Some(Err(limits.too_many_nodes("state DAG", count, advice)));
    }
    Some(Cost::new(bytes, graph_work(size.states, size.edges)).check(
        format_args!("the state DAG ({figures})"),
        "use a smaller instance",
    ))
}

/// Accepts or refuses the DAG by its size, counted by walking at most as many moves as fit in the
/// memory budget: every position but the root is found through a move, so that bounds the
/// count's time and memory.
fn dag_by_walk<G: Game>(game: &G, limits: SizeLimits) -> Option<Result<(), InputError>> {
    let size = crate::base::size::dag_size(game, limits.max_nodes, limits.edge_limit(0))?;
    Some(
        Cost::new(
            size.states.saturating_mul(NODE_BYTES) + size.edges.saturating_mul(EDGE_BYTES),
            graph_work(size.states, size.edges),
        )
        .check(
            format_args!(
                "the state DAG ({} nodes, {} moves)",
                size.states, size.edges
            ),
            "use a smaller instance",
        ),
    )
}

/// Refuses a DAG that may be within the node limit but whose moves are over the memory budget.
fn dag_over_memory_by_walk<G: Game>(
    game: &G,
    limits: SizeLimits,
) -> Option<Result<(), InputError>> {
    let edges = limits.edge_limit(0);
    if game.bounds().least_states > limits.max_nodes
        || crate::base::size::dag_size(game, u128::MAX, edges).is_some()
    {
        return None;
    }
    let memory = crate::cost::bytes(limits.memory);
    Some(Err(InputError::OverBudget(Box::new(
        crate::base::error::OverBudget {
            what: "the state DAG".to_string(),
            cost: format!(
                "needs more than {memory} of memory (more than {} moves of {EDGE_BYTES} bytes)",
                crate::cost::count(edges)
            ),
            budget: memory,
            setting: Setting::MaxMemory,
            advice: "use a smaller instance".to_string(),
            raise_to: None,
            also: None,
        },
    ))))
}

/// The refusal of a DAG over the node limit, with its size counted as far as a message may.
fn too_many_dag_nodes<G: Game>(game: &G, limits: SizeLimits) -> InputError {
    let budget = MESSAGE_COUNTING_BUDGET.max(limits.max_nodes);
    let count = limits
        .dag_nodes(game, budget)
        .map_or(Count::MoreThan(budget), Count::Exact);
    let advice = format!(
        "use a smaller instance, or raise {} (and {}) if memory allows (about {} bytes \
         per node and {} per move; at most {} positions)",
        Setting::MaxNodes,
        Setting::MaxMemory,
        NODE_BYTES,
        EDGE_BYTES,
        game.bounds().states
    );
    limits.too_many_nodes("state DAG", count.to_string(), advice)
}

/// Builds and solves the state DAG of `game`. Check its size first ([`check_size`]).
pub fn build_dag<G: Game>(game: &G) -> GameGraph<G::State, G::Move> {
    let mut graph = DiGraph::new();
    let mut index_of: FastMap<G::State, NodeIndex> = FastMap::default();
    let root_state = game.initial_state();
    let root = graph.add_node(unsolved_node(game, root_state.clone()));
    index_of.insert(root_state, root);
    let mut pending = vec![root];
    while let Some(node) = pending.pop() {
        let state = graph[node].state.clone();
        for (order, mv) in game.legal_moves(&state).into_iter().enumerate() {
            let child_state = game.apply(&state, mv);
            let child = *index_of.entry(child_state.clone()).or_insert_with(|| {
                let child = graph.add_node(unsolved_node(game, child_state));
                pending.push(child);
                child
            });
            let edge = GraphEdge {
                mv,
                order: order as u32,
                gain: game.gain(&state, mv),
                optimal: false,
                principal: false,
            };
            graph.add_edge(node, child, edge);
        }
    }
    let dag_nodes = graph.node_count();
    let mut dag = GameGraph {
        graph,
        kind: GraphKind::Dag,
        root,
        tree_nodes: 0,
        dag_nodes,
    };
    dag.tree_nodes = solve_nodes(&mut dag);
    mark_principal_variation(&mut dag);
    dag
}

fn unsolved_node<G: Game>(game: &G, state: G::State) -> GraphNode<G::State> {
    let terminal = game.is_terminal(&state);
    GraphNode {
        mover: (!terminal).then(|| game.to_move(&state)),
        future: if terminal {
            game.terminal_payoff(&state)
        } else {
            Scores::ZERO
        },
        so_far: None,
        principal: false,
        state,
    }
}

/// Fills in every node's future scores and marks optimal moves, children before parents;
/// returns the number of nodes the full tree has (paths from the root, saturating).
fn solve_nodes<S, M>(dag: &mut GameGraph<S, M>) -> u128 {
    let order = children_first(&dag.graph);
    let mut subtree_nodes = vec![1u128; dag.graph.node_count()];
    let mut moves = Vec::new();
    for &node in &order {
        for child in dag.graph.neighbors_directed(node, Direction::Outgoing) {
            subtree_nodes[node.index()] =
                subtree_nodes[node.index()].saturating_add(subtree_nodes[child.index()]);
        }
        let Some(mover) = dag.graph[node].mover else {
            continue;
        };
        dag.moves_from_into(node, &mut moves);
        let scored = moves.iter().filter_map(|&edge| {
            let (_, child) = dag.graph.edge_endpoints(edge)?;
            let scores = dag.graph[child].future.plus(mover, dag.graph[edge].gain);
            Some(((edge, scores), scores.margin_for(mover)))
        });
        if let Some(((edge, scores), _)) = first_best(scored) {
            dag.graph[node].future = scores;
            dag.graph[edge].optimal = true;
        }
    }
    subtree_nodes[dag.root.index()]
}

/// Every node, each after all of its children (Kahn's algorithm run from the leaves up, over
/// incoming edges). Solving needs only that; any such order gives the same values. Cheaper than
/// petgraph's depth-first `toposort`, which was a quarter of exporting a large DAG.
fn children_first<N, E>(graph: &DiGraph<N, E>) -> Vec<NodeIndex> {
    let mut unsolved_children = vec![0u32; graph.node_count()];
    for edge in graph.raw_edges() {
        unsolved_children[edge.source().index()] += 1;
    }
    let mut order: Vec<NodeIndex> = graph
        .node_indices()
        .filter(|node| unsolved_children[node.index()] == 0)
        .collect();
    let mut next = 0;
    while let Some(&node) = order.get(next) {
        next += 1;
        // A parent with two moves to this node is listed twice, as it was counted twice.
        for parent in graph.neighbors_directed(node, Direction::Incoming) {
            let count = &mut unsolved_children[parent.index()];
            *count -= 1;
            if *count == 0 {
                order.push(parent);
            }
        }
    }
    if order.len() != graph.node_count() {
        unreachable!("game positions never repeat, so the state graph is acyclic");
    }
    order
}

/// Marks the nodes and edges on the optimal line from the root.
fn mark_principal_variation<S, M>(graph: &mut GameGraph<S, M>) {
    let mut node = graph.root;
    loop {
        graph.graph[node].principal = true;
        let next = graph
            .moves_from(node)
            .into_iter()
            .find(|&edge| graph.graph[edge].optimal);
        let Some(edge) = next else { break };
        graph.graph[edge].principal = true;
        let Some((_, child)) = graph.graph.edge_endpoints(edge) else {
            break;
        };
        node = child;
    }
}

/// Builds the full game tree by unfolding the solved DAG: every path from the root becomes its
/// own chain of nodes, carrying the points made on the way. Check its size first ([`check_size`]).
pub fn build_tree<G: Game>(game: &G) -> GameGraph<G::State, G::Move> {
    let dag = build_dag(game);
    let mut graph = DiGraph::new();
    let root_node = GraphNode {
        so_far: Some(Scores::ZERO),
        ..dag.graph[dag.root].clone()
    };
    let root = graph.add_node(root_node);
    // (tree node, its DAG node, whether it lies on the principal variation)
    let mut pending = vec![(root, dag.root, true)];
    while let Some((tree_node, dag_node, on_line)) = pending.pop() {
        let so_far = graph[tree_node].so_far.unwrap_or(Scores::ZERO);
        graph[tree_node].principal = on_line;
        let mover = dag.graph[dag_node].mover;
        for edge in dag.moves_from(dag_node) {
            let Some((_, dag_child)) = dag.graph.edge_endpoints(edge) else {
                continue;
            };
            let move_data = dag.graph[edge].clone();
            let child_so_far = mover.map_or(so_far, |mover| so_far.plus(mover, move_data.gain));
            let child = graph.add_node(GraphNode {
                so_far: Some(child_so_far),
                principal: false,
                ..dag.graph[dag_child].clone()
            });
            let principal = on_line && move_data.optimal;
            graph.add_edge(
                tree_node,
                child,
                GraphEdge {
                    principal,
                    ..move_data
                },
            );
            pending.push((child, dag_child, principal));
        }
    }
    GameGraph {
        graph,
        kind: GraphKind::Tree,
        root,
        tree_nodes: dag.tree_nodes,
        dag_nodes: dag.dag_nodes,
    }
}

/// Builds the graph of `kind`.
pub fn build<G: Game>(game: &G, kind: GraphKind) -> GameGraph<G::State, G::Move> {
    match kind {
        GraphKind::Tree => build_tree(game),
        GraphKind::Dag => build_dag(game),
    }
}
