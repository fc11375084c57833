//! The state DAG of stone-game written straight to DOT, without building a petgraph graph: its
//! positions are the intervals of the row, so node numbers, values and the optimal and principal
//! marks come from flat arrays indexed by interval, and the statements stream to the writer.
//! Each node's label copies its window of the piles' digits, written once
//! ([`PileWindowText`]), and the statements are formatted in pieces of about 700 KB, on
//! two threads when there are two cores, while the calling thread writes the pieces in order.
//!
//! The bytes are those of the generic path ([`crate::graph::build_dag`] then
//! [`crate::graph::export::dot::DotExporter`]) exactly: the same walk numbers the nodes (a stack, children in
//! legal order, a position numbered when first reached), edges come in the order that walk adds
//! them, and each statement is written by the same functions of [`crate::graph::export::dot`] (the state's
//! text and the move's label given ready-made).
//! `tests/outputs/graph.rs` compares both paths on random instances.

use crate::base::game::{Game, Scores};
use crate::base::input::PileWindowText;
use crate::games::stone_game::{Interval, Side, StoneGame};
use crate::graph::export::dot::{
    escaped_move_label, push_edge_statement_with_label, push_node_statement_with_state,
    write_footer, write_header,
};
use crate::graph::export::{ExportError, GraphMeta};
use crate::graph::{GraphEdge, GraphKind, GraphNode};
use crate::solve::first_best;
use std::io::Write;
use std::sync::mpsc;

/// The legal moves of an interval of `len` piles, as [`Interval::ends`] lists them, without
/// allocating a vector per position.
fn ends(len: usize) -> &'static [Side] {
    match len {
        0 => &[],
        1 => &[Side::Left],
        _ => &[Side::Left, Side::Right],
    }
}

/// The solved state DAG of one instance: the numbering in flat arrays indexed by node number,
/// the solution in tables indexed by interval ([`IntervalDag::slot`]).
struct IntervalDag {
    /// Number of piles.
    n: usize,
    /// Node number of interval `(left, right)` at `left * (n + 1) + right`.
    node_of: Vec<u32>,
    /// The interval of each node.
    states: Vec<Interval>,
    /// Nodes in the order the numbering walk expanded them: the order of their edges.
    expanded: Vec<u32>,
    /// Where each length's intervals start in the three tables below ([`Self::slot`]).
    length_start: Vec<usize>,
    /// Both players' points from each interval to the end under optimal play.
    future: Vec<Scores>,
    /// Each interval's optimal move (`None` at the terminal position).
    best: Vec<Option<Side>>,
    /// Whether each interval lies on the principal variation.
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
            length_start: Vec::new(),
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

    /// Where interval `state` sits in the solved tables: by length, then by left end, so the
    /// two children of an interval (one pile shorter, same or next left end) sit side by side
    /// in the previous length's run and the solving sweep reads memory in order. Every empty
    /// interval is the terminal position `(n, n)`.
    fn slot(&self, state: Interval) -> usize {
        let len = state.len();
        self.length_start[len] + state.left as usize
    }

    /// Solves every interval, shortest first (children before parents), with the generic
    /// solver's tie-break ([`first_best`]: the first move in legal order among the best),
    /// counts the full tree and marks the principal variation.
    fn solve(&mut self, game: &StoneGame) {
        let n = self.n;
        // Length `len` has `n + 1 - len` intervals.
        self.length_start = (0..=n + 1)
            .scan(0, |start, len| {
                let this = *start;
                *start += n + 1 - len;
                Some(this)
            })
            .collect();
        let slots = self.length_start[n + 1];
        self.future = vec![Scores::ZERO; slots];
        self.best = vec![None; slots];
        self.principal = vec![false; slots];
        let terminal = Interval {
            left: n as u32,
            right: n as u32,
        };
        let payoff = game.terminal_payoff(&terminal);
        self.future[..=n].fill(payoff);
        // Tree nodes below an interval depend only on its length.
        let mut subtree = vec![1u128; n + 1];
        for len in 1..=n {
            let children = ends(len).len() as u128;
            subtree[len] = subtree[len - 1].saturating_mul(children).saturating_add(1);
            let (shorter, this) = (self.length_start[len - 1], self.length_start[len]);
            for left in 0..=n - len {
                let state = Interval {
                    left: left as u32,
                    right: (left + len) as u32,
                };
                let mover = game.to_move(&state);
                let scored = ends(len).iter().map(|&side| {
                    // Taking the left pile leaves (left + 1, right), the right one (left, right - 1).
                    let child = match side {
                        Side::Left => shorter + left + 1,
                        Side::Right => shorter + left,
                    };
                    let scores = self.future[child].plus(mover, game.gain(&state, side));
                    ((side, scores), scores.margin_for(mover))
                });
                if let Some(((side, scores), _)) = first_best(scored) {
                    self.future[this + left] = scores;
                    self.best[this + left] = Some(side);
                }
            }
        }
        self.tree_nodes = subtree[n];
        let mut state = game.initial_state();
        loop {
            let slot = self.slot(state);
            self.principal[slot] = true;
            let Some(side) = self.best[slot] else { break };
            state = game.apply(&state, side);
        }
    }
}

