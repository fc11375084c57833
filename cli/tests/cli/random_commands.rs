//! Random command lines, drawn from each subcommand's flags (sizes from 0 to 10^18, every value
//! of every choice, pile lists, odd environment variables), each run as a subprocess under a
//! 1.5 GiB address-space limit and a CPU-time limit, with a one-second time budget: every one
//! must end with status 0, 1 or 2 — never a panic, an abort, a signal or a kill for running on
//! — and with exactly one line on stderr when it fails (status 2). The limits catch a run that
//! ignores its budget, not a slow machine: they are many times the budget.
//!
//! 24 command lines by default; `GAMELAB_THOROUGH=1` runs 400 (CONTRIBUTING.md, "Thorough runs").

#![cfg(unix)]

use proptest::prelude::*;
use std::io::Read;
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Address space a run may use.
const MEMORY_LIMIT: u64 = 3 << 29;
/// The time budget every command line is given.
const TIME_BUDGET: &str = "1s";
/// CPU time a run may take, in seconds: the process is killed (SIGXCPU) past it.
const CPU_LIMIT: u64 = 30;
/// Wall-clock time a run may take, for a run that blocks without using the CPU.
const TIME_LIMIT: Duration = Duration::from_secs(300);

/// How a flag's value is drawn.
#[derive(Clone, Copy, Debug)]
enum Value {
    /// No value: the flag alone.
    Switch,
    /// A size or count from 0 to 10^18.
    Size,
    /// A pile value, either sign.
    Signed,
    /// One of these words.
    OneOf(&'static [&'static str]),
    /// A list of piles.
    Piles,
    /// A subtraction set.
    Subtract,
    /// One to four strategies, comma-separated.
    Strategies,
    /// One to four budgets, comma-separated.
    Budgets,
}

const GAMES: &[&str] = &[
    "stone-game",
    "stone-game-ii",
    "stone-game-iii",
    "divisor-game",
    "stone-game-vii",
    "stone-game-iv",
    "nim",
    "coins-in-a-circle",
];
const SOLVERS: &[&str] = &[
    "auto",
    "brute",
    "memo",
    "table",
    "diff",
    "rolling",
    "peaks",
    "dp",
    "window",
    "closed-form",
    "fastest",
];
const STRATEGIES: &[&str] = &[
    "optimal",
    "greedy",
    "random",
    "parity",
    "lookahead-1",
    "lookahead-3",
    "mcts-10",
    "mcts-1000",
    "noisy-0.1",
    "noisy-2",
    "lookahead-99",
    "nonsense",
];
const PARITIES: &[&str] = &["even", "odd"];

/// The generator's flags (sizes, values, subtraction set, seed).
const GENERATOR: &[(&str, Value)] = &[
    ("--n", Value::Size),
    ("--n-min", Value::Size),
    ("--n-max", Value::Size),
    ("--n-parity", Value::OneOf(PARITIES)),
    ("--min-value", Value::Signed),
    ("--max-value", Value::Signed),
    ("--distribution", Value::OneOf(&["uniform", "geometric"])),
    ("--total-parity", Value::OneOf(PARITIES)),
    ("--seed", Value::Size),
];

/// A subcommand: its words, whether it takes a game (and then, with `instance`, one instance
/// of it, given as the game takes it most of the time), the flags it needs, and the flags it
/// may take (besides `GENERATOR` when `generated`).
struct Subcommand {
    words: &'static [&'static str],
    game: bool,
    instance: bool,
    generated: bool,
    required: &'static [(&'static str, Value)],
    flags: &'static [(&'static str, Value)],
}

