//! Graphviz DOT: a title and legend, the player to move by colour and shape, optimal moves drawn
//! bold, and the principal variation in red.
//!
//! Written by hand rather than with petgraph's `Dot`: we need graph-level attributes (title,
//! legend), centred multi-line labels and our own escaping, and we stream one line per node.

use crate::base::game::{ActionValue, Game, Player, Scores};
#[cfg(doc)]
use crate::graph::export::short_move_label;
use crate::graph::export::{Export, ExportError, GraphExporter};
use crate::graph::{GraphEdge, GraphNode};
use crate::util::digits::{push_integer, push_signed, push_unsigned};
use petgraph::visit::EdgeRef;
use std::io::Write;

// The colours: first player to move #cfe2ff (blue), second #f8d7da (red), finished positions
// #e9ecef (grey); the principal variation #d62728 (red), other optimal moves #1f4e79 (dark
// blue), moves optimal play avoids #9e9e9e (grey). Written out whole in each statement's
// attributes, so that each is copied with one call.

/// Shape and fill of the first player's, the second player's and finished positions.
const NODE_STYLES: [&str; 3] = [
    "shape=box, style=\"filled\", fillcolor=\"#cfe2ff\"",
    "shape=ellipse, style=\"filled\", fillcolor=\"#f8d7da\"",
    "shape=box, style=\"rounded,filled\", fillcolor=\"#e9ecef\"",
];

/// The principal variation's border on a node.
const PRINCIPAL_NODE_STYLE: &str = ", color=\"#d62728\", penwidth=2.5";

/// The attributes after an edge's label, by the edge's part in optimal play.
const PRINCIPAL_EDGE_STYLE: &str = "\", color=\"#d62728\", fontcolor=\"#d62728\", penwidth=3];\n";
const OPTIMAL_EDGE_STYLE: &str = "\", color=\"#1f4e79\", penwidth=2];\n";
const OTHER_EDGE_STYLE: &str = "\", color=\"#9e9e9e\"];\n";

/// Writes Graphviz DOT.
pub struct DotExporter;

impl GraphExporter for DotExporter {
    fn export<G: Game>(&self, export: Export<'_, G>) -> Result<(), ExportError> {
        let (game, graph, meta, out) = (export.game, export.graph, export.meta, export.out);
        write_header(out, &meta.title(graph))?;
        // Each node's and each edge's statement is assembled in one reused byte buffer and
        // written with one call: the game writes its state into the reused `line`, we escape it
        // into `record`, integers are written as digits directly. No per-node or per-edge
        // allocation, and no `core::fmt` in the loops.
        let mut line = String::new();
        let mut record = Vec::new();
        for index in graph.graph.node_indices() {
            record.clear();
            push_node_statement(
                game,
                index.index(),
                &graph.graph[index],
                &mut line,
                &mut record,
            );
            out.write_all(&record)?;
        }
        for edge in graph.graph.edge_references() {
            let state = &graph.graph[edge.source()].state;
            record.clear();
            push_edge_statement(
                game,
                (edge.source().index(), edge.target().index()),
                state,
                edge.weight(),
                &mut line,
                &mut record,
            );
            out.write_all(&record)?;
        }
        write_footer(out)
    }
}

/// Writes the opening of the graph: its title and legend, and the default fonts.
pub fn write_header(out: &mut dyn Write, title: &str) -> Result<(), ExportError> {
    let legend = "blue box: first player to move; red ellipse: second player to move; grey: \
                  game over\\nbold: optimal move; red: principal variation (optimal play \
                  from the start)";
    writeln!(out, "digraph game {{")?;
    writeln!(
        out,
        "  graph [label=\"{}\\n{legend}\", labelloc=t, fontname=\"Helvetica\", fontsize=12];",
        escape(title)
    )?;
    writeln!(out, "  node [fontname=\"Helvetica\", fontsize=10];")?;
    writeln!(out, "  edge [fontname=\"Helvetica\", fontsize=9];")?;
    Ok(())
}

