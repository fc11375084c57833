//! The performance targets of `gamelab bench`: each one a real command a user runs, on
//! deterministic generated inputs, with its goal and the work it does.

use gamelab::base::input::InstanceInput;
use gamelab::games::find_game;
use gamelab::studies::generate::{Generator, GeneratorSpec, SizeRange, ValueSpec};
use std::io::Write;
use std::path::{Path, PathBuf};

/// One performance target: a command, its goal, and how much work it does.
#[derive(Clone, Debug)]
pub struct Target {
    pub name: &'static str,
    /// The gamelab arguments, after the binary.
    pub args: Vec<String>,
    /// The goal for the median wall time, in seconds (unless `goal_relative` sets it).
    pub goal_seconds: f64,
    /// A goal set by another target's median in the same run, where the issue states one so
    /// (optimal play "in at most 2x the value-only time"): this machine's speed then cancels out.
    pub goal_relative: Option<RelativeGoal>,
    /// The goal for peak memory, in megabytes, where one is set.
    pub goal_megabytes: Option<f64>,
    /// Units of work done (cell updates, instances, ...), for throughput.
    pub work: f64,
    pub unit: &'static str,
}

/// A time goal of `times` the median of the target named `of`.
#[derive(Clone, Copy, Debug)]
pub struct RelativeGoal {
    pub of: &'static str,
    pub times: f64,
}

/// Writes one instance as a JSON line to `path`.
fn write_instance(path: &Path, input: &InstanceInput) -> std::io::Result<()> {
    let mut file = std::io::BufWriter::new(std::fs::File::create(path)?);
    serde_json::to_writer(&mut file, input)?;
    writeln!(file)?;
    file.flush()
}

/// `n` piles drawn with seed 1 from `values` for `game`.
fn piles(game: &str, n: u64, values: ValueSpec) -> Vec<i64> {
    let spec = GeneratorSpec::new(SizeRange::new(n, n), Some(values), 1);
    let generator = match find_game(game).map(|entry| Generator::new(entry, spec)) {
        Ok(Ok(generator)) => generator,
        _ => unreachable!("the bench's own specs are valid"),
    };
    let mut out = Vec::new();
    generator.piles_into(n, 0, &mut out);
    out
}

/// The input files of the targets: name, game, size, smallest and largest value.
const INPUTS: [(&str, &str, u64, i64, i64); 5] = [
    (
        "stone-game-100000.jsonl",
        "stone-game",
        100_000,
        1,
        1_000_000_000,
    ),
    (
        "stone-game-10000.jsonl",
        "stone-game",
        10_000,
        1,
        1_000_000_000,
    ),
    (
        "stone-game-ii-5000.jsonl",
        "stone-game-ii",
        5_000,
        1,
        10_000,
    ),
    (
        "stone-game-ii-20000.jsonl",
        "stone-game-ii",
        20_000,
        1,
        10_000,
    ),
    (
        "stone-game-iii-10000000.jsonl",
        "stone-game-iii",
        10_000_000,
        -1000,
        1000,
    ),
];

/// Writes the targets' input files into `dir`. Run it in its own process (`gamelab bench`
/// does): on Linux a child's peak-memory figure starts from its parent's size, so the measuring
/// process must never hold these inputs itself.
pub fn write_inputs(dir: &Path) -> std::io::Result<()> {
    for (name, game, n, min, max) in INPUTS {
        let input = InstanceInput::piles(piles(game, n, ValueSpec::uniform(min, max)));
        write_instance(&dir.join(name), &input)?;
    }
    let small_values =
        InstanceInput::piles(piles("stone-game", 100_000, ValueSpec::uniform(1, 10_000)));
    write_instance(&dir.join(SMALL_VALUES), &small_values)?;
    // The batch input is exactly what a user's `gamelab generate` writes.
    let generated = std::process::Command::new(std::env::current_exe()?)
        .args([
            "generate",
            "stone-game",
            "--count",
            "1000000",
            "--n",
            "16",
            "--seed",
            "3",
            "--out",
        ])
        .arg(dir.join(BATCH))
        .status()?;
    if !generated.success() {
        return Err(std::io::Error::other("gamelab generate failed"));
    }
    Ok(())
}

/// The value-only n = 100,000 target, whose median sets the goal of the same with moves.
const VALUE_ONLY_100K: &str = "stone-game n=100000, rolling --value-only";

