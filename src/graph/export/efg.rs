//! Gambit's extensive-form format (`EFG 2 R`), which Gambit/pygambit (`read_efg`) and OpenSpiel
//! (`load_efg_game`) read: the full game tree in pre-order, one perfect-information infoset per
//! decision node, and at every terminal node the payoffs the players maximise: each player's
//! final score in constant-sum games, the margin (and its negation) otherwise
//! (`base::game::objective`).
//!
//! Uniqueness (Gambit 16.7 refuses duplicate node labels): every node is labelled with its
//! pre-order number before its position (`"7: [6, 2]"`); infosets are numbered per player and
//! named after their number; every terminal node gets its own outcome number and name; action
//! labels are distinct within each node.
//! Labels are kept to printable ASCII without backslashes (Gambit's reader mishandles runs of
//! backslashes in quoted labels).

use crate::base::game::{Game, Player, objective};
use crate::graph::export::{ExportError, GraphExporter, GraphMeta, short_move_label};
use crate::graph::{GameGraph, GraphKind};
use std::collections::HashSet;
use std::io::Write;

/// Writes Gambit EFG.
pub struct EfgExporter;

impl GraphExporter for EfgExporter {
    fn export<G: Game>(
        &self,
        game: &G,
        graph: &GameGraph<G::State, G::Move>,
        meta: &GraphMeta,
        out: &mut dyn Write,
    ) -> Result<(), ExportError> {
        if graph.kind != GraphKind::Tree {
            return Err(ExportError::EfgNeedsTree);
        }
        writeln!(
            out,
            "EFG 2 R \"{}\" {{ \"First\" \"Second\" }}",
            label(&meta.title(graph))
        )?;
        let payoffs = if G::CONSTANT_SUM {
            "each player's final score"
        } else {
            "the margin (first minus second) for the first player and its negation for the second"
        };
        writeln!(
            out,
            "\"Written by gamelab. Payoffs are {payoffs}; every decision node is its own \
             information set (perfect information).\""
        )?;
        writeln!(out)?;
        let mut infosets = [0u64; 2];
        let mut outcomes = 0u64;
        let mut pending = vec![graph.root];
        let mut visited = 0u64;
        while let Some(node) = pending.pop() {
            visited += 1;
            let data = &graph.graph[node];
            let name = format!("{visited}: {}", label(&game.describe_state(&data.state)));
            match data.mover {
                Some(mover) => {
                    let (player, slot) = match mover {
                        Player::First => (1, 0),
                        Player::Second => (2, 1),
                    };
                    infosets[slot] += 1;
                    let infoset = infosets[slot];
                    let edges = graph.moves_from(node);
                    let mut seen = HashSet::new();
                    let actions: Vec<String> = edges
                        .iter()
                        .enumerate()
                        .map(|(index, &edge)| {
                            let mut action =
                                label(&short_move_label(game, &data.state, graph.graph[edge].mv));
                            if !seen.insert(action.clone()) {
                                action = format!("{action} #{}", index + 1);
                            }
                            format!("\"{action}\"")
                        })
                        .collect();
                    writeln!(
                        out,
                        "p \"{name}\" {player} {infoset} \"{} {infoset}\" {{ {} }} 0",
                        mover.name(),
                        actions.join(" ")
                    )?;
                    // Pre-order with children in move order: push them last to first.
                    for &edge in edges.iter().rev() {
                        if let Some((_, child)) = graph.graph.edge_endpoints(edge) {
                            pending.push(child);
                        }
                    }
                }
                None => {
                    outcomes += 1;
                    let scores = objective::<G>(data.final_scores().unwrap_or(data.future));
                    writeln!(
                        out,
                        "t \"{name}\" {outcomes} \"outcome {outcomes}\" {{ {} {} }}",
                        scores.first, scores.second
                    )?;
                }
            }
        }
        Ok(())
    }
}

/// Text safe inside an EFG quoted label: printable ASCII, no quotes or backslashes.
fn label(text: &str) -> String {
    text.chars()
        .map(|character| match character {
            '…' => "...".to_string(),
            '"' => "'".to_string(),
            '\\' => "/".to_string(),
            c if c.is_ascii_graphic() || c == ' ' => c.to_string(),
            _ => "?".to_string(),
        })
        .collect()
}
