//! The `peaks` solver (stone-game's value in O(n) by merging peaks, `solve::dp::stone_game_peaks`)
//! against the DPs: random rows of every kind of value (ties, negatives, values near the 64-bit
//! bound), rows shaped to merge a lot or nothing, its optimal line against `rolling`'s move for
//! move, and the command line's refusal of a line too long for it. (`brute` checks it on small
//! instances in `tests/solvers/conformance.rs`, and the official examples in `tests/solvers/official_examples.rs`,
//! as every solver of the game.)

use crate::common::{fails_with, stdout_of};
use serde_json::Value;

/// A JSON-lines file in a fresh folder (kept alive by the returned guard) holding one row of
/// `piles` (comma-separated); returns the guard and the file's path.
fn row_file(piles: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("row.jsonl");
    std::fs::write(&path, format!("{{\"piles\":[{piles}]}}\n")).unwrap();
    let path = path.to_str().unwrap().to_string();
    (dir, path)
}

/// `gamelab solve stone-game --input PATH --value-only --solver SOLVER --format json`, parsed.
fn value_of(path: &str, solver: &str) -> Value {
    let out = stdout_of(&[
        "solve",
        "stone-game",
        "--input",
        path,
        "--value-only",
        "--solver",
        solver,
        "--format",
        "json",
    ]);
    serde_json::from_str(out.trim()).unwrap()
}

/// A row of `n` piles from -300..=700 (a fixed pattern), as strings.
fn row_of(n: usize) -> Vec<String> {
    (0..n)
        .map(|i| ((i * 7919 + 13) % 1001) as i64 - 300)
        .map(|pile| pile.to_string())
        .collect()
}

/// `auto`'s solver for the value alone goes by the row's length: `rolling` up to 256 piles (the
/// batch path's lanes), `peaks` above. Every path picks alike, so a row's answer is the same
/// bytes from a file (the batch path's own JSON writer), from `--piles`, and through the text
/// format, and both solvers give the same value.
#[test]
fn auto_picks_the_value_solver_by_length_alike_on_every_path() {
    for (n, solver) in [(256, "rolling"), (257, "peaks"), (3000, "peaks")] {
        let piles = row_of(n).join(",");
        let (_dir, path) = row_file(&piles);
        let json = ["--value-only", "--format", "json"];
        let from_file =
            stdout_of(&[&["solve", "stone-game", "--input", &path][..], &json].concat());
        let from_flag =
            stdout_of(&[&["solve", "stone-game", "--piles", &piles][..], &json].concat());
        assert_eq!(from_file, from_flag, "{n} piles");
        let answer: Value = serde_json::from_str(from_file.trim()).unwrap();
        assert_eq!(answer["solver"], solver, "{n} piles");
        let other = if solver == "peaks" {
            "rolling"
        } else {
            "peaks"
        };
        assert_eq!(
            answer["margin"],
            value_of(&path, other)["margin"],
            "{n} piles"
        );
        let text = stdout_of(&[
            "solve",
            "stone-game",
            "--input",
            &path,
            "--value-only",
            "--format",
            "text",
        ]);
        assert!(
            text.contains(&format!("solver: {solver}")),
            "{n} piles: {text}"
        );
    }
}

/// The budget holds on every path and for every solver: with the moves, `rolling`'s checkpoint
/// rows and triangle (hundreds of megabytes past 155,000 piles, once tens of gigabytes) are
/// costed, and `peaks` is costed too, so a low `--max-memory` or `--max-work` refuses a long
/// row with one line and exit status 2 before anything is solved.
#[test]
fn long_rows_are_costed_for_the_moves_and_by_peaks() {
    let piles = row_of(200_000).join(",");
    let (_dir, path) = row_file(&piles);
    let path = path.as_str();
    for (extra, needles) in [
        (
            &["--max-memory", "64M"][..],
            &[
                "listing the moves on 200000 piles with the solver rolling",
                "of memory, above the budget of 64.0 MiB",
                "add --value-only",
            ][..],
        ),
        (
            &["--value-only", "--max-time", "0.000001"][..],
            &[
                "solving 200000 piles with the solver peaks",
                "above the budget of 1.0 µs",
            ][..],
        ),
        (
            &["--value-only", "--max-memory", "1M"][..],
            &["solving 200000 piles with the solver peaks", "of memory"][..],
        ),
    ] {
        for format in ["json", "text"] {
            let args = [
                &["solve", "stone-game", "--input", path, "--format", format][..],
                extra,
            ]
            .concat();
            fails_with(&args, needles);
        }
    }
    // The same row's value within the budget: peaks needs about 3 MB.
    let args = [
        "solve",
        "stone-game",
        "--input",
        path,
        "--value-only",
        "--max-memory",
        "64M",
    ];
    let answer: Value = serde_json::from_str(stdout_of(&args).trim()).unwrap();
    assert_eq!(answer["solver"], "peaks");
}