const SUBCOMMANDS: &[Subcommand] = &[
    Subcommand {
        words: &["solve"],
        game: true,
        instance: true,
        generated: false,
        required: &[],
        flags: &[
            ("--subtract", Value::Subtract),
            ("--solver", Value::OneOf(SOLVERS)),
            ("--format", Value::OneOf(&["text", "json"])),
            ("--value-only", Value::Switch),
        ],
    },
    Subcommand {
        words: &["analyze"],
        game: true,
        instance: true,
        generated: false,
        required: &[],
        flags: &[
            ("--subtract", Value::Subtract),
            (
                "--moves",
                Value::OneOf(&["left", "right,left", "1", "2,1", "x"]),
            ),
            ("--max-states", Value::Size),
            ("--format", Value::OneOf(&["text", "json"])),
        ],
    },
    Subcommand {
        words: &["explore"],
        game: true,
        instance: true,
        generated: false,
        required: &[("--out", Value::OneOf(&["page.html"]))],
        flags: &[("--max-states", Value::Size)],
    },
    Subcommand {
        words: &["generate"],
        game: true,
        instance: false,
        generated: true,
        required: &[],
        flags: &[
            ("--count", Value::Size),
            ("--out", Value::OneOf(&["instances.jsonl", "", "-"])),
        ],
    },
    Subcommand {
        words: &["sweep"],
        game: true,
        instance: false,
        generated: true,
        required: &[],
        flags: &[
            ("--trials", Value::Size),
            ("--shard", Value::OneOf(&["1/2", "2/2", "3/2", "0/0", "x"])),
            ("--format", Value::OneOf(&["text", "csv", "json"])),
            ("--out", Value::OneOf(&["rows.csv", "", "-"])),
            (
                "--plot",
                Value::OneOf(&["rate.svg", "rate.png", "rate.txt"]),
            ),
            ("--plot-outcome-shares", Value::OneOf(&["shares.svg"])),
        ],
    },
    Subcommand {
        words: &["tree"],
        game: true,
        instance: true,
        generated: false,
        required: &[],
        flags: &[
            ("--subtract", Value::Subtract),
            ("--dag", Value::Switch),
            ("--format", Value::OneOf(&["dot", "efg", "json", "xml"])),
            ("--out", Value::OneOf(&["graph.dot", "", "-"])),
            ("--max-nodes", Value::Size),
        ],
    },
    Subcommand {
        words: &["check"],
        game: true,
        instance: false,
        generated: true,
        required: &[(
            "--expect",
            Value::OneOf(&[
                "first-wins",
                "first-never-loses",
                "second-wins",
                "second-never-loses",
                "tie",
            ]),
        )],
        flags: &[
            ("--samples", Value::Size),
            ("--solver", Value::OneOf(SOLVERS)),
            ("--format", Value::OneOf(&["text", "json"])),
        ],
    },
    Subcommand {
        words: &["play"],
        game: true,
        instance: false,
        generated: true,
        required: &[
            ("--first", Value::OneOf(STRATEGIES)),
            ("--second", Value::OneOf(STRATEGIES)),
        ],
        flags: &[
            ("--piles", Value::Piles),
            ("--trials", Value::Size),
            ("--format", Value::OneOf(&["text", "json"])),
            ("--history", Value::OneOf(&["history.svg"])),
        ],
    },
    Subcommand {
        words: &["tournament"],
        game: true,
        instance: false,
        generated: true,
        required: &[("--strategies", Value::Strategies)],
        flags: &[
            ("--trials", Value::Size),
            ("--format", Value::OneOf(&["text", "csv", "json"])),
            ("--out", Value::OneOf(&["matches.csv", "", "-"])),
            ("--plot", Value::OneOf(&["matches.svg"])),
        ],
    },
    Subcommand {
        words: &["mistakes"],
        game: true,
        instance: false,
        generated: true,
        required: &[("--strategy", Value::Strategies)],
        flags: &[
            ("--against", Value::OneOf(STRATEGIES)),
            (
                "--seat",
                Value::OneOf(&["first", "second", "both", "middle"]),
            ),
            ("--trials", Value::Size),
            ("--out", Value::OneOf(&["mistakes.csv"])),
            ("--plot", Value::OneOf(&["mistakes.svg"])),
        ],
    },
    Subcommand {
        words: &["strategy-curve"],
        game: true,
        instance: false,
        generated: true,
        required: &[
            (
                "--strategy",
                Value::OneOf(&["mcts", "noisy", "lookahead", "greedy"]),
            ),
            ("--budgets", Value::Budgets),
        ],
        flags: &[
            ("--trials", Value::Size),
            ("--out", Value::OneOf(&["curve.csv"])),
        ],
    },
    Subcommand {
        words: &["plot", "margins"],
        game: true,
        instance: false,
        generated: false,
        required: &[
            ("--n", Value::Size),
            (
                "--out",
                Value::OneOf(&["margins.svg", "margins.png", "margins"]),
            ),
        ],
        flags: &[
            ("--trials", Value::Size),
            ("--min-value", Value::Signed),
            ("--max-value", Value::Signed),
        ],
    },
    Subcommand {
        words: &["plot", "heatmap"],
        game: true,
        instance: true,
        generated: false,
        required: &[("--out", Value::OneOf(&["heatmap.svg"]))],
        flags: &[],
    },
    Subcommand {
        words: &["plot", "divisor"],
        game: false,
        instance: false,
        generated: false,
        required: &[("--out", Value::OneOf(&["divisor.svg"]))],
        flags: &[("--n-min", Value::Size), ("--n-max", Value::Size)],
    },
    Subcommand {
        words: &["plot", "win-rate"],
        game: false,
        instance: false,
        generated: false,
        required: &[
            ("--input", Value::OneOf(&["missing.csv", "-"])),
            ("--out", Value::OneOf(&["rate.svg"])),
        ],
        flags: &[],
    },
    Subcommand {
        words: &["merge"],
        game: false,
        instance: false,
        generated: false,
        required: &[],
        flags: &[("--out", Value::OneOf(&["merged.csv", "missing.csv"]))],
    },
    Subcommand {
        words: &["games"],
        game: false,
        instance: false,
        generated: false,
        required: &[],
        flags: &[],
    },
    Subcommand {
        words: &["claims"],
        game: false,
        instance: false,
        generated: false,
        required: &[],
        flags: &[
            ("--format", Value::OneOf(&["text", "json", "csv"])),
            ("--run", Value::Switch),
        ],
    },
    Subcommand {
        words: &["report"],
        game: false,
        instance: false,
        generated: false,
        required: &[(
            "--skip",
            Value::OneOf(&[
                "parity,claims,games,strategies",
                "gold-pots,strategies",
                "claims,games",
                "tables",
                "",
            ]),
        )],
        flags: &[("--out", Value::OneOf(&["rep", "", "missing/rep"]))],
    },
];