/// How [`write_dot_split`] divides the work: the statements are formatted in pieces, each into
/// its own buffer, by `threads` threads, and the pieces are written in order.
#[derive(Clone, Copy, Debug)]
pub struct Split {
    /// Threads formatting pieces (1: all in the calling thread).
    pub threads: usize,
    /// Nodes per piece: a piece holds the statements of that many nodes, or the edges of that
    /// many nodes in expansion order.
    pub piece_nodes: usize,
}

impl Split {
    /// What [`write_dot`] uses: up to two formatting threads (the writing thread is a third;
    /// more formatters only wait on it), and pieces of about 700 KB, small enough that the
    /// pieces in flight stay a few megabytes and large enough that a write(2) call moves one.
    pub fn default_for_machine() -> Split {
        Split {
            threads: crate::util::parallel::available_threads().clamp(1, 2),
            piece_nodes: 4096,
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
    write_dot_split(game, meta, out, Split::default_for_machine())
}

/// [`write_dot`] with the work divided as `split` says; the bytes are the same for every split
/// (`tests/outputs/graph.rs` checks).
pub fn write_dot_split(
    game: &StoneGame,
    meta: &GraphMeta,
    out: &mut dyn Write,
    split: Split,
) -> Result<(u128, usize), ExportError> {
    let mut dag = IntervalDag::number(game);
    dag.solve(game);
    let dag_nodes = dag.states.len();
    write_header(
        out,
        &meta.title_of(GraphKind::Dag, dag.tree_nodes, dag_nodes),
    )?;
    let pieces = Pieces::new(game, &dag, split.piece_nodes.max(1));
    // One thread when asked, or when a formatting thread cannot be started (a process or
    // address-space limit; nothing is written before they all are).
    if split.threads <= 1 || pieces.count() <= 1 || !write_in_parallel(&pieces, split.threads, out)?
    {
        let mut buffer = Vec::new();
        for piece in 0..pieces.count() {
            buffer.clear();
            pieces.format(piece, &mut buffer);
            out.write_all(&buffer)?;
        }
    }
    write_footer(out)?;
    Ok((dag.tree_nodes, dag_nodes))
}

/// Formats the pieces on `threads` threads, thread `t` taking pieces `t`, `t + threads`, …,
/// while this thread writes them in order: it takes piece `k` from thread `k % threads`, which
/// formats its pieces in increasing order. Written buffers go back to their thread for reuse.
/// `false`, with nothing written, if a thread could not be started.
fn write_in_parallel(
    pieces: &Pieces<'_>,
    threads: usize,
    out: &mut dyn Write,
) -> Result<bool, ExportError> {
    std::thread::scope(|scope| {
        let mut formatted = Vec::with_capacity(threads);
        let mut returned = Vec::with_capacity(threads);
        for thread in 0..threads {
            // Two pieces ahead per thread: enough to keep it busy while this thread writes.
            let (send_piece, receive_piece) = mpsc::sync_channel::<Vec<u8>>(2);
            let (return_buffer, receive_buffer) = mpsc::channel::<Vec<u8>>();
            formatted.push(receive_piece);
            returned.push(return_buffer);
            let started = crate::util::parallel::start_scoped(scope, move || {
                for piece in (thread..pieces.count()).step_by(threads) {
                    let mut buffer = receive_buffer.try_recv().unwrap_or_default();
                    buffer.clear();
                    pieces.format(piece, &mut buffer);
                    if send_piece.send(buffer).is_err() {
                        return; // The writer stopped on an error, or never started.
                    }
                }
            });
            if started.is_err() {
                // Dropping the receivers stops the threads started so far at their first send.
                return Ok(false);
            }
        }
        for piece in 0..pieces.count() {
            let thread = piece % threads;
            let buffer = formatted[thread]
                .recv()
                .expect("a formatting thread sends each of its pieces or panics");
            out.write_all(&buffer)?;
            // The thread may have finished already; then the buffer is simply dropped.
            let _ = returned[thread].send(buffer);
        }
        Ok(true)
    })
}

/// The statements of the DAG in pieces: first the node statements of `piece_nodes` nodes
/// each, then the edge statements of `piece_nodes` expanded nodes each.
struct Pieces<'a> {
    game: &'a StoneGame,
    dag: &'a IntervalDag,
    piece_nodes: usize,
    node_pieces: usize,
    /// The piles' texts, for the node labels.
    piles: PileWindowText,
    /// The escaped labels of the moves `left` and `right`.
    side_labels: [Vec<u8>; 2],
}

impl<'a> Pieces<'a> {
    fn new(game: &'a StoneGame, dag: &'a IntervalDag, piece_nodes: usize) -> Pieces<'a> {
        let root = game.initial_state();
        Pieces {
            game,
            dag,
            piece_nodes,
            node_pieces: dag.states.len().div_ceil(piece_nodes),
            piles: PileWindowText::new(game.piles()),
            // A stone-game move's label does not depend on the position.
            side_labels: [Side::Left, Side::Right]
                .map(|side| escaped_move_label(game, &root, side)),
        }
    }

