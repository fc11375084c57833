//! Define a new game in one file and get the rest for free: implement `Game` (the rules) and
//! give it a registry entry (`GameDefinition`: title, rules text, how an instance is read and
//! written), and the conformance suite, the generic solvers, the game tree and state DAG
//! exports, and seeded sweeps all work on it unchanged.
//!
//! The game, "two from the ends": piles in a row; a turn takes one or two piles, from the left
//! end or from the right end; the larger total wins. Does the first player's even-n guarantee
//! of the stone game survive the extra freedom?
//!
//! Run with `cargo run --release --example new_game [OUTPUT_DIR]` (default
//! `target/example-output`).

use gamelab::base::error::InputError;
use gamelab::base::game::{Action, ActionValue, Bounds, Game, MoveDescription, Player};
use gamelab::base::input::InstanceInput;
use gamelab::base::input::fields::{check_score_range, take_piles};
use gamelab::base::input::format_piles;
use gamelab::games::conformance::SuiteOptions;
use gamelab::games::{BatchPaths, FastPaths, GameDefinition, GameEntry, InputForm};
use gamelab::graph::export::GraphFormat;
use gamelab::graph::{DEFAULT_MAX_NODES, GraphKind};
use gamelab::solve::SolverKind;
use gamelab::solve::Solvers;
use gamelab::studies::generate::{GeneratorSpec, SizeRange, ValueSpec};
use gamelab::studies::sweep::{Shard, SweepSpec, run_sweep};
use std::path::PathBuf;

/// One instance: the row of piles.
#[derive(Clone, Debug, PartialEq, Eq)]
struct TwoEnds {
    piles: Vec<i64>,
}

/// A position: `piles[left..right]` remain and `mover` is to move. Keeping the mover in the
/// state matters here: unlike the stone game, the number of piles taken does not tell whose
/// turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Row {
    left: usize,
    right: usize,
    mover: Player,
}

/// A move: which end, and how many piles (1 or 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Take {
    from_left: bool,
    count: usize,
}

impl Game for TwoEnds {
    const NAME: &'static str = "two-from-the-ends";
    type State = Row;
    type Move = Take;

    fn initial_state(&self) -> Row {
        Row {
            left: 0,
            right: self.piles.len(),
            mover: Player::First,
        }
    }

    fn to_move(&self, row: &Row) -> Player {
        row.mover
    }

    /// Left before right, one before two (the tie-breaking order); moves that would take the
    /// same piles from the other end are listed once, so the tree has no duplicate branches.
    fn legal_moves(&self, row: &Row) -> Vec<Take> {
        let len = row.right - row.left;
        let mut moves = Vec::new();
        for from_left in [true, false] {
            for count in 1..=2 {
                let same_as_left_move = !from_left && count == len;
                if count <= len && !same_as_left_move {
                    moves.push(Take { from_left, count });
                }
            }
        }
        moves
    }

    fn apply(&self, row: &Row, take: Take) -> Row {
        let (left, right) = if take.from_left {
            (row.left + take.count, row.right)
        } else {
            (row.left, row.right - take.count)
        };
        // One canonical terminal position, so the DAG has a single "game over" node (and the
        // bound on positions counts it once; the conformance suite caught the bound
        // undercounting when the empty rows kept their place).
        if left == right {
            let n = self.piles.len();
            return Row {
                left: n,
                right: n,
                mover: Player::First,
            };
        }
        Row {
            left,
            right,
            mover: row.mover.other(),
        }
    }

    fn gain(&self, row: &Row, take: Take) -> i64 {
        self.taken(row, take).iter().sum()
    }

    /// Every row of piles left, with either player to move, and the end; four moves at most,
    /// and at least one pile taken per move.
    fn bounds(&self) -> Bounds {
        let n = self.piles.len() as u128;
        Bounds {
            moves: 4,
            depth: n,
            ..Bounds::states(n * (n + 1) + 1)
        }
    }

    fn describe_state(&self, row: &Row) -> String {
        format_piles(&self.piles[row.left..row.right])
    }

    fn describe_move(&self, row: &Row, take: Take) -> MoveDescription {
        let side = if take.from_left { "left" } else { "right" };
        let took = self.taken(row, take).to_vec();
        MoveDescription {
            text: format!("takes {} from the {side}", format_piles(&took)),
            action: Action {
                key: "side",
                value: ActionValue::Word(side),
            },
            took,
        }
    }
}

