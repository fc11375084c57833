//! Budgets a user can read and progress on long work: every time estimate measured, a refusal's
//! words (the estimate, what dominates it, the flag that raises it), progress lines
//! and `--quiet`, and a sweep of many sizes summarised on standard output.

use crate::common::{fails_with, gamelab, stdout_of, thorough};

/// `bench --check-estimates` measures every costed operation and prints its estimate beside the
/// measurement, and a summary line. Whether each is within a factor of three is the benchmark's
/// verdict (exit status 1 when one is not), never this test's: a machine slower or busier than
/// the one the rates were measured on may be off without anything being wrong. The machine
/// factors are left to the check to measure (not pinned), so that on a slow machine its
/// estimates are this machine's and few probes are run again for being slow. The probes are
/// fixed workloads, run whatever the budget, so that `--max-time 1ms` stops none part way.
#[test]
fn the_estimate_check_measures_every_operation() {
    let mut args = vec![
        "bench",
        "--check-estimates",
        "--runs",
        "1",
        "--max-time",
        "1ms",
    ];
    if thorough() {
        args.extend(["--runs", "3", "--all-sizes"]);
    }
    let cache = tempfile::tempdir().unwrap();
    let output = gamelab()
        .env_remove("GAMELAB_MACHINE_FACTOR")
        .env("XDG_CACHE_HOME", cache.path())
        .args(&args)
        .output()
        .unwrap();
    let table = String::from_utf8_lossy(&output.stdout);
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "{table}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let summary = table.lines().last().unwrap_or_default();
    assert!(
        summary.starts_with("summary: ") && summary.contains(" estimates within 3x"),
        "{table}"
    );
    assert!(
        table
            .lines()
            .next()
            .unwrap_or_default()
            .starts_with("machine factors "),
        "{table}"
    );
    for operation in gamelab::cost::Operation::ALL {
        assert!(
            table.lines().any(|line| line.starts_with(operation.name())),
            "{} was not checked:\n{table}",
            operation.name()
        );
    }
}

#[test]
fn a_refusal_gives_the_estimate_what_dominates_it_and_the_flag_that_raises_it() {
    fails_with(
        &[
            "sweep",
            "stone-game",
            "--n-max",
            "256",
            "--trials",
            "100000000",
        ],
        &[
            "this sweep (2.6e10 instances) would take about ",
            "(mostly ",
            "above the budget of 10 s (--max-time)",
            "or raise --max-time (e.g. --max-time ",
            "or --max-time none)",
        ],
    );
    fails_with(
        &[
            "solve",
            "stone-game",
            "--piles",
            "3,1,4",
            "--max-time",
            "0.000000001",
        ],
        &["above the budget of 1.0 ns (--max-time)"],
    );
    // none lifts the limit; a time in minutes raises it.
    for limit in ["none", "10m"] {
        let out = stdout_of(&[
            "solve",
            "stone-game",
            "--piles",
            "3,1,4",
            "--max-time",
            limit,
        ]);
        assert!(out.contains("winner: first"), "{out}");
    }
}

/// A solver's own limit (a table's size, one heap) is named before any budget, so that a
/// refusal never advises raising `--max-memory` or `--max-time` for a run the solver would then
/// refuse: before, 10,001 piles with `table` advised `--max-memory 2G`, and with it given, the
/// table's limit of 10,000 piles refused.
#[test]
fn a_solvers_own_limit_is_named_before_the_budget() {
    let piles = vec!["5"; 10_001].join(",");
    for memory in ["1G", "2G"] {
        fails_with(
            &[
                "solve",
                "stone-game",
                "--solver",
                "table",
                "--piles",
                &piles,
                "--max-memory",
                memory,
            ],
            &["solver 'table' refuses this instance: the number of piles is 10001"],
        );
    }
    let cases: [(&[&str], &str); 4] = [
        (
            &["divisor-game", "--solver", "dp", "--n", "2e9"],
            "N is 2000000000, above its limit of 10000000",
        ),
        (
            &["nim", "--solver", "dp", "--subtract", "1,2,3", "--n", "2e9"],
            "N is 2000000000, above its limit of 10000000",
        ),
        (
            &["nim", "--solver", "dp", "--heaps", "2e9,3"],
            "solver 'dp' solves one heap of nim",
        ),
        (
            &["stone-game-iv", "--solver", "sieve", "--heaps", "2e12,5"],
            "solver 'sieve' solves one heap of stone-game-iv",
        ),
    ];
    for (args, needle) in cases {
        let mut args = args.to_vec();
        args.insert(0, "solve");
        fails_with(&args, &[needle]);
    }
    // memo's limit of positions too: 3,000 piles of Stone Game II were refused as 51 minutes,
    // and then, with --max-time 60m, by the limit.
    let long_row = vec!["3"; 3000].join(",");
    fails_with(
        &[
            "solve",
            "stone-game-ii",
            "--solver",
            "memo",
            "--piles",
            &long_row,
        ],
        &["solver 'memo' refuses this instance: the number of positions is up to 4503001"],
    );
    // A budget's refusal of a sum names its heaps.
    fails_with(
        &["solve", "divisor-game", "--heaps", "1e9,5"],
        &[
            "listing the moves on divisor-game heaps 1000000000 + 5 with the solver grundy needs about ",
        ],
    );
}

