//! `gamelab generate`, `sweep` and `merge` from the outside: pipelines, byte-identical reruns,
//! file outputs, and bad option combinations (status 2, one line).

use crate::common::{fails_with, gamelab, stdout_of};

#[test]
fn generated_lines_feed_solve() {
    let lines = stdout_of(&[
        "generate",
        "stone-game-ii",
        "--count",
        "5",
        "--n-min",
        "3",
        "--n-max",
        "9",
        "--seed",
        "4",
    ]);
    assert_eq!(lines.lines().count(), 5);
    let output = gamelab()
        .args(["solve", "stone-game-ii", "--input", "-"])
        .write_stdin(lines)
        .output()
        .unwrap();
    assert!(output.status.success());
    assert_eq!(String::from_utf8(output.stdout).unwrap().lines().count(), 5);
}

#[test]
fn same_seed_same_bytes() {
    let args = [
        "generate",
        "stone-game",
        "--count",
        "50",
        "--distribution",
        "geometric",
        "--seed",
        "12",
    ];
    assert_eq!(stdout_of(&args), stdout_of(&args));
    let sweep = [
        "sweep",
        "stone-game",
        "--n-max",
        "10",
        "--trials",
        "300",
        "--format",
        "csv",
    ];
    assert_eq!(stdout_of(&sweep), stdout_of(&sweep));
}

#[test]
fn sweep_writes_csv_and_json() {
    let dir = tempfile::tempdir().unwrap();
    let csv_path = dir.path().join("sweep.csv");
    let text = stdout_of(&[
        "sweep",
        "stone-game",
        "--n-min",
        "1",
        "--n-max",
        "6",
        "--trials",
        "200",
        "--out",
        csv_path.to_str().unwrap(),
    ]);
    assert!(text.contains("odd  n (3 sizes, 600 instances)"), "{text}");
    assert!(text.contains("even n (3 sizes, 600 instances)"), "{text}");
    let csv = std::fs::read_to_string(&csv_path).unwrap();
    assert!(csv.starts_with("n,trials,first_wins,ties,second_wins,first_win_rate,"));
    assert_eq!(csv.lines().count(), 7);
    let json = stdout_of(&[
        "sweep",
        "stone-game",
        "--n",
        "4",
        "--trials",
        "50",
        "--format",
        "json",
    ]);
    let rows: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(rows[0]["n"], 4);
    assert_eq!(rows[0]["trials"], 50);
}

/// The text table's first line names what was swept: a count with its own noun, and a seed
/// only where instances are drawn (a number game has one instance per size, not drawn).
#[test]
fn the_sweep_heading_names_the_instances_and_a_seed_only_where_one_is_used() {
    let heading = |args: &[&str]| stdout_of(args).lines().next().unwrap().to_string();
    assert_eq!(
        heading(&["sweep", "divisor-game", "--n-max", "4"]),
        "divisor-game sweep: N = 1..4, 1 instance per N"
    );
    assert_eq!(
        heading(&["sweep", "nim", "--n-max", "4", "--subtract", "1,3,4"]),
        "nim sweep: N = 1..4, 1 instance per N, S = {1, 3, 4}"
    );
    assert_eq!(
        heading(&["sweep", "stone-game", "--n-max", "4", "--trials", "1"]),
        "stone-game sweep: n = 1..4, 1 instance per n, uniform values 1..100, seed 1"
    );
    assert_eq!(
        heading(&[
            "sweep",
            "stone-game",
            "--n-max",
            "4",
            "--trials",
            "7",
            "--seed",
            "3"
        ]),
        "stone-game sweep: n = 1..4, 7 instances per n, uniform values 1..100, seed 3"
    );
}

#[test]
fn sharded_runs_merge_into_the_whole() {
    let dir = tempfile::tempdir().unwrap();
    let base = [
        "sweep",
        "stone-game-iii",
        "--n-max",
        "9",
        "--trials",
        "101",
        "--min-value",
        "-9",
        "--format",
        "csv",
    ];
    let whole = stdout_of(&base);
    let mut files = Vec::new();
    for shard in ["1/3", "2/3", "3/3"] {
        let path = dir.path().join(format!("shard{}.csv", &shard[..1]));
        let mut args = base.to_vec();
        args.extend(["--shard", shard]);
        std::fs::write(&path, stdout_of(&args)).unwrap();
        files.push(path.to_str().unwrap().to_string());
    }
    let mut merge = vec!["merge"];
    merge.extend(files.iter().map(String::as_str));
    assert_eq!(stdout_of(&merge), whole);
}

