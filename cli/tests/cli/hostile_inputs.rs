//! The hostile-input suite: extreme and malformed invocations of every command — requests costed
//! before they run (memory in bytes, time in seconds), sharded data kept honest, Unix manners,
//! files left whole, messages that say what is wrong — each run as a subprocess under a 1.5 GiB
//! address-space limit and a CPU-time limit (`setrlimit`), with a wall-clock watchdog for a run
//! that blocks. Each must end with its expected status (0, 1 or 2) and message, one line on
//! status 2 — never a panic (101), an allocation abort (134), the OOM killer (137) or a kill for
//! running on. The limits catch a run that ignores its budget (every case has one of seconds),
//! not a slow machine: they are many times what any case needs.

#![cfg(unix)]

use crate::common::file_names;
use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Address space a run may use.
const MEMORY_LIMIT: u64 = 3 << 29;
/// CPU time a run may take, in seconds: the process is killed (SIGXCPU) past it.
const CPU_LIMIT: u64 = 60;
/// Wall-clock time a run may take, for a run that blocks without using the CPU.
const TIME_LIMIT: Duration = Duration::from_secs(300);

/// One invocation, the status it must end with and a text its stderr must contain.
struct Case {
    args: &'static [&'static str],
    status: i32,
    stderr: &'static str,
    env: &'static [(&'static str, &'static str)],
}

const fn case(args: &'static [&'static str], status: i32, stderr: &'static str) -> Case {
    Case {
        args,
        status,
        stderr,
        env: &[],
    }
}

/// [`case`] run with environment variables set.
const fn case_with_env(
    args: &'static [&'static str],
    env: &'static [(&'static str, &'static str)],
    status: i32,
    stderr: &'static str,
) -> Case {
    Case {
        args,
        status,
        stderr,
        env,
    }
}

