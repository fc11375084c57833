//! The probes behind the time estimates: for every costed operation ([`Operation`]), a real
//! path of the library that it dominates, prepared at a given size, with the estimate the
//! library's own cost functions give for it. `gamelab bench --calibrate` times each probe and
//! writes the rates table (`budget/rates.rs`) from the measurements; the test suite times them
//! again at small sizes and checks every estimate against its measurement (within a factor of
//! three), so an estimate that drifts from its path fails a test.
//!
//! The estimates are of work on one core ([`Work::cpu_nanos`]; wall time divides it by the
//! threads), so probes are meant to run on one thread — with [`crate::util::parallel::limit_threads`]
//! at 1 and inside a rayon pool of one thread — and to be timed in CPU time, which a busy
//! machine disturbs far less than wall time.
//!
//! The probes are ordered so that an operation is calibrated after the operations its probe
//! also spends some time in (a sweep's rows after its instances, and so on).

use crate::base::game::Scores;
use crate::base::input::InstanceInput;
use crate::cost::{Operation, Work};
use crate::games::{AnyGame, find_game};
use crate::graph::GraphKind;
use crate::solve::SolverKind;
use crate::strategy::StrategySpec;
use crate::studies::generate::{Generator, GeneratorSpec, SizeRange, ValueSpec};
use crate::studies::sweep::{Shard, SweepSpec, run_sweep, sweep_cost};

/// A path prepared at one size: its estimated work and a way to run it.
pub struct Prepared {
    /// What the library's cost functions estimate for one run.
    pub estimate: Work,
    /// Runs the path once (on the calling thread).
    pub run: Box<dyn FnMut() -> Result<(), String>>,
}

/// The probe of one operation.
pub struct Probe {
    /// The operation it calibrates (its estimate's largest term).
    pub operation: Operation,
    /// Whether its measurement sets the operation's rate (`false`: a whole command whose
    /// estimate sums several operations, checked against its measurement only).
    pub calibrates: bool,
    /// The path, as a command a user would type.
    pub path: &'static str,
    /// Sizes the test suite checks (a few hundredths of a second each).
    pub quick: &'static [u64],
    /// The size `gamelab bench --calibrate` measures (about a second).
    pub calibrate: u64,
    /// Prepares the path at a size.
    pub prepare: fn(u64) -> Result<Prepared, String>,
}

