//! The gold-pots section: the gold-pots article's example [4, 6, 2, 3] solved, its DP table as a table and a
//! heatmap, and its game tree and state DAG as DOT (drawn), and the tree as Gambit EFG.

use crate::base::input::InstanceInput;
use crate::base::input::format_piles;
use crate::games::{AnyGame, GameEntry, find_game};
use crate::graph::export::GraphFormat;
use crate::graph::{DEFAULT_MAX_NODES, GraphKind};
use crate::present::explore::{PageMeta, Source, write_page};
use crate::present::image::ImageFormat;
use crate::present::plot::heatmap::HeatmapChart;
use crate::present::render::{RendererChoice, render_dot};
use crate::present::report::{ReportError, ReportWriter, Section};
use crate::solve::table::DpTable;
use crate::solve::{Solution, SolverKind};
use std::fmt::Write as _;

/// The gold-pots article's example.
const PILES: [i64; 4] = [4, 6, 2, 3];

/// What the example costs: its solve and its solved space (the tree, DAG and page are of the
/// same few positions).
pub(super) fn cost() -> Result<crate::cost::Cost, ReportError> {
    let instance = find_game("stone-game")
        .and_then(|game| game.build(&InstanceInput::piles(PILES.to_vec())))
        .map_err(ReportError::study)?;
    Ok(instance
        .solve_cost(SolverKind::AUTO, false)
        .then(instance.space_cost()))
}

pub(super) fn write(writer: &ReportWriter) -> Result<Vec<Section>, ReportError> {
    let game = find_game("stone-game").map_err(ReportError::study)?;
    let instance = game
        .build(&InstanceInput::piles(PILES.to_vec()))
        .map_err(ReportError::study)?;
    let piles_flag = PILES.map(|pile| pile.to_string()).join(",");
    let solution = instance
        .solve(SolverKind::AUTO)
        .map_err(ReportError::study)?;
    let mut body = solution_text(&solution);
    body.push_str(&dp_text(writer, instance.as_ref(), solution.margin)?);
    let mut sources = Sources {
        files: Vec::new(),
        commands: vec![
            format!("gamelab solve stone-game --piles {piles_flag}"),
            format!("gamelab plot heatmap stone-game --piles {piles_flag} --out gold-pots-dp.svg"),
            format!("gamelab plot heatmap stone-game --piles {piles_flag} --out gold-pots-dp.png"),
        ],
    };
    body.push_str(&graphs_text(
        writer,
        instance.as_ref(),
        &piles_flag,
        &mut sources,
    )?);
    body.push_str(&explorer_text(
        writer,
        game,
        instance.as_ref(),
        &piles_flag,
        &mut sources,
    )?);
    body.push_str(&crate::present::report::provenance(
        &sources.files.join(", "),
        &sources.commands,
    ));
    Ok(vec![Section {
        title: format!("The gold pots {}", format_piles(&PILES)),
        body,
    }])
}

/// The section's data files as links, and the commands that write them again.
struct Sources {
    files: Vec<String>,
    commands: Vec<String>,
}

/// The game and its optimal play, move by move, with the running scores.
fn solution_text(solution: &Solution) -> String {
    let mut text = format!(
        "The \"gold pots\" of the article 金罐游戏的两种动态规划解法: pots of gold in a row, players A and B take turns to take the \
         pot at either end, A first, both playing optimally. For {} A gets **{}** and B gets \
         **{}** (margin {:+}). The optimal play (when two moves are equally good, the left one \
         is shown):\n\n\
         | # | player | move | gain | A | B | pots left |\n|---:|---|---|---:|---:|---:|---|\n",
        format_piles(&PILES),
        solution.first_score,
        solution.second_score,
        solution.margin
    );
    let (mut first, mut second) = (0, 0);
    for (index, record) in solution.moves.iter().flatten().enumerate() {
        let player = match record.player {
            crate::base::game::Player::First => {
                first += record.gain;
                "A"
            }
            crate::base::game::Player::Second => {
                second += record.gain;
                "B"
            }
        };
        let _ = writeln!(
            text,
            "| {} | {player} | {} | {:+} | {first} | {second} | `{}` |",
            index + 1,
            record.description.text,
            record.gain,
            record.position_after
        );
    }
    text
}

/// The DP table behind the solution (whose value is `margin`), as a table and as a heatmap,
/// which it writes.
fn dp_text(
    writer: &ReportWriter,
    instance: &dyn AnyGame,
    margin: i64,
) -> Result<String, ReportError> {
    let table = instance.dp_table().ok_or_else(|| {
        ReportError::Study("stone-game has no DP table for the gold pots".to_string())
    })?;
    let mut text = format!(
        "\nThe DP behind it (labuladong's table, as the margin of the player to move): cell (i, j) \
         is what the mover can get more than the other on pots i..=j, with the move that \
         achieves it. The answer, {margin:+}, is the top-right cell.\n\n{}\n",
        markdown_table(&table)
    );
    text.push_str(&writer.chart(
        "gold-pots-dp",
        "heatmap of the gold-pots DP table",
        &HeatmapChart::new(table).map_err(ReportError::study)?,
    )?);
    Ok(text)
}