const CASES: &[Case] = &[
    // Costing mcts-K samples random rollouts; a huge instance's first move list alone would
    // have been 15 GiB (kayles) or 17 GB and 47 s (subtract-a-square) before the refusal.
    case(
        &[
            "play",
            "kayles",
            "--n",
            "1000000000",
            "--first",
            "mcts-10",
            "--second",
            "random",
            "--max-time",
            "1ms",
        ],
        2,
        "would take about",
    ),
    case(
        &[
            "mistakes",
            "stone-game-iv",
            "--n",
            "100000000000000000",
            "--strategy",
            "mcts-10",
            "--against",
            "random",
            "--trials",
            "1",
            "--max-time",
            "1ms",
        ],
        2,
        "playing the games of mcts-10 (1 instance, up to size 100000000000000000) needs about",
    ),
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
        "--max-time",
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
        "--max-time",
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
        "--max-time",
    ),
    case(
        &["sweep", "divisor-game", "--n-max", "10000000000"],
        2,
        "--max-time",
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
    // nim's DAG is counted in one pass over the amounts taken, no hashing: exact, and at once.
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
        "the state DAG (200000 nodes, 1.8e7 moves) needs about 1.1 GiB of memory",
    ),
    // Past that pass, the DAG's moves are walked up to what the memory budget holds.
    case(
        &[
            "tree",
            "nim",
            "--n",
            "800000",
            "--subtract",
            "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90",
            "--dag",
            "--max-memory",
            "128M",
            "--max-nodes",
            "2000000",
        ],
        2,
        "needs more than 128.0 MiB of memory (more than 2.1e6 moves of 64 bytes)",
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
        "this tournament (2 strategies, 4.0e6 games",
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
            "--max-time",
            "none",
        ],
        2,
        // Above the diff table's 10,000 piles optimal play falls back to memoised minimax,
        // whose position limit refuses it (3,000 piles now play from the table), whatever the
        // time budget.
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
        "playing the games of mcts-10000000 (100000 instances, up to size 20)",
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
        "--max-work (steps) was replaced by --max-time",
    ),
    case(
        &["sweep", "stone-game", "--max-time", "5x"],
        2,
        "not a time such as 90s, 10m, 2h or none",
    ),
    case(
        &["sweep", "stone-game", "--max-time", "0"],
        2,
        "no time at all",
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
    case(&[], 2, "usage: gamelab"),
    // Panics and aborts that became one line. A modulus of 0 was divided by before the
    // generator refused it.
    case(
        &["sweep", "stone-game", "--n-mod", "0", "--n-residue", "0"],
        2,
        "--n-mod must be at least 1",
    ),
    // Threads that cannot all start: fewer of them, said after the answer.
    case_with_env(
        &["sweep", "stone-game", "--n-max", "30", "--trials", "300"],
        &[("RAYON_NUM_THREADS", "1000")],
        0,
        "RAYON_NUM_THREADS=1000: at most ",
    ),
    // More than 64 bits of threads is more than the cap, not "not a number".
    case_with_env(
        &["sweep", "stone-game", "--n-max", "12", "--trials", "100"],
        &[("RAYON_NUM_THREADS", "9999999999999999999999")],
        0,
        "RAYON_NUM_THREADS=9999999999999999999999: at most ",
    ),
    // Not a number: said, not silently ignored.
    case_with_env(
        &["sweep", "stone-game", "--n-max", "30", "--trials", "300"],
        &[("RAYON_NUM_THREADS", "zero")],
        0,
        "RAYON_NUM_THREADS=zero: not a whole number of threads, so the work runs on ",
    ),
    case_with_env(
        &["sweep", "stone-game", "--n-max", "12", "--trials", "100"],
        &[("GAMELAB_SIMD", "portable")],
        0,
        "",
    ),
    // Memory that was never costed: analyze and explore under both guards, whatever
    // --max-states says; divisor-game's space counted by formula.
    case(
        &["analyze", "divisor-game", "--n", "999999"],
        2,
        "--max-memory",
    ),
    case(
        &[
            "explore",
            "divisor-game",
            "--n",
            "999999",
            "--max-states",
            "1e18",
        ],
        2,
        "--max-memory",
    ),
    // Time that was never costed, or costed far too low.
    case(
        &[
            "generate",
            "stone-game",
            "--count",
            "1000000000",
            "--max-time",
            "10s",
        ],
        2,
        "instances written as JSON lines",
    ),
    case(
        &[
            "check",
            "divisor-game",
            "--expect",
            "second-wins",
            "--n-parity",
            "odd",
            "--n-max",
            "1000000",
            "--solver",
            "closed-form",
        ],
        0,
        "",
    ),
    case(
        &[
            "check",
            "stone-game-ii",
            "--expect",
            "first-never-loses",
            "--n-min",
            "5000",
            "--n-max",
            "5000",
            "--samples",
            "5",
            "--max-time",
            "3s",
        ],
        -1,
        "",
    ),
    case(
        &[
            "play",
            "stone-game",
            "--first",
            "mcts-10000000",
            "--second",
            "greedy",
            "--piles",
            "4,6,2,3,9,1,7,7,2,8",
            "--max-time",
            "2s",
        ],
        2,
        "MCTS simulation steps",
    ),
    case(
        &[
            "play",
            "stone-game",
            "--first",
            "optimal",
            "--second",
            "random",
            "--trials",
            "1000000000",
        ],
        2,
        "--max-time",
    ),
    case(
        &[
            "plot",
            "margins",
            "stone-game",
            "--n",
            "100000",
            "--trials",
            "100000",
            "--out",
            "/dev/null.svg",
            "--max-time",
            "5s",
        ],
        2,
        "piles of stone-game's peaks",
    ),
    case(
        &[
            "sweep",
            "nim",
            "--n-max",
            "10000000",
            "--format",
            "csv",
            "--max-time",
            "2s",
        ],
        2,
        "sweep rows",
    ),
    // Messages that misled.
    case(
        &["sweep", "stone-game", "--seed", "-1"],
        2,
        "'-1' is not a non-negative integer",
    ),
    case(
        &["sweep", "stone-game", "--seed=-1"],
        2,
        "'-1' is not a non-negative integer",
    ),
    case(
        &["generate", "nim", "--count", "-5"],
        2,
        "'-5' is not a non-negative integer",
    ),
    case(
        &["sweep", "stone-game", "--trials", "-1"],
        2,
        "'-1' is not a non-negative integer",
    ),
    case(
        &["solve", "nim", "--n", "-3"],
        2,
        "'-3' is not a non-negative integer",
    ),
    case(
        &["tree", "nim", "--n", "5", "--max-nodes", "-1"],
        2,
        "'-1' is not a non-negative integer",
    ),
    case(
        &["solve", "stone-game", "--piles", "1,2", "--max-time", "-5s"],
        2,
        "'-5s' is not a time such as 90s, 10m, 2h or none",
    ),
    case(
        &[
            "solve",
            "stone-game",
            "--piles",
            "1,2",
            "--max-memory",
            "-1G",
        ],
        2,
        "'-1G'",
    ),
    case(
        &["solve", "stone-game", "--piles", "1,2", "--max-memory", "0"],
        2,
        "'0' is no memory at all: give a positive size such as 512M",
    ),
    case(
        &[
            "solve",
            "stone-game",
            "--piles",
            "1,2",
            "--max-time",
            "0.4ns",
        ],
        2,
        "'0.4ns' is less than a nanosecond: give a longer time, or none",
    ),
    case(
        &[
            "solve",
            "stone-game",
            "--piles",
            "1,2",
            "--max-time",
            "99999999999999999999d",
        ],
        2,
        "is longer than any time budget",
    ),
    case(
        &["sweep", "stone-game", "--n-mod", "3"],
        2,
        "the following required arguments were not provided: --n-residue <R>",
    ),
    case(&["plot"], 2, "usage: gamelab plot <KIND> [OPTIONS]"),
    case(
        &[
            "strategy-curve",
            "stone-game",
            "--strategy",
            "mcts",
            "--budgets",
            "10,,100",
        ],
        2,
        "every budget of mcts (--budgets) must be a number of simulations from 1 to 10000000 \
         (e.g. 100), got an empty one",
    ),
    case(
        &[
            "strategy-curve",
            "stone-game",
            "--strategy",
            "mcts",
            "--budgets",
            "10,x",
        ],
        2,
        "the budget 'x' of mcts (--budgets)",
    ),
    case(
        &[
            "tree",
            "stone-game",
            "--piles",
            "1,2,3",
            "--render",
            "svg",
            "no-such-folder/t.svg",
        ],
        2,
        "cannot write 'no-such-folder/t.svg': its folder 'no-such-folder' does not exist",
    ),
];

