//! Game trees and state DAGs of particular games: node and edge counts against closed forms, size
//! refusals, DOT escaping and the JSON layout. What holds for every game (solved values, sizes,
//! DOT and JSON structure, DOT read by Graphviz, EFG read back by gambit-parser with backward
//! induction reproducing our scores) is in the conformance suite, `tests/solvers/conformance.rs`.

use gamelab::base::game::Game;
use gamelab::base::size::{Count, dag_size};
use gamelab::games::divisor_game::DivisorGame;
use gamelab::games::stone_game::StoneGame;
use gamelab::games::stone_game_iii::StoneGameIII;
use gamelab::graph::export::{GraphFormat, GraphMeta, export_graph};
use gamelab::graph::{GraphKind, build_dag, build_tree, check_size};

#[test]
fn stone_game_counts_match_their_closed_forms() {
    for n in 1..=12u32 {
        let game = StoneGame::new((1..=n as i64).collect()).unwrap();
        let tree = build_tree(&game);
        let dag = build_dag(&game);
        // Tree: 2^k nodes at depth k < n, and 2^(n-1) leaves (one pile left: one move).
        let tree_nodes = (1u64 << n) + (1u64 << (n - 1)) - 1;
        assert_eq!(tree.graph.node_count() as u64, tree_nodes, "n = {n}");
        assert_eq!(tree.graph.edge_count() as u64, tree_nodes - 1);
        // DAG: the n(n+1)/2 non-empty intervals and one terminal; two moves from every interval
        // of two piles or more, one from single piles: n^2 edges.
        let n = n as u64;
        assert_eq!(dag.graph.node_count() as u64, n * (n + 1) / 2 + 1);
        assert_eq!(dag.graph.edge_count() as u64, n * n);
        assert_eq!(tree.tree_nodes, tree_nodes as u128);
        assert_eq!(dag.tree_nodes, tree_nodes as u128);
        assert_eq!(tree.dag_nodes as u64, n * (n + 1) / 2 + 1);
        assert!(check_size(&game, GraphKind::Tree, tree_nodes as u128).is_ok());
        assert!(check_size(&game, GraphKind::Tree, tree_nodes as u128 - 1).is_err());
        assert_eq!(
            gamelab::base::size::tree_nodes(&game, u128::MAX, 1000),
            Count::Exact(tree_nodes as u128)
        );
    }
}

#[test]
fn stone_game_iii_tree_follows_its_recurrence() {
    // T(r) = 1 + T(r-1) + T(r-2) + T(r-3) nodes with r piles left, T(0) = 1.
    let mut t = vec![1u64];
    for r in 1..=10usize {
        let below: u64 = (1..=3).filter(|&x| x <= r).map(|x| t[r - x]).sum();
        t.push(1 + below);
    }
    for (n, &expected) in t.iter().enumerate().skip(1) {
        let game = StoneGameIII::new(vec![1; n]).unwrap();
        assert_eq!(
            build_tree(&game).graph.node_count() as u64,
            expected,
            "n = {n}"
        );
        // DAG: the start, (piles taken, mover) for 1..n-1 taken and both movers where
        // reachable, and one terminal.
        let dag = build_dag(&game);
        assert_eq!(
            dag.graph.node_count() as u128,
            dag_size(&game, 1000, u128::MAX).unwrap().states
        );
    }
}

#[test]
fn divisor_game_dag_has_both_movers_per_number() {
    // From N every smaller number is reachable (x = 1), with either player to move once N > 3.
    for n in 4..=30u64 {
        let game = DivisorGame::new(n).unwrap();
        let dag = build_dag(&game);
        let size = dag_size(&game, 10_000, u128::MAX).unwrap();
        assert_eq!(dag.graph.node_count() as u128, size.states);
        assert!(dag.graph.node_count() as u64 <= 2 * n);
    }
}

/// The graph's root value and principal variation agree with the solver.
fn export<G: Game>(game: &G, kind: GraphKind, format: GraphFormat) -> String {
    let meta = GraphMeta {
        game: G::NAME,
        instance: game.describe_state(&game.initial_state()),
    };
    let graph = gamelab::graph::build(game, kind);
    let mut bytes = Vec::new();
    export_graph(format, game, &graph, &meta, &mut bytes).unwrap();
    String::from_utf8(bytes).unwrap()
}

#[test]
fn efg_refuses_the_dag() {
    let game = StoneGame::new(vec![1, 2]).unwrap();
    let meta = GraphMeta {
        game: "stone-game",
        instance: "[1, 2]".into(),
    };
    let mut out = Vec::new();
    let error =
        export_graph(GraphFormat::Efg, &game, &build_dag(&game), &meta, &mut out).unwrap_err();
    assert!(error.to_string().contains("not a state DAG"), "{error}");
}

