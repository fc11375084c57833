//! The state DAG of stone-game written straight to DOT, without building a petgraph graph: its
//! positions are the intervals of the row, so node numbers, values and the optimal and principal
//! marks come from flat arrays indexed by interval, and the statements stream to the writer.
//!
//! The bytes are those of the generic path ([`crate::graph::build_dag`] then
//! [`super::dot::DotExporter`]) exactly: the same walk numbers the nodes (a stack, children in
//! legal order, a position numbered when first reached), edges come in the order that walk adds
//! them, and each statement is written by the same functions of [`super::dot`].
//! `tests/graph.rs` compares both paths on random instances.

use super::dot::{push_edge_statement, push_node_statement, write_footer, write_header};
use super::{ExportError, GraphMeta};
use crate::game::{Game, Scores};
use crate::games::stone_game::{Interval, Side, StoneGame};
use crate::graph::{GraphEdge, GraphKind, GraphNode};
use crate::solve::first_best;
use std::io::Write;

/// Statements are gathered into chunks of about this many bytes before each write, so an
/// unbuffered writer still sees few calls.
const CHUNK_BYTES: usize = 1 << 16;

/// The legal moves of an interval of `len` piles, as [`Interval::ends`] lists them, without
/// allocating a vector per position.
fn ends(len: usize) -> &'static [Side] {
    match len {
        0 => &[],
        1 => &[Side::Left],
        _ => &[Side::Left, Side::Right],
    }
}

/// The solved state DAG of one instance, in flat arrays indexed by node number.
struct IntervalDag {
    /// Number of piles.
    n: usize,
    /// Node number of interval `(left, right)` at `left * (n + 1) + right`.
    node_of: Vec<u32>,
    /// The interval of each node.
    states: Vec<Interval>,
    /// Nodes in the order the numbering walk expanded them: the order of their edges.
    expanded: Vec<u32>,
    /// Both players' points from each node to the end under optimal play.
    future: Vec<Scores>,
    /// Each node's optimal move (`None` at the terminal position).
    best: Vec<Option<Side>>,
    /// Whether each node lies on the principal variation.
    principal: Vec<bool>,
    /// Nodes of the full tree (paths from the root, saturating).
    tree_nodes: u128,
}

impl IntervalDag {
    fn node(&self, state: Interval) -> usize {
        self.node_of[state.left as usize * (self.n + 1) + state.right as usize] as usize
    }

    /// Numbers the positions as [`crate::graph::build_dag`] does: pop a node from a stack, and
    /// push each child, in legal order, the first time it is reached.
    fn number(game: &StoneGame) -> IntervalDag {
        let n = game.piles().len();
        let width = n + 1;
        let nodes = n * (n + 1) / 2 + 1;
        let mut dag = IntervalDag {
            n,
            node_of: vec![u32::MAX; width * width],
            states: Vec::with_capacity(nodes),
            expanded: Vec::with_capacity(nodes),
            future: Vec::new(),
            best: Vec::new(),
            principal: Vec::new(),
            tree_nodes: 0,
        };
        let root = game.initial_state();
        dag.node_of[root.left as usize * width + root.right as usize] = 0;
        dag.states.push(root);
        let mut pending = vec![0u32];
        while let Some(node) = pending.pop() {
            dag.expanded.push(node);
            let state = dag.states[node as usize];
            for &side in ends(state.len()) {
                let child = game.apply(&state, side);
                let slot = &mut dag.node_of[child.left as usize * width + child.right as usize];
                if *slot == u32::MAX {
                    *slot = dag.states.len() as u32;
                    pending.push(*slot);
                    dag.states.push(child);
                }
            }
        }
        debug_assert_eq!(dag.states.len(), nodes, "every interval is reachable");
        dag
    }

    /// Solves every node, shortest intervals first (children before parents), with the
    /// generic solver's tie-break ([`first_best`]: the first move in legal order among the
    /// best), counts the full tree and marks the principal variation.
    fn solve(&mut self, game: &StoneGame) {
        let nodes = self.states.len();
        self.future = vec![Scores::ZERO; nodes];
        self.best = vec![None; nodes];
        self.principal = vec![false; nodes];
        // Every empty interval is the one terminal position `(n, n)`.
        let n = self.n as u32;
        let terminal = self.node(Interval { left: n, right: n });
        self.future[terminal] = game.terminal_payoff(&self.states[terminal]);
        // Tree nodes below an interval depend only on its length.
        let mut subtree = vec![1u128; self.n + 1];
        for len in 1..=self.n {
            let children = ends(len).len() as u128;
            subtree[len] = subtree[len - 1].saturating_mul(children).saturating_add(1);
            for left in 0..=self.n - len {
                let state = Interval {
                    left: left as u32,
                    right: (left + len) as u32,
                };
                let node = self.node(state);
                let mover = game.to_move(&state);
                let scored = ends(len).iter().map(|&side| {
                    let child = self.node(game.apply(&state, side));
                    let scores = self.future[child].plus(mover, game.gain(&state, side));
                    ((side, scores), scores.margin_for(mover))
                });
                if let Some(((side, scores), _)) = first_best(scored) {
                    self.future[node] = scores;
                    self.best[node] = Some(side);
                }
            }
        }
        self.tree_nodes = subtree[self.n];
        let mut node = 0;
        loop {
            self.principal[node] = true;
            let Some(side) = self.best[node] else { break };
            node = self.node(game.apply(&self.states[node], side));
        }
    }
}

/// Writes the state DAG of `game` as DOT to `out`, byte for byte as the generic path does;
/// returns the number of nodes of the full tree and of the DAG. Check its size first
/// ([`crate::graph::check_size`]).
pub fn write_dot(
    game: &StoneGame,
    meta: &GraphMeta,
    out: &mut dyn Write,
) -> Result<(u128, usize), ExportError> {
    let mut dag = IntervalDag::number(game);
    dag.solve(game);
    let dag_nodes = dag.states.len();
    write_header(
        out,
        &meta.title_of(GraphKind::Dag, dag.tree_nodes, dag_nodes),
    )?;
    let mut line = String::new();
    let mut chunk = Vec::with_capacity(CHUNK_BYTES + 4096);
    for (index, &state) in dag.states.iter().enumerate() {
        let terminal = game.is_terminal(&state);
        let node = GraphNode {
            state,
            mover: (!terminal).then(|| game.to_move(&state)),
            future: dag.future[index],
            so_far: None,
            principal: dag.principal[index],
        };
        push_node_statement(game, index, &node, &mut line, &mut chunk);
        flush(&mut chunk, out)?;
    }
    for &node in &dag.expanded {
        let node = node as usize;
        let state = dag.states[node];
        for (order, &side) in ends(state.len()).iter().enumerate() {
            let optimal = dag.best[node] == Some(side);
            let edge = GraphEdge {
                mv: side,
                order: order as u32,
                gain: game.gain(&state, side),
                optimal,
                principal: optimal && dag.principal[node],
            };
            let child = dag.node(game.apply(&state, side));
            push_edge_statement(game, (node, child), &state, &edge, &mut line, &mut chunk);
            flush(&mut chunk, out)?;
        }
    }
    out.write_all(&chunk)?;
    write_footer(out)?;
    Ok((dag.tree_nodes, dag_nodes))
}

/// Writes `chunk` out once it holds [`CHUNK_BYTES`] or more, and empties it.
fn flush(chunk: &mut Vec<u8>, out: &mut dyn Write) -> Result<(), ExportError> {
    if chunk.len() >= CHUNK_BYTES {
        out.write_all(chunk)?;
        chunk.clear();
    }
    Ok(())
}
