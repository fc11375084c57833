//! Every example in `examples/` runs and prints (or writes) what its documentation promises.
//! `cargo test` builds the examples next to the test binaries, so they are run from there.

use std::path::PathBuf;
use std::process::Command;

/// The built example `name` (target/PROFILE/examples/NAME).
fn example(name: &str) -> Command {
    let test_binary = std::env::current_exe().unwrap();
    // target/PROFILE/deps/examples-HASH -> target/PROFILE/examples/NAME
    let profile_dir = test_binary.parent().and_then(|deps| deps.parent()).unwrap();
    let path: PathBuf = profile_dir
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.exists(),
        "{} is missing: run the whole `cargo test` (which builds the examples) or \
         `cargo build --release --examples` first",
        path.display()
    );
    Command::new(path)
}

/// Runs example `name` with an output folder; returns its stdout.
fn run(name: &str, out_dir: &std::path::Path) -> String {
    let output = example(name).arg(out_dir).output().unwrap();
    assert!(
        output.status.success(),
        "{name}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn every_example_runs() {
    let dir = tempfile::tempdir().unwrap();
    let examples: Vec<String> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/examples"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter_map(|name| name.strip_suffix(".rs").map(str::to_string))
        .collect();
    assert!(examples.len() >= 5, "{examples:?}");
    for name in &examples {
        run(name, dir.path());
    }
}

#[test]
fn solve_one_prints_the_gold_pots_solution() {
    let dir = tempfile::tempdir().unwrap();
    let stdout = run("solve_one", dir.path());
    assert!(
        stdout.contains("winner: first  (first 9, second 6, margin +3)"),
        "{stdout}"
    );
    assert!(
        stdout.contains(r#""first_score":9,"second_score":6"#),
        "{stdout}"
    );
}

#[test]
fn sweep_to_csv_writes_a_readable_csv_and_a_chart() {
    let dir = tempfile::tempdir().unwrap();
    let stdout = run("sweep_to_csv", dir.path());
    let csv = std::fs::File::open(dir.path().join("sweep.csv")).unwrap();
    let rows = gamelab::studies::sweep::read_csv(csv, "sweep.csv").unwrap();
    assert_eq!(rows.len(), 20);
    assert!(rows.iter().all(|row| row.trials == 2_000 && row.seed == 7));
    // The parity argument: with even n the first player never loses.
    assert!(
        rows.iter()
            .filter(|row| row.n % 2 == 0)
            .all(|row| row.second_wins == 0)
    );
    assert!(stdout.contains("even n: first player wins"), "{stdout}");
    let svg = std::fs::read_to_string(dir.path().join("win-rate.svg")).unwrap();
    assert!(svg.starts_with("<svg"), "{}", &svg[..80.min(svg.len())]);
}

#[test]
fn export_tree_writes_dot_and_efg_and_walks_the_optimal_line() {
    let dir = tempfile::tempdir().unwrap();
    let stdout = run("export_tree", dir.path());
    assert!(
        stdout.contains("full tree: 23 nodes; state DAG: 11 nodes"),
        "{stdout}"
    );
    assert!(
        stdout.contains("first takes right (+3), leaving [4, 6, 2]"),
        "{stdout}"
    );
    assert!(
        stdout.contains("optimal play: first 9, second 6"),
        "{stdout}"
    );
    let dot = std::fs::read_to_string(dir.path().join("gold-pots.dot")).unwrap();
    assert!(dot.starts_with("digraph game {"));
    let efg = std::fs::read_to_string(dir.path().join("gold-pots.efg")).unwrap();
    assert!(efg.starts_with("EFG 2 R"));
}

#[test]
fn check_claim_finds_the_minimal_odd_counterexample() {
    let dir = tempfile::tempdir().unwrap();
    let stdout = run("check_claim", dir.path());
    assert!(stdout.contains("refuted"), "{stdout}");
    assert!(
        stdout.contains("smallest counterexample: [1, 3, 1]"),
        "{stdout}"
    );
    assert!(
        stdout.contains("gamelab check stone-game --expect first-never-loses"),
        "{stdout}"
    );
}

#[test]
fn new_game_is_solved_exported_and_swept() {
    let dir = tempfile::tempdir().unwrap();
    let stdout = run("new_game", dir.path());
    // The conformance suite runs on a game defined outside the crate, and it passes.
    assert!(
        stdout.contains("conformance suite: two-from-the-ends: 40 instances")
            && stdout.contains(" 0 failed"),
        "{stdout}"
    );
    // [4, 6, 2, 3]: take 4 and 6 at once, leaving 2 + 3 — checked by hand.
    assert!(
        stdout.contains("winner: first  (first 10, second 5, margin +5)"),
        "{stdout}"
    );
    assert!(dir.path().join("two-from-the-ends-dag.dot").exists());
    let efg = std::fs::read_to_string(dir.path().join("two-from-the-ends-tree.efg")).unwrap();
    assert!(efg.starts_with("EFG 2 R"));
    let sweep_lines = stdout
        .lines()
        .filter(|line| line.split_whitespace().count() == 4)
        .filter(|line| {
            line.split_whitespace()
                .all(|word| word.parse::<u64>().is_ok())
        })
        .count();
    assert_eq!(sweep_lines, 12, "{stdout}");
}

#[test]
fn peaks_exhaustive_checks_every_small_row() {
    let output = example("peaks_exhaustive")
        .args(["0", "3", "6"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    // 1 + 4 + 16 + ... + 4^6 rows.
    assert!(
        stdout.contains("values 0..=3, up to 6 piles: all 5461 rows agree"),
        "{stdout}"
    );
    let refused = example("peaks_exhaustive")
        .args(["3", "0", "6"])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
}