/// Writes the closing brace.
pub fn write_footer(out: &mut dyn Write) -> Result<(), ExportError> {
    writeln!(out, "}}")?;
    Ok(())
}

/// Appends node `index`'s statement (label and style) to `record`; `line` is scratch space.
pub fn push_node_statement<G: Game>(
    game: &G,
    index: usize,
    node: &GraphNode<G::State>,
    line: &mut String,
    record: &mut Vec<u8>,
) {
    line.clear();
    game.write_state(&node.state, line);
    push_node_statement_with_state(index, node, record, |record| push_escaped(record, line));
}

/// Appends node `index`'s statement to `record` as [`push_node_statement`] does, the state's
/// text coming from `push_state`, which appends it already escaped: a caller that keeps the
/// texts of its states ready (the stone-game DAG writer) copies them in without formatting.
pub fn push_node_statement_with_state<S>(
    index: usize,
    node: &GraphNode<S>,
    record: &mut Vec<u8>,
    push_state: impl FnOnce(&mut Vec<u8>),
) {
    record.extend_from_slice(b"  n");
    push_unsigned(record, index as u64);
    record.extend_from_slice(b" [label=\"");
    push_state(record);
    push_node_label_rest(node, record);
    record.extend_from_slice(b"\", ");
    push_node_style(node, record);
    record.extend_from_slice(b"];\n");
}

/// Appends the statement of the edge `(source, target)` playing `data.mv` at `state` to
/// `record`: its label (move and gain) and its style by its part in optimal play; `line` is
/// scratch space.
pub fn push_edge_statement<G: Game>(
    game: &G,
    (source, target): (usize, usize),
    state: &G::State,
    data: &GraphEdge<G::Move>,
    line: &mut String,
    record: &mut Vec<u8>,
) {
    push_edge_head((source, target), record);
    line.clear();
    push_move_label(game, state, data.mv, line);
    push_escaped(record, line);
    push_edge_statement_rest(data, record);
}

/// The text of the move's label (`left`, `count=2`) escaped, as an edge statement holds it.
pub fn escaped_move_label<G: Game>(game: &G, state: &G::State, mv: G::Move) -> Vec<u8> {
    let mut line = String::new();
    push_move_label(game, state, mv, &mut line);
    let mut escaped = Vec::new();
    push_escaped(&mut escaped, &line);
    escaped
}

/// Appends the statement of the edge `(source, target)` to `record` as [`push_edge_statement`]
/// does, with the move's label given already escaped ([`escaped_move_label`]).
pub fn push_edge_statement_with_label<M>(
    (source, target): (usize, usize),
    escaped_label: &[u8],
    data: &GraphEdge<M>,
    record: &mut Vec<u8>,
) {
    push_edge_head((source, target), record);
    record.extend_from_slice(escaped_label);
    push_edge_statement_rest(data, record);
}

/// The start of an edge statement, up to its move's label.
fn push_edge_head((source, target): (usize, usize), record: &mut Vec<u8>) {
    record.extend_from_slice(b"  n");
    push_unsigned(record, source as u64);
    record.extend_from_slice(b" -> n");
    push_unsigned(record, target as u64);
    record.extend_from_slice(b" [label=\"");
}

/// The end of an edge statement after its move's label: the gain and the style.
fn push_edge_statement_rest<M>(data: &GraphEdge<M>, record: &mut Vec<u8>) {
    if data.gain != 0 {
        // The gain holds only digits and signs: nothing to escape.
        record.extend_from_slice(b" (");
        push_signed(record, data.gain);
        record.push(b')');
    }
    if data.principal {
        record.extend_from_slice(PRINCIPAL_EDGE_STYLE.as_bytes());
    } else if data.optimal {
        record.extend_from_slice(OPTIMAL_EDGE_STYLE.as_bytes());
    } else {
        record.extend_from_slice(OTHER_EDGE_STYLE.as_bytes());
    }
}

