//! Build the game tree and the state DAG of the gold pots [4, 6, 2, 3] with petgraph, walk the
//! optimal line, and export the tree to Graphviz DOT and Gambit EFG.
//!
//! Run with `cargo run --release --example export_tree [OUTPUT_DIR]` (default
//! `target/example-output`); draw the DOT with `dot -Tsvg gold-pots.dot -o gold-pots.svg`.

use gamelab::Game;
use gamelab::games::stone_game::StoneGame;
use gamelab::graph::export::{GraphFormat, GraphMeta, export_graph, short_move_label};
use gamelab::graph::{build_dag, build_tree};
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out_dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "target/example-output".into()),
    );
    std::fs::create_dir_all(&out_dir)?;

    let game = StoneGame::new(vec![4, 6, 2, 3])?;
    let tree = build_tree(&game);
    let dag = build_dag(&game);
    println!(
        "full tree: {} nodes; state DAG: {} nodes (each interval of piles once)",
        tree.graph.node_count(),
        dag.graph.node_count()
    );

    // Every node is solved: follow the optimal moves from the root of the DAG.
    let mut node = dag.root;
    while let Some(edge) = dag
        .moves_from(node)
        .into_iter()
        .find(|&edge| dag.graph[edge].optimal)
    {
        let state = &dag.graph[node].state;
        let (_, next) = dag
            .graph
            .edge_endpoints(edge)
            .ok_or("an edge without ends")?;
        println!(
            "  {} takes {} (+{}), leaving {}",
            game.to_move(state).name(),
            short_move_label(&game, state, dag.graph[edge].mv),
            dag.graph[edge].gain,
            game.describe_state(&dag.graph[next].state)
        );
        node = next;
    }
    let root = &dag.graph[dag.root];
    println!(
        "optimal play: first {}, second {}",
        root.future.first, root.future.second
    );

    let meta = GraphMeta {
        game: "stone-game",
        instance: "[4, 6, 2, 3]".to_string(),
    };
    for (format, name) in [
        (GraphFormat::Dot, "gold-pots.dot"),
        (GraphFormat::Efg, "gold-pots.efg"),
    ] {
        let path = out_dir.join(name);
        let mut file = std::io::BufWriter::new(std::fs::File::create(&path)?);
        export_graph(format, &game, &tree, &meta, &mut file)?;
        println!("wrote {}", path.display());
    }
    Ok(())
}
