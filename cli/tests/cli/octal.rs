//! The octal games on the command line: `gamelab grundy` against Winning Ways' periods and
//! ogsolve's checksums, a proved period answering a heap of 10^18, sums decided by the XOR of
//! nim-values, the generic commands on a splitting game, and the refusals of a bad code.

use crate::common::{fails_with, stdout_of};

#[test]
fn grundy_proves_kayles_period_and_matches_ogsolves_checksum() {
    // Winning Ways, the octal-games chapter: Kayles' nim-values have period 12 after the last
    // exceptional value at 70 (pre-period 71 in ogsolve's convention). The checksum is what
    // `ogsolve 0.77 -m rc2 -n 100000` (P. Beling's impartial-games) prints: E740F9DF.
    let out = stdout_of(&["grundy", "kayles", "--n-max", "100000"]);
    assert!(
        out.contains("period:    12 from heap 71 (pre-period 71), proved"),
        "{out}"
    );
    assert!(out.contains("checksum:  E740F9DF"), "{out}");
    // Dawson's Kayles: period 34 from 53 (`ogsolve 0.07 -m rc2 -n 65536`: 6550B494).
    let json = stdout_of(&[
        "grundy",
        "dawsons-kayles",
        "--n-max",
        "65536",
        "--format",
        "json",
    ]);
    let summary: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(summary["period"], 34);
    assert_eq!(summary["preperiod"], 53);
    assert_eq!(summary["proved"], true);
    assert_eq!(summary["checksum"], "6550B494");
}

#[test]
fn grundy_of_a_code_without_a_known_period_matches_ogsolve() {
    // `ogsolve 0.6 -m rc2 -n 65536` prints checksum EAC31E5C and nimber 99 at 65536.
    let json = stdout_of(&[
        "grundy", "octal", "--code", "0.6", "--n-max", "65536", "--format", "json",
    ]);
    let summary: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(summary["checksum"], "EAC31E5C");
    assert_eq!(summary["proved"], false);
    assert_eq!(summary["rule"], "code 0.6");
}

#[test]
fn a_proved_period_answers_a_heap_of_ten_to_the_eighteen() {
    // 10^18 = 4 (mod 12), and Winning Ways' Kayles values from 72 on by n mod 12 are
    // 4 1 2 8 1 4 7 2 1 8 2 7: g = 1, a first-player win.
    let out = stdout_of(&[
        "solve",
        "kayles",
        "--n",
        "1000000000000000000",
        "--value-only",
    ]);
    assert!(out.contains("winner: first"), "{out}");
    assert!(out.contains("g(1000000000000000000) = 1"), "{out}");
}

#[test]
fn a_sum_is_decided_by_the_xor_and_brute_agrees() {
    // Kayles: g(7) = 2, g(11) = 6, g(30) = 7 (Winning Ways' table); 2 ^ 6 ^ 7 = 3.
    let out = stdout_of(&["solve", "kayles", "--heaps", "7,11,30", "--value-only"]);
    assert!(out.contains("winner: first"), "{out}");
    assert!(out.contains("nim-sum 3"), "{out}");
    // Two equal heaps cancel: the second player mirrors.
    let out = stdout_of(&["solve", "dawsons-kayles", "--heaps", "9,9", "--value-only"]);
    assert!(out.contains("winner: second"), "{out}");
    for heaps in ["3,4,5", "2,6", "1,2,3"] {
        let value = |solver| {
            let out = stdout_of(&[
                "solve",
                "kayles",
                "--heaps",
                heaps,
                "--solver",
                solver,
                "--value-only",
            ]);
            out.lines()
                .find(|line| line.starts_with("winner:"))
                .unwrap()
                .to_string()
        };
        assert_eq!(value("brute"), value("grundy"), "{heaps}");
    }
}

#[test]
fn the_generic_commands_play_a_splitting_game() {
    let tree = stdout_of(&["tree", "kayles", "--n", "5", "--format", "efg"]);
    assert!(tree.starts_with("EFG 2 R"), "{tree}");
    let analysis = stdout_of(&["analyze", "octal", "--code", "0.07", "--n", "6"]);
    assert!(analysis.contains("a heap of 6"), "{analysis}");
    assert!(analysis.contains("6-2=2+2"), "{analysis}");
    let play = stdout_of(&[
        "play",
        "dawsons-chess",
        "--n",
        "9",
        "--first",
        "optimal",
        "--second",
        "random",
    ]);
    assert!(play.contains("first"), "{play}");
}

#[test]
fn bad_codes_and_stray_codes_are_refused_in_one_line() {
    fails_with(
        &["solve", "octal", "--n", "5"],
        &["octal needs the octal code", "0.77"],
    );
    fails_with(
        &["solve", "octal", "--code", "0.8", "--n", "5"],
        &["'0.8'", "octal digits are 0 to 7"],
    );
    fails_with(&["grundy", "octal", "--code", "77"], &["'77' has no point"]);
    fails_with(
        &["solve", "kayles", "--code", "0.77", "--n", "5"],
        &["kayles does not take the octal code"],
    );
    fails_with(
        &["solve", "kayles", "--subtract", "1,2", "--n", "5"],
        &["kayles does not take the subtraction set"],
    );
}