/// 1,000,000 instances of 16 piles (`gamelab generate stone-game --count 1000000 --n 16 --seed 3`).
const BATCH: &str = "stone-game-1000000x16.jsonl";
/// stone-game n = 100,000 with values 1..=10,000 (absolute sum below 2^31).
const SMALL_VALUES: &str = "stone-game-100000-small-values.jsonl";

/// The targets, reading the inputs [`write_inputs`] put in `dir`.
pub fn targets(dir: &Path) -> Vec<Target> {
    let path = |name: &str| -> PathBuf { dir.join(name) };
    let text = |p: &Path| p.display().to_string();
    let args = |words: &[&str]| words.iter().map(|w| w.to_string()).collect::<Vec<_>>();
    // `gamelab solve GAME [flags] --input FILE --format json`.
    let solve_file = |game: &str, flags: &[&str], input: &Path| {
        [
            args(&["solve", game]),
            args(flags),
            args(&["--input"]),
            vec![text(input)],
            args(&["--format", "json"]),
        ]
        .concat()
    };
    let [big, ten_thousand, two, two_large, three] = INPUTS.map(|(name, ..)| path(name));
    let dag_piles = piles("stone-game", 1000, ValueSpec::uniform(1, 100))
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let dag_out = path("stone-game-1000-dag.dot");
    let twenty_piles = piles("stone-game", 20, ValueSpec::uniform(1, 100))
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let explore_piles = piles("stone-game", 300, ValueSpec::uniform(1, 100))
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let explore_out = path("stone-game-300-explorer.html");

    let cells = |n: f64| n * (n - 1.0) / 2.0;
    let batch = path(BATCH);
    let small_values = path(SMALL_VALUES);
    vec![
        Target {
            name: "solve --input 10^6 x 16 piles --value-only",
            args: solve_file("stone-game", &["--value-only"], &batch),
            goal_seconds: 1.0,
            goal_megabytes: Some(64.0),
            work: 1e6,
            unit: "instances",
            goal_relative: None,
        },
        Target {
            name: "solve --input 10^6 x 16 piles (with moves)",
            args: solve_file("stone-game", &[], &batch),
            goal_seconds: 2.0,
            goal_megabytes: Some(64.0),
            work: 1e6,
            unit: "instances",
            goal_relative: None,
        },
        Target {
            // The narrow lanes' target, so `rolling` by name: `auto` gives the value by `peaks`.
            name: "stone-game n=100000 values<=10^4, rolling --value-only",
            args: solve_file(
                "stone-game",
                &["--solver", "rolling", "--value-only"],
                &small_values,
            ),
            goal_seconds: 0.15,
            goal_megabytes: None,
            work: cells(100_000.0),
            unit: "cells",
            goal_relative: None,
        },
        Target {
            name: "stone-game n=100000 with moves",
            args: solve_file("stone-game", &[], &big),
            goal_seconds: f64::INFINITY,
            goal_megabytes: Some(64.0),
            work: cells(100_000.0),
            unit: "cells",
            goal_relative: Some(RelativeGoal {
                of: VALUE_ONLY_100K,
                times: 2.0,
            }),
        },
        Target {
            // The first round's target; `--value-only` since optimal lines are now listed at
            // every size (without it this target timed the line as the one above does), and
            // `rolling` by name since `auto` gives the value alone by `peaks`.
            name: VALUE_ONLY_100K,
            args: solve_file("stone-game", &["--solver", "rolling", "--value-only"], &big),
            goal_seconds: 0.5,
            goal_megabytes: Some(16.0),
            work: cells(100_000.0),
            unit: "cells",
            goal_relative: None,
        },
        Target {
            // The value as users get it: `auto` picks `peaks`, O(n) (see README, Solvers), on
            // the same file as the two targets above; no goal of the issues.
            name: "stone-game n=100000, auto --value-only (peaks)",
            args: solve_file("stone-game", &["--value-only"], &big),
            goal_seconds: f64::INFINITY,
            goal_megabytes: None,
            work: 100_000.0,
            unit: "piles",
            goal_relative: None,
        },
        Target {
            name: "stone-game n=10000, table solver",
            // 16 bytes a cell: 1.5 GiB, above the default memory budget.
            args: solve_file(
                "stone-game",
                &["--solver", "table", "--max-memory", "2G"],
                &ten_thousand,
            ),
            goal_seconds: f64::INFINITY,
            goal_megabytes: None,
            work: cells(10_000.0),
            unit: "cells",
            goal_relative: None,
        },
        Target {
            name: "stone-game n=10000, rolling (with moves)",
            args: solve_file("stone-game", &["--solver", "rolling"], &ten_thousand),
            goal_seconds: 0.02,
            goal_megabytes: None,
            work: cells(10_000.0),
            unit: "cells",
            goal_relative: None,
        },
        Target {
            name: "stone-game n=10000, rolling --value-only",
            args: solve_file(
                "stone-game",
                &["--solver", "rolling", "--value-only"],
                &ten_thousand,
            ),
            goal_seconds: f64::INFINITY,
            goal_megabytes: None,
            work: cells(10_000.0),
            unit: "cells",
            goal_relative: None,
        },
        Target {
            name: "sweep stone-game n=1..64 x 10000",
            args: args(&[
                "sweep",
                "stone-game",
                "--n-min",
                "1",
                "--n-max",
                "64",
                "--trials",
                "10000",
                "--format",
                "csv",
            ]),
            goal_seconds: 0.02,
            goal_megabytes: None,
            work: 640_000.0,
            unit: "instances",
            goal_relative: None,
        },
        Target {
            name: "stone-game-ii n=5000, solve",
            args: solve_file("stone-game-ii", &[], &two),
            goal_seconds: 0.1,
            goal_megabytes: Some(40.0),
            work: 5000.0 * 5000.0 / 4.0,
            unit: "cells",
            goal_relative: None,
        },
        Target {
            name: "stone-game-ii n=20000, solve",
            args: solve_file("stone-game-ii", &[], &two_large),
            goal_seconds: 2.0,
            goal_megabytes: None,
            work: 20_000.0 * 20_000.0 / 4.0,
            unit: "cells",
            goal_relative: None,
        },
        Target {
            name: "stone-game-iii n=10^7 from a file",
            args: solve_file("stone-game-iii", &[], &three),
            goal_seconds: 1.0,
            goal_megabytes: Some(100.0),
            work: 1e7,
            unit: "piles",
            goal_relative: None,
        },
        Target {
            name: "divisor-game table to N=10^7",
            args: args(&[
                "solve",
                "divisor-game",
                "--n",
                "10000000",
                "--solver",
                "dp",
                "--format",
                "json",
            ]),
            goal_seconds: 1.0,
            goal_megabytes: None,
            work: 1e7,
            unit: "N",
            goal_relative: None,
        },
        Target {
            name: "DAG export stone-game n=1000 to DOT",
            args: [
                args(&["tree", "stone-game", "--dag", "--piles"]),
                vec![dag_piles],
                args(&["--out"]),
                vec![text(&dag_out)],
            ]
            .concat(),
            goal_seconds: 0.5,
            goal_megabytes: None,
            work: 500_501.0,
            unit: "nodes",
            goal_relative: None,
        },
        Target {
            // MCTS on both sides: all 20 moves searched with 1,000 simulations each.
            name: "mcts-1000 plays a 20-pile stone-game",
            args: [
                args(&["play", "stone-game", "--piles"]),
                vec![twenty_piles],
                args(&[
                    "--first",
                    "mcts-1000",
                    "--second",
                    "mcts-1000",
                    "--format",
                    "json",
                ]),
            ]
            .concat(),
            goal_seconds: 0.02,
            goal_megabytes: None,
            work: 20_000.0,
            unit: "simulations",
            goal_relative: None,
        },
        Target {
            name: "mistakes greedy, 10000 instances of 20 piles",
            args: args(&[
                "mistakes",
                "stone-game",
                "--strategy",
                "greedy",
                "--n",
                "20",
                "--trials",
                "10000",
            ]),
            goal_seconds: 1.0,
            goal_megabytes: None,
            work: 10_000.0,
            unit: "instances",
            goal_relative: None,
        },
        Target {
            name: "explorer page stone-game n=300",
            args: [
                args(&["explore", "stone-game", "--piles"]),
                vec![explore_piles],
                args(&["--out"]),
                vec![text(&explore_out)],
            ]
            .concat(),
            goal_seconds: 1.0,
            goal_megabytes: None,
            work: 45_151.0,
            unit: "positions",
            goal_relative: None,
        },
    ]
}
