//! The hostile-input suite: extreme and malformed invocations of every command, at least one per
//! class of issue 14 (requests costed before they run, sharded data kept honest, Unix manners),
//! each run as a subprocess under a 1 GiB address-space limit (`setrlimit`) and a 10-second
//! wall-clock limit. Each must end with its expected status (0, 1 or 2) and message — never a
//! panic (101), an allocation abort (134), the OOM killer (137) or a time-out.

#![cfg(unix)]

use std::io::Read;
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Address space a run may use.
const MEMORY_LIMIT: u64 = 1 << 30;
/// Wall-clock time a run may take.
const TIME_LIMIT: Duration = Duration::from_secs(10);

/// One invocation, the status it must end with and a text its stderr must contain.
struct Case {
    args: &'static [&'static str],
    status: i32,
    stderr: &'static str,
}

const fn case(args: &'static [&'static str], status: i32, stderr: &'static str) -> Case {
    Case {
        args,
        status,
        stderr,
    }
}

/// A row long enough that rolling's triangle is over a work budget of 100 steps.
const TWENTY_PILES: &str = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20";

const CASES: &[Case] = &[
    // The check shrinker materialised a candidate for every lower value.
    case(
        &[
            "check",
            "stone-game",
            "--expect",
            "first-wins",
            "--max-value",
            "1000000000",
        ],
        1,
        "",
    ),
    case(
        &[
            "check",
            "stone-game",
            "--expect",
            "first-wins",
            "--max-value",
            "1000000000",
            "--samples",
            "18446744073709551615",
        ],
        2,
        "--max-work",
    ),
    // Tree and DAG guards.
    case(
        &["tree", "stone-game-iv", "--n", "1000000"],
        2,
        "--max-nodes",
    ),
    case(
        &["tree", "divisor-game", "--n", "10000000000"],
        2,
        "--max-nodes",
    ),
    case(
        &["tree", "nim", "--n", "18446744073709551615", "--dag"],
        2,
        "--max-nodes",
    ),
    case(
        &["tree", "stone-game-iv", "--n", "100000", "--dag"],
        2,
        "--max-memory",
    ),
    case(
        &[
            "tree",
            "stone-game",
            "--piles",
            "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50",
            "--dag",
            "--render",
            "svg",
            "/dev/null",
        ],
        2,
        "--max-render-nodes",
    ),
    // Strategies: the optimal memo, lookahead's branching^K, games of 2^64 moves.
    case(
        &[
            "play",
            "nim",
            "--first",
            "optimal",
            "--second",
            "optimal",
            "--n",
            "18446744073709551615",
        ],
        2,
        "positions",
    ),
    case(
        &[
            "play",
            "divisor-game",
            "--first",
            "lookahead-20",
            "--second",
            "optimal",
            "--n",
            "1000",
        ],
        2,
        "--max-work",
    ),
    case(
        &[
            "play",
            "nim",
            "--first",
            "greedy",
            "--second",
            "random",
            "--n",
            "18446744073709551615",
        ],
        2,
        "--max-memory",
    ),
    // Sweeps, charts and generated instances that pass validation but cannot fit.
    case(
        &[
            "sweep",
            "stone-game",
            "--n",
            "1",
            "--trials",
            "18446744073709551615",
        ],
        2,
        "--max-work",
    ),
    case(
        &["sweep", "divisor-game", "--n-max", "10000000000"],
        2,
        "--max-work",
    ),
    case(
        &[
            "sweep",
            "stone-game",
            "--n-max",
            "4294967295",
            "--trials",
            "1",
        ],
        2,
        "--max-memory",
    ),
    case(
        &[
            "generate",
            "stone-game",
            "--n",
            "4294967295",
            "--count",
            "1",
        ],
        2,
        "--max-memory",
    ),
    case(
        &[
            "sweep",
            "divisor-game",
            "--n-max",
            "200000",
            "--format",
            "csv",
        ],
        0,
        "",
    ),
    case(
        &[
            "plot",
            "margins",
            "stone-game",
            "--n",
            "9",
            "--trials",
            "18446744073709551615",
            "--out",
            "/dev/null.svg",
        ],
        2,
        "--max-memory",
    ),
    case(
        &[
            "plot",
            "divisor",
            "--n-min",
            "1000000000000",
            "--n-max",
            "1000000000010",
            "--out",
            "/dev/null.svg",
        ],
        2,
        "--n-max",
    ),
    // Residues far beyond any size were searched linearly.
    case(
        &[
            "generate",
            "nim",
            "--n-mod",
            "18446744073709551615",
            "--n-residue",
            "18446744073709551614",
            "--n-min",
            "18446744073709551614",
            "--n-max",
            "18446744073709551615",
            "--count",
            "1",
        ],
        0,
        "",
    ),
    case(
        &[
            "sweep",
            "divisor-game",
            "--n-mod",
            "18446744073709551615",
            "--n-residue",
            "7",
            "--n-max",
            "18446744073709551615",
            "--format",
            "csv",
        ],
        0,
        "",
    ),
    // memo's position limit did not bound its memory.
    case(
        &[
            "solve",
            "stone-game-iv",
            "--n",
            "1999999",
            "--solver",
            "memo",
        ],
        2,
        "--max-memory",
    ),
    case(
        &[
            "solve",
            "stone-game-ii",
            "--piles",
            "1",
            "--solver",
            "memo",
            "--max-memory",
            "1",
        ],
        2,
        "--max-memory",
    ),
    // The number games' DAGs are counted by formula: refused at once with nodes, moves and
    // bytes, where walking the moves took seconds.
    case(
        &["tree", "stone-game-iv", "--n", "100000", "--dag"],
        2,
        "the state DAG (199998 nodes, 4.2e7 moves) needs about 2.5 GiB",
    ),
    case(
        &["tree", "divisor-game", "--n", "900000", "--dag"],
        2,
        "1.8e6 nodes, 2.3e7 moves",
    ),
    case(
        &[
            "tree",
            "nim",
            "--n",
            "100000",
            "--subtract",
            "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90",
            "--dag",
        ],
        2,
        "200000 nodes, 1.8e7 moves",
    ),
    // Strategies are costed by what they do: mcts-K by K playouts per move, a tournament by
    // trials x pairings x each strategy's game; refusals name the strategy and its player.
    case(
        &[
            "play",
            "divisor-game",
            "--first",
            "mcts-10000000",
            "--second",
            "optimal",
            "--n",
            "1000",
        ],
        2,
        "the mcts-10000000 strategy of the first player",
    ),
    case(
        &[
            "tournament",
            "stone-game",
            "--strategies",
            "optimal,mcts-10000000",
            "--n",
            "20",
            "--trials",
            "1000000",
        ],
        2,
        "these matches (4.0e6 games: 1000000 instances × 4 pairings, up to size 20)",
    ),
    case(
        &[
            "play",
            "stone-game",
            "--first",
            "greedy",
            "--second",
            "optimal",
            "--n",
            "12000",
            "--trials",
            "1",
            "--max-memory",
            "8G",
        ],
        2,
        // Above the diff table's 10,000 piles optimal play falls back to memoised minimax,
        // whose position limit refuses it (3,000 piles now play from the table).
        "the optimal strategy of the second player refuses this instance",
    ),
    case(
        &[
            "mistakes",
            "stone-game",
            "--strategy",
            "mcts-10000000",
            "--n",
            "20",
            "--trials",
            "100000",
        ],
        2,
        "100000 instances × 1 pairing, up to size 20",
    ),
    // Budgets themselves are parsed strictly.
    case(
        &["sweep", "stone-game", "--max-memory", "8X"],
        2,
        "memory size",
    ),
    case(
        &["sweep", "stone-game", "--max-work", "1e99"],
        2,
        "step count",
    ),
    // Unix manners and advice that applies.
    case(
        &["generate", "stone-game", "--subtract", "1,2"],
        2,
        "does not take",
    ),
    case(&["generate", "nim", "--subtract", "0"], 2, "positive"),
    case(
        &[
            "solve",
            "nim",
            "--n",
            "10",
            "--subtract",
            "18446744073709551615",
        ],
        0,
        "",
    ),
    case(
        &[
            "sweep",
            "stone-game",
            "--n",
            "3",
            "--trials",
            "5",
            "--out",
            "/tmp/gamelab-same.svg",
            "--plot",
            "/tmp/gamelab-same.svg",
        ],
        2,
        "both name",
    ),
    case(
        &["solve", "stone-game", "--piles", "1,99999999999999999999"],
        2,
        "64-bit",
    ),
    case(
        &["solve", "nim", "--n", "1", "--subtract", "1,,2"],
        2,
        "--subtract",
    ),
    // `rolling` (auto's pick) is O(n^2) with no size limit of its own: its triangle is costed
    // against the work budget, and `peaks` (O(n)) is not.
    case(
        &[
            "solve",
            "stone-game",
            "--piles",
            TWENTY_PILES,
            "--max-work",
            "100",
        ],
        2,
        "the solver peaks gives the value alone",
    ),
    case(
        &[
            "solve",
            "stone-game",
            "--piles",
            TWENTY_PILES,
            "--max-work",
            "100",
            "--solver",
            "peaks",
            "--value-only",
        ],
        0,
        "",
    ),
    case(&[], 2, "usage: gamelab"),
];