#[test]
fn the_command_line_gives_the_value_at_any_size_and_refuses_a_long_line() {
    let piles: Vec<String> = (0..20_000)
        .map(|i| ((i * 7919) % 1000).to_string())
        .collect();
    let (_dir, path) = row_file(&piles.join(","));
    let path = path.as_str();
    let answer = |solver: &str| value_of(path, solver);
    let (peaks, rolling) = (answer("peaks"), answer("rolling"));
    assert_eq!(peaks["solver"], "peaks");
    assert_eq!(peaks["margin"], rolling["margin"]);
    assert_eq!(peaks["first_score"], rolling["first_score"]);
    fails_with(
        &["solve", "stone-game", "--input", path, "--solver", "peaks"],
        &[
            "solver 'peaks' refuses this instance",
            "20000, above its limit of 16384",
            "--value-only",
            "or use the solver rolling for the moves",
        ],
    );
    // Past rolling's time budget too, the advice does not send the user to a refusal.
    fails_with(
        &[
            "solve",
            "stone-game",
            "--input",
            path,
            "--solver",
            "peaks",
            "--max-time",
            "0.001",
        ],
        &[
            "add --value-only",
            "or raise the time budget for the solver rolling's moves",
        ],
    );
}

/// 1,500,000 piles: with the moves, `auto` (`rolling`: 1.1e12 cells, and 1.3 GiB of checkpoint
/// rows) is over the budget and refused at once by the batch path of `--input`, pointing to
/// `peaks`; so is `rolling` by name for the value (over a 10-second time budget). The value
/// alone is `auto`'s by `peaks`, which answers.
#[test]
fn a_row_too_long_for_rolling_is_refused_with_a_pointer_to_peaks() {
    let (_dir, path) = row_file(&vec!["1"; 1_500_000].join(","));
    let path = path.as_str();
    for (extra, what) in [
        (
            &[][..],
            "listing the moves on 1500000 piles with the solver rolling",
        ),
        (
            &["--value-only", "--solver", "rolling"][..],
            "solving 1500000 piles with the solver rolling",
        ),
    ] {
        let args = [
            &["solve", "stone-game", "--input", path, "--max-time", "10s"][..],
            extra,
        ]
        .concat();
        fails_with(
            &args,
            &[
                what,
                "above the budget",
                "the solver peaks gives the value alone",
            ],
        );
    }
    for solver in ["peaks", "auto"] {
        let answer = value_of(path, solver);
        assert_eq!(answer["solver"], "peaks");
        assert_eq!(answer["margin"], 0);
        assert_eq!(answer["first_score"], 750_000);
    }
}

/// The batch path's fast lane (JSON out) once skipped the budget for rows of up to 256 piles, so
/// the same line was refused as text and answered as JSON: both now refuse it, after the lines
/// before it.
#[test]
fn the_batch_path_costs_small_rows_too() {
    // A time budget that admits the moves on 2 piles but not on 5.
    let time = |n| gamelab::games::stone_game::costs::rolling_line_work(n).seconds();
    let budget = format!("{:.12}", (time(2) * time(5)).sqrt());
    for format in ["json", "text"] {
        let output = crate::common::gamelab()
            .args([
                "solve",
                "stone-game",
                "--input",
                "-",
                "--max-time",
                &budget,
                "--format",
                format,
            ])
            .write_stdin("{\"piles\":[1,2]}\n{\"piles\":[1,2,3,4,5]}\n")
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{format}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.contains("line 2: listing the moves on 5 piles with the solver rolling"),
            "{format}: {stderr}"
        );
        let stdout = String::from_utf8(output.stdout).unwrap();
        assert!(
            stdout.contains("first"),
            "{format}: line 1 answered first: {stdout}"
        );
    }
}
