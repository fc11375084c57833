//! Nodes and edges as one JSON object, for other tools: every node with its state, player to
//! move and solved value; every edge with its move, gain and whether optimal play makes it.

use crate::base::game::{Game, Scores};
use crate::graph::export::{Export, ExportError, GraphExporter};
use serde::Serialize;
use serde_json::{Map, Value, json};
use std::io::Write;

/// Writes the graph as JSON, streaming node by node.
pub struct JsonExporter;

impl GraphExporter for JsonExporter {
    fn export<G: Game>(&self, export: Export<'_, G>) -> Result<(), ExportError> {
        let (game, graph, meta, out) = (export.game, export.graph, export.meta, export.out);
        let header = json!({
            "kind": graph.kind.name(),
            "game": meta.game,
            "instance": meta.instance,
            "title": meta.title(graph),
            "tree_nodes": (graph.tree_nodes < u128::MAX).then_some(graph.tree_nodes),
            "dag_nodes": graph.dag_nodes,
            "root": graph.root.index(),
        });
        let header = serde_json::to_string(&header).map_err(std::io::Error::from)?;
        // Open the object, drop its closing brace, and stream the two arrays into it.
        write!(out, "{},\"nodes\":[", &header[..header.len() - 1])?;
        for (position, index) in graph.graph.node_indices().enumerate() {
            let node = &graph.graph[index];
            let mut record = Map::new();
            record.insert("id".into(), json!(index.index()));
            record.insert("state".into(), json!(game.describe_state(&node.state)));
            record.insert("mover".into(), json!(node.mover));
            record.insert("terminal".into(), json!(node.is_terminal()));
            record.insert("value".into(), value_of(node.future));
            record.insert("mover_margin".into(), json!(node.mover_margin()));
            if let Some(so_far) = node.so_far {
                record.insert("so_far".into(), json!(so_far));
            }
            if node.is_terminal()
                && let Some(final_scores) = node.final_scores()
            {
                record.insert("final".into(), json!(final_scores));
            }
            record.insert("principal".into(), json!(node.principal));
            write_item(out, position, &record)?;
        }
        write!(out, "],\"edges\":[")?;
        for (position, index) in graph.graph.edge_indices().enumerate() {
            let Some((from, to)) = graph.graph.edge_endpoints(index) else {
                continue;
            };
            let edge = &graph.graph[index];
            let description = game.describe_move(&graph.graph[from].state, edge.mv);
            let mut mv = Map::new();
            mv.insert(
                description.action.key.into(),
                match description.action.value {
                    crate::base::game::ActionValue::Word(word) => json!(word),
                    crate::base::game::ActionValue::Number(number) => json!(number),
                    crate::base::game::ActionValue::Text(text) => json!(text),
                },
            );
            let record = json!({
                "from": from.index(),
                "to": to.index(),
                "move": mv,
                "label": description.text,
                "gain": edge.gain,
                "optimal": edge.optimal,
                "principal": edge.principal,
            });
            write_item(out, position, &record)?;
        }
        writeln!(out, "]}}")?;
        Ok(())
    }
}

fn value_of(scores: Scores) -> Value {
    json!({"first": scores.first, "second": scores.second, "margin": scores.margin()})
}

fn write_item(
    out: &mut dyn Write,
    position: usize,
    item: &impl Serialize,
) -> Result<(), ExportError> {
    if position > 0 {
        write!(out, ",")?;
    }
    serde_json::to_writer(&mut *out, item).map_err(std::io::Error::from)?;
    Ok(())
}
