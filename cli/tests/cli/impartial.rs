//! The impartial heap games against what others computed: sums decided by the XOR of Grundy
//! values (and by brute force on the sum itself), nim-sequences with their periods, the divisor
//! game's even/odd rule, subtract-a-square's losing positions (OEIS A030193) counted and listed
//! by `losing-positions`, a subtraction game's counted from its period to 10^19, and the refusals.

use crate::common::{fails_with, gamelab, stdout_of};
use std::fs;

/// The winner line of `gamelab solve` ("first" or "second").
fn winner(args: &[&str]) -> String {
    let out = stdout_of(args);
    let line = out
        .lines()
        .find(|line| line.starts_with("winner:"))
        .unwrap_or_else(|| panic!("{args:?} printed no winner: {out}"));
    line.split_whitespace().nth(1).unwrap().to_string()
}

/// The Grundy values `gamelab grundy` writes as CSV, indexed by the heap (from 0: the divisor
/// game, whose heaps start at 1, gets a 0 for heap 0, which no count reads).
fn grundy_values(game: &[&str], n_max: u64) -> Vec<u64> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("values.csv");
    let mut args = vec!["grundy"];
    args.extend(game);
    let n = n_max.to_string();
    args.extend(["--n-max", &n, "--out", path.to_str().unwrap()]);
    stdout_of(&args);
    let text = fs::read_to_string(&path).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("n,grundy"));
    let mut values = Vec::new();
    for line in lines {
        let (heap, value) = line.split_once(',').unwrap();
        let heap: usize = heap.parse().unwrap();
        if values.is_empty() {
            values.resize(heap, 0);
        }
        assert_eq!(heap, values.len(), "rows in order");
        values.push(value.parse().unwrap());
    }
    values
}

