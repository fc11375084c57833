//! Benchmarks of the performance targets' library calls (the guide's performance chapter).
//! `cargo bench` runs them all, `cargo bench -- TEXT` those whose name contains TEXT; each
//! prints the median, fastest and slowest of its samples. `gamelab bench` measures the same
//! targets as whole commands. The small timing harness at the bottom replaces criterion, whose
//! dependencies cost every test build about 20 s of compiling for statistics these targets do
//! not need: each target is a median over at least ten runs.

use gamelab::analysis::solve_space;
use gamelab::base::input::parse_instance_line;
use gamelab::games::divisor_game::dp::win_table;
use gamelab::games::find_game;
use gamelab::games::stone_game::StoneGame;
use gamelab::games::stone_game::batch::batch_margins_in;
use gamelab::games::stone_game::dp::ScoreTable;
use gamelab::games::stone_game::fast::{fast_margin, fast_margin_in};
use gamelab::games::stone_game::lanes::Width;
use gamelab::games::stone_game::line::margin_and_line;
use gamelab::games::stone_game::peaks::peaks_margin;
use gamelab::games::stone_game_ii::dp::{textbook, windowed};
use gamelab::games::stone_game_ii::reach::reach_table;
use gamelab::games::stone_game_iii::dp::suffix_values;
use gamelab::games::stone_game_iv::sieve::{SieveOptions, is_losing, losing_positions};
use gamelab::graph::build_dag;
use gamelab::graph::export::{GraphFormat, GraphMeta, export_graph};
use gamelab::solve::SolverKind;
use gamelab::studies::batch::{Instances, StreamOptions, solve_batch, solve_stream};
use gamelab::studies::generate::{Generator, GeneratorSpec, SizeRange, ValueSpec};
use gamelab::studies::sweep::{Shard, SweepSpec, run_sweep};
use std::hint::black_box;
use std::time::Duration;

fn piles(game: &str, n: u64, min: i64, max: i64) -> Vec<i64> {
    let spec = GeneratorSpec {
        sizes: SizeRange::new(n, n),
        values: Some(ValueSpec::uniform(min, max)),
        seed: 1,
        extras: Default::default(),
    };
    let generator = Generator::new(find_game(game).unwrap(), spec).unwrap();
    let mut out = Vec::new();
    generator.piles_into(n, 0, &mut out);
    out
}

fn stone_game(c: &mut Criterion) {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let big = piles("stone-game", 100_000, 1, 1_000_000_000);
    c.bench_function("stone-game fast margin n=100000", |b| {
        b.iter(|| fast_margin(black_box(&big), threads))
    });
    let ten = piles("stone-game", 10_000, 1, 1_000_000_000);
    c.bench_function("stone-game fast margin n=10000", |b| {
        b.iter(|| fast_margin(black_box(&ten), threads))
    });
    c.bench_function("stone-game score table n=10000", |b| {
        b.iter(|| {
            ScoreTable::build(black_box(&ten))
                .expect("the table fits")
                .margin(0, 9_999)
        })
    });
    c.bench_function("stone-game optimal line n=10000", |b| {
        b.iter(|| margin_and_line(black_box(&ten), threads))
    });
    c.bench_function("stone-game peaks margin n=100000", |b| {
        b.iter(|| peaks_margin(black_box(&big)))
    });
}

/// Batch solving: 100,000 JSON lines of 16 piles through the streaming pipeline, and the same
/// instances as an array.
fn batch(c: &mut Criterion) {
    let game = find_game("stone-game").unwrap();
    let flat = piles("stone-game", 1_600_000, 1, 100);
    let lines: String = flat
        .chunks(16)
        .map(|row| {
            let list: Vec<String> = row.iter().map(i64::to_string).collect();
            format!(
                "{{\"game\":\"stone-game\",\"piles\":[{}]}}\n",
                list.join(",")
            )
        })
        .collect();
    for value_only in [true, false] {
        let mut options = StreamOptions::new(SolverKind::AUTO);
        options.value_only = value_only;
        let name = if value_only {
            "solve_stream 100000 x 16 piles, value only"
        } else {
            "solve_stream 100000 x 16 piles, with moves"
        };
        c.bench_function(name, |b| {
            b.iter(|| {
                let mut out = Vec::new();
                solve_stream(game, black_box(lines.as_bytes()), &mut out, &options).unwrap();
                out.len()
            })
        });
    }
    let never = std::sync::atomic::AtomicBool::new(false);
    c.bench_function("solve_batch 100000 x 16 piles", |b| {
        b.iter(|| {
            let instances = Instances::Piles {
                rows: 100_000,
                n: 16,
                flat: black_box(&flat),
            };
            solve_batch(game, instances, &never).unwrap()
        })
    });
}