/// Every probe, in calibration order.
pub fn probes() -> Vec<Probe> {
    vec![
        Probe {
            operation: Operation::DrawPile,
            calibrates: true,
            path: "drawing random piles (every command that generates instances)",
            quick: &[5_000_000, 20_000_000],
            calibrate: 500_000_000,
            prepare: draw_piles,
        },
        Probe {
            operation: Operation::Candidate,
            calibrates: true,
            path: "gamelab check stone-game --expect first-wins --n 2 --samples S",
            quick: &[20_000, 80_000],
            calibrate: 2_000_000,
            prepare: |samples| claim(2, samples),
        },
        Probe {
            operation: Operation::WriteInstance,
            calibrates: true,
            path: "gamelab generate stone-game --n 1 --count C",
            quick: &[100_000, 400_000],
            calibrate: 3_000_000,
            prepare: generate_single_piles,
        },
        Probe {
            operation: Operation::WritePile,
            calibrates: true,
            path: "gamelab generate stone-game --n 1000 --count C",
            quick: &[2_000, 6_000],
            calibrate: 100_000,
            prepare: generate,
        },
        Probe {
            operation: Operation::Instance,
            calibrates: true,
            path: "gamelab sweep stone-game --n 1 --trials T",
            quick: &[1_000_000, 4_000_000],
            calibrate: 50_000_000,
            prepare: sweep_of_single_piles,
        },
        Probe {
            operation: Operation::NumberInstance,
            calibrates: true,
            path: "gamelab plot margins nim --n 1000 --trials T",
            quick: &[100_000, 400_000],
            calibrate: 5_000_000,
            prepare: margins_of_numbers,
        },
        Probe {
            operation: Operation::SweepRow,
            calibrates: true,
            path: "gamelab sweep divisor-game --n-max N",
            quick: &[10_000, 30_000],
            calibrate: 1_000_000,
            prepare: sweep_of_numbers,
        },
        Probe {
            operation: Operation::StoneGameRollingBatch,
            calibrates: true,
            path: "the batch kernel of gamelab sweep stone-game --n N (20,000 rows)",
            quick: &[48, 256],
            calibrate: 128,
            prepare: batch_of_rows,
        },
        Probe {
            operation: Operation::StoneGameRollingScalar,
            calibrates: true,
            path: "gamelab plot margins stone-game --n N --trials 200",
            quick: &[120, 240],
            calibrate: 256,
            prepare: margins_of_rows,
        },
        Probe {
            operation: Operation::StoneGameRollingRow,
            calibrates: true,
            path: "gamelab solve stone-game --solver rolling --value-only (one row)",
            quick: &[20_000, 40_000],
            calibrate: 150_000,
            prepare: |n| solve_row(n, SolverKind::named("rolling"), true),
        },
        Probe {
            operation: Operation::LineMove,
            calibrates: true,
            path: "gamelab solve divisor-game --n N --solver closed-form",
            quick: &[8_000, 16_000],
            calibrate: 16_384,
            prepare: divisor_line,
        },
        Probe {
            operation: Operation::StoneGameRollingLine,
            calibrates: true,
            path: "gamelab solve stone-game (one row, with the moves)",
            quick: &[10_000, 20_000],
            calibrate: 100_000,
            prepare: |n| solve_row(n, SolverKind::named("rolling"), false),
        },
        Probe {
            operation: Operation::StoneGamePeaks,
            calibrates: true,
            path: "gamelab solve stone-game --solver peaks --value-only",
            quick: &[4_000_000, 8_000_000],
            calibrate: 20_000_000,
            prepare: |n| solve_row(n, SolverKind::named("peaks"), true),
        },
        Probe {
            operation: Operation::StoneGameTable,
            calibrates: true,
            path: "gamelab solve stone-game --solver table",
            quick: &[2_500, 3_000],
            calibrate: 4_000,
            prepare: |n| solve_row(n, SolverKind::named("table"), false),
        },
        Probe {
            operation: Operation::StoneGameDiff,
            calibrates: true,
            path: "gamelab solve stone-game --solver diff",
            quick: &[3_000, 3_500],
            calibrate: 3_500,
            prepare: |n| solve_row(n, SolverKind::named("diff"), false),
        },
        Probe {
            operation: Operation::StoneGameIIWindow,
            calibrates: true,
            path: "gamelab solve stone-game-ii --value-only",
            quick: &[2_000, 4_000],
            calibrate: 15_000,
            prepare: |n| solve_piles("stone-game-ii", n, SolverKind::named("window"), true),
        },
        Probe {
            operation: Operation::StoneGameIIDp,
            calibrates: true,
            path: "gamelab solve stone-game-ii --solver dp",
            quick: &[300, 600],
            calibrate: 1_500,
            prepare: |n| solve_piles("stone-game-ii", n, SolverKind::named("dp"), true),
        },
        Probe {
            operation: Operation::StoneGameIIIDp,
            calibrates: true,
            path: "gamelab solve stone-game-iii --value-only",
            quick: &[4_000_000, 8_000_000],
            calibrate: 20_000_000,
            prepare: |n| solve_piles("stone-game-iii", n, SolverKind::named("dp"), true),
        },
        Probe {
            operation: Operation::StoneGameVIIDp,
            calibrates: true,
            path: "gamelab solve stone-game-vii --value-only",
            quick: &[3_000, 7_000],
            calibrate: 30_000,
            prepare: |n| solve_piles("stone-game-vii", n, SolverKind::named("dp"), true),
        },
        Probe {
            operation: Operation::CoinsDp,
            calibrates: true,
            path: "gamelab solve coins-in-a-circle --value-only",
            quick: &[2_000, 4_000],
            calibrate: 20_000,
            prepare: |n| solve_piles("coins-in-a-circle", n, SolverKind::named("dp"), true),
        },
        Probe {
            operation: Operation::StoneGameIVDp,
            calibrates: true,
            path: "gamelab solve stone-game-iv --n N --value-only",
            quick: &[500_000, 1_500_000],
            calibrate: 10_000_000,
            prepare: |n| {
                solve_number(
                    "stone-game-iv",
                    InstanceInput::number(n),
                    SolverKind::named("dp"),
                )
            },
        },
        Probe {
            operation: Operation::DivisorSieve,
            calibrates: true,
            path: "gamelab solve divisor-game --n N --solver dp --value-only",
            quick: &[500_000, 1_500_000],
            calibrate: 10_000_000,
            prepare: |n| {
                solve_number(
                    "divisor-game",
                    InstanceInput::number(n),
                    SolverKind::named("dp"),
                )
            },
        },
        Probe {
            operation: Operation::NimGrundy,
            calibrates: true,
            path: "gamelab solve nim --n N --subtract 1,3,4 --solver dp --value-only",
            quick: &[2_000_000, 5_000_000],
            calibrate: 10_000_000,
            prepare: |n| {
                let input = InstanceInput {
                    subtract: Some(vec![1, 3, 4]),
                    ..InstanceInput::number(n)
                };
                solve_number("nim", input, SolverKind::named("dp"))
            },
        },
        Probe {
            operation: Operation::MemoMove,
            calibrates: true,
            path: "gamelab solve stone-game --solver memo",
            // Both sizes' hash maps (52 and 105 MB) are larger than a server's last-level
            // cache, as the calibration's is: a row of 1,000 piles (26 MB) fits a 32 MB cache
            // on an idle host and then runs three times faster than the rate.
            quick: &[1_400, 2_000],
            calibrate: 1_500,
            prepare: |n| solve_row(n, SolverKind::MEMO, false),
        },
        Probe {
            operation: Operation::BruteNode,
            calibrates: true,
            path: "gamelab solve stone-game --solver brute",
            quick: &[16, 18],
            calibrate: 20,
            prepare: |n| solve_row(n, SolverKind::BRUTE, false),
        },
        Probe {
            operation: Operation::StrategyMove,
            calibrates: true,
            path: "gamelab play stone-game --first greedy --second random (one long row)",
            quick: &[20_000, 80_000],
            calibrate: 1_000_000,
            prepare: |n| play_row(n, StrategySpec::Greedy, StrategySpec::Random),
        },
        Probe {
            operation: Operation::LookaheadNode,
            calibrates: true,
            path: "gamelab play stone-game --first lookahead-6 --second greedy",
            quick: &[2_000, 8_000],
            calibrate: 50_000,
            prepare: |n| play_row(n, StrategySpec::Lookahead(6), StrategySpec::Greedy),
        },
        Probe {
            operation: Operation::MctsStep,
            calibrates: true,
            path: "gamelab play stone-game --first mcts-K --second greedy (20 piles)",
            quick: &[2_000, 8_000],
            calibrate: 100_000,
            prepare: mcts_game,
        },
        Probe {
            operation: Operation::RatingGame,
            calibrates: true,
            path: "a tournament's rating bootstrap (3 strategies, many games)",
            quick: &[30_000, 100_000],
            calibrate: 2_000_000,
            prepare: |games| ratings(3, games),
        },
        Probe {
            operation: Operation::RatingStep,
            calibrates: true,
            path: "a tournament's rating bootstrap (many strategies)",
            quick: &[30, 60],
            calibrate: 100,
            prepare: |strategies| ratings(strategies as usize, 10),
        },
        Probe {
            operation: Operation::CsvByte,
            calibrates: true,
            path: "gamelab plot win-rate --input FILE.csv (a sweep of R sizes)",
            quick: &[5_000, 20_000],
            calibrate: 500_000,
            prepare: read_rows,
        },
        Probe {
            operation: Operation::GraphNode,
            calibrates: true,
            path: "gamelab tree stone-game --dag (N piles, DOT)",
            quick: &[400, 800],
            calibrate: 2_000,
            prepare: graph,
        },
        Probe {
            operation: Operation::SpaceMove,
            calibrates: true,
            path: "gamelab analyze stone-game (N piles)",
            quick: &[150, 300],
            calibrate: 1_200,
            prepare: space,
        },
        Probe {
            operation: Operation::PagePosition,
            calibrates: true,
            path: "gamelab explore stone-game (N piles)",
            quick: &[200, 400],
            calibrate: 1_200,
            prepare: page,
        },
        // Whole commands whose estimates sum several operations: checked, not calibrated.
        Probe {
            operation: Operation::StoneGameRollingBatch,
            calibrates: false,
            path: "gamelab sweep stone-game --n-max N --trials 10000",
            quick: &[20, 40],
            calibrate: 64,
            prepare: sweep_of_rows,
        },
        Probe {
            operation: Operation::StoneGameRollingScalar,
            calibrates: false,
            path: "gamelab check stone-game --expect first-wins --n-parity even --n-max N",
            quick: &[16, 40],
            calibrate: 200,
            prepare: |n| claim(n, 20_000),
        },
        Probe {
            operation: Operation::StrategyMove,
            calibrates: false,
            path: "gamelab tournament stone-game --strategies optimal,greedy,random --n N",
            quick: &[20, 40],
            calibrate: 300,
            prepare: tournament,
        },
    ]
}