/// EFG labels are ASCII: Stone Game II's capped M (`M≥1`) is spelled out, not replaced by `?`;
/// DOT keeps it as it is.
#[test]
fn efg_labels_spell_out_the_symbols_of_positions_and_moves() {
    use gamelab::games::stone_game_ii::StoneGameII;
    let ii = StoneGameII::new(vec![1, 2, 3]).unwrap();
    let efg = export(&ii, GraphKind::Tree, GraphFormat::Efg);
    assert!(efg.contains("[3] M>=1"), "{efg}");
    assert!(!efg.contains('?'), "{efg}");
    assert!(export(&ii, GraphKind::Tree, GraphFormat::Dot).contains("[3] M≥1"));
}

#[test]
fn dot_labels_are_escaped() {
    use gamelab::graph::export::dot::escape;
    assert_eq!(escape(r#"a"b\c"#), r#"a\"b\\c"#);
    assert_eq!(escape("two\nlines"), "two lines");
    assert_eq!(escape("[4, 6, … 3 more …, 2]"), "[4, 6, … 3 more …, 2]");
}

#[test]
fn json_export_lists_every_node_and_edge() {
    let game = StoneGame::new(vec![4, 6, 2, 3]).unwrap();
    let text = export(&game, GraphKind::Dag, GraphFormat::Json);
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["kind"], "dag");
    assert_eq!(json["dag_nodes"], 11);
    assert_eq!(json["tree_nodes"], 23);
    assert_eq!(json["nodes"].as_array().unwrap().len(), 11);
    assert_eq!(json["edges"].as_array().unwrap().len(), 16);
    let root = &json["nodes"][json["root"].as_u64().unwrap() as usize];
    assert_eq!(root["value"]["first"], 9);
    assert_eq!(root["value"]["second"], 6);
    assert_eq!(root["mover_margin"], 3);
    let principal: Vec<&serde_json::Value> = json["edges"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["principal"] == true)
        .collect();
    assert_eq!(principal.len(), 4);
    assert!(
        principal
            .iter()
            .any(|e| e["move"]["side"] == "right" && e["gain"] == 3)
    );
}

/// The DOT exporter writes its numbers digit by digit and its statements from fixed pieces: every
/// node and edge statement is checked against the same text written with `format!`, on values
/// with signs, zeros and twelve digits, in the DAG and the tree (which also shows points so far).
#[test]
fn dot_statements_read_as_format_writes_them() {
    use gamelab::base::game::Game;
    use gamelab::games::stone_game::{Interval, Side};
    use gamelab::graph::GameGraph;
    let game = StoneGame::new(vec![-9_000_000_000, 7, 0, 123_456_789_012, -1, 5]).unwrap();
    let meta = GraphMeta {
        game: "stone-game",
        instance: game.input().describe(),
    };
    let check = |graph: GameGraph<Interval, Side>| {
        let mut out = Vec::new();
        export_graph(GraphFormat::Dot, &game, &graph, &meta, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        for index in graph.graph.node_indices() {
            let node = &graph.graph[index];
            let Some(mover) = node.mover else { continue };
            let mut expected = format!(
                "  n{} [label=\"{}\\n{} to move\\nto come: first {}, second {} (margin {:+})",
                index.index(),
                game.describe_state(&node.state),
                mover.name(),
                node.future.first,
                node.future.second,
                node.future.margin()
            );
            if let Some(so_far) = node.so_far {
                expected += &format!(
                    "\\nso far: first {}, second {}",
                    so_far.first, so_far.second
                );
            }
            expected += "\", shape=";
            assert!(text.contains(&expected), "{expected}");
        }
        for edge in graph.graph.edge_indices() {
            let (source, target) = graph.graph.edge_endpoints(edge).unwrap();
            let data = &graph.graph[edge];
            let gain = match data.gain {
                0 => String::new(),
                gain => format!(" ({gain:+})"),
            };
            let expected = format!(
                "  n{} -> n{} [label=\"{}{gain}\", color=",
                source.index(),
                target.index(),
                gamelab::graph::export::short_move_label(
                    &game,
                    &graph.graph[source].state,
                    data.mv
                ),
            );
            assert!(text.contains(&expected), "{expected}");
        }
    };
    check(build_dag(&game));
    check(build_tree(&game));
}

/// A small deterministic stream of pile values (splitmix64), so the comparison below is the same
/// on every run.
/// A stone-game instance, its graph metadata, and its DAG's DOT from the generic path with its
/// (tree, DAG) node counts: the reference for the direct writer.
struct GenericDot {
    game: StoneGame,
    meta: GraphMeta,
    sizes: (u128, usize),
    dot: Vec<u8>,
}

fn generic_dot(piles: &[i64]) -> GenericDot {
    let game = StoneGame::new(piles.to_vec()).unwrap();
    let meta = GraphMeta {
        game: "stone-game",
        instance: format!("{piles:?}"),
    };
    let mut dot = Vec::new();
    let dag = build_dag(&game);
    export_graph(GraphFormat::Dot, &game, &dag, &meta, &mut dot).unwrap();
    GenericDot {
        game,
        meta,
        sizes: (dag.tree_nodes, dag.dag_nodes),
        dot,
    }
}

fn pile_stream(seed: u64) -> impl FnMut(i64) -> i64 {
    let mut state = seed;
    move |spread: i64| {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z % (2 * spread as u64 + 1)) as i64 - spread
    }
}

#[test]
fn stone_game_dag_fast_path_writes_the_generic_bytes() {
    let mut draw = pile_stream(15);
    // Small spreads make ties (the tie-break decides the marks), large ones distinct values;
    // negative piles make negative margins and gains.
    let mut cases: Vec<Vec<i64>> = Vec::new();
    for n in 1..=40 {
        for spread in [0, 2, 9, 1_000_000] {
            cases.push((0..n).map(|_| draw(spread)).collect());
        }
    }
    for n in [97, 160, 250] {
        cases.push((0..n).map(|_| draw(50)).collect());
    }
    for piles in cases {
        let GenericDot {
            game,
            meta,
            sizes: generic_sizes,
            dot: generic,
        } = generic_dot(&piles);
        let mut fast = Vec::new();
        let sizes = gamelab::games::stone_game::dag::write_dot(&game, &meta, &mut fast).unwrap();
        assert_eq!(sizes, generic_sizes, "piles {piles:?}");
        if fast != generic {
            let first_difference = fast
                .iter()
                .zip(&generic)
                .take_while(|(a, b)| a == b)
                .count();
            panic!(
                "piles {piles:?}: the outputs differ from byte {first_difference}:\n{}",
                String::from_utf8_lossy(&fast[first_difference.saturating_sub(200)..])
                    .chars()
                    .take(600)
                    .collect::<String>()
            );
        }
    }
}

#[test]
fn stone_game_dag_bytes_do_not_depend_on_the_split() {
    // Pieces of 1, 2, 3, 7 and 64 nodes on 1, 2 and 3 threads: DAGs of fewer nodes than a
    // piece, exactly one or two pieces, and one more or one fewer node than a split point.
    use gamelab::games::stone_game::dag::{Split, write_dot_split};
    let mut draw = pile_stream(16);
    for n in [1, 2, 3, 4, 5, 10, 11, 12, 13, 14, 20] {
        let piles: Vec<i64> = (0..n).map(|_| draw(9)).collect();
        let GenericDot {
            game,
            meta,
            sizes: generic_sizes,
            dot: generic,
        } = generic_dot(&piles);
        for piece_nodes in [1, 2, 3, 7, 64] {
            for threads in [1, 2, 3] {
                let mut split = Vec::new();
                let split_sizes = Split {
                    threads,
                    piece_nodes,
                };
                let sizes = write_dot_split(&game, &meta, &mut split, split_sizes).unwrap();
                assert_eq!(sizes, generic_sizes);
                assert!(
                    split == generic,
                    "piles {piles:?}, {piece_nodes} nodes a piece, {threads} threads"
                );
            }
        }
    }
}

#[test]
fn stone_game_dag_write_error_stops_every_split() {
    // A full disk after some pieces: the error comes back (no hang, no panic) whether the
    // pieces are formatted here or on other threads.
    use gamelab::games::stone_game::dag::{Split, write_dot_split};
    struct FailsAfter(usize);
    impl std::io::Write for FailsAfter {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            if self.0 < bytes.len() {
                return Err(std::io::Error::other("disk full"));
            }
            self.0 -= bytes.len();
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let game = StoneGame::new((1..=30).collect()).unwrap();
    let meta = GraphMeta {
        game: "stone-game",
        instance: "1..=30".to_string(),
    };
    for threads in [1, 2, 3] {
        let split = Split {
            threads,
            piece_nodes: 4,
        };
        let error = write_dot_split(&game, &meta, &mut FailsAfter(5_000), split).unwrap_err();
        assert!(error.to_string().contains("disk full"), "{error}");
    }
}

#[test]
fn write_graph_takes_the_stone_game_fast_path_for_dag_dot_only() {
    // Through the registry's instance, the DAG in DOT (stone-game's own writer) equals the
    // generic writer's bytes and the other formats still come out (they go the generic way).
    let piles = vec![3, -1, 4, 1, -5, 9, 2, 6];
    let game = StoneGame::new(piles.clone()).unwrap();
    let instance = gamelab::find_game("stone-game")
        .unwrap()
        .build(&gamelab::base::input::InstanceInput::piles(piles))
        .unwrap();
    let mut through_entry = Vec::new();
    let sizes = instance
        .export_graph(GraphKind::Dag, GraphFormat::Dot, 1_000, &mut through_entry)
        .unwrap();
    let meta = GraphMeta {
        game: "stone-game",
        instance: "[3, -1, 4, 1, -5, 9, 2, 6]".to_string(),
    };
    let dag = build_dag(&game);
    let mut generic = Vec::new();
    export_graph(GraphFormat::Dot, &game, &dag, &meta, &mut generic).unwrap();
    assert_eq!(
        String::from_utf8(through_entry).unwrap(),
        String::from_utf8(generic).unwrap()
    );
    assert_eq!(sizes, (dag.tree_nodes, dag.dag_nodes));
    // Too many nodes is still refused before anything is written.
    let mut refused = Vec::new();
    assert!(
        instance
            .export_graph(GraphKind::Dag, GraphFormat::Dot, 10, &mut refused)
            .is_err()
    );
    assert!(refused.is_empty());
}