/// The game tree and the state DAG, which it writes as DOT and draws, and the tree in EFG.
fn graphs_text(
    writer: &ReportWriter,
    instance: &dyn AnyGame,
    piles_flag: &str,
    sources: &mut Sources,
) -> Result<String, ReportError> {
    let mut text = String::new();
    for (kind, stem, what) in [
        (
            GraphKind::Tree,
            "gold-pots-tree",
            "game tree (one node per move sequence)",
        ),
        (
            GraphKind::Dag,
            "gold-pots-dag",
            "state DAG (one node per distinct row left)",
        ),
    ] {
        let nodes = graph_files(writer, instance, kind, stem)?;
        let _ = write!(
            text,
            "\nThe {what}, {nodes} nodes; each node shows the pots left and the points still to \
             come under optimal play; optimal moves are bold and the optimal line is red ([{stem}.dot]({stem}.dot)):\n\n\
             ![the gold-pots {what}]({stem}.svg)\n",
        );
        let dag = if kind == GraphKind::Dag { " --dag" } else { "" };
        sources.commands.push(format!(
            "gamelab tree stone-game --piles {piles_flag}{dag} --out {stem}.dot --render svg {stem}.svg --renderer built-in"
        ));
        sources.files.push(format!("[{stem}.dot]({stem}.dot)"));
    }
    text.push_str(
        "\nThe same tree for Gambit, as an extensive-form game (outcomes are the two players' \
         final scores): [gold-pots-tree.efg](gold-pots-tree.efg).\n",
    );
    sources.commands.push(format!(
        "gamelab tree stone-game --piles {piles_flag} --format efg --out gold-pots-tree.efg"
    ));
    sources
        .files
        .push("[gold-pots-tree.efg](gold-pots-tree.efg)".to_string());
    Ok(text)
}

/// The explorer's page for the game, which it writes.
fn explorer_text(
    writer: &ReportWriter,
    game: &dyn GameEntry,
    instance: &dyn AnyGame,
    piles_flag: &str,
    sources: &mut Sources,
) -> Result<String, ReportError> {
    let mut page = Vec::new();
    let instance_text = format_piles(&PILES);
    write_page(
        Some(&PageMeta::for_entry(game, &instance_text)),
        Source::Inline(&instance.solve_space(100).map_err(ReportError::study)?),
        &mut page,
    )
    .map_err(ReportError::study)?;
    writer.text(
        "gold-pots-explorer.html",
        &String::from_utf8(page).map_err(ReportError::study)?,
    )?;
    sources.commands.push(format!(
        "gamelab explore stone-game --piles {piles_flag} --out gold-pots-explorer.html"
    ));
    sources
        .files
        .push("[gold-pots-explorer.html](gold-pots-explorer.html)".to_string());
    Ok(
        "\nPlay through it in a browser: [gold-pots-explorer.html](gold-pots-explorer.html), one \
         offline page with every move coloured by its value from here (the rest of the game: win \
         green, tie yellow, lose maroon), \
         undo/redo, the solver's best move, the value history, the state DAG and this DP table \
         with the current cell outlined.\n"
            .to_string(),
    )
}

/// Writes `stem.dot` and draws `stem.svg` (and, for the tree, `gold-pots-tree.efg`); returns the
/// number of nodes.
fn graph_files(
    writer: &ReportWriter,
    instance: &dyn AnyGame,
    kind: GraphKind,
    stem: &str,
) -> Result<usize, ReportError> {
    let mut dot = Vec::new();
    let (tree_nodes, dag_nodes) = instance
        .export_graph(kind, GraphFormat::Dot, DEFAULT_MAX_NODES, &mut dot)
        .map_err(ReportError::study)?;
    let dot = String::from_utf8(dot).map_err(ReportError::study)?;
    writer.text(&format!("{stem}.dot"), &dot)?;
    let nodes = match kind {
        GraphKind::Tree => usize::try_from(tree_nodes).map_err(ReportError::study)?,
        GraphKind::Dag => dag_nodes,
    };
    writer.reserve(&format!("{stem}.svg"), |staged| {
        render_dot(
            &dot,
            nodes,
            ImageFormat::Svg,
            staged.writing_path(),
            // Committed pictures must be the same bytes on every machine, with Graphviz or
            // without.
            RendererChoice::BuiltIn,
        )
        .map_err(ReportError::study)
    })?;
    if kind == GraphKind::Tree {
        let mut efg = Vec::new();
        instance
            .export_graph(kind, GraphFormat::Efg, DEFAULT_MAX_NODES, &mut efg)
            .map_err(ReportError::study)?;
        writer.text(
            "gold-pots-tree.efg",
            &String::from_utf8(efg).map_err(ReportError::study)?,
        )?;
    }
    Ok(nodes)
}

/// The DP table as markdown: one row per i, one column per j, `value mark` in each cell.
fn markdown_table(table: &DpTable) -> String {
    let mut text = format!("| {} \\ {} |", table.row_name, table.column_name);
    for column in 0..table.columns {
        let _ = write!(text, " {} |", table.first_column + column);
    }
    text.push_str("\n|---|");
    text.push_str(&"---:|".repeat(table.columns));
    for row in 0..table.rows {
        let _ = write!(text, "\n| **{}** |", table.first_row + row);
        for column in 0..table.columns {
            let cell = table
                .cells
                .iter()
                .find(|cell| cell.row == row && cell.column == column);
            match cell {
                Some(cell) => {
                    let _ = write!(
                        text,
                        " {:+} {} |",
                        cell.value,
                        cell.mark.as_deref().unwrap_or("")
                    );
                }
                None => text.push_str(" |"),
            }
        }
    }
    text.push('\n');
    text
}
