//! What a determined user tries on the edges of the command line: output files that keep their
//! permissions and leave no temporary file behind, a Graphviz that fails or never answers, flag
//! values starting with '-' or written as 1e3, a folder given as an input file, an instance
//! whose cost must be estimated without solving it, and an overflow bound from the instance.

use crate::common::{fails_with, file_names, gamelab};
use std::os::unix::fs::PermissionsExt;

#[test]
fn a_replaced_file_keeps_its_permissions_and_a_read_only_one_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("private.csv");
    std::fs::write(&csv, "old").unwrap();
    std::fs::set_permissions(&csv, std::fs::Permissions::from_mode(0o600)).unwrap();
    gamelab()
        .args([
            "sweep",
            "stone-game",
            "--n-max",
            "4",
            "--trials",
            "10",
            "--out",
        ])
        .arg(&csv)
        .assert()
        .success();
    let mode = std::fs::metadata(&csv).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    assert!(
        std::fs::read_to_string(&csv)
            .unwrap()
            .starts_with("n,trials,")
    );

    let locked = dir.path().join("locked.csv");
    std::fs::write(&locked, "keep").unwrap();
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o444)).unwrap();
    let path = locked.to_str().unwrap();
    fails_with(
        &["sweep", "stone-game", "--n-max", "4", "--out", path],
        &[&format!("cannot write '{path}': the file is read-only")],
    );
    assert_eq!(std::fs::read_to_string(&locked).unwrap(), "keep");
    assert_eq!(file_names(dir.path()), ["locked.csv", "private.csv"]);
}

#[test]
fn a_failed_write_leaves_no_temporary_file_and_an_empty_path_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    for (args, needle) in [
        (
            vec![
                "tree",
                "stone-game",
                "--piles",
                "4,6,2",
                "--render",
                "svg",
                "",
            ],
            "",
        ),
        (
            vec!["sweep", "stone-game", "--n-max", "4", "--out", ""],
            "an empty name names no file",
        ),
        (
            vec![
                "tree",
                "stone-game",
                "--piles",
                "4,6,2",
                "--render",
                "svg",
                "sub",
            ],
            "cannot write 'sub'",
        ),
    ] {
        std::fs::create_dir_all(dir.path().join("sub")).unwrap();
        let output = gamelab()
            .args(&args)
            .current_dir(dir.path())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
        assert_eq!(file_names(dir.path()), ["sub"], "{args:?} left a file");
        assert!(file_names(&dir.path().join("sub")).is_empty(), "{args:?}");
    }
}

#[test]
fn graphviz_failures_are_said_in_gamelab_s_words() {
    if !std::process::Command::new("dot")
        .arg("-V")
        .output()
        .is_ok_and(|output| output.status.success())
    {
        assert!(!crate::common::thorough(), "Graphviz is needed");
        return;
    }
    fails_with(
        &[
            "tree",
            "stone-game",
            "--piles",
            "4,6,2",
            "--render",
            "svg",
            "/dev/full",
        ],
        &["cannot write '/dev/full': No space left on device"],
    );
}

#[test]
fn a_graphviz_that_never_answers_is_named_and_given_up() {
    let dir = tempfile::tempdir().unwrap();
    let dot = dir.path().join("dot");
    std::fs::write(&dot, "#!/bin/sh\nexec /bin/sleep 600\n").unwrap();
    std::fs::set_permissions(&dot, std::fs::Permissions::from_mode(0o755)).unwrap();
    let output = gamelab()
        .env("PATH", dir.path())
        .args([
            "tree",
            "stone-game",
            "--piles",
            "4,6,2",
            "--renderer",
            "graphviz",
        ])
        .args(["--render", "svg"])
        .arg(dir.path().join("out.svg"))
        // A time budget under the 5 s that `dot -V` is given otherwise: the shorter one counts.
        .args(["--max-time", "1s"])
        // A guard against a hang, not a measure of speed: the command gives up on dot by itself.
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("did not answer 'dot -V' within 1.0 s (--max-time)"),
        "{stderr}"
    );
    assert!(!dir.path().join("out.svg").exists());
}

#[test]
fn flag_values_starting_with_a_dash_are_answered_by_the_flag_itself() {
    for (args, needle) in [
        (
            vec!["sweep", "nim", "--n-max", "10", "--subtract", "-1"],
            "'-1' is '-1', not a positive integer",
        ),
        (
            vec!["sweep", "stone-game", "--n-max", "10", "--shard", "-1/3"],
            "'-1/3' is not of the form K/N",
        ),
        (
            vec![
                "strategy-curve",
                "stone-game",
                "--strategy",
                "mcts",
                "--budgets",
                "-0.1",
            ],
            "got -0.1",
        ),
        (
            vec!["sweep", "stone-game", "--n-max", "10", "--trials", "-inf"],
            "'-inf' is not a non-negative integer",
        ),
        (vec!["bench", "--runs", "-1"], "'-1'"),
    ] {
        let output = gamelab().args(&args).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains(needle) && !stderr.contains("unexpected argument"),
            "{args:?}: {stderr}"
        );
    }
    let swept = crate::common::stdout_of(&[
        "sweep",
        "stone-game",
        "--n-max",
        "3",
        "--trials",
        "2",
        "--min-value",
        "1e3",
        "--max-value",
        "2e3",
    ]);
    assert!(swept.contains("values 1000..2000"), "{swept}");
}

#[test]
fn a_folder_given_as_input_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().to_str().unwrap();
    fails_with(
        &["solve", "stone-game", "--input", path],
        &[&format!("cannot open input file '{path}': it is a folder")],
    );
}

#[test]
fn huge_instances_are_estimated_without_being_solved() {
    // A guard against a hang: an estimate in O(sqrt N) took half a minute here. (memo names
    // its own limit of positions first; brute is refused by the estimate.)
    for (solver, refusal) in [
        ("brute", "above the budget"),
        ("memo", "above its limit of 4000000"),
    ] {
        let refused = gamelab()
            .args([
                "solve",
                "divisor-game",
                "--n",
                "999999999999999989",
                "--solver",
                solver,
            ])
            .timeout(std::time::Duration::from_secs(120))
            .output()
            .unwrap();
        assert_eq!(refused.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&refused.stderr);
        assert!(stderr.contains(refusal), "{stderr}");
    }
    let answered = gamelab()
        .args([
            "solve",
            "divisor-game",
            "--n",
            "18446744073709551557",
            "--value-only",
        ])
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .unwrap();
    assert!(answered.status.success());
    assert!(String::from_utf8_lossy(&answered.stdout).contains("winner: second"));
}

#[test]
fn stone_game_vii_s_overflow_bound_is_the_instance_s() {
    let solved = crate::common::stdout_of(&[
        "solve",
        "stone-game-vii",
        "--piles",
        "4000000000000000000,4000000000000000000",
    ]);
    assert!(
        solved.contains("first 4000000000000000000, second 0"),
        "{solved}"
    );
}