impl TwoEnds {
    fn taken(&self, row: &Row, take: Take) -> &[i64] {
        if take.from_left {
            &self.piles[row.left..row.left + take.count]
        } else {
            &self.piles[row.right - take.count..row.right]
        }
    }
}

impl TwoEnds {
    fn from_input(input: &InstanceInput) -> Result<TwoEnds, InputError> {
        let piles = take_piles(TwoEnds::NAME, input)?;
        // Scores are sums of piles, so they fit in 64 bits when the absolute sum does.
        check_score_range(TwoEnds::NAME, &piles)?;
        Ok(TwoEnds { piles })
    }

    fn input(&self) -> InstanceInput {
        InstanceInput::piles(self.piles.clone())
    }
}

/// The game's registry entry: what the tool knows of it beyond the rules. It has only the
/// generic solvers (`auto` picks `memo`) and no fast paths.
static TWO_ENDS: GameDefinition<TwoEnds> = GameDefinition {
    title: "Two from the ends: take one or two piles from either end",
    rules: "Piles in a row; a turn takes one or two piles from the left end or from the right \
        end; the larger total wins.",
    input_form: InputForm::Piles { negative: true },
    share_bound: None,
    from_input: TwoEnds::from_input,
    from_owned_input: None,
    input: TwoEnds::input,
    solvers: Solvers::GENERIC,
    batch: BatchPaths::NONE,
    fast: FastPaths::NONE,
};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out_dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "target/example-output".into()),
    );
    std::fs::create_dir_all(&out_dir)?;

    // The conformance suite every built-in game passes: solvers against brute, playthroughs,
    // graph sizes and exports, strategies, malformed input.
    let report = TWO_ENDS.check_conformance(&SuiteOptions::default());
    println!("conformance suite: {report}");
    assert!(report.is_pass(), "the new game fails the conformance suite");

    // Solve: the generic solvers, which must agree move for move.
    let game = TWO_ENDS.build(&InstanceInput::piles(vec![4, 6, 2, 3]))?;
    let brute = game.solve(SolverKind::BRUTE)?;
    let memo = game.solve(SolverKind::MEMO)?;
    assert_eq!(brute.moves, memo.moves, "brute force and memo disagree");
    print!("{}", memo.to_text("[4, 6, 2, 3]"));

    // Graphs: the state DAG as Graphviz DOT, the full tree as Gambit EFG.
    for (kind, format, name) in [
        (
            GraphKind::Dag,
            GraphFormat::Dot,
            "two-from-the-ends-dag.dot",
        ),
        (
            GraphKind::Tree,
            GraphFormat::Efg,
            "two-from-the-ends-tree.efg",
        ),
    ] {
        let path = out_dir.join(name);
        let mut file = std::io::BufWriter::new(std::fs::File::create(&path)?);
        let (tree_nodes, dag_nodes) =
            game.export_graph(kind, format, DEFAULT_MAX_NODES, &mut file)?;
        println!(
            "wrote {} (full tree {tree_nodes} nodes, state DAG {dag_nodes} nodes)",
            path.display()
        );
    }

    // Sweep: the registry entry of the new game drives the seeded, parallel sweep.
    let spec = SweepSpec {
        generator: GeneratorSpec::new(SizeRange::new(1, 12), Some(ValueSpec::uniform(1, 100)), 1),
        trials: 500,
        shard: Shard::ALL,
    };
    let rows = run_sweep(&TWO_ENDS, &spec, &|_| {})?;
    println!("n   first wins  ties  second wins  (500 random rows of 1..100 per n)");
    for row in &rows {
        println!(
            "{:<3} {:>10}  {:>4}  {:>11}",
            row.n, row.first_wins, row.ties, row.second_wins
        );
    }
    let even_losses: u64 = rows
        .iter()
        .filter(|row| row.n % 2 == 0)
        .map(|row| row.second_wins)
        .sum();
    println!(
        "even n: the first player lost {even_losses} games{}",
        if even_losses > 0 {
            ", so the stone game's even-n guarantee does not survive taking two"
        } else {
            ""
        }
    );
    Ok(())
}