/// `bench` refuses runs it could not take a median of or would run for days, and an `--only`
/// that selects nothing, naming the targets.
#[test]
fn bench_refuses_runs_it_cannot_take_and_targets_it_does_not_have() {
    fails_with(
        &["bench", "--runs", "0"],
        &["a median needs at least 1 run"],
    );
    fails_with(
        &["bench", "--runs", "1e9"],
        &["at most 1000 runs per target"],
    );
    fails_with(
        &["bench", "--only", "no such target"],
        &[
            "'no such target' is in no target's name",
            "grundy kayles to 100000",
        ],
    );
}

#[test]
fn long_work_reports_progress_lines_on_request_and_nothing_otherwise_or_when_quiet() {
    // More than a second of estimated work, past the second from which progress shows, on a
    // machine 30 times slower than the reference (the factor the estimates are multiplied by):
    // long work there, a tenth of a second of it here.
    let sweep = [
        "sweep",
        "stone-game",
        "--n",
        "256",
        "--trials",
        "100000",
        "--format",
        "csv",
    ];
    let run = |extra: &[&str]| {
        let output = gamelab()
            .env("GAMELAB_MACHINE_FACTOR", "30")
            .args(sweep)
            .args(extra)
            .output()
            .unwrap();
        assert!(output.status.success());
        assert_eq!(
            String::from_utf8_lossy(&output.stdout).lines().count(),
            2,
            "the row, whatever is said on stderr"
        );
        String::from_utf8(output.stderr).unwrap()
    };
    let lines = run(&["--progress"]);
    assert!(
        lines.starts_with("progress: ") && lines.contains("% after "),
        "{lines}"
    );
    // stderr is not a terminal here: no bar, and --quiet says nothing either.
    assert_eq!(run(&[]), "");
    assert_eq!(run(&["--quiet"]), "");
}

#[test]
fn a_sweep_of_many_sizes_shows_its_ends_and_says_where_the_table_is() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("s.csv");
    let out = stdout_of(&[
        "sweep",
        "divisor-game",
        "--n-max",
        "100000",
        "--out",
        csv.to_str().unwrap(),
    ]);
    let lines: Vec<&str> = out.lines().collect();
    // Header, 10 first rows, the summary line, 10 last rows, odd and even.
    assert_eq!(lines.len(), 2 + 10 + 1 + 10 + 2, "{out}");
    assert!(
        lines[12].contains("(99980 more sizes; every row is in ") && lines[12].ends_with("s.csv)"),
        "{}",
        lines[12]
    );
    assert!(
        lines[13].trim_start().starts_with("99991 "),
        "{}",
        lines[13]
    );
    assert!(
        lines[23].starts_with("odd  N (50000 sizes"),
        "{}",
        lines[23]
    );
    let table = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(table.lines().count(), 100_001);
    // A few dozen sizes are listed in full; without --out the summary points to the flags.
    let short = stdout_of(&["sweep", "divisor-game", "--n-max", "40"]);
    assert_eq!(short.lines().count(), 2 + 40 + 2, "{short}");
    let long = stdout_of(&["sweep", "divisor-game", "--n-max", "41"]);
    assert!(
        long.contains("(21 more sizes; --format csv or --out FILE.csv gives every row)"),
        "{long}"
    );
}

/// `--help` gives the default time budget the library applies.
#[test]
fn help_states_the_default_time_budget() {
    let seconds = gamelab::cost::Budget::DEFAULT
        .time
        .expect("a default time budget")
        .as_secs();
    let help = stdout_of(&["sweep", "--help"]);
    assert!(help.contains(&format!("[default: {seconds}s;")), "{help}");
}