/// `count` instances of random values.
fn uniform_generator(game: &str, n: u64, max: i64) -> Result<Generator, String> {
    let entry = find_game(game).map_err(|e| e.to_string())?;
    Generator::new(
        entry,
        GeneratorSpec::new(SizeRange::new(n, n), Some(ValueSpec::uniform(1, max)), 7),
    )
    .map_err(|e| e.to_string())
}

fn draw_piles(piles: u64) -> Result<Prepared, String> {
    let generator = uniform_generator("stone-game", 1_000, 1_000_000)?;
    let count = piles.div_ceil(1_000);
    Ok(Prepared {
        estimate: Work::of(Operation::DrawPile, (count * 1_000) as u128),
        run: Box::new(move || {
            let mut row = Vec::new();
            for index in 0..count {
                generator.piles_into(1_000, index, &mut row);
            }
            std::hint::black_box(&row);
            Ok(())
        }),
    })
}

fn generate(count: u64) -> Result<Prepared, String> {
    write_instances(
        uniform_generator("stone-game", 1_000, 1_000_000_000)?,
        count,
    )
}

fn generate_single_piles(count: u64) -> Result<Prepared, String> {
    write_instances(uniform_generator("stone-game", 1, 100)?, count)
}

/// `count` instances drawn and written as JSON lines, as `gamelab generate` does.
fn write_instances(generator: Generator, count: u64) -> Result<Prepared, String> {
    Ok(Prepared {
        estimate: generator.generation_cost(count).work,
        run: Box::new(move || {
            let mut out = std::io::sink();
            let mut line = Vec::new();
            for index in 0..count {
                line.clear();
                serde_json::to_writer(&mut line, &generator.instance(index))
                    .map_err(|e| e.to_string())?;
                line.push(b'\n');
                std::io::Write::write_all(&mut out, &line).map_err(|e| e.to_string())?;
            }
            Ok(())
        }),
    })
}