/// Environment variables a user may have set, odd values included.
const ENVIRONMENT: &[(&str, &[&str])] = &[
    ("RAYON_NUM_THREADS", &["0", "1", "3", "1000", "many"]),
    ("GAMELAB_SIMD", &["portable", "avx2", "avx512", "sse9"]),
    ("COLUMNS", &["0", "7"]),
    ("TERM", &["dumb", "xterm-256color"]),
    ("GAMELAB_MACHINE_FACTOR", &["0.5", "4", "0", "fast", ""]),
];

/// A size: the edges (0, 1, 2, powers of ten up to 10^18) more often than the rest.
fn size() -> impl Strategy<Value = String> {
    let digits = prop_oneof![
        prop::sample::select(vec![
            0u64,
            1,
            2,
            3,
            5,
            10,
            20,
            100,
            1_000,
            1_000_000,
            1_000_000_000,
            1_000_000_000_000,
            1_000_000_000_000_000_000,
        ]),
        0u64..=30,
        (0u32..=18).prop_flat_map(|exponent| 0u64..=10u64.pow(exponent)),
    ]
    .prop_map(|size| size.to_string());
    // The forms a user types besides digits: each flag answers them in its own words.
    let forms = prop::sample::select(vec!["1e3", "1e18", "2.5", "-1", "-0.1", "-inf", "1e999"])
        .prop_map(str::to_string);
    prop_oneof![9 => digits, 1 => forms]
}