#[test]
fn a_sum_is_won_exactly_when_the_xor_of_its_grundy_values_is_not_zero() {
    // nim with S = {1, 3, 4}: 0, 1, 0, 1, 2, 3, 2 repeating with period 7 (Berlekamp, Conway and
    // Guy, Winning Ways, the subtraction games' table).
    let values = grundy_values(&["nim", "--subtract", "1,3,4"], 30);
    assert_eq!(&values[..14], [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
    // Sums small enough for brute force on the whole game tree.
    for heaps in [[2u64, 3, 4], [1, 4, 5], [3, 3, 4], [2, 2, 6]] {
        let xor = heaps.iter().fold(0, |x, &h| x ^ values[h as usize]);
        let expected = if xor == 0 { "second" } else { "first" };
        let list = heaps.map(|h| h.to_string()).join(",");
        for solver in ["auto", "brute", "memo"] {
            let args = [
                "solve",
                "nim",
                "--subtract",
                "1,3,4",
                "--heaps",
                &list,
                "--solver",
                solver,
            ];
            assert_eq!(winner(&args), expected, "{args:?}");
        }
    }
}

/// Heaps and subtraction sets are read as `--n` is: `2^30` and `1e6` too.
#[test]
fn lists_of_heaps_take_powers_and_powers_of_ten() {
    let written = stdout_of(&["solve", "nim", "--heaps", "2^30,1e6,7", "--value-only"]);
    let spelled = stdout_of(&[
        "solve",
        "nim",
        "--heaps",
        "1073741824,1000000,7",
        "--value-only",
    ]);
    assert_eq!(written, spelled);
    assert!(
        written.starts_with("nim heaps 1073741824 + 1000000 + 7"),
        "{written}"
    );
    let set = stdout_of(&["grundy", "nim", "--subtract", "1,2^2", "--n-max", "20"]);
    assert!(set.contains("S={1, 4}"), "{set}");
    fails_with(
        &["solve", "nim", "--heaps", "3,2^64"],
        &["entry 2 of heaps", "'2^64', more than 18446744073709551615"],
    );
}

/// A heap game without margins of its own is costed by its solver on the instance: with a
/// proved period a sweep answers any N.
#[test]
fn a_heap_game_with_a_proved_period_is_swept_at_any_n() {
    let out = stdout_of(&["sweep", "kayles", "--n-min", "1e18", "--n-max", "1e18"]);
    assert!(
        out.contains("\n1000000000000000000         1           1"),
        "{out}"
    );
}

#[test]
fn the_divisor_game_is_won_exactly_at_even_n() {
    // LeetCode 1025: the first player wins if and only if N is even.
    for n in [
        "1",
        "2",
        "7",
        "12",
        "999999999999999989",
        "1000000000000000000",
    ] {
        let expected = if n.ends_with(['0', '2', '4', '6', '8']) {
            "first"
        } else {
            "second"
        };
        assert_eq!(
            winner(&["solve", "divisor-game", "--n", n, "--value-only"]),
            expected,
            "N = {n}"
        );
    }
}

#[test]
fn grundy_proves_nims_period_and_prints_the_same_summary_as_json() {
    let text = stdout_of(&["grundy", "nim", "--subtract", "1,3,4", "--n-max", "100"]);
    assert!(text.contains("period:    7 from heap 0"), "{text}");
    assert!(text.contains("proved"), "{text}");
    let json: serde_json::Value = serde_json::from_str(&stdout_of(&[
        "grundy",
        "nim",
        "--subtract",
        "1,3,4",
        "--n-max",
        "100",
        "--format",
        "json",
    ]))
    .unwrap();
    assert_eq!(json["period"], 7);
    assert_eq!(json["preperiod"], 0);
    assert_eq!(json["proved"], true);
}

#[test]
fn stone_game_ivs_losing_positions_are_oeis_a030193() {
    // OEIS A030193, as its entry lists them: the losing positions of subtract-a-square.
    let a030193 = [
        0u64, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39, 44, 52, 57, 62, 65, 67, 72, 85, 95, 109,
        119, 124, 127, 130, 132, 137, 142, 147, 150, 170, 177, 180, 182, 187, 192, 197, 204, 210,
        215, 238, 243, 249, 255, 257, 260, 262, 267,
    ];
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("losing.txt");
    stdout_of(&[
        "losing-positions",
        "stone-game-iv",
        "--n-max",
        "267",
        "--list",
        list.to_str().unwrap(),
    ]);
    let listed: Vec<u64> = fs::read_to_string(&list)
        .unwrap()
        .lines()
        .map(|line| line.parse().unwrap())
        .collect();
    assert_eq!(listed, a030193);
}

#[test]
fn the_counts_are_those_of_the_grundy_values_zeros_for_every_heap_game() {
    let dir = tempfile::tempdir().unwrap();
    for game in [
        &["stone-game-iv"][..],
        &["nim", "--subtract", "2,5,6"],
        &["divisor-game"],
    ] {
        let n_max = 3000;
        let values = grundy_values(game, n_max);
        let first = if game[0] == "divisor-game" { 1 } else { 0 };
        let path = dir.path().join("counts.csv");
        let mut args = vec!["losing-positions"];
        args.extend(game);
        args.extend(["--n-max", "3000", "--out", path.to_str().unwrap()]);
        stdout_of(&args);
        let text = fs::read_to_string(&path).unwrap();
        let mut lines = text.lines();
        assert_eq!(lines.next(), Some("n,losing"));
        let rows: Vec<(u64, u64)> = lines
            .map(|line| {
                let (n, count) = line.split_once(',').unwrap();
                (n.parse().unwrap(), count.parse().unwrap())
            })
            .collect();
        let mut expected_ns: Vec<u64> = (0..12).map(|k| 1 << k).collect();
        expected_ns.push(n_max);
        assert_eq!(
            rows.iter().map(|row| row.0).collect::<Vec<_>>(),
            expected_ns,
            "{game:?}"
        );
        for (n, count) in rows {
            let zeros = (first..=n).filter(|&k| values[k as usize] == 0).count() as u64;
            assert_eq!(count, zeros, "{game:?} at n = {n}");
        }
    }
}

#[test]
fn a_subtraction_games_losing_positions_follow_its_period_to_any_n() {
    // Winning Ways: taking 1 or 2 loses exactly at the multiples of 3; taking 1, 3 or 4 has
    // period 7 and loses at the heaps of 0 and 2 modulo 7.
    let n_max: u64 = 10_000_000_000_000_000_000;
    for (set, period, zeros) in [("1,2", 3u64, &[0u64][..]), ("1,3,4", 7, &[0, 2][..])] {
        let count = |n: u64| {
            (n / period) * zeros.len() as u64
                + zeros.iter().filter(|&&zero| zero <= n % period).count() as u64
        };
        let out = stdout_of(&[
            "losing-positions",
            "nim",
            "--subtract",
            set,
            "--n-max",
            "1e19",
            "--format",
            "json",
        ]);
        let study: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(study["losing"], count(n_max), "{set}: {out}");
        for row in study["counts"].as_array().unwrap() {
            let n = row["n"].as_u64().unwrap();
            assert_eq!(row["losing"], count(n), "{set} at {n}");
        }
        let first: Vec<u64> = (0..)
            .filter(|n| zeros.contains(&(n % period)))
            .take(20)
            .collect();
        assert_eq!(study["first"], serde_json::json!(first), "{set}");
    }
}

#[test]
fn the_fitted_exponent_of_subtract_a_square_is_near_eppsteins_0_7() {
    let json: serde_json::Value = serde_json::from_str(&stdout_of(&[
        "losing-positions",
        "stone-game-iv",
        "--n-max",
        "2^22",
        "--format",
        "json",
    ]))
    .unwrap();
    let b = json["law"]["b"].as_f64().unwrap();
    assert!((0.67..=0.73).contains(&b), "b = {b}");
    // c(2^22) as a plain forward sieve counts it (the count the library's tests check).
    assert_eq!(json["counts"][22]["n"], 1 << 22);
    assert_eq!(json["losing"], json["counts"][22]["losing"]);
}

#[test]
fn losing_positions_refuses_what_it_cannot_do_in_one_line() {
    fails_with(
        &["losing-positions", "stone-game", "--n-max", "10"],
        &["stone-game is not an impartial heap game"],
    );
    fails_with(
        &["losing-positions", "stone-game-iv", "--plot", "counts.txt"],
        &["counts.txt"],
    );
    fails_with(
        &["losing-positions", "stone-game-iv", "--n-max", "2^34"],
        &["--max-time"],
    );
    // A period the short search does not reach (a move of 50,000): the table is costed.
    fails_with(
        &[
            "losing-positions",
            "nim",
            "--subtract",
            "1,50000",
            "--n-max",
            "1e12",
        ],
        &["--n-max"],
    );
    // The divisor game's table has a limit no budget raises: it is named first, not the
    // memory that raising --max-memory would only lead to it with.
    for command in ["losing-positions", "grundy"] {
        for extra in [&[][..], &["--max-memory", "8G", "--max-time", "none"][..]] {
            let mut args = vec![command, "divisor-game", "--n-max", "1e9"];
            args.extend(extra);
            fails_with(
                &args,
                &[
                    "--n-max must be at most 10000000 for divisor-game (its table of Grundy \
                   values, whatever the budget), got 1000000000",
                ],
            );
        }
    }
    // A rule flag the game does not take: what it takes here is --n-max (solve's N is --n).
    fails_with(
        &["grundy", "kayles", "--code", "0.77", "--n-max", "10"],
        &["kayles does not take the octal code (--code); it takes --n-max"],
    );
    fails_with(
        &["losing-positions", "divisor-game", "--subtract", "1,2"],
        &["divisor-game does not take the subtraction set (--subtract); it takes --n-max"],
    );
    // The divisor game's N starts at 1: below it there is nothing to show.
    for command in ["losing-positions", "grundy"] {
        fails_with(
            &[command, "divisor-game", "--n-max", "0"],
            &["--n-max must be at least 1 for divisor-game (its smallest position), got 0"],
        );
    }
    // A list that cannot be written is named once, with the reason.
    let full = gamelab()
        .args(["losing-positions", "stone-game-iv", "--n-max", "1e6"])
        .args(["--list", "/dev/full"])
        .output()
        .unwrap();
    assert_eq!(full.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&full.stderr);
    assert_eq!(
        stderr.trim_end(),
        "error: cannot write '/dev/full': No space left on device (os error 28)"
    );
    // Nothing is written when the request is refused.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("counts.csv");
    let output = gamelab()
        .args([
            "losing-positions",
            "stone-game-iv",
            "--n-max",
            "1e15",
            "--out",
        ])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn grundy_draws_the_sequence_it_computes_and_refuses_a_chart_too_wide() {
    let dir = tempfile::tempdir().unwrap();
    let chart = dir.path().join("kayles.svg");
    stdout_of(&[
        "grundy",
        "kayles",
        "--n-max",
        "120",
        "--plot",
        chart.to_str().unwrap(),
    ]);
    let svg = fs::read_to_string(&chart).unwrap();
    assert!(
        svg.contains("kayles: Grundy values of heaps 0 to 120"),
        "the title"
    );
    assert!(svg.contains("period 12 from heap 71"), "the subtitle");
    fails_with(
        &["grundy", "kayles", "--n-max", "6000", "--plot", "wide.svg"],
        &["at most 5000 heaps"],
    );
    fails_with(
        &["grundy", "kayles", "--plot", "values.txt"],
        &["values.txt"],
    );
}

#[test]
fn the_octal_game_is_played_with_its_code_and_refused_where_instances_are_drawn() {
    let out = stdout_of(&[
        "play", "octal", "--n", "12", "--code", "0.6", "--first", "optimal", "--second", "random",
    ]);
    assert!(out.contains("result: first"), "{out}");
    let out = stdout_of(&[
        "play", "kayles", "--heaps", "3,4", "--first", "optimal", "--second", "greedy",
    ]);
    assert!(out.contains("result:"), "{out}");
    for command in [
        &["sweep", "octal"][..],
        &["generate", "octal"],
        &["check", "octal", "--expect", "first-wins"],
    ] {
        fails_with(command, &["random instances carry no octal code", "kayles"]);
    }
    fails_with(
        &[
            "play", "octal", "--code", "0.6", "--first", "optimal", "--second", "random",
        ],
        &["--code and --heaps describe one instance"],
    );
}