/// A sweep as `gamelab sweep` runs it, on this thread.
fn sweep(
    game: &str,
    sizes: SizeRange,
    values: Option<ValueSpec>,
    trials: u64,
) -> Result<Prepared, String> {
    let entry = find_game(game).map_err(|e| e.to_string())?;
    let spec = SweepSpec {
        generator: GeneratorSpec {
            sizes,
            values,
            seed: 3,
            extras: Default::default(),
        },
        trials,
        shard: Shard::ALL,
    };
    let estimate = sweep_cost(entry, &spec).map_err(|e| e.to_string())?.1.work;
    Ok(Prepared {
        estimate,
        run: Box::new(move || {
            // Each row written as CSV, as `--out` and `--format csv` write it.
            let mut out = std::io::sink();
            let mut first = true;
            crate::studies::sweep::stream_sweep(
                entry,
                &spec,
                &|_| {},
                &std::sync::atomic::AtomicBool::new(false),
                &mut |row| {
                    crate::studies::sweep::write_csv_row(&mut out, &row, first)?;
                    first = false;
                    Ok(())
                },
            )
            .map_err(|e| e.to_string())
        }),
    })
}

fn sweep_of_single_piles(trials: u64) -> Result<Prepared, String> {
    sweep(
        "stone-game",
        SizeRange::new(1, 1),
        Some(ValueSpec::uniform(1, 100)),
        trials,
    )
}