/// How a run's output streams go.
#[derive(Clone, Copy, Default)]
struct Streams {
    /// Standard output into /dev/full (every write fails: no space left).
    stdout_full: bool,
    /// Standard error into /dev/full (and so nothing to read back).
    stderr_full: bool,
}

/// [`run_limited`] with `memory` bytes of address space.
fn run_limited_to(args: &[&str], memory: u64) -> (i32, String) {
    run_with(args, &[], memory, Streams::default(), None)
}

/// Runs gamelab with `args` and `env` under `memory` bytes of address space and the time
/// limit, in folder `dir` if given; returns (status, stderr).
fn run_with(
    args: &[&str],
    env: &[(&str, &str)],
    memory: u64,
    streams: Streams,
    dir: Option<&Path>,
) -> (i32, String) {
    let full = || {
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full")
    };
    let mut command = Command::new(env!("CARGO_BIN_EXE_gamelab"));
    command
        .env(
            crate::common::PINNED_FACTOR.0,
            crate::common::PINNED_FACTOR.1,
        )
        .args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .stdout(if streams.stdout_full {
            Stdio::from(full())
        } else {
            Stdio::null()
        })
        .stderr(if streams.stderr_full {
            Stdio::from(full())
        } else {
            Stdio::piped()
        });
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
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
            let cpu = libc::rlimit {
                rlim_cur: CPU_LIMIT,
                rlim_max: CPU_LIMIT,
            };
            if libc::setrlimit(libc::RLIMIT_CPU, &cpu) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let mut child = command.spawn().expect("gamelab starts");
    let started = Instant::now();
    // Read stderr as it comes (a long message must not fill the pipe and stall the child).
    let reader = child.stderr.take().map(|mut pipe| {
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = pipe.read_to_string(&mut text);
            text
        })
    });
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
    let stderr = reader
        .map(|reader| reader.join().unwrap_or_default())
        .unwrap_or_default();
    let Some(code) = status.code() else {
        panic!("{args:?}: killed by a signal ({status:?}): {stderr}");
    };
    (code, stderr)
}

