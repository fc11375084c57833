//! Graphviz DOT: a title and legend, the player to move by colour and shape, optimal moves drawn
//! bold, and the principal variation in red.
//!
//! Written by hand rather than with petgraph's `Dot`: we need graph-level attributes (title,
//! legend), centred multi-line labels and our own escaping, and we stream one line per node.

#[cfg(doc)]
use super::short_move_label;
use super::{ExportError, GraphExporter, GraphMeta};
use crate::game::{ActionValue, Game, Player, Scores};
use crate::graph::{GameGraph, GraphNode};
use petgraph::visit::EdgeRef;
use std::io::Write;

/// Fill colours of the player to move and of finished positions.
const FIRST_FILL: &str = "#cfe2ff";
const SECOND_FILL: &str = "#f8d7da";
const TERMINAL_FILL: &str = "#e9ecef";
/// The principal variation's colour.
const LINE_COLOUR: &str = "#d62728";
/// Optimal moves off the principal variation.
const OPTIMAL_COLOUR: &str = "#1f4e79";
/// Moves optimal play avoids.
const OTHER_COLOUR: &str = "#9e9e9e";

/// Writes Graphviz DOT.
pub struct DotExporter;

impl GraphExporter for DotExporter {
    fn export<G: Game>(
        &self,
        game: &G,
        graph: &GameGraph<G::State, G::Move>,
        meta: &GraphMeta,
        out: &mut dyn Write,
    ) -> Result<(), ExportError> {
        let legend = "blue box: first player to move; red ellipse: second player to move; grey: \
                      game over\\nbold: optimal move; red: principal variation (optimal play \
                      from the start)";
        writeln!(out, "digraph game {{")?;
        writeln!(
            out,
            "  graph [label=\"{}\\n{legend}\", labelloc=t, fontname=\"Helvetica\", fontsize=12];",
            escape(&meta.title(graph))
        )?;
        writeln!(out, "  node [fontname=\"Helvetica\", fontsize=10];")?;
        writeln!(out, "  edge [fontname=\"Helvetica\", fontsize=9];")?;
        // One scratch line reused for every label: the game writes its state into it, we
        // escape it straight into `out`. No per-node or per-edge allocation.
        let mut line = String::new();
        for index in graph.graph.node_indices() {
            let node = &graph.graph[index];
            write!(out, "  n{} [label=\"", index.index())?;
            write_node_label(game, node, &mut line, out)?;
            out.write_all(b"\", ")?;
            write_node_style(node, out)?;
            out.write_all(b"];\n")?;
        }
        for edge in graph.graph.edge_references() {
            let data = edge.weight();
            let state = &graph.graph[edge.source()].state;
            write!(
                out,
                "  n{} -> n{} [label=\"",
                edge.source().index(),
                edge.target().index()
            )?;
            line.clear();
            push_move_label(game, state, data.mv, &mut line);
            if data.gain != 0 {
                write_to_line(&mut line, format_args!(" ({:+})", data.gain));
            }
            write_escaped(out, &line)?;
            if data.principal {
                write!(
                    out,
                    "\", color=\"{LINE_COLOUR}\", fontcolor=\"{LINE_COLOUR}\", penwidth=3];"
                )?;
            } else if data.optimal {
                write!(out, "\", color=\"{OPTIMAL_COLOUR}\", penwidth=2];")?;
            } else {
                write!(out, "\", color=\"{OTHER_COLOUR}\"];")?;
            }
            out.write_all(b"\n")?;
        }
        writeln!(out, "}}")?;
        Ok(())
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

/// Writes a node's label: its lines escaped and joined with `\n`, DOT's centred line break.
/// `line` is scratch space.
fn write_node_label<G: Game>(
    game: &G,
    node: &GraphNode<G::State>,
    line: &mut String,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    line.clear();
    game.write_state(&node.state, line);
    write_escaped(out, line)?;
    // The remaining lines hold only numbers and fixed words: nothing to escape.
    let scores = |s: Scores| ScoresText(s);
    match node.mover {
        Some(mover) => {
            write!(out, "\\n{} to move", mover.name())?;
            write!(
                out,
                "\\nto come: {} (margin {:+})",
                scores(node.future),
                node.future.margin()
            )?;
            if let Some(so_far) = node.so_far {
                write!(out, "\\nso far: {}", scores(so_far))?;
            }
        }
        None => match node.final_scores() {
            Some(final_scores) => write!(out, "\\nfinal: {}", scores(final_scores))?,
            None if node.future != Scores::ZERO => {
                write!(out, "\\ngame over, payoff: {}", scores(node.future))?
            }
            None => out.write_all(b"\\ngame over")?,
        },
    }
    Ok(())
}

/// `first A, second B`, written without an intermediate `String`.
struct ScoresText(Scores);

impl std::fmt::Display for ScoresText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "first {}, second {}", self.0.first, self.0.second)
    }
}

/// Writes a node's attributes after its label: shape and fill by the player to move, a red
/// border on the principal variation.
fn write_node_style<S>(node: &GraphNode<S>, out: &mut dyn Write) -> std::io::Result<()> {
    let (shape, fill) = match node.mover {
        Some(Player::First) => ("box", FIRST_FILL),
        Some(Player::Second) => ("ellipse", SECOND_FILL),
        None => ("box", TERMINAL_FILL),
    };
    let rounded = if node.mover.is_none() { "rounded," } else { "" };
    write!(
        out,
        "shape={shape}, style=\"{rounded}filled\", fillcolor=\"{fill}\""
    )?;
    if node.principal {
        write!(out, ", color=\"{LINE_COLOUR}\", penwidth=2.5")?;
    }
    Ok(())
}

/// Writes `text` escaped as [`escape`] does, in runs between the characters that need it.
fn write_escaped(out: &mut dyn Write, text: &str) -> std::io::Result<()> {
    let bytes = text.as_bytes();
    let mut run_start = 0;
    for (at, &byte) in bytes.iter().enumerate() {
        let replacement: &[u8] = match byte {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            b'\n' | b'\r' => b" ",
            _ => continue,
        };
        out.write_all(&bytes[run_start..at])?;
        out.write_all(replacement)?;
        run_start = at + 1;
    }
    out.write_all(&bytes[run_start..])
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