fn sweep_of_numbers(largest: u64) -> Result<Prepared, String> {
    sweep("divisor-game", SizeRange::new(1, largest), None, 1)
}

/// 20,000 rows of `n` small piles (they fit 16-bit lanes, as a sweep's do) by the batch kernel.
fn batch_of_rows(n: u64) -> Result<Prepared, String> {
    let entry = find_game("stone-game").map_err(|e| e.to_string())?;
    let rows = 20_000;
    let generator = uniform_generator("stone-game", n, 100)?;
    let mut flat = Vec::new();
    for index in 0..rows {
        generator.append_piles(n, index, &mut flat);
    }
    Ok(Prepared {
        estimate: entry.batch_margin_cost(n).work.times(rows as u128),
        run: Box::new(move || {
            let mut margins = Vec::new();
            entry
                .first_margins(n as usize, &flat, &mut margins, &mut Vec::new())
                .map_err(|e| e.to_string())?;
            std::hint::black_box(&margins);
            Ok(())
        }),
    })
}

fn sweep_of_rows(n: u64) -> Result<Prepared, String> {
    sweep(
        "stone-game",
        SizeRange::new(1, n),
        Some(ValueSpec::uniform(1, 100)),
        10_000,
    )
}

fn margins_of_numbers(trials: u64) -> Result<Prepared, String> {
    let entry = find_game("nim").map_err(|e| e.to_string())?;
    let spec = GeneratorSpec::new(SizeRange::new(1_000, 1_000), None, 5);
    let per_instance = entry
        .margin_cost(1_000)
        .work
        .plus(Work::of(Operation::Instance, 1));
    Ok(Prepared {
        estimate: per_instance.times(trials as u128),
        run: Box::new(move || {
            crate::studies::sweep::margins_at(entry, spec.clone(), trials)
                .map(|_| ())
                .map_err(|e| e.to_string())
        }),
    })
}

fn margins_of_rows(n: u64) -> Result<Prepared, String> {
    let entry = find_game("stone-game").map_err(|e| e.to_string())?;
    let spec = GeneratorSpec::new(SizeRange::new(n, n), Some(ValueSpec::uniform(1, 100)), 5);
    let trials = 200;
    // The estimate `margins_at` admits: the instances' margins, drawn.
    let per_instance = entry
        .margin_cost(n)
        .work
        .plus(Work::of(Operation::DrawPile, n as u128))
        .plus(Work::of(Operation::Instance, 1));
    Ok(Prepared {
        estimate: per_instance.times(trials),
        run: Box::new(move || {
            crate::studies::sweep::margins_at(entry, spec.clone(), trials as u64)
                .map(|_| ())
                .map_err(|e| e.to_string())
        }),
    })
}

/// A row of `n` piles of random values up to 10^9.
fn random_row(n: u64, max: i64) -> Result<Vec<i64>, String> {
    let generator = uniform_generator("stone-game", n, max)?;
    let mut row = Vec::new();
    generator.piles_into(n, 0, &mut row);
    Ok(row)
}

/// Solves one stone-game row with `solver`.
fn solve_row(n: u64, solver: SolverKind, value_only: bool) -> Result<Prepared, String> {
    solve_instance(stone_game_row(n, 1_000_000_000)?, solver, value_only)
}

/// A stone-game instance of `n` piles of random values up to `max`.
fn stone_game_row(n: u64, max: i64) -> Result<Box<dyn AnyGame>, String> {
    let row = InstanceInput::piles(random_row(n, max)?);
    find_game("stone-game")
        .and_then(|entry| entry.build(&row))
        .map_err(|e| e.to_string())
}