/// A value drawn as `value` says.
fn value(value: Value) -> BoxedStrategy<Option<String>> {
    match value {
        Value::Switch => Just(None).boxed(),
        Value::Size => size().prop_map(Some).boxed(),
        Value::Signed => (size(), any::<bool>())
            .prop_map(|(size, negative)| Some(if negative { format!("-{size}") } else { size }))
            .boxed(),
        Value::OneOf(words) => prop::sample::select(words.to_vec())
            .prop_map(|word| Some(word.to_string()))
            .boxed(),
        Value::Piles => prop_oneof![
            prop::collection::vec(-20i64..100, 1..30),
            prop::collection::vec(any::<i64>(), 1..4),
        ]
        .prop_map(|piles| {
            Some(
                piles
                    .iter()
                    .map(i64::to_string)
                    .collect::<Vec<_>>()
                    .join(","),
            )
        })
        .boxed(),
        Value::Subtract => prop::collection::vec(0u64..10, 1..4)
            .prop_map(|set| Some(set.iter().map(u64::to_string).collect::<Vec<_>>().join(",")))
            .boxed(),
        Value::Strategies => prop::collection::vec(prop::sample::select(STRATEGIES.to_vec()), 1..5)
            .prop_map(|names| Some(names.join(",")))
            .boxed(),
        Value::Budgets => prop::collection::vec(size(), 1..5)
            .prop_map(|budgets| Some(budgets.join(",")))
            .boxed(),
    }
}