/// Appends formatted text to the scratch line (a `String` cannot fail to take it).
fn write_to_line(line: &mut String, text: std::fmt::Arguments<'_>) {
    std::fmt::Write::write_fmt(line, text).expect("writing to a String cannot fail");
}

/// Appends the move's short label (`left`, `count=2`, see [`short_move_label`]) to `line`.
fn push_move_label<G: Game>(game: &G, state: &G::State, mv: G::Move, line: &mut String) {
    let action = game.move_action(state, mv);
    match action.value {
        ActionValue::Word(word) => line.push_str(word),
        ActionValue::Text(text) => line.push_str(&text),
        ActionValue::Number(number) => write_to_line(line, format_args!("{}={number}", action.key)),
    }
}

/// Appends the lines of a node's label after its state's text, each after `\n`, DOT's centred
/// line break.
fn push_node_label_rest<S>(node: &GraphNode<S>, out: &mut Vec<u8>) {
    // The remaining lines hold only numbers and fixed words: nothing to escape.
    match node.mover {
        Some(mover) => {
            out.extend_from_slice(b"\\n");
            out.extend_from_slice(mover.name().as_bytes());
            out.extend_from_slice(b" to move\\nto come: ");
            push_scores(out, node.future);
            out.extend_from_slice(b" (margin ");
            push_signed(out, node.future.margin());
            out.push(b')');
            if let Some(so_far) = node.so_far {
                out.extend_from_slice(b"\\nso far: ");
                push_scores(out, so_far);
            }
        }
        None => match node.final_scores() {
            Some(final_scores) => {
                out.extend_from_slice(b"\\nfinal: ");
                push_scores(out, final_scores);
            }
            None if node.future != Scores::ZERO => {
                out.extend_from_slice(b"\\ngame over, payoff: ");
                push_scores(out, node.future);
            }
            None => out.extend_from_slice(b"\\ngame over"),
        },
    }
}

/// `first A, second B`.
fn push_scores(out: &mut Vec<u8>, scores: Scores) {
    out.extend_from_slice(b"first ");
    push_integer(out, scores.first);
    out.extend_from_slice(b", second ");
    push_integer(out, scores.second);
}

/// Appends a node's attributes after its label: shape and fill by the player to move, a red
/// border on the principal variation.
fn push_node_style<S>(node: &GraphNode<S>, out: &mut Vec<u8>) {
    out.extend_from_slice(match node.mover {
        Some(Player::First) => NODE_STYLES[0].as_bytes(),
        Some(Player::Second) => NODE_STYLES[1].as_bytes(),
        None => NODE_STYLES[2].as_bytes(),
    });
    if node.principal {
        out.extend_from_slice(PRINCIPAL_NODE_STYLE.as_bytes());
    }
}

/// Appends `text` escaped as [`escape`] does, in runs between the characters that need it.
fn push_escaped(out: &mut Vec<u8>, text: &str) {
    let bytes = text.as_bytes();
    let mut run_start = 0;
    for (at, &byte) in bytes.iter().enumerate() {
        let replacement: &[u8] = match byte {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            b'\n' | b'\r' => b" ",
            _ => continue,
        };
        out.extend_from_slice(&bytes[run_start..at]);
        out.extend_from_slice(replacement);
        run_start = at + 1;
    }
    out.extend_from_slice(&bytes[run_start..]);
}

/// Escapes text for a double-quoted DOT string. Our own `\n` line breaks are inserted after
/// escaping, so user text can never break out of the string or add attributes.
pub fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for character in text.chars() {
        match character {
            '"' => escaped.push_str("\\\""),
            '\\' => escaped.push_str("\\\\"),
            '\n' | '\r' => escaped.push(' '),
            other => escaped.push(other),
        }
    }
    escaped
}