/// Solves a row of `n` piles of `game` with `solver`.
fn solve_piles(
    game: &str,
    n: u64,
    solver: SolverKind,
    value_only: bool,
) -> Result<Prepared, String> {
    let entry = find_game(game).map_err(|e| e.to_string())?;
    let instance = entry
        .build(&InstanceInput::piles(random_row(n, 1_000)?))
        .map_err(|e| e.to_string())?;
    solve_instance(instance, solver, value_only)
}

/// Solves number game `game` at `input` with `solver`, the value.
fn solve_number(game: &str, input: InstanceInput, solver: SolverKind) -> Result<Prepared, String> {
    let entry = find_game(game).map_err(|e| e.to_string())?;
    let instance = entry.build(&input).map_err(|e| e.to_string())?;
    solve_instance(instance, solver, true)
}

fn solve_instance(
    instance: Box<dyn AnyGame>,
    solver: SolverKind,
    value_only: bool,
) -> Result<Prepared, String> {
    let estimate = instance.solve_cost(solver, value_only).work;
    Ok(Prepared {
        estimate,
        run: Box::new(move || {
            if value_only {
                instance.solve_value(solver).map(|_| ())
            } else {
                instance.solve(solver).map(|_| ())
            }
            .map_err(|e| e.to_string())
        }),
    })
}

fn divisor_line(n: u64) -> Result<Prepared, String> {
    let entry = find_game("divisor-game").map_err(|e| e.to_string())?;
    let instance = entry
        .build(&InstanceInput::number(n))
        .map_err(|e| e.to_string())?;
    solve_instance(instance, SolverKind::named("closed-form"), false)
}

/// Plays `first` against `second` on a row of `n` piles.
fn play_row(n: u64, first: StrategySpec, second: StrategySpec) -> Result<Prepared, String> {
    play(stone_game_row(n, 1_000)?, first, second)
}

fn play(
    game: Box<dyn AnyGame>,
    first: StrategySpec,
    second: StrategySpec,
) -> Result<Prepared, String> {
    let estimate = game
        .strategy_cost(&first)
        .work
        .plus(game.strategy_cost(&second).work);
    Ok(Prepared {
        estimate,
        run: Box::new(move || {
            game.play(&first, &second, Scores::ZERO, 1, 0)
                .map(|_| ())
                .map_err(|e| e.to_string())
        }),
    })
}

fn mcts_game(simulations: u64) -> Result<Prepared, String> {
    let game = stone_game_row(20, 1_000)?;
    play(
        game,
        StrategySpec::Mcts(simulations as u32),
        StrategySpec::Greedy,
    )
}

fn ratings(strategies: usize, games_per_pairing: u64) -> Result<Prepared, String> {
    let names: Vec<String> = (0..strategies).map(|k| format!("s{k}")).collect();
    let mut results = Vec::new();
    for first in 0..strategies {
        for second in 0..strategies {
            let wins = (first as u64 * 7 + second as u64 * 3) % (games_per_pairing + 1);
            results.push(crate::studies::ratings::PairResult {
                first,
                second,
                first_wins: wins,
                ties: 0,
                second_wins: games_per_pairing - wins,
            });
        }
    }
    let games = games_per_pairing as u128 * (strategies * strategies) as u128;
    let replicates = 20;
    let estimate = crate::studies::ratings::fit_cost(strategies, games, replicates).work;
    Ok(Prepared {
        estimate,
        run: Box::new(move || {
            std::hint::black_box(crate::studies::ratings::fit_ratings(
                &names, &results, replicates, 1,
            ));
            Ok(())
        }),
    })
}

/// Checks that the first player wins stone-game with an even number of piles (up to `n`) and
/// an odd total, on `samples` instances (the claim holds: every sample is judged).
fn claim(n: u64, samples: u64) -> Result<Prepared, String> {
    let entry = find_game("stone-game").map_err(|e| e.to_string())?;
    let claim = crate::studies::claims::Claim {
        game: entry.name(),
        expect: crate::studies::claims::Expectation::FirstWins,
        sizes: SizeRange::with_parity(2, n, crate::studies::generate::Parity::Even),
        values: Some(ValueSpec {
            total_parity: Some(crate::studies::generate::Parity::Odd),
            ..ValueSpec::uniform(1, 100)
        }),
        solver: SolverKind::AUTO,
        extras: Default::default(),
    };
    let options = crate::studies::claims::CheckOptions {
        samples,
        // Sampled at every size, however few instances there are.
        exhaustive_limit: 0,
        ..Default::default()
    };
    let estimate = crate::studies::claims::check_cost(entry, &claim, &options)
        .map_err(|e| e.to_string())?
        .work;
    Ok(Prepared {
        estimate,
        run: Box::new(move || {
            crate::studies::claims::check_claim(entry, &claim, &options)
                .map(|_| ())
                .map_err(|e| e.to_string())
        }),
    })
}