fn sweep(c: &mut Criterion) {
    let spec = SweepSpec {
        generator: GeneratorSpec {
            sizes: SizeRange::new(1, 64),
            values: Some(ValueSpec::uniform(1, 100)),
            seed: 1,
            extras: Default::default(),
        },
        trials: 10_000,
        shard: Shard::ALL,
    };
    let game = find_game("stone-game").unwrap();
    c.bench_function("sweep stone-game n=1..64 x 10000", |b| {
        b.iter(|| run_sweep(game, black_box(&spec), &|_| {}).unwrap())
    });
}

/// The same kernels in each lane width: one instance of 100,000 piles with
/// values up to 10^4 (its absolute sum fits i32), and 10,000 instances of 32 piles with values
/// 1..=100 (the sweep's middle size; sums fit i16).
fn lane_widths(c: &mut Criterion) {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let small_values = piles("stone-game", 100_000, 1, 10_000);
    for width in [Width::I32, Width::I64] {
        c.bench_function(
            &format!("stone-game fast margin n=100000 values<=10^4 in {width:?} lanes"),
            |b| b.iter(|| fast_margin_in(black_box(&small_values), threads, width)),
        );
    }
    let flat = piles("stone-game", 320_000, 1, 100);
    for width in [Width::I16, Width::I32, Width::I64] {
        c.bench_function(
            &format!("batch margins 10000 x 32 piles in {width:?} lanes"),
            |b| {
                b.iter(|| {
                    let mut out = Vec::with_capacity(10_000);
                    batch_margins_in(black_box(&flat), 32, width, &mut out);
                    out
                })
            },
        );
    }
}

fn stone_game_ii(c: &mut Criterion) {
    let five = piles("stone-game-ii", 5_000, 1, 10_000);
    c.bench_function("stone-game-ii windowed n=5000", |b| {
        b.iter(|| windowed(black_box(&five)).get(0, 1))
    });
    c.bench_function("stone-game-ii reachable n=5000", |b| {
        b.iter(|| reach_table(black_box(&five)).get(0, 1))
    });
    let two = piles("stone-game-ii", 1_000, 1, 10_000);
    c.bench_function("stone-game-ii textbook n=1000", |b| {
        b.iter(|| textbook(black_box(&two)).get(0, 1))
    });
}

fn stone_game_iii(c: &mut Criterion) {
    let line = serde_json::to_string(&gamelab::base::input::InstanceInput::piles(piles(
        "stone-game-iii",
        10_000_000,
        -1000,
        1000,
    )))
    .unwrap();
    c.bench_function("stone-game-iii parse and solve n=10^7", |b| {
        b.iter(|| {
            let input = parse_instance_line(black_box(&line), 1).unwrap();
            suffix_values(&input.piles.unwrap())[0]
        })
    });
    // What `solve stone-game-iii --input FILE` runs: the long-line parser (no copy of the text)
    // and the rolling value.
    let game = find_game("stone-game-iii").unwrap();
    let line = line + "\n";
    c.bench_function("stone-game-iii solve_stream n=10^7 (long line)", |b| {
        b.iter(|| {
            let mut out = Vec::new();
            let options = StreamOptions::new(SolverKind::AUTO);
            solve_stream(game, black_box(line.as_bytes()), &mut out, &options).unwrap();
            out.len()
        })
    });
}

fn divisor_game(c: &mut Criterion) {
    c.bench_function("divisor-game table N=10^7", |b| {
        b.iter(|| win_table(black_box(10_000_000)).len())
    });
}

/// Subtract-a-square's windowed sieve: the value of N = 3·10^7 (against the plain byte sieve
/// in C, `benches/reference/subtract_a_square.c`, run at the same N), and every losing position
/// counted up to 2^24 and 2^26.
fn subtract_a_square(c: &mut Criterion) {
    c.bench_function("subtract-a-square is_losing N=3*10^7", |b| {
        b.iter(|| is_losing(black_box(30_000_000), SieveOptions::default()).unwrap())
    });
    for bits in [24, 26] {
        c.bench_function(&format!("subtract-a-square sieve N=2^{bits}"), |b| {
            b.iter(|| {
                let mut last = 0;
                let count = losing_positions(1 << bits, SieveOptions::default(), |chunk| {
                    last = chunk.last().copied().unwrap_or(last);
                    Ok::<(), gamelab::base::error::InputError>(())
                });
                (count.unwrap(), last)
            })
        });
    }
}

