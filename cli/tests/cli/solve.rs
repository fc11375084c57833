//! `gamelab solve` and `gamelab games` from the outside: output formats, batch mode, and every
//! kind of bad input (one line on stderr naming the problem, exit status 2, no panic).

use crate::common::{fails_with, gamelab, stdout_of};
use predicates::prelude::*;
use serde_json::Value;

#[test]
fn the_move_table_stays_aligned_for_19_digit_values() {
    let output = gamelab()
        .args([
            "solve",
            "stone-game",
            "--piles",
            "1000000000000000000,-3,999999999999999999,5",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let table: Vec<&str> = text
        .lines()
        .skip_while(|line| !line.contains('#'))
        .collect();
    assert_eq!(table.len(), 5, "{text}");
    // Every number column ends where its header does, and the position after the move starts
    // where "then" does.
    for header in ["gain", "first", "second"] {
        let end = table[0].find(header).unwrap() + header.len();
        for row in &table[1..] {
            assert_ne!(row.as_bytes()[end - 1], b' ', "{header}: {text}");
            assert_eq!(row.as_bytes()[end], b' ', "{header}: {text}");
        }
    }
    let then = table[0].find("then").unwrap();
    for row in &table[1..] {
        assert!(row[then..].starts_with('['), "{text}");
    }
}

#[test]
fn text_output_shows_the_optimal_play_step_by_step() {
    gamelab()
        .args(["solve", "stone-game", "--piles", "4,6,2,3"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "winner: first  (first 9, second 6, margin +3)",
        ))
        .stdout(predicate::str::contains("takes the right pile (3)"))
        .stdout(predicate::str::contains("takes the left pile (4)"));
}

#[test]
fn json_output_has_the_documented_keys() {
    let output = gamelab()
        .args([
            "solve",
            "stone-game",
            "--piles",
            "1,100,3",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    let value: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(value["game"], "stone-game");
    assert_eq!(value["winner"], "second");
    assert_eq!(value["first_score"], 4);
    assert_eq!(value["second_score"], 100);
    assert_eq!(value["margin"], -96);
    let first_move = &value["moves"][0];
    assert_eq!(first_move["player"], "first");
    assert_eq!(first_move["side"], "left");
    assert_eq!(first_move["gain"], 1);
}

#[test]
fn each_game_names_its_moves_in_json() {
    for (game, flag, value, key) in [
        ("stone-game-ii", "--piles", "2,7,9,4,4", "count"),
        ("stone-game-iii", "--piles", "1,2,3,7", "count"),
        ("divisor-game", "--n", "4", "x"),
    ] {
        let output = gamelab()
            .args(["solve", game, flag, value, "--format", "json"])
            .output()
            .unwrap();
        let json: Value = serde_json::from_slice(&output.stdout).unwrap();
        assert!(json["moves"][0][key].is_u64(), "{game}: {json}");
        assert!(json["moves"][0]["gain"].is_i64(), "{game}: {json}");
    }
}

#[test]
fn batch_mode_answers_each_line_in_order() {
    let input = "{\"piles\": [5, 3, 4, 5]}\n\n{\"piles\": [1, 5, 2]}\n{\"game\": \"stone-game\", \"piles\": [7]}\n";
    let output = gamelab()
        .args(["solve", "stone-game", "--input", "-"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(output.status.success());
    let winners: Vec<String> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap()["winner"].to_string())
        .collect();
    assert_eq!(winners, vec!["\"first\"", "\"second\"", "\"first\""]);
}

#[test]
fn batch_mode_reads_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("instances.jsonl");
    std::fs::write(&path, "{\"n\": 2}\n{\"n\": 3}\n").unwrap();
    gamelab()
        .args(["solve", "divisor-game", "--input", path.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicate::str::contains("\"winner\":\"first\""))
        .stdout(predicate::str::contains("\"winner\":\"second\""));
}

#[test]
fn games_lists_every_game_with_rules_and_solvers() {
    gamelab()
        .arg("games")
        .assert()
        .success()
        .stdout(predicate::str::contains("stone-game-iii"))
        .stdout(predicate::str::contains("divisor-game"))
        .stdout(predicate::str::contains(
            "solvers: auto, brute, memo, table, diff, rolling, peaks",
        ));
}

#[test]
fn missing_or_empty_piles_are_refused() {
    fails_with(&["solve", "stone-game"], &["needs piles"]);
    fails_with(
        &["solve", "stone-game", "--piles", ""],
        &["piles (--piles) is empty"],
    );
    fails_with(
        &["solve", "stone-game-ii", "--piles", " "],
        &["piles (--piles) is empty"],
    );
    // The piles given as an empty JSON array.
    let output = gamelab()
        .args(["solve", "stone-game", "--input", "-"])
        .write_stdin("{\"piles\": []}\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8(output.stderr)
            .unwrap()
            .contains("line 1: stone-game needs at least one pile")
    );
}

#[test]
fn malformed_pile_lists_are_refused() {
    fails_with(
        &["solve", "stone-game", "--piles", "1,,2"],
        &["pile 2", "'1,,2'", "empty"],
    );
    fails_with(
        &["solve", "stone-game", "--piles", "a,b"],
        &["pile 1", "'a'", "not an integer"],
    );
    fails_with(
        &["solve", "stone-game", "--piles", "1,99999999999999999999"],
        &["pile 2", "99999999999999999999", "64-bit"],
    );
}

#[test]
fn overflowing_sums_are_refused() {
    fails_with(
        &[
            "solve",
            "stone-game-iii",
            "--piles",
            "9223372036854775807,1",
        ],
        &["overflow", "9223372036854775808"],
    );
    fails_with(
        &["solve", "stone-game", "--piles", "-9223372036854775808"],
        &["overflow"],
    );
}

#[test]
fn numbers_below_one_are_refused() {
    fails_with(
        &["solve", "divisor-game", "--n", "0"],
        &["N must be at least 1, got 0"],
    );
    fails_with(&["solve", "divisor-game", "--n", "-3"], &["'-3'"]);
    fails_with(
        &["solve", "divisor-game", "--n", "1.5"],
        &["'1.5' is not a non-negative integer"],
    );
}

#[test]
fn malformed_json_lines_name_their_line_number() {
    let output = gamelab()
        .args(["solve", "stone-game", "--input", "-"])
        .write_stdin("{\"piles\": [1, 2]}\n{\"piles\": [1, 2\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("line 2"), "{stderr}");
    // The good first line was still answered.
    assert_eq!(String::from_utf8(output.stdout).unwrap().lines().count(), 1);

    fails_with(
        &[
            "solve",
            "stone-game",
            "--input",
            "/nonexistent/instances.jsonl",
        ],
        &["cannot open input file"],
    );
}

#[test]
fn json_values_beyond_64_bits_name_their_line() {
    let output = gamelab()
        .args(["solve", "stone-game", "--input", "-"])
        .write_stdin("{\"piles\": [1, 123456789012345678901234]}\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8(output.stderr).unwrap().contains("line 1"));
    let output = gamelab()
        .args(["solve", "divisor-game", "--input", "-"])
        .write_stdin("{\"n\": 0}\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8(output.stderr)
            .unwrap()
            .contains("line 1: divisor-game: N must be at least 1")
    );
}

#[test]
fn unknown_games_and_solvers_are_refused() {
    fails_with(
        &["solve", "chess", "--n", "3"],
        &["unknown game 'chess'", "stone-game"],
    );
    fails_with(
        &["solve", "stone-game", "--piles", "1", "--solver", "magic"],
        &["'magic'"],
    );
    fails_with(
        &[
            "solve",
            "stone-game",
            "--piles",
            "1",
            "--solver",
            "closed-form",
        ],
        &["does not apply to stone-game"],
    );
}

#[test]
fn brute_refuses_large_instances_naming_its_limit() {
    let piles = vec!["1"; 40].join(",");
    fails_with(
        &[
            "solve",
            "stone-game",
            "--piles",
            &piles,
            "--solver",
            "brute",
        ],
        &["brute", "limit of 4000000"],
    );
}

#[test]
fn wrong_input_form_is_refused() {
    fails_with(
        &["solve", "divisor-game", "--piles", "1,2"],
        &["does not take piles"],
    );
    fails_with(
        &["solve", "stone-game", "--n", "4"],
        &["does not take N (--n)"],
    );
}

/// A validated instance's absolute sum may reach `i64::MAX`, so `total + margin` may not fit 64
/// bits: the scores were once halved from an overflowed sum (one pile of 2^62 gave "first
/// -2^62, winner second"). Every value path, and the batch path, must give the exact scores.
#[test]
fn scores_near_the_64_bit_bound_are_exact() {
    let cases = [
        ("4611686018427387904", 4611686018427387904i64, 0i64),
        ("9223372036854775807", 9223372036854775807, 0),
        (
            "4611686018427387904,4611686018427387903",
            4611686018427387904,
            4611686018427387903,
        ),
    ];
    for (piles, first, second) in cases {
        let mut runs: Vec<Vec<&str>> = ["rolling", "peaks", "diff"]
            .iter()
            .map(|&solver| {
                vec![
                    "solve",
                    "stone-game",
                    "--piles",
                    piles,
                    "--value-only",
                    "--solver",
                    solver,
                    "--format",
                    "json",
                ]
            })
            .collect();
        runs.push(vec![
            "solve",
            "stone-game",
            "--piles",
            piles,
            "--format",
            "json",
        ]);
        for args in runs {
            let output = gamelab().args(&args).output().unwrap();
            assert!(output.status.success(), "{args:?}");
            let answer: Value = serde_json::from_slice(&output.stdout).unwrap();
            assert_eq!(answer["first_score"], first, "{args:?}");
            assert_eq!(answer["second_score"], second, "{args:?}");
            assert_eq!(answer["margin"], first - second, "{args:?}");
        }
        // The batch path, from a pipe.
        let line = format!("{{\"piles\":[{piles}]}}\n");
        for flags in [&["--value-only"][..], &[][..]] {
            let output = gamelab()
                .args(["solve", "stone-game", "--input", "-", "--format", "json"])
                .args(flags)
                .write_stdin(line.clone())
                .output()
                .unwrap();
            assert!(output.status.success(), "{piles} {flags:?}");
            let answer: Value = serde_json::from_slice(&output.stdout).unwrap();
            assert_eq!(answer["first_score"], first, "{piles} {flags:?}");
            assert_eq!(answer["margin"], first - second, "{piles} {flags:?}");
        }
    }
}

/// A list given as gamelab prints it, in brackets (the form a "needs piles, e.g. [3, 9, 1, 2]"
/// message shows), is read as the same list.
#[test]
fn piles_in_brackets_are_the_same_piles() {
    let bracketed = stdout_of(&["solve", "stone-game", "--piles", "[3, 9, 1, 2]"]);
    let plain = stdout_of(&["solve", "stone-game", "--piles", "3,9,1,2"]);
    assert_eq!(bracketed, plain);
    let missing = gamelab().args(["solve", "stone-game"]).output().unwrap();
    assert!(String::from_utf8_lossy(&missing.stderr).contains("e.g. [3, 9, 1, 2]"));
    assert_eq!(
        stdout_of(&[
            "solve",
            "nim",
            "--heaps",
            "[7, 11, 30]",
            "--subtract",
            "[1, 3, 4]"
        ]),
        stdout_of(&["solve", "nim", "--heaps", "7,11,30", "--subtract", "1,3,4"])
    );
}

/// Counts agree with their nouns: one stone, one instance, one size.
#[test]
fn a_count_of_one_takes_the_singular() {
    let nim = stdout_of(&["solve", "nim", "--n", "1"]);
    assert!(
        nim.contains("takes 1 stone ") && nim.contains("0 stones"),
        "{nim}"
    );
    assert!(!nim.contains("1 stones"), "{nim}");
    let sweep = stdout_of(&["sweep", "nim", "--n-max", "1"]);
    assert!(sweep.contains("(1 size, 1 instance)"), "{sweep}");
    let check = gamelab()
        .args([
            "check",
            "stone-game",
            "--expect",
            "first-wins",
            "--n",
            "2",
            "--max-value",
            "3",
        ])
        .output()
        .unwrap();
    let check = String::from_utf8_lossy(&check.stdout);
    assert!(check.contains("REFUTED after 1 instance ("), "{check}");
    // A number game's smallest counterexample is the smallest N, not "fewer piles".
    let nim = gamelab()
        .args(["check", "nim", "--expect", "first-wins"])
        .output()
        .unwrap();
    let nim = String::from_utf8_lossy(&nim.stdout);
    assert!(
        nim.contains("smallest counterexample: N=4 (no smaller N refutes it)"),
        "{nim}"
    );
}

/// Nim's note lists the Grundy values of the pre-period and one period up to forty of them, then
/// how many more: a period of 15,000 made a note of 30 KB.
#[test]
fn a_long_period_is_noted_by_its_start() {
    let out = stdout_of(&[
        "solve",
        "nim",
        "--n",
        "20000",
        "--subtract",
        "5000,10000",
        "--value-only",
    ]);
    let note = out
        .lines()
        .find(|line| line.starts_with("note: S = {5000, 10000}: Grundy values "))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        note.contains(" (and 14960 more) ... periodic with period 15000 from n = 0"),
        "{note}"
    );
    assert!(note.len() < 300, "{note}");
}
