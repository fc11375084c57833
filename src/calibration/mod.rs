//! The probes behind the time estimates: for every costed operation ([`Operation`]), a real
//! path of the library that it dominates, prepared at a given size, with the estimate the
//! library's own cost functions give for it. `gamelab bench --calibrate` times each probe and
//! writes the rates table (`cost/rates.rs`) from the measurements; `gamelab bench
//! --check-estimates` times them again at small sizes and checks every estimate against its
//! measurement (within a factor of three), so an estimate that drifts from its path is found.
//!
//! The estimates are of work on one core ([`Work::cpu_nanos`]; wall time divides it by the
//! threads), so probes are meant to run on one thread — with [`crate::util::parallel::limit_threads`]
//! at 1 and inside a rayon pool of one thread — and to be timed in CPU time, which a busy
//! machine disturbs far less than wall time.
//!
//! The probes are ordered so that an operation is calibrated after the operations its probe
//! also spends some time in (a sweep's rows after its instances, and so on).

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

pub mod clock;
pub mod machine;
mod paths;

use crate::base::input::InstanceInput;
use crate::cost::{Operation, Work};
use crate::solve::SolverKind;
use crate::strategy::StrategySpec;
use crate::studies::generate::SizeRange;
use paths::*;

/// A sweep of `game` at sizes 1..N with a fixed number of trials, checked (`prepare` is
/// [`small_piles`] of the game).
fn small_sweep(
    operation: Operation,
    game: &'static str,
    prepare: fn(u64) -> Result<Prepared, String>,
) -> Probe {
    let path = match game {
        "stone-game-ii" => "gamelab sweep stone-game-ii --n-max N --trials 20000",
        "stone-game-iii" => "gamelab sweep stone-game-iii --n-max N --trials 40000",
        "stone-game-vii" => "gamelab sweep stone-game-vii --n-max N --trials 20000",
        _ => "gamelab sweep coins-in-a-circle --n-max N --trials 20000",
    };
    Probe {
        operation,
        calibrates: false,
        path,
        quick: &[4, 8],
        calibrate: 60,
        prepare,
    }
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
            operation: Operation::WriteRow,
            calibrates: true,
            path: "gamelab grundy nim --n-max N --out FILE.csv",
            quick: &[1_000_000, 3_000_000],
            calibrate: 30_000_000,
            prepare: write_grundy_rows,
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
            operation: Operation::SubtractASquareSieve,
            calibrates: true,
            path: "gamelab solve stone-game-iv --n N --solver sieve --value-only",
            quick: &[2_000_000, 5_000_000],
            calibrate: 64_000_000,
            prepare: |n| {
                solve_number(
                    "stone-game-iv",
                    InstanceInput::number(n),
                    SolverKind::named("sieve"),
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
            operation: Operation::GrundyTable,
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
            operation: Operation::OctalRarePairs,
            calibrates: true,
            path: "gamelab grundy octal --code 0.6 --n-max N",
            quick: &[20_000, 60_000],
            calibrate: 500_000,
            prepare: octal_sequence,
        },
        Probe {
            operation: Operation::MemoMove,
            calibrates: true,
            path: "gamelab solve stone-game --solver memo",
            // Both sizes' hash maps are larger than a server's last-level cache, as the
            // calibration's is: a map that fits the cache runs faster than the rate.
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
        // Sweeps of many small instances of every game, where the per-instance work (drawing,
        // setting up, tallying) outweighs the DP.
        small_sweep(Operation::StoneGameIIWindow, "stone-game-ii", |n| {
            small_piles("stone-game-ii", n, 20_000)
        }),
        small_sweep(Operation::StoneGameIIIDp, "stone-game-iii", |n| {
            small_piles("stone-game-iii", n, 40_000)
        }),
        small_sweep(Operation::StoneGameVIIDp, "stone-game-vii", |n| {
            small_piles("stone-game-vii", n, 20_000)
        }),
        small_sweep(Operation::CoinsDp, "coins-in-a-circle", |n| {
            small_piles("coins-in-a-circle", n, 20_000)
        }),
        Probe {
            operation: Operation::StoneGameIVDp,
            calibrates: false,
            path: "gamelab sweep stone-game-iv --n-max N",
            quick: &[2_000, 4_000],
            calibrate: 20_000,
            prepare: |n| sweep("stone-game-iv", SizeRange::new(1, n), None, 1),
        },
        Probe {
            operation: Operation::GrundyTable,
            calibrates: false,
            path: "gamelab sweep nim --n-max N",
            quick: &[30_000, 80_000],
            calibrate: 1_000_000,
            prepare: |n| sweep("nim", SizeRange::new(1, n), None, 1),
        },
        Probe {
            operation: Operation::DivisorSieve,
            calibrates: false,
            path: "gamelab sweep divisor-game --n-max N",
            quick: &[20_000, 60_000],
            calibrate: 300_000,
            prepare: |n| sweep("divisor-game", SizeRange::new(1, n), None, 1),
        },
        Probe {
            operation: Operation::WriteInstance,
            calibrates: false,
            path: "gamelab generate stone-game --count N --n-min 1 --n-max 20",
            quick: &[50_000, 200_000],
            calibrate: 2_000_000,
            prepare: generate_small,
        },
        Probe {
            operation: Operation::SweepRow,
            calibrates: false,
            path: "gamelab sweep stone-game-iii --n-max N --trials 10 --out FILE.csv",
            quick: &[500, 1_500],
            calibrate: 10_000,
            prepare: sweep_to_file,
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