fn octal(c: &mut Criterion) {
    use gamelab::games::octal::code::OctalCode;
    use gamelab::games::octal::sequence::nim_sequence;
    c.bench_function("octal 0.77 (Kayles) nim-sequence to 100000", |b| {
        b.iter(|| nim_sequence(black_box(&OctalCode::KAYLES), 100_000))
    });
    let code: OctalCode = "0.6".parse().expect("a valid code");
    c.bench_function("octal 0.6 nim-sequence to 65536", |b| {
        b.iter(|| nim_sequence(black_box(&code), 65_536))
    });
}

fn dag_export(c: &mut Criterion) {
    let game = StoneGame::new(piles("stone-game", 1_000, 1, 100)).unwrap();
    let meta = GraphMeta {
        game: "stone-game",
        instance: "1000 piles".into(),
    };
    c.bench_function("DAG export stone-game n=1000 to DOT", |b| {
        b.iter(|| {
            let dag = build_dag(&game);
            export_graph(GraphFormat::Dot, &game, &dag, &meta, &mut std::io::sink()).unwrap();
        })
    });
}

/// The explorer's work: solving every position of a 300-pile stone game (what `gamelab explore`
/// and the server's first request for an instance do), and the analysis of one position once
/// solved (what the server answers each later request with, then serialises).
fn explorer(c: &mut Criterion) {
    let game = StoneGame::new(piles("stone-game", 300, 1, 100)).unwrap();
    c.bench_function("explorer: solve every position, stone-game n=300", |b| {
        b.iter(|| solve_space(&game, 100_000).unwrap())
    });
    let space = solve_space(&game, 100_000).unwrap();
    let line: Vec<&str> = ["left", "right"].into_iter().cycle().take(150).collect();
    c.bench_function(
        "explorer: analyse a position 150 moves deep, n=300 (solved)",
        |b| b.iter(|| serde_json::to_string(&space.analyze(black_box(&line)).unwrap()).unwrap()),
    );
}

fn main() {
    // `cargo bench` passes `--bench`; any other argument is a filter on the names.
    let filter = std::env::args()
        .skip(1)
        .find(|argument| !argument.starts_with("--"));
    let mut c = Criterion {
        filter,
        samples: 10,
        measurement_time: Duration::from_secs(8),
    };
    let targets: [fn(&mut Criterion); 11] = [
        stone_game,
        lane_widths,
        batch,
        sweep,
        stone_game_ii,
        stone_game_iii,
        divisor_game,
        subtract_a_square,
        octal,
        dag_export,
        explorer,
    ];
    for target in targets {
        target(&mut c);
    }
}

/// The benchmarks' runner: names, a filter, and how many samples to take.
struct Criterion {
    filter: Option<String>,
    /// At least this many timed runs per benchmark...
    samples: usize,
    /// ...and more while their total stays under this.
    measurement_time: Duration,
}

/// What a benchmark's closure receives: `b.iter(|| work)` times the work.
struct Bencher {
    samples: usize,
    measurement_time: Duration,
    times: Vec<Duration>,
}

impl Criterion {
    /// Runs `body` (which calls `b.iter`) if `name` passes the filter, and prints its times.
    fn bench_function(&mut self, name: &str, mut body: impl FnMut(&mut Bencher)) {
        if self
            .filter
            .as_ref()
            .is_some_and(|text| !name.contains(text.as_str()))
        {
            return;
        }
        let mut bencher = Bencher {
            samples: self.samples,
            measurement_time: self.measurement_time,
            times: Vec::new(),
        };
        body(&mut bencher);
        let mut times = bencher.times;
        times.sort_unstable();
        let Some((fastest, slowest)) = times.first().zip(times.last()) else {
            return;
        };
        println!(
            "{name:<60} median {:>12.3?}  (fastest {fastest:.3?}, slowest {slowest:.3?}, {} runs)",
            times[times.len() / 2],
            times.len()
        );
    }
}

impl Bencher {
    /// Runs `work` once to warm up, then times it `samples` times or more, while the total
    /// stays under the measurement time.
    fn iter<T>(&mut self, mut work: impl FnMut() -> T) {
        black_box(work());
        let started = std::time::Instant::now();
        while self.times.len() < self.samples
            || started.elapsed() + self.times[0] < self.measurement_time
        {
            let run = std::time::Instant::now();
            black_box(work());
            self.times.push(run.elapsed());
        }
    }
}