#[test]
fn bad_generator_options_are_refused() {
    fails_with(
        &["generate", "stone-game", "--n-parity", "even", "--n", "3"],
        &["no even number of piles"],
    );
    fails_with(
        &[
            "generate",
            "stone-game",
            "--min-value",
            "10",
            "--max-value",
            "2",
        ],
        &["--min-value 10 is larger than --max-value 2"],
    );
    fails_with(
        &[
            "generate",
            "stone-game",
            "--total-parity",
            "odd",
            "--min-value",
            "2",
            "--max-value",
            "2",
        ],
        &["--total-parity odd cannot be met"],
    );
    fails_with(
        &["generate", "stone-game", "--n-min", "9", "--n-max", "3"],
        &["--n-min 9 is larger than --n-max 3"],
    );
    fails_with(&["generate", "stone-game", "--n", "0"], &["at least 1"]);
    fails_with(
        &["generate", "stone-game", "--n", "3", "--n-min", "2"],
        &["cannot be used with"],
    );
    fails_with(
        &["generate", "divisor-game", "--max-value", "5"],
        &["no pile values"],
    );
    fails_with(
        &["generate", "stone-game", "--distribution", "normal"],
        &["'normal'"],
    );
}

#[test]
fn bad_sweep_options_are_refused() {
    fails_with(
        &["sweep", "stone-game", "--trials", "0"],
        &["--trials must be at least 1"],
    );
    fails_with(
        &["sweep", "divisor-game", "--trials", "5"],
        &["one deterministic instance per N"],
    );
    fails_with(
        &["sweep", "stone-game", "--shard", "4/3"],
        &["'4/3' is not of the form K/N"],
    );
    // Every malformed K/N (once a unit test of the binary, which has no unit tests of its own).
    for bad in ["x", "0/3", "3", "a/b", "1/0", "/", "1/2/3"] {
        fails_with(&["sweep", "stone-game", "--shard", bad], &["K/N"]);
    }
    stdout_of(&[
        "sweep",
        "stone-game",
        "--n",
        "3",
        "--trials",
        "2",
        "--shard",
        " 1 / 1 ",
    ]);
    fails_with(
        &["sweep", "stone-game", "--n-parity", "odd", "--n", "8"],
        &["no odd number of piles"],
    );
}

#[test]
fn bad_merge_inputs_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("broken.csv");
    std::fs::write(&broken, "n,trials,first_wins\n1,2,3\n").unwrap();
    fails_with(
        &["merge", broken.to_str().unwrap()],
        &["broken.csv: line 1", "'ties'"],
    );
    fails_with(
        &["merge", "/nonexistent.csv"],
        &["cannot open input file '/nonexistent.csv'"],
    );
    let a = dir.path().join("a.csv");
    let b = dir.path().join("b.csv");
    std::fs::write(
        &a,
        stdout_of(&[
            "sweep",
            "stone-game",
            "--n-max",
            "3",
            "--trials",
            "5",
            "--format",
            "csv",
        ]),
    )
    .unwrap();
    std::fs::write(
        &b,
        stdout_of(&[
            "sweep",
            "stone-game",
            "--n-max",
            "3",
            "--trials",
            "5",
            "--format",
            "csv",
            "--seed",
            "2",
        ]),
    )
    .unwrap();
    fails_with(
        &["merge", a.to_str().unwrap(), b.to_str().unwrap()],
        &["cannot merge tables of different sweeps"],
    );
    // A sweep with no settings beyond its sizes (plain nim) is described without a dangling
    // comma.
    let plain = dir.path().join("plain.csv");
    let set = dir.path().join("set.csv");
    std::fs::write(
        &plain,
        stdout_of(&["sweep", "nim", "--n-max", "5", "--format", "csv"]),
    )
    .unwrap();
    std::fs::write(
        &set,
        stdout_of(&[
            "sweep",
            "nim",
            "--n-max",
            "5",
            "--subtract",
            "1,2",
            "--format",
            "csv",
        ]),
    )
    .unwrap();
    fails_with(
        &["merge", plain.to_str().unwrap(), set.to_str().unwrap()],
        &[
            "plain.csv is nim, n = 1..5, 1 per n, seed 1 but ",
            "set.csv is nim, n = 1..5, 1 per n, S = {1, 2}, seed 1",
        ],
    );
    // Tables of a number game that differ only in their seed read differently too.
    let reseeded = dir.path().join("reseeded.csv");
    std::fs::write(
        &reseeded,
        stdout_of(&[
            "sweep", "nim", "--n-max", "5", "--seed", "9", "--format", "csv",
        ]),
    )
    .unwrap();
    fails_with(
        &["merge", plain.to_str().unwrap(), reseeded.to_str().unwrap()],
        &["1 per n, seed 1 but ", "1 per n, seed 9"],
    );
}