    fn count(&self) -> usize {
        self.node_pieces + self.dag.expanded.len().div_ceil(self.piece_nodes)
    }

    /// Appends the statements of piece `piece` to `buffer`.
    fn format(&self, piece: usize, buffer: &mut Vec<u8>) {
        if piece < self.node_pieces {
            let first = piece * self.piece_nodes;
            let end = (first + self.piece_nodes).min(self.dag.states.len());
            for index in first..end {
                self.push_node(index, buffer);
            }
        } else {
            let first = (piece - self.node_pieces) * self.piece_nodes;
            let end = (first + self.piece_nodes).min(self.dag.expanded.len());
            for &node in &self.dag.expanded[first..end] {
                self.push_edges(node as usize, buffer);
            }
        }
    }

    fn push_node(&self, index: usize, buffer: &mut Vec<u8>) {
        let (game, dag) = (self.game, self.dag);
        let state = dag.states[index];
        let slot = dag.slot(state);
        let terminal = game.is_terminal(&state);
        let node = GraphNode {
            state,
            mover: (!terminal).then(|| game.to_move(&state)),
            future: dag.future[slot],
            so_far: None,
            principal: dag.principal[slot],
        };
        // The window's text needs no escaping (see `PileWindowText::push_window`).
        push_node_statement_with_state(index, &node, buffer, |buffer| {
            self.piles
                .push_window(state.left as usize, state.right as usize, buffer)
        });
    }

    fn push_edges(&self, node: usize, buffer: &mut Vec<u8>) {
        let (game, dag) = (self.game, self.dag);
        let state = dag.states[node];
        let slot = dag.slot(state);
        for (order, &side) in ends(state.len()).iter().enumerate() {
            let optimal = dag.best[slot] == Some(side);
            let edge = GraphEdge {
                mv: side,
                order: order as u32,
                gain: game.gain(&state, side),
                optimal,
                principal: optimal && dag.principal[slot],
            };
            let child = dag.node(game.apply(&state, side));
            let label = match side {
                Side::Left => &self.side_labels[0],
                Side::Right => &self.side_labels[1],
            };
            push_edge_statement_with_label((node, child), label, &edge, buffer);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::parallel::SPAWNS_ALLOWED;

    #[test]
    fn a_formatting_thread_that_cannot_start_leaves_the_bytes_alike() {
        let game = StoneGame::new((0..40).map(|k| k * 37 % 11 - 5).collect()).unwrap();
        let meta = GraphMeta {
            game: "stone-game",
            instance: "forty piles".to_string(),
        };
        let write = |threads: usize| {
            let mut out = Vec::new();
            let split = Split {
                threads,
                piece_nodes: 7,
            };
            let sizes = write_dot_split(&game, &meta, &mut out, split).unwrap();
            (sizes, out)
        };
        let alone = write(1);
        // The first of three formatting threads starts, the second is refused: nothing has
        // been written yet, so the whole DAG is formatted on this thread instead.
        SPAWNS_ALLOWED.set(Some(1));
        let refused = write(3);
        SPAWNS_ALLOWED.set(None);
        assert_eq!(refused, alone);
        assert_eq!(write(3), alone);
    }
}
