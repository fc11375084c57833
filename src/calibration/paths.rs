//! The paths the probes time, each prepared at a size with the estimate the library's own
//! cost functions give for it: a command a user types, run on this thread.

use crate::base::game::Scores;
use crate::base::input::InstanceInput;
use crate::calibration::Prepared;
use crate::cost::{Operation, Work};
use crate::games::{AnyGame, find_game};
use crate::graph::GraphKind;
use crate::solve::SolverKind;
use crate::strategy::Pairing;
use crate::strategy::StrategySpec;
use crate::studies::generate::{Generator, GeneratorSpec, SizeRange, ValueSpec};
use crate::studies::grundy::{csv_cost, sequence_of, write_csv};
use crate::studies::sweep::{Shard, SweepSpec, run_sweep, sweep_cost};

/// `count` instances of random values.
pub(super) fn uniform_generator(game: &str, n: u64, max: i64) -> Result<Generator, String> {
    let entry = find_game(game).map_err(|e| e.to_string())?;
    Generator::new(
        entry,
        GeneratorSpec::new(SizeRange::new(n, n), Some(ValueSpec::uniform(1, max)), 7),
    )
    .map_err(|e| e.to_string())
}

pub(super) fn draw_piles(piles: u64) -> Result<Prepared, String> {
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

pub(super) fn generate(count: u64) -> Result<Prepared, String> {
    write_instances(
        uniform_generator("stone-game", 1_000, 1_000_000_000)?,
        count,
    )
}

pub(super) fn generate_single_piles(count: u64) -> Result<Prepared, String> {
    write_instances(uniform_generator("stone-game", 1, 100)?, count)
}

/// `count` instances drawn and written as JSON lines, as `gamelab generate` does.
pub(super) fn write_instances(generator: Generator, count: u64) -> Result<Prepared, String> {
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
pub(super) fn sweep(
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

/// A sweep of `game` at every size from 1 to `n`, `trials` instances each, of values 1..100.
pub(super) fn small_piles(game: &str, n: u64, trials: u64) -> Result<Prepared, String> {
    sweep(
        game,
        SizeRange::new(1, n),
        Some(ValueSpec::uniform(1, 100)),
        trials,
    )
}

/// `count` stone-game instances of 1 to 20 piles of 1..100, written as JSON lines.
pub(super) fn generate_small(count: u64) -> Result<Prepared, String> {
    let entry = find_game("stone-game").map_err(|e| e.to_string())?;
    let generator = Generator::new(
        entry,
        GeneratorSpec::new(SizeRange::new(1, 20), Some(ValueSpec::uniform(1, 100)), 11),
    )
    .map_err(|e| e.to_string())?;
    write_instances(generator, count)
}

/// A sweep of stone-game-iii at sizes 1..`n`, 10 instances each, written as CSV to a file
/// (`--out`): the rows' formatting and the file's writes.
pub(super) fn sweep_to_file(n: u64) -> Result<Prepared, String> {
    let entry = find_game("stone-game-iii").map_err(|e| e.to_string())?;
    let spec = SweepSpec {
        generator: GeneratorSpec {
            sizes: SizeRange::new(1, n),
            values: Some(ValueSpec::uniform(1, 100)),
            seed: 3,
            extras: Default::default(),
        },
        trials: 10,
        shard: Shard::ALL,
    };
    let estimate = crate::studies::sweep::sweep_cost(entry, &spec)
        .map_err(|e| e.to_string())?
        .1
        .work;
    let folder = std::env::temp_dir();
    Ok(Prepared {
        estimate,
        run: Box::new(move || {
            let path = folder.join(format!("gamelab-probe-{}.csv", std::process::id()));
            let mut file =
                crate::util::output::OutputFile::create(&path).map_err(|e| e.to_string())?;
            let mut first = true;
            let swept = crate::studies::sweep::stream_sweep(
                entry,
                &spec,
                &|_| {},
                &std::sync::atomic::AtomicBool::new(false),
                &mut |row| {
                    crate::studies::sweep::write_csv_row(&mut file, &row, first)?;
                    first = false;
                    Ok(())
                },
            );
            let finished = swept
                .map_err(|e| e.to_string())
                .and_then(|()| file.finish().map_err(|e| e.to_string()));
            let _ = std::fs::remove_file(&path);
            finished
        }),
    })
}

pub(super) fn sweep_of_single_piles(trials: u64) -> Result<Prepared, String> {
    sweep(
        "stone-game",
        SizeRange::new(1, 1),
        Some(ValueSpec::uniform(1, 100)),
        trials,
    )
}

pub(super) fn sweep_of_numbers(largest: u64) -> Result<Prepared, String> {
    sweep("divisor-game", SizeRange::new(1, largest), None, 1)
}

/// 20,000 rows of `n` small piles (they fit 16-bit lanes, as a sweep's do) by the batch kernel.
pub(super) fn batch_of_rows(n: u64) -> Result<Prepared, String> {
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

pub(super) fn sweep_of_rows(n: u64) -> Result<Prepared, String> {
    sweep(
        "stone-game",
        SizeRange::new(1, n),
        Some(ValueSpec::uniform(1, 100)),
        10_000,
    )
}

pub(super) fn margins_of_numbers(trials: u64) -> Result<Prepared, String> {
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

pub(super) fn margins_of_rows(n: u64) -> Result<Prepared, String> {
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
pub(super) fn random_row(n: u64, max: i64) -> Result<Vec<i64>, String> {
    let generator = uniform_generator("stone-game", n, max)?;
    let mut row = Vec::new();
    generator.piles_into(n, 0, &mut row);
    Ok(row)
}

/// Solves one stone-game row with `solver`.
pub(super) fn solve_row(n: u64, solver: SolverKind, value_only: bool) -> Result<Prepared, String> {
    solve_instance(stone_game_row(n, 1_000_000_000)?, solver, value_only)
}

/// A stone-game instance of `n` piles of random values up to `max`.
pub(super) fn stone_game_row(n: u64, max: i64) -> Result<Box<dyn AnyGame>, String> {
    let row = InstanceInput::piles(random_row(n, max)?);
    find_game("stone-game")
        .and_then(|entry| entry.build(&row))
        .map_err(|e| e.to_string())
}

/// Solves a row of `n` piles of `game` with `solver`.
pub(super) fn solve_piles(
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
pub(super) fn solve_number(
    game: &str,
    input: InstanceInput,
    solver: SolverKind,
) -> Result<Prepared, String> {
    let entry = find_game(game).map_err(|e| e.to_string())?;
    let instance = entry.build(&input).map_err(|e| e.to_string())?;
    solve_instance(instance, solver, true)
}

pub(super) fn solve_instance(
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

pub(super) fn divisor_line(n: u64) -> Result<Prepared, String> {
    let entry = find_game("divisor-game").map_err(|e| e.to_string())?;
    let instance = entry
        .build(&InstanceInput::number(n))
        .map_err(|e| e.to_string())?;
    solve_instance(instance, SolverKind::named("closed-form"), false)
}

/// Plays `first` against `second` on a row of `n` piles.
pub(super) fn play_row(
    n: u64,
    first: StrategySpec,
    second: StrategySpec,
) -> Result<Prepared, String> {
    play(stone_game_row(n, 1_000)?, first, second)
}

pub(super) fn play(
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
            game.play(Pairing {
                first: &first,
                second: &second,
                optimal: Scores::ZERO,
                seed: 1,
                index: 0,
            })
            .map(|_| ())
            .map_err(|e| e.to_string())
        }),
    })
}

pub(super) fn mcts_game(simulations: u64) -> Result<Prepared, String> {
    let game = stone_game_row(20, 1_000)?;
    play(
        game,
        StrategySpec::Mcts(simulations as u32),
        StrategySpec::Greedy,
    )
}

pub(super) fn ratings(strategies: usize, games_per_pairing: u64) -> Result<Prepared, String> {
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
pub(super) fn claim(n: u64, samples: u64) -> Result<Prepared, String> {
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

pub(super) fn tournament(n: u64) -> Result<Prepared, String> {
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

pub(super) fn read_rows(rows: u64) -> Result<Prepared, String> {
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

pub(super) fn graph(n: u64) -> Result<Prepared, String> {
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

pub(super) fn space(n: u64) -> Result<Prepared, String> {
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

pub(super) fn page(n: u64) -> Result<Prepared, String> {
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

/// The nim-sequence of the octal game 0.6 up to heap `n`, as `gamelab grundy octal --code 0.6
/// --n-max N` computes it: a code with no known period, whose rare heaps keep the pairs looked
/// at near the estimate's allowance.
pub(super) fn octal_sequence(n: u64) -> Result<Prepared, String> {
    let game = find_game("octal").map_err(|e| e.to_string())?;
    let sequence = sequence_of(game).map_err(|e| e.to_string())?;
    let input = InstanceInput {
        code: Some("0.6".to_string()),
        ..InstanceInput::default()
    };
    let estimate = sequence.cost(&input, n).map_err(|e| e.to_string())?.work;
    Ok(Prepared {
        estimate,
        run: Box::new(move || {
            sequence
                .values(&input, n)
                .map(|_| ())
                .map_err(|e| e.to_string())
        }),
    })
}

/// The Grundy values of heaps 0 to `n` of nim (S = {1, 2, 3}, its period proved at once)
/// written as CSV, as `gamelab grundy nim --n-max N --out FILE.csv` writes them.
pub(super) fn write_grundy_rows(n: u64) -> Result<Prepared, String> {
    let game = find_game("nim").map_err(|e| e.to_string())?;
    let sequence = sequence_of(game).map_err(|e| e.to_string())?;
    let values = sequence
        .values(&InstanceInput::default(), n)
        .map_err(|e| e.to_string())?;
    Ok(Prepared {
        estimate: csv_cost(n).work,
        run: Box::new(move || {
            let mut out = std::io::BufWriter::new(std::io::sink());
            write_csv(&values, 0, n, &mut out).map_err(|e| e.to_string())
        }),
    })
}
