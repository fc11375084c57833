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
use crate::graph::export::{Export, ExportError, GraphExporter, short_move_label};
use crate::graph::{GameGraph, GraphKind};
use petgraph::graph::EdgeIndex;
use std::collections::HashSet;
use std::io::Write;

/// Writes Gambit EFG.
pub struct EfgExporter;

impl GraphExporter for EfgExporter {
    fn export<G: Game>(&self, export: Export<'_, G>) -> Result<(), ExportError> {
        let (game, graph, meta, out) = (export.game, export.graph, export.meta, export.out);
        if graph.kind != GraphKind::Tree {
            return Err(ExportError::EfgNeedsTree);
        }
        write_prologue::<G>(out, &meta.title(graph))?;
        let mut numbers = Numbers::default();
        let mut pending = vec![graph.root];
        let mut visited = 0u64;
        while let Some(node) = pending.pop() {
            visited += 1;
            let data = &graph.graph[node];
            let name = format!("{visited}: {}", label(&game.describe_state(&data.state)));
            let Some(mover) = data.mover else {
                numbers.outcomes += 1;
                let outcome = numbers.outcomes;
                let scores = objective::<G>(data.final_scores().unwrap_or(data.future));
                writeln!(
                    out,
                    "t \"{name}\" {outcome} \"outcome {outcome}\" {{ {} {} }}",
                    scores.first, scores.second
                )?;
                continue;
            };
            let (player, infoset) = numbers.next_infoset(mover);
            let edges = graph.moves_from(node);
            writeln!(
                out,
                "p \"{name}\" {player} {infoset} \"{} {infoset}\" {{ {} }} 0",
                mover.name(),
                action_labels(game, graph, &data.state, &edges)
            )?;
            // Pre-order with children in move order: push them last to first.
            for &edge in edges.iter().rev() {
                if let Some((_, child)) = graph.graph.edge_endpoints(edge) {
                    pending.push(child);
                }
            }
        }
        Ok(())
    }
}

/// Writes the file's first lines: its title, the players, and what the payoffs are.
fn write_prologue<G: Game>(out: &mut dyn Write, title: &str) -> Result<(), ExportError> {
    writeln!(
        out,
        "EFG 2 R \"{}\" {{ \"First\" \"Second\" }}",
        label(title)
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
    Ok(())
}

/// The numbers given so far: information sets per player, and outcomes.
#[derive(Default)]
struct Numbers {
    infosets: [u64; 2],
    outcomes: u64,
}

impl Numbers {
    /// A new information set of `mover`: the player's number in the file, and the set's.
    fn next_infoset(&mut self, mover: Player) -> (u8, u64) {
        let (player, slot) = match mover {
            Player::First => (1, 0),
            Player::Second => (2, 1),
        };
        self.infosets[slot] += 1;
        (player, self.infosets[slot])
    }
}

/// The quoted labels of the moves `edges` from `state`, apart by spaces; a label already given at
/// this node is told apart by the move's number.
fn action_labels<G: Game>(
    game: &G,
    graph: &GameGraph<G::State, G::Move>,
    state: &G::State,
    edges: &[EdgeIndex],
) -> String {
    let mut seen = HashSet::new();
    let actions: Vec<String> = edges
        .iter()
        .enumerate()
        .map(|(index, &edge)| {
            let mut action = label(&short_move_label(game, state, graph.graph[edge].mv));
            if !seen.insert(action.clone()) {
                action = format!("{action} #{}", index + 1);
            }
            format!("\"{action}\"")
        })
        .collect();
    actions.join(" ")
}

/// Text safe inside an EFG quoted label: printable ASCII, no quotes or backslashes.
fn label(text: &str) -> String {
    text.chars()
        .map(|character| match character {
            '…' => "...".to_string(),
            '≥' => ">=".to_string(),
            '"' => "'".to_string(),
            '\\' => "/".to_string(),
            c if c.is_ascii_graphic() || c == ' ' => c.to_string(),
            _ => "?".to_string(),
        })
        .collect()
}
