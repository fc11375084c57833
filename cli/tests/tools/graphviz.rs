//! Graphviz's own `dot` reads every game's DOT export (tree and DAG) and renders PNG through
//! `gamelab tree --render`. `.ci/run` installs Graphviz; without it these tests are reported as
//! ignored (failed when `CI=true`, see `main.rs`).

use crate::common::gamelab;
use gamelab::games::conformance::SuiteOptions;
use gamelab::games::every_game;
use gamelab::graph::GraphKind;
use gamelab::graph::export::GraphFormat;
use std::io::Write;
use std::process::{Command, Stdio};

/// What the Graphviz tests need that is missing here, if anything.
pub fn missing() -> Option<crate::Missing> {
    (!gamelab::present::render::graphviz_available()).then(|| crate::Missing {
        tool: "dot".into(),
        how: "Graphviz's dot on the PATH: apt install graphviz (brew install graphviz)".into(),
    })
}

/// The most nodes a graph of this test has: Graphviz lays out a few thousand in moments, while
/// a heap of 14 in a game whose moves split heaps has a tree of millions.
const MOST_NODES: u128 = 5_000;

pub fn every_game_exports_dot_that_graphviz_reads() {
    let options = SuiteOptions {
        instances: 6,
        max_piles: 6,
        max_number: 14,
        ..SuiteOptions::default()
    };
    for entry in every_game() {
        let mut read = 0;
        for input in entry.check_conformance(&options).inputs {
            let game = entry
                .build(&input)
                .expect("the suite's instances are valid");
            for kind in [GraphKind::Tree, GraphKind::Dag] {
                let mut dot = Vec::new();
                if game
                    .export_graph(kind, GraphFormat::Dot, MOST_NODES, &mut dot)
                    .is_err()
                {
                    // Over MOST_NODES: the smaller instances stand for it.
                    continue;
                }
                let mut child = Command::new("dot")
                    .arg("-Tcanon")
                    .stdin(Stdio::piped())
                    .stdout(Stdio::null())
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap();
                child.stdin.take().unwrap().write_all(&dot).unwrap();
                let output = child.wait_with_output().unwrap();
                assert!(
                    output.status.success(),
                    "{} {input:?}: dot refused: {}",
                    entry.name(),
                    String::from_utf8_lossy(&output.stderr)
                );
                read += 1;
            }
        }
        assert!(read >= 2, "{}: no graph small enough to read", entry.name());
    }
}

pub fn rendering_with_graphviz_draws_png() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("tree.png");
    gamelab()
        .args([
            "tree",
            "divisor-game",
            "--n",
            "6",
            "--render",
            "png",
            png.to_str().unwrap(),
        ])
        .assert()
        .success();
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[1..4], b"PNG");
}

/// Graphviz's layout cannot be costed before it runs, so it runs within the time budget: a
/// stone-game-ii DAG of 207 nodes with dense edges (about 10 s of layout) is stopped at a
/// budget of half a second, with one line naming the budget, and leaves no file.
pub fn a_graphviz_layout_past_the_time_budget_is_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("dag.svg");
    let piles: Vec<String> = (1..=30).map(|k| k.to_string()).collect();
    let output = gamelab()
        .args([
            "tree",
            "stone-game-ii",
            "--piles",
            &piles.join(","),
            "--dag",
        ])
        .args([
            "--render",
            "svg",
            svg.to_str().unwrap(),
            "--renderer",
            "graphviz",
        ])
        .args(["--max-time", "0.5s"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(
        stderr,
        "error: Graphviz's dot did not lay out this graph (207 nodes) within 0.5 s \
         (--max-time): its layout slows down sharply on graphs with many crossing edges; draw a \
         smaller instance or the game tree, or raise --max-time\n"
    );
    assert!(!svg.exists());
}

/// The report's pictures of game trees and DAGs are the same bytes whether Graphviz is installed
/// or not: they come from the built-in renderer either way. They are all the gold-pots study's
/// (checked below: every committed picture drawn from a committed DOT file), so that study alone
/// is run here with Graphviz on the PATH; the whole report without Graphviz is compared with the
/// committed one in cli/tests/cli/report.rs.
pub fn the_reports_graph_pictures_are_the_same_with_graphviz_on_the_path() {
    let dir = tempfile::tempdir().unwrap();
    let others = "parity,claims,games,strategies,subtract-a-square,octal";
    let out = dir.path().to_str().unwrap();
    crate::common::stdout_of(&["report", "--skip", others, "--out", out]);
    let committed = crate::common::repository().join("reports");
    let written: Vec<String> = crate::common::file_names(dir.path())
        .into_iter()
        .filter(|name| name != "README.md")
        .collect();
    for name in &written {
        assert!(
            std::fs::read(dir.path().join(name)).unwrap()
                == std::fs::read(committed.join(name)).unwrap(),
            "{name} differs from reports/{name} with Graphviz on the PATH"
        );
    }
    for name in crate::common::file_names(&committed) {
        let drawn_from_dot = name
            .strip_suffix(".svg")
            .is_some_and(|stem| committed.join(format!("{stem}.dot")).exists());
        assert!(
            !drawn_from_dot || written.contains(&name),
            "reports/{name} is drawn from a graph by a study this test skips: run it here too"
        );
    }
}