/// One command line and its environment.
#[derive(Clone, Debug)]
struct Run {
    args: Vec<String>,
    env: Vec<(&'static str, String)>,
}

/// The pile games, which take `--piles`; the others take `--n`.
const PILE_GAMES: &[&str] = &[
    "stone-game",
    "stone-game-ii",
    "stone-game-iii",
    "stone-game-vii",
    "coins-in-a-circle",
];

/// Draws a flag's value, as `(flag, value)`.
fn flag(flag: &'static str, kind: Value) -> impl Strategy<Value = (&'static str, Option<String>)> {
    value(kind).prop_map(move |value| (flag, value))
}

/// A random command line of `subcommand`: its game, its instance (the game's own kind four
/// times in five), the flags it needs, then up to five of the others.
fn command_line(subcommand: &'static Subcommand) -> impl Strategy<Value = Run> {
    let mut optional: Vec<(&'static str, Value)> = subcommand.flags.to_vec();
    if subcommand.generated {
        optional.extend_from_slice(GENERATOR);
    }
    let most = optional.len().min(5);
    let chosen = prop::sample::subsequence(optional, 0..=most).prop_flat_map(|flags| {
        flags
            .into_iter()
            .map(|(name, kind)| flag(name, kind))
            .collect::<Vec<_>>()
    });
    let required: Vec<_> = subcommand
        .required
        .iter()
        .map(|&(name, kind)| flag(name, kind))
        .collect();
    let env = prop::sample::subsequence(ENVIRONMENT.to_vec(), 0..=2).prop_flat_map(|names| {
        names
            .into_iter()
            .map(|(name, values)| {
                prop::sample::select(values.to_vec())
                    .prop_map(move |value| (name, value.to_string()))
            })
            .collect::<Vec<_>>()
    });
    // Now and then a game that does not exist.
    let game = prop_oneof![19 => prop::sample::select(GAMES.to_vec()), 1 => Just("chess")];
    let game_and_instance = game.prop_flat_map(|game| {
        let own = if PILE_GAMES.contains(&game) {
            flag("--piles", Value::Piles).boxed()
        } else {
            flag("--n", Value::Size).boxed()
        };
        let either = prop_oneof![flag("--piles", Value::Piles), flag("--n", Value::Size)];
        (Just(game), prop_oneof![4 => own, 1 => either])
    });
    (game_and_instance, required, chosen, env).prop_map(
        move |((game, instance), required, flags, env)| {
            let mut args: Vec<String> = subcommand.words.iter().map(|w| w.to_string()).collect();
            if subcommand.game {
                args.push(game.to_string());
            }
            if subcommand.words == ["merge"] {
                args.push("missing.csv".to_string());
            }
            let instance = subcommand.instance.then_some(instance);
            for (flag, value) in instance.into_iter().chain(required).chain(flags) {
                args.push(flag.to_string());
                args.extend(value);
            }
            args.extend(["--max-time".to_string(), TIME_BUDGET.to_string()]);
            Run { args, env }
        },
    )
}

/// Any subcommand's random command line.
fn any_run() -> impl Strategy<Value = Run> {
    let lines: Vec<BoxedStrategy<Run>> = SUBCOMMANDS
        .iter()
        .map(|s| command_line(s).boxed())
        .collect();
    prop::strategy::Union::new(lines)
}

/// Runs `run` in a fresh folder under the limits: its status and stderr, or why it failed.
fn execute(run: &Run) -> Result<(i32, String), String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let mut command = Command::new(env!("CARGO_BIN_EXE_gamelab"));
    command
        .env(
            crate::common::PINNED_FACTOR.0,
            crate::common::PINNED_FACTOR.1,
        )
        // A factor left to measure is cached here, not in the user's cache folder.
        .env("XDG_CACHE_HOME", dir.path())
        .args(&run.args)
        .envs(run.env.iter().map(|(name, value)| (*name, value.as_str())))
        .current_dir(dir.path())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    // SAFETY: setrlimit is async-signal-safe and touches only the child's own limits.
    unsafe {
        command.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: MEMORY_LIMIT,
                rlim_max: MEMORY_LIMIT,
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
    let mut child = command.spawn().map_err(|e| e.to_string())?;
    let reader = child.stderr.take().map(|mut pipe| {
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = pipe.read_to_string(&mut text);
            text
        })
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if started.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("still running after {TIME_LIMIT:?}"));
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let stderr = reader
        .map(|reader| reader.join().unwrap_or_default())
        .unwrap_or_default();
    if let Some(left) = temporary_files(dir.path()).first() {
        return Err(format!("left the temporary file {left}: {stderr}"));
    }
    match status.code() {
        Some(code) => Ok((code, stderr)),
        None => Err(format!("killed by a signal ({status:?}): {stderr}")),
    }
}

/// The hidden temporary files under `dir`, which no command may leave behind.
fn temporary_files(dir: &std::path::Path) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with(".gamelab-") {
            found.push(name);
        } else if entry.file_type().is_ok_and(|kind| kind.is_dir()) {
            found.extend(temporary_files(&entry.path()));
        }
    }
    found
}

/// Command lines per run: few by default, many with `GAMELAB_THOROUGH=1`.
fn cases() -> u32 {
    if crate::common::thorough() { 400 } else { 24 }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: cases(),
        max_shrink_iters: 64,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_command_lines_end_cleanly_within_their_budgets(run in any_run()) {
        let outcome = execute(&run);
        let (status, stderr) = match outcome {
            Ok(result) => result,
            Err(reason) => return Err(TestCaseError::fail(format!("{run:?}: {reason}"))),
        };
        prop_assert!(
            [0, 1, 2].contains(&status),
            "{:?}: status {} ({})", run, status, stderr
        );
        prop_assert!(!stderr.contains("panicked"), "{:?}: {}", run, stderr);
        if status == 2 {
            prop_assert_eq!(stderr.lines().count(), 1, "{:?}: {}", run, stderr);
            prop_assert!(
                stderr.starts_with("error: ") || stderr.starts_with("usage: "),
                "{:?}: {}", run, stderr
            );
        }
    }
}