fn tournament(n: u64) -> Result<Prepared, String> {
    let entry = find_game("stone-game").map_err(|e| e.to_string())?;
    let generator = Generator::new(
        entry,
        GeneratorSpec::new(SizeRange::new(n, n), Some(ValueSpec::uniform(1, 100)), 2),
    )
    .map_err(|e| e.to_string())?;
    let strategies = vec![
        StrategySpec::Optimal,
        StrategySpec::Greedy,
        StrategySpec::Random,
    ];
    let trials = 200;
    let estimate =
        crate::studies::tournament::tournament_cost(entry, &strategies, &generator, trials)
            .map_err(|e| e.to_string())?
            .work;
    Ok(Prepared {
        estimate,
        run: Box::new(move || {
            crate::studies::tournament::tournament(entry, &strategies, &generator, trials, 1)
                .map(|_| ())
                .map_err(|e| e.to_string())
        }),
    })
}

fn read_rows(rows: u64) -> Result<Prepared, String> {
    let entry = find_game("divisor-game").map_err(|e| e.to_string())?;
    let spec = SweepSpec {
        generator: GeneratorSpec {
            sizes: SizeRange::new(1, rows),
            values: None,
            seed: 1,
            extras: Default::default(),
        },
        trials: 1,
        shard: Shard::ALL,
    };
    let table = run_sweep(entry, &spec, &|_| {}).map_err(|e| e.to_string())?;
    let mut csv = Vec::new();
    crate::studies::sweep::write_csv(&table, &mut csv).map_err(|e| e.to_string())?;
    Ok(Prepared {
        estimate: crate::studies::sweep::read_cost(csv.len() as u64).work,
        run: Box::new(move || {
            crate::studies::sweep::read_whole(csv.as_slice(), "probe.csv")
                .map(|_| ())
                .map_err(|e| e.to_string())
        }),
    })
}

fn graph(n: u64) -> Result<Prepared, String> {
    let game = stone_game_row(n, 1_000)?;
    // A row of n piles has n(n+1)/2 + 1 positions, each with two moves at most.
    let states = u128::from(n) * u128::from(n + 1) / 2 + 1;
    let estimate = crate::graph::graph_work(states, 2 * states);
    Ok(Prepared {
        estimate,
        run: Box::new(move || {
            game.export_graph(
                GraphKind::Dag,
                crate::graph::export::GraphFormat::Dot,
                u128::MAX,
                &mut std::io::sink(),
            )
            .map(|_| ())
            .map_err(|e| e.to_string())
        }),
    })
}

fn space(n: u64) -> Result<Prepared, String> {
    let game = stone_game_row(n, 1_000)?;
    let estimate = game.space_cost().work;
    Ok(Prepared {
        estimate,
        run: Box::new(move || {
            game.solve_space(u128::MAX)
                .map(|_| ())
                .map_err(|e| e.to_string())
        }),
    })
}

fn page(n: u64) -> Result<Prepared, String> {
    let game = stone_game_row(n, 1_000)?;
    let space = game.solve_space(u128::MAX).map_err(|e| e.to_string())?;
    let entry = find_game("stone-game").map_err(|e| e.to_string())?;
    Ok(Prepared {
        estimate: Work::of(Operation::PagePosition, space.positions.len() as u128),
        run: Box::new(move || {
            crate::present::explore::write_page(
                Some(&crate::present::explore::PageMeta::for_entry(
                    entry, "probe",
                )),
                crate::present::explore::Source::Inline(&space),
                &mut std::io::sink(),
            )
            .map_err(|e| e.to_string())
        }),
    })
}
