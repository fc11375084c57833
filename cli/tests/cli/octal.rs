//! The octal games on the command line: `gamelab grundy` against Winning Ways' periods and
//! ogsolve's checksums, a proved period answering a heap of 10^18, sums decided by the XOR of
//! nim-values, the losing positions of a proved period counted to 10^19, the generic commands on
//! a splitting game, and the refusals of a bad code.

use crate::common::{fails_with, gamelab, stdout_of};

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

/// A code is shown one way however it was typed (`.60` is `0.6`), and a game with a rule is
/// named with it wherever a study names its game.
#[test]
fn codes_are_shown_canonically_and_rules_are_named() {
    let grundy = stdout_of(&["grundy", "octal", "--code", ".60", "--n-max", "10"]);
    assert!(
        grundy.starts_with("octal (code 0.6): Grundy values of heaps 0 to 10\n"),
        "{grundy}"
    );
    let solve = stdout_of(&["solve", "octal", "--code", ".60", "--n", "9"]);
    assert!(solve.starts_with("octal N=9 code 0.6\n"), "{solve}");
    let losing = stdout_of(&[
        "losing-positions",
        "octal",
        "--code",
        ".6",
        "--n-max",
        "100",
    ]);
    assert!(
        losing.starts_with("octal (code 0.6): losing positions up to 100\n"),
        "{losing}"
    );
    let json = stdout_of(&[
        "losing-positions",
        "nim",
        "--subtract",
        "1,3,4",
        "--n-max",
        "100",
        "--format",
        "json",
    ]);
    let study: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(study["rule"], "S={1, 3, 4}");
    // Only the heaps of 0 and 2 (mod 7) lose in nim with S = {1, 3, 4}: 0, 7, ..., 98 and 2,
    // 9, ..., 100, fifteen of each.
    assert_eq!(study["losing"], 30);
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

/// Dawson's Kayles (0.07: two tokens taken, leaving no heap, one or two) by its definition:
/// g(n) = mex{g(a) xor g(n - 2 - a)}, for heaps 0 to `n_max`.
fn dawsons_kayles_by_definition(n_max: usize) -> Vec<u32> {
    let mut values = vec![0u32; n_max + 1];
    for n in 2..=n_max {
        let options: std::collections::HashSet<u32> =
            (0..=n - 2).map(|a| values[a] ^ values[n - 2 - a]).collect();
        values[n] = (0..).find(|value| !options.contains(value)).unwrap();
    }
    values
}

#[test]
fn losing_positions_of_a_proved_period_are_counted_to_any_n() {
    // Guy and Smith: Dawson's Kayles has period 34 from heap 53 on, so the losing heaps up to
    // 10^19 follow from the values to 53 + 34, counted here by hand from the definition.
    let values = dawsons_kayles_by_definition(53 + 34 - 1);
    let zero = |n: u64| values[if n < 53 { n } else { 53 + (n - 53) % 34 } as usize] == 0;
    let n_max: u64 = 10_000_000_000_000_000_000;
    let per_cycle = (53..53 + 34).filter(|&n| zero(n)).count() as u64;
    let rest = n_max - 52;
    let expected = (0..53).filter(|&n| zero(n)).count() as u64
        + rest / 34 * per_cycle
        + (53..53 + rest % 34).filter(|&n| zero(n)).count() as u64;
    let out = stdout_of(&[
        "losing-positions",
        "dawsons-kayles",
        "--n-max",
        "1e19",
        "--format",
        "json",
    ]);
    let study: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(study["losing"], expected, "{out}");
    let first: Vec<u64> = (0..).filter(|&n| zero(n)).take(20).collect();
    assert_eq!(study["first"], serde_json::json!(first), "{out}");
    // Every count at a power of two, against the definition (to 2^12) or the period.
    for row in study["counts"].as_array().unwrap() {
        let n = row["n"].as_u64().unwrap();
        if n <= 4096 {
            assert_eq!(
                row["losing"],
                (0..=n).filter(|&k| zero(k)).count() as u64,
                "{n}"
            );
        }
    }
    // Kayles has no losing heap but the empty one, however far.
    let out = stdout_of(&["losing-positions", "kayles", "--n-max", "1e19"]);
    assert!(out.contains("losing:    1 (0)"), "{out}");
    // A long code's first stage (2^16 heaps, each with many splits) is computed only when a
    // heap beyond it asks for it, and only within the budget: the small request is answered
    // from its own values, the large one refused before any work.
    let long_code = format!("0.{}", "7".repeat(33));
    let out = stdout_of(&[
        "losing-positions",
        "octal",
        "--code",
        &long_code,
        "--n-max",
        "100",
        "--max-time",
        "1s",
    ]);
    assert!(out.contains("losing:    1 (0)"), "{out}");
    fails_with(
        &[
            "losing-positions",
            "octal",
            "--code",
            &long_code,
            "--n-max",
            "1e6",
            "--max-time",
            "1s",
        ],
        &["above the budget of 1.0 s (--max-time)"],
    );
    // Listing them is costed by their number, which a period knows.
    fails_with(
        &[
            "losing-positions",
            "dawsons-kayles",
            "--n-max",
            "1e19",
            "--list",
            "positions.txt",
        ],
        &[
            &format!("writing up to {expected} losing positions"),
            "lines of numbers written to a file",
        ],
    );
}

/// 0.76's values are large, so nearly every candidate is rare and its estimate is far too low
/// (about a tenth of its time at 10^5 heaps): the computation holds to the time budget itself.
/// Not a measure of speed: 10^5 heaps take five times the first 2^16, which alone take longer
/// than this budget here; wherever it stops, the message is the same.
/// Under a budget too small for the first stage (which would prove Kayles' period and count to
/// any N at once), the refusal names that stage's cost, not a look at every heap to 10^19.
#[test]
fn a_first_stage_over_the_budget_is_the_cost_named() {
    fails_with(
        &[
            "losing-positions",
            "kayles",
            "--n-max",
            "1e19",
            "--max-time",
            "1ms",
        ],
        &[
            "counting the losing positions in 0..=10000000000000000000 would take about ",
            " s (mostly ",
            "octal nim-sequences), above the budget of 1.0 ms (--max-time)",
        ],
    );
}

/// Values asked for past the probe (2^14 heaps) are costed by the probe when it proves a period:
/// 0.156 proves its period of 349 at about 7,700 values, so its values to 2^16 cost the probe's
/// quarter of the estimate (refused before under 100 ms as "about 0.3 s"), while 0.6, which
/// proves none, is still costed, and refused, in full.
#[test]
fn a_probe_that_proves_a_period_is_the_cost() {
    let out = stdout_of(&[
        "grundy",
        "octal",
        "--code",
        "0.156",
        "--n-max",
        "65536",
        "--max-time",
        "100ms",
    ]);
    assert!(out.contains("period:    349 from heap 3479"), "{out}");
    assert!(out.contains("proved: it holds for every heap"), "{out}");
    fails_with(
        &[
            "grundy",
            "octal",
            "--code",
            "0.6",
            "--n-max",
            "65536",
            "--max-time",
            "50ms",
        ],
        &[
            "would take about ",
            "above the budget of 50.0 ms (--max-time)",
        ],
    );
}

#[test]
fn an_octal_sequence_past_the_time_budget_is_stopped_and_said() {
    fails_with(
        &[
            "grundy",
            "octal",
            "--code",
            "0.76",
            "--n-max",
            "1e5",
            "--max-time",
            "1s",
        ],
        &[
            "ran past the time budget of 1.0 s (--max-time) at heap ",
            "though estimated to fit: stopped; raise --max-time",
        ],
    );
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

/// A code whose moves take many tokens reaches few positions: 85 from a heap of 40 taking 10
/// at a time, 33 from a heap of 60 taking 25. Their costs count the heaps that deep a position
/// can hold, so they run under the default budgets.
#[test]
fn codes_that_take_many_tokens_are_costed_by_the_positions_they_reach() {
    let dag = stdout_of(&[
        "tree",
        "octal",
        "--code",
        "0.0000000007",
        "--n",
        "40",
        "--dag",
        "--format",
        "json",
    ]);
    assert!(dag.contains("\"nodes\""), "{dag}");
    let analysis = stdout_of(&["analyze", "octal", "--code", "0.0000000007", "--n", "40"]);
    assert!(analysis.contains("a heap of 40"), "{analysis}");
    let code = "0.0000000000000000000000007";
    let solved = stdout_of(&[
        "solve", "octal", "--code", code, "--n", "60", "--solver", "memo",
    ]);
    assert!(solved.contains("g(60) = 2"), "{solved}");
    // Dense codes stay refused where their positions are many: the refusal names the bound.
    fails_with(
        &["analyze", "octal", "--code", "0.7777777777", "--n", "40"],
        &["up to 89166 positions", "--max-memory"],
    );
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
    fails_with(
        &["grundy", "octal", "--code", "77"],
        &["'77' has no point", "e.g. 0.77"],
    );
    // Not digits either, or digits that make no code behind a point (0.0 allows no move): the
    // example is a real code.
    fails_with(
        &["grundy", "octal", "--code", "abc"],
        &["'abc' has no point", "e.g. 0.77 (Kayles)"],
    );
    fails_with(
        &["grundy", "octal", "--code", "0"],
        &["'0' has no point", "e.g. 0.77 (Kayles)"],
    );
    // A very long value is shown by its start and its length, wherever the message repeats it.
    let long_code = "7".repeat(100_000);
    let long_piles = format!("{}x", "1,".repeat(50_000));
    let long_entry = format!("1,{}", "x".repeat(100_000));
    for (flag, value) in [
        ("--code", &long_code),
        ("--piles", &long_piles),
        ("--piles", &long_entry),
    ] {
        let output = gamelab()
            .args(["solve", "octal", flag, value, "--n", "5"])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        let stderr = String::from_utf8(output.stderr).unwrap();
        let shortened = format!("... ({} characters)", value.len());
        assert!(
            stderr.len() < 500 && stderr.contains(&shortened),
            "{stderr}"
        );
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
    fails_with(
        &["solve", "kayles", "--code", "0.77", "--n", "5"],
        &["kayles does not take the octal code"],
    );
    fails_with(
        &["solve", "kayles", "--subtract", "1,2", "--n", "5"],
        &["kayles does not take the subtraction set"],
    );
}