/// Whether a run ended as a case expects (status -1: a verdict either way, 0 or 1), cleanly,
/// with one line on stderr for status 2; otherwise why not.
fn judge(args: &[&str], expected: i32, needle: &str, status: i32, stderr: &str) -> Option<String> {
    let status_fits = match expected {
        -1 => status == 0 || status == 1,
        expected => status == expected,
    };
    let clean = !stderr.contains("panicked") && !stderr.contains("memory allocation");
    let one_line = status != 2 || stderr.lines().count() == 1;
    let temporary = !stderr.contains(".gamelab-partial");
    (!(status_fits && stderr.contains(needle) && clean && one_line && temporary))
        .then(|| format!("{args:?}: status {status} (expected {expected}), stderr: {stderr}"))
}

#[test]
fn hostile_invocations_end_cleanly_within_their_limits() {
    // Two at a time: the runs are independent processes.
    let failures: Vec<String> = std::thread::scope(|scope| {
        let halves: Vec<_> = CASES
            .chunks(CASES.len().div_ceil(2))
            .map(|cases| {
                scope.spawn(move || {
                    cases
                        .iter()
                        .filter_map(|case| {
                            let (status, stderr) = run_with(
                                case.args,
                                case.env,
                                MEMORY_LIMIT,
                                Streams::default(),
                                None,
                            );
                            judge(case.args, case.status, case.stderr, status, &stderr)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        halves
            .into_iter()
            .flat_map(|half| half.join().expect("a runner thread"))
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `count` piles, comma-separated.
fn pile_list(count: usize) -> String {
    (0..count)
        .map(|k| ((k * 7919) % 1000 + 1).to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// A JSON-lines file in `dir` holding one row of `count` piles ([`pile_list`]).
fn one_row_file(dir: &tempfile::TempDir, count: usize) -> std::path::PathBuf {
    let path = dir.path().join(format!("row-{count}.jsonl"));
    std::fs::write(&path, format!("{{\"piles\":[{}]}}\n", pile_list(count)))
        .expect("the input file");
    path
}

#[test]
fn uncosted_paths_are_costed_in_bytes_and_seconds() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let ten_thousand = pile_list(10_000);
    let five_thousand = pile_list(5_000);
    let thirty_thousand = pile_list(30_000);
    let two_thousand = pile_list(2_000);
    // A million slices: too long for an argument, so a file.
    let million = dir.path().join("million.jsonl");
    std::fs::write(
        &million,
        format!("{{\"piles\":[{}]}}\n", pile_list(1_000_000)),
    )
    .expect("the input file");
    let million = million.to_str().expect("a UTF-8 path");
    let strategies = (1..=200)
        .map(|k| format!("noisy-0.{k:03}"))
        .collect::<Vec<_>>()
        .join(",");
    let budgets = (1..=2000)
        .map(|k| k.to_string())
        .collect::<Vec<_>>()
        .join(",");
    let cases: Vec<(Vec<&str>, i32, &str)> = vec![
        // The tables' memory, under the default budget and under a lower one.
        (
            vec![
                "solve",
                "stone-game",
                "--piles",
                &ten_thousand,
                "--solver",
                "table",
            ],
            2,
            "needs about 1.5 GiB of memory, above the budget of 1.0 GiB (--max-memory)",
        ),
        (
            vec![
                "solve",
                "stone-game",
                "--piles",
                &ten_thousand,
                "--solver",
                "diff",
                "--max-memory",
                "100M",
            ],
            2,
            "--max-memory",
        ),
        (
            vec![
                "solve",
                "stone-game",
                "--piles",
                &ten_thousand,
                "--solver",
                "table",
                "--max-memory",
                "100M",
            ],
            2,
            "--max-memory",
        ),
        // --max-states and --max-memory are separate guards: raising one leaves the other.
        (
            vec![
                "analyze",
                "stone-game",
                "--piles",
                &five_thousand,
                "--max-states",
                "1e18",
            ],
            2,
            "--max-memory",
        ),
        (
            vec![
                "explore",
                "stone-game",
                "--piles",
                &five_thousand,
                "--max-states",
                "1000000000000000000",
            ],
            2,
            "--max-memory",
        ),
        // O(n^2) solvers: coins-in-a-circle and stone-game-vii.
        (
            vec![
                "solve",
                "coins-in-a-circle",
                "--piles",
                &thirty_thousand,
                "--value-only",
                "--max-time",
                "0.5s",
            ],
            2,
            "DP cells of coins-in-a-circle",
        ),
        (
            vec![
                "solve",
                "stone-game-vii",
                "--piles",
                &thirty_thousand,
                "--value-only",
                "--max-time",
                "0.5s",
            ],
            2,
            "DP cells of stone-game-vii",
        ),
        (
            vec![
                "solve",
                "coins-in-a-circle",
                "--input",
                million,
                "--value-only",
            ],
            2,
            "--max-time",
        ),
        // rolling's moves on a long row point to peaks, which gives the value for less.
        (
            vec![
                "solve",
                "stone-game",
                "--piles",
                &two_thousand,
                "--max-time",
                "0.00005",
            ],
            2,
            "the solver peaks gives the value alone",
        ),
        (
            vec![
                "solve",
                "stone-game",
                "--piles",
                &two_thousand,
                "--max-time",
                "0.00005",
                "--solver",
                "peaks",
                "--value-only",
            ],
            0,
            "",
        ),
        // A tournament's rating bootstrap, and every budget of a curve.
        (
            vec![
                "tournament",
                "stone-game",
                "--strategies",
                &strategies,
                "--n",
                "4",
                "--trials",
                "1",
                "--max-time",
                "5s",
            ],
            2,
            "steps of the ratings' fits",
        ),
        (
            vec![
                "strategy-curve",
                "stone-game",
                "--strategy",
                "mcts",
                "--budgets",
                &budgets,
            ],
            2,
            "this curve (2000 budgets of mcts",
        ),
        // A chart that cannot be drawn is refused before its table is computed.
        (
            vec![
                "plot",
                "heatmap",
                "stone-game",
                "--piles",
                &two_thousand,
                "--out",
                "h.svg",
            ],
            2,
            "a heatmap shows at most 120 rows and columns",
        ),
    ];
    let mut failures = Vec::new();
    for (args, expected, needle) in &cases {
        let (status, stderr) = run_with(
            args,
            &[],
            MEMORY_LIMIT,
            Streams::default(),
            Some(dir.path()),
        );
        failures.extend(judge(args, *expected, needle, status, &stderr));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_full_stderr_or_stdout_ends_with_status_2_quietly() {
    for (args, streams) in [
        (
            &["nonexistent"][..],
            Streams {
                stderr_full: true,
                ..Streams::default()
            },
        ),
        (
            &["solve", "stone-game", "--piles", "x"][..],
            Streams {
                stderr_full: true,
                ..Streams::default()
            },
        ),
        (
            &["--help"][..],
            Streams {
                stdout_full: true,
                ..Streams::default()
            },
        ),
        (
            &["solve", "stone-game", "--piles", "3,1,4"][..],
            Streams {
                stdout_full: true,
                stderr_full: true,
            },
        ),
        // A command's own output into a full standard output is named as such, whatever
        // writes it (a text table, JSON, CSV rows, the reference page).
        (
            &["solve", "stone-game", "--piles", "3,1,4"][..],
            Streams {
                stdout_full: true,
                ..Streams::default()
            },
        ),
        (
            &["games"][..],
            Streams {
                stdout_full: true,
                ..Streams::default()
            },
        ),
        (
            &[
                "sweep",
                "stone-game",
                "--n-max",
                "3",
                "--trials",
                "2",
                "--format",
                "csv",
            ][..],
            Streams {
                stdout_full: true,
                ..Streams::default()
            },
        ),
        (
            &["reference"][..],
            Streams {
                stdout_full: true,
                ..Streams::default()
            },
        ),
    ] {
        let (status, stderr) = run_with(args, &[], MEMORY_LIMIT, streams, None);
        assert_eq!(status, 2, "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        if !streams.stderr_full {
            assert!(
                stderr.starts_with("error: cannot write to standard output")
                    && stderr.lines().count() == 1,
                "{args:?}: {stderr}"
            );
        }
    }
}

/// Runs `args` in `dir`, which must end with status 2 and a one-line message holding `needle`.
fn refused_in(dir: &Path, args: &[&str], needle: &str) {
    let (status, stderr) = run_with(args, &[], MEMORY_LIMIT, Streams::default(), Some(dir));
    if let Some(failure) = judge(args, 2, needle, status, &stderr) {
        panic!("{failure}");
    }
}

#[test]
fn a_failed_run_leaves_every_file_it_would_replace_untouched() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let dir = dir.path();
    let outputs = ["o.csv", "t.csv", "m.csv", "c.csv", "t.dot"];
    for name in outputs {
        std::fs::write(dir.join(name), "old").expect("a previous file");
    }
    // Every output path is checked before the work: the missing folder of the second output
    // refuses the run, and the first output keeps its previous contents.
    let runs: [&[&str]; 5] = [
        &[
            "sweep",
            "stone-game",
            "--n",
            "3",
            "--trials",
            "5",
            "--out",
            "o.csv",
            "--plot",
            "nodir/q.svg",
        ],
        &[
            "tournament",
            "stone-game",
            "--strategies",
            "greedy,random",
            "--n",
            "4",
            "--trials",
            "5",
            "--out",
            "t.csv",
            "--plot",
            "nodir/t.svg",
        ],
        &[
            "mistakes",
            "stone-game",
            "--strategy",
            "greedy",
            "--n",
            "4",
            "--trials",
            "5",
            "--out",
            "m.csv",
            "--plot",
            "nodir/m.svg",
        ],
        &[
            "strategy-curve",
            "stone-game",
            "--strategy",
            "mcts",
            "--budgets",
            "10",
            "--n",
            "4",
            "--trials",
            "5",
            "--out",
            "c.csv",
            "--plot",
            "nodir/c.svg",
        ],
        &[
            "tree",
            "stone-game",
            "--piles",
            "1,2,3",
            "--out",
            "t.dot",
            "--render",
            "svg",
            "nodir/t.svg",
        ],
    ];
    for args in runs {
        refused_in(dir, args, "its folder 'nodir' does not exist");
    }
    // A chart that fails once the work is done (a PNG into a full disk): the CSV written before
    // it is not put in place either.
    std::os::unix::fs::symlink("/dev/full", dir.join("full.png")).expect("a link to /dev/full");
    refused_in(
        dir,
        &[
            "sweep",
            "stone-game",
            "--n",
            "3",
            "--trials",
            "5",
            "--out",
            "o.csv",
            "--plot",
            "full.png",
        ],
        "cannot write 'full.png': No space left on device",
    );
    for name in outputs {
        assert_eq!(
            std::fs::read_to_string(dir.join(name)).expect(name),
            "old",
            "{name}"
        );
    }
    let mut expected: Vec<String> = outputs.iter().map(|name| name.to_string()).collect();
    expected.push("full.png".into());
    expected.sort();
    assert_eq!(file_names(dir), expected, "no temporary file is left");
}

#[test]
fn outputs_into_a_full_disk_and_outputs_that_are_inputs_are_refused_by_name() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let dir = dir.path();
    std::os::unix::fs::symlink("/dev/full", dir.join("full.csv")).expect("a link to /dev/full");
    std::os::unix::fs::symlink("/dev/full", dir.join("full.html")).expect("a link to /dev/full");
    for shard in ["1/2", "2/2"] {
        let name = format!("s{}.csv", &shard[..1]);
        let args = [
            "sweep",
            "stone-game",
            "--n-max",
            "4",
            "--trials",
            "6",
            "--shard",
            shard,
            "--out",
            &name,
        ];
        let (status, stderr) = run_with(&args, &[], MEMORY_LIMIT, Streams::default(), Some(dir));
        assert_eq!(status, 0, "{stderr}");
    }
    let full: [&[&str]; 5] = [
        &["merge", "s1.csv", "s2.csv", "--out", "full.csv"],
        &[
            "explore",
            "stone-game",
            "--piles",
            "3,1,4",
            "--out",
            "full.html",
        ],
        &[
            "tournament",
            "stone-game",
            "--strategies",
            "greedy,random",
            "--n",
            "4",
            "--trials",
            "5",
            "--out",
            "full.csv",
        ],
        &[
            "mistakes",
            "stone-game",
            "--strategy",
            "greedy",
            "--n",
            "4",
            "--trials",
            "5",
            "--out",
            "full.csv",
        ],
        &[
            "strategy-curve",
            "stone-game",
            "--strategy",
            "mcts",
            "--budgets",
            "10",
            "--n",
            "4",
            "--trials",
            "5",
            "--out",
            "full.csv",
        ],
    ];
    for args in full {
        refused_in(dir, args, "No space left on device");
        let (_, stderr) = run_with(args, &[], MEMORY_LIMIT, Streams::default(), Some(dir));
        let named = args[args.len() - 1];
        assert!(
            stderr.contains(&format!("cannot write '{named}'")),
            "{args:?}: {stderr}"
        );
    }
    // An output that is an input would be replaced by a file made from itself.
    refused_in(
        dir,
        &["merge", "s1.csv", "s2.csv", "--out", "s1.csv"],
        "--out names 's1.csv', which is also an input",
    );
    refused_in(
        dir,
        &["merge", "s1.csv", "s2.csv", "--out", "./s2.csv"],
        "which is also an input",
    );
    // A hard link is the same file under another name.
    std::fs::hard_link(dir.join("s2.csv"), dir.join("hard.csv")).expect("a hard link");
    refused_in(
        dir,
        &["merge", "s1.csv", "hard.csv", "--out", "s2.csv"],
        "--out names 's2.csv', which is also an input ('hard.csv')",
    );
    // Every reader of sweep tables checks them as merge does: a table missing its last row,
    // or a single shard, is not drawn.
    let whole = [
        "sweep",
        "stone-game",
        "--n-max",
        "4",
        "--trials",
        "6",
        "--out",
        "whole.csv",
    ];
    assert_eq!(
        run_with(&whole, &[], MEMORY_LIMIT, Streams::default(), Some(dir)).0,
        0
    );
    let table = std::fs::read_to_string(dir.join("whole.csv")).expect("the table");
    let cut: Vec<&str> = table.lines().collect();
    std::fs::write(dir.join("cut.csv"), cut[..cut.len() - 1].join("\n") + "\n").expect("cut");
    refused_in(
        dir,
        &["plot", "win-rate", "--input", "cut.csv", "--out", "w.svg"],
        "cut.csv: not a whole sweep: incomplete sweep: rows for 3 of its 4 sizes (none for n = 4)",
    );
    refused_in(
        dir,
        &[
            "plot",
            "outcome-shares",
            "--input",
            "s1.csv",
            "--out",
            "w.svg",
        ],
        "s1.csv: not a whole sweep",
    );
    assert!(!dir.join("w.svg").exists());
}

#[test]
fn json_lines_are_refused_for_what_they_are() {
    for (line, needle) in [
        (
            "{\"piles\":[1,123456789012345678901234567890]}",
            "line 1: a number beyond the 64-bit integer range",
        ),
        ("not json", "line 1: not JSON ("),
        ("{\"n\": 1e40}", "a number beyond the 64-bit integer range"),
        ("{\"piles\": [1, 2.5]}", "2.5 is not a whole number"),
        (
            "{\"piles\": [1, 1e3]}",
            "1000 is written as a floating-point number (with a point or an exponent)",
        ),
        (
            "{\"piles\": [9223372036854775808]}",
            "9223372036854775808 is outside the range of pile values (whole numbers from \
             -9223372036854775808 to 9223372036854775807)",
        ),
        (
            "{\"piles\": [1, 2], \"n\": -1}",
            "-1 is outside the range of N and of subtraction amounts",
        ),
        (
            "{\"piles\": [1, \"5\"]}",
            "the string \"5\" where a whole number belongs: write numbers without quotes",
        ),
    ] {
        let output = crate::common::gamelab()
            .args(["solve", "stone-game", "--input", "-"])
            .write_stdin(format!("{line}\n"))
            .output()
            .expect("gamelab runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{line}: {stderr}");
        assert!(
            stderr.contains(needle) && stderr.lines().count() == 1 && !stderr.contains("null"),
            "{line}: {stderr}"
        );
    }
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

/// Past the window solver's pile limit the limit is what refuses, not a memory estimate of a
/// table the solver would never build.
#[test]
fn stone_game_ii_past_the_window_limit_is_refused_for_the_limit() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = one_row_file(&dir, 30_000);
    let file = path.to_str().expect("a UTF-8 path");
    for extra in [&["--value-only"][..], &[]] {
        let output = crate::common::gamelab()
            .args(["solve", "stone-game-ii", "--input", file])
            .args(extra)
            .output()
            .expect("gamelab runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert_eq!(
            stderr,
            "error: line 1: solver 'window' refuses this instance: the number of piles is 30000, \
             above its limit of 20000; use a smaller instance\n"
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

#[test]
fn an_allocation_the_system_refuses_is_one_line_not_an_abort() {
    // A budget raised past what the address space gives: the moves on a million piles keep
    // about 750 MiB of checkpoint rows, and the run has 600 MB.
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = one_row_file(&dir, 1_000_000);
    let file = path.to_str().expect("a UTF-8 path");
    let args = [
        "solve",
        "stone-game",
        "--input",
        file,
        "--max-memory",
        "8G",
        "--max-time",
        "none",
    ];
    let (status, stderr) = run_with(&args, &[], 600_000_000, Streams::default(), None);
    assert_eq!(status, 2, "{stderr}");
    assert!(
        stderr.starts_with("error: the system refused ") && stderr.lines().count() == 1,
        "{stderr}"
    );
}

#[test]
fn memory_exhausted_by_many_small_allocations_says_how_much_was_in_use() {
    // The analysis of 2,000 piles with its budgets raised grows its positions one small
    // allocation at a time until 400 MB of address space runs out on both threads at once:
    // one line still comes out (it used to exit in silence), and since the allocation refused
    // is a few bytes, it gives the memory in use.
    let piles = pile_list(2_000);
    let args = [
        "analyze",
        "stone-game",
        "--piles",
        &piles,
        "--max-states",
        "1e7",
        "--max-memory",
        "4G",
    ];
    let (status, stderr) = run_with(&args, &[], 400_000_000, Streams::default(), None);
    assert_eq!(status, 2, "{stderr}");
    assert!(
        stderr.starts_with("error: the system refused ")
            && stderr.contains(" in use (a limit such as ulimit -v")
            && stderr.lines().count() == 1,
        "{stderr}"
    );
}