/// Runs gamelab with `args` under the limits; returns (status, stderr), or fails on a signal or
/// a time-out.
fn run_limited(args: &[&str]) -> (i32, String) {
    run_limited_to(args, MEMORY_LIMIT)
}

/// [`run_limited`] with `memory` bytes of address space.
fn run_limited_to(args: &[&str], memory: u64) -> (i32, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gamelab"));
    command
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    // SAFETY: setrlimit is async-signal-safe and touches only the child's own limits.
    unsafe {
        command.pre_exec(move || {
            let limit = libc::rlimit {
                rlim_cur: memory,
                rlim_max: memory,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let mut child = command.spawn().expect("gamelab starts");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if started.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{args:?}: still running after {TIME_LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut stderr = String::new();
    if let Some(mut pipe) = child.stderr.take() {
        let _ = pipe.read_to_string(&mut stderr);
    }
    let Some(code) = status.code() else {
        panic!("{args:?}: killed by a signal ({status:?}): {stderr}");
    };
    (code, stderr)
}

#[test]
fn hostile_invocations_end_cleanly_within_their_limits() {
    let mut failures = Vec::new();
    for case in CASES {
        let (status, stderr) = run_limited(case.args);
        let clean = !stderr.contains("panicked") && !stderr.contains("memory allocation");
        let one_line = case.status != 2 || stderr.lines().count() == 1;
        if status != case.status || !stderr.contains(case.stderr) || !clean || !one_line {
            failures.push(format!(
                "{:?}: status {status} (expected {}), stderr: {stderr}",
                case.args, case.status
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_class_of_the_issue_is_in_the_table() {
    for command in [
        "check", "tree", "play", "sweep", "generate", "plot", "solve",
    ] {
        assert!(
            CASES.iter().any(|case| case.args.first() == Some(&command)),
            "{command}"
        );
    }
}

#[test]
fn stone_game_ii_tables_respect_a_memory_budget_below_the_limit() {
    // 20,000 piles of 10^12: the window solver's i64 table is about 480 MiB, within the pile
    // limit and the default budget but not within 250M, and the run has only 300 MiB of
    // address space: it must refuse before allocating, not abort.
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("piles.json");
    let piles: Vec<String> = (0..20_000u64)
        .map(|k| (1_000_000_000_000 - k * 7).to_string())
        .collect();
    std::fs::write(&path, format!("{{\"piles\":[{}]}}\n", piles.join(",")))
        .expect("the input file");
    let file = path.to_str().expect("a UTF-8 path");
    let args = [
        "solve",
        "stone-game-ii",
        "--input",
        file,
        "--max-memory",
        "250M",
    ];
    let (status, stderr) = run_limited_to(&args, 300 << 20);
    assert_eq!(status, 2, "{stderr}");
    assert!(stderr.contains("--max-memory"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}
