//! Graphviz DOT: a title and legend, the player to move by colour and shape, optimal moves drawn
//! bold, and the principal variation in red.
//!
//! Written by hand rather than with petgraph's `Dot`: we need graph-level attributes (title,
//! legend), centred multi-line labels and our own escaping, and we stream one line per node.

use super::{ExportError, GraphExporter, GraphMeta, short_move_label};
use crate::game::{Game, Player, Scores};
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
        for index in graph.graph.node_indices() {
            let node = &graph.graph[index];
            writeln!(
                out,
                "  n{} [label=\"{}\", {}];",
                index.index(),
                node_label(game, node)
                    .iter()
                    .map(|line| escape(line))
                    .collect::<Vec<_>>()
                    .join("\\n"),
                node_style(node)
            )?;
        }
        for edge in graph.graph.edge_references() {
            let data = edge.weight();
            let state = &graph.graph[edge.source()].state;
            let mut label = short_move_label(game, state, data.mv);
            if data.gain != 0 {
                label.push_str(&format!(" ({:+})", data.gain));
            }
            let style = if data.principal {
                format!("color=\"{LINE_COLOUR}\", fontcolor=\"{LINE_COLOUR}\", penwidth=3")
            } else if data.optimal {
                format!("color=\"{OPTIMAL_COLOUR}\", penwidth=2")
            } else {
                format!("color=\"{OTHER_COLOUR}\"")
            };
            writeln!(
                out,
                "  n{} -> n{} [label=\"{}\", {style}];",
                edge.source().index(),
                edge.target().index(),
                escape(&label)
            )?;
        }
        writeln!(out, "}}")?;
        Ok(())
    }
}

/// The lines of a node's label (to be joined with `\n`, DOT's centred line break).
fn node_label<G: Game>(game: &G, node: &GraphNode<G::State>) -> Vec<String> {
    let mut lines = vec![game.describe_state(&node.state)];
    let scores = |s: Scores| format!("first {}, second {}", s.first, s.second);
    match node.mover {
        Some(mover) => {
            lines.push(format!("{} to move", mover.name()));
            lines.push(format!(
                "to come: {} (margin {:+})",
                scores(node.future),
                node.future.margin()
            ));
            if let Some(so_far) = node.so_far {
                lines.push(format!("so far: {}", scores(so_far)));
            }
        }
        None => match node.final_scores() {
            Some(final_scores) => lines.push(format!("final: {}", scores(final_scores))),
            None if node.future != Scores::ZERO => {
                lines.push(format!("game over, payoff: {}", scores(node.future)))
            }
            None => lines.push("game over".to_string()),
        },
    }
    lines
}

fn node_style<S>(node: &GraphNode<S>) -> String {
    let (shape, fill) = match node.mover {
        Some(Player::First) => ("box", FIRST_FILL),
        Some(Player::Second) => ("ellipse", SECOND_FILL),
        None => ("box", TERMINAL_FILL),
    };
    let rounded = if node.mover.is_none() { "rounded," } else { "" };
    let border = if node.principal {
        format!(", color=\"{LINE_COLOUR}\", penwidth=2.5")
    } else {
        String::new()
    };
    format!("shape={shape}, style=\"{rounded}filled\", fillcolor=\"{fill}\"{border}")
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
