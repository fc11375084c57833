//! The conformance suite every game passes, the way every OpenSpiel game passes `basic_tests`:
//! one generic function ([`check_game`]) that takes any game with a registry entry
//! ([`GameDefinition`]) through its paces on
//! seeded random small instances, so a new game gets all of it without writing a test.
//!
//! For every instance it checks that:
//! - the instance survives `from_input(to_input(g)) == g`;
//! - every applicable solver (`auto` included) agrees with `brute` on the value and, move for
//!   move, on the principal variation, and the principal variation replays legally to the
//!   scores it claims; the value-only path and the fast margin paths agree too;
//! - random playthroughs reach a terminal position within the game's state bound, with final
//!   scores adding up to one total in constant-sum games;
//! - the game tree and the state DAG have the sizes `crate::base::size` counts (the DAG within
//!   the game's bound on positions), their roots carry the solved value, and their JSON and EFG exports hold one
//!   record per node;
//! - every strategy (generic ones and the game's own) plays only legal moves, and `optimal`
//!   against `optimal` scores the game's value;
//! - malformed input to `from_input` is refused with an error, never a panic.
//!
//! It reports failures rather than panicking, so one run lists all of them. The registry runs it
//! for every registered game (`GameEntry::check_conformance`, `tests/solvers/conformance.rs`); a game
//! defined outside the crate calls [`check_game`] directly (`examples/new_game.rs`).

use crate::base::game::{Game, Player, Scores};
use crate::base::input::{InstanceInput, InstanceRef};
use crate::base::size::{dag_size, tree_nodes};
use crate::games::{GameDefinition, GameEntry, InputForm};
use crate::graph::export::{GraphFormat, write_graph};
use crate::graph::{GameGraph, GraphKind, build_dag, build_tree};
use crate::solve::brute::search;
use crate::solve::{MoveRecord, Solution, SolverKind};
use crate::strategy::{Pairing, StrategySpec, Valuing, play};
use crate::util::random::{Draws, keyed_stream};
use std::collections::HashMap;
use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// How many instances to try, and how large.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SuiteOptions {
    /// Random instances per game.
    pub instances: u64,
    /// Keys the random instances and playthroughs.
    pub seed: u64,
    /// The most piles of a pile game's instance.
    pub max_piles: u64,
    /// Pile values lie in `-max_value..=max_value` (from 0 for games without negative piles).
    pub max_value: i64,
    /// The largest N of a number game's instance.
    pub max_number: u64,
    /// Random playthroughs per instance.
    pub playthroughs: u64,
}

impl Default for SuiteOptions {
    /// Sizes at which `brute` answers in milliseconds for every built-in game.
    fn default() -> SuiteOptions {
        SuiteOptions {
            instances: 40,
            seed: 1,
            max_piles: 8,
            max_value: 20,
            max_number: 16,
            playthroughs: 4,
        }
    }
}

/// What a run of the suite found for one game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SuiteReport {
    /// The game's command-line name.
    pub game: &'static str,
    /// The instances checked, as input fields (for checks that need outside tools).
    pub inputs: Vec<InstanceInput>,
    /// Individual checks passed.
    pub passed: u64,
    /// What failed, one line each, naming the instance.
    pub failures: Vec<String>,
}

impl SuiteReport {
    /// Whether every check passed.
    pub fn is_pass(&self) -> bool {
        self.failures.is_empty()
    }
}

impl fmt::Display for SuiteReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} instances, {} checks passed, {} failed",
            self.game,
            self.inputs.len(),
            self.passed,
            self.failures.len()
        )?;
        for failure in &self.failures {
            write!(f, "\n  {failure}")?;
        }
        Ok(())
    }
}

/// The largest game tree whose graphs the suite builds and exports.
const GRAPH_LIMIT: u128 = 200_000;

/// Distinguishes the suite's random streams from every other use (see `crate::util::random`).
const SUITE_STREAM_TAG: u64 = 0x5355_4954_4500_0000; // "SUITE"

/// Runs the conformance suite on game `G`.
pub fn check_game<G: Game + Clone + PartialEq + fmt::Debug + 'static>(
    definition: &GameDefinition<G>,
    options: &SuiteOptions,
) -> SuiteReport {
    let mut suite = Suite {
        report: SuiteReport {
            game: G::NAME,
            ..SuiteReport::default()
        },
    };
    suite.check_malformed_inputs(definition);
    for index in 0..options.instances {
        let mut rng = keyed_stream([options.seed, index, 0, SUITE_STREAM_TAG]);
        let input = sample_input(definition.input_form, options, &mut rng);
        let described = input.describe();
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            suite.check_instance(definition, &input, options, &mut rng)
        }));
        if outcome.is_err() {
            suite.fail(&described, "panicked");
        }
        suite.report.inputs.push(input);
    }
    suite.report
}

/// A small random instance of input form `form`. Half the pile rows draw from a narrow range, so
/// that equal piles and tied moves (the tie-breaking rule's cases) come up often.
fn sample_input(form: InputForm, options: &SuiteOptions, rng: &mut Draws) -> InstanceInput {
    match form {
        InputForm::Piles { negative } => {
            let n = 1 + rng.below(options.max_piles.max(1));
            let high = if rng.below(2) == 0 {
                options.max_value.min(3)
            } else {
                options.max_value
            };
            let low = if negative { -high } else { 0 };
            let span = (high - low) as u64 + 1;
            let piles = (0..n)
                .map(|_| low + rng.below(span) as i64)
                .collect::<Vec<_>>();
            InstanceInput::piles(piles)
        }
        InputForm::Number {
            subtraction_set,
            code,
            splits,
        } => {
            // One heap in two instances, else a sum of two or three smaller ones (a sum's
            // positions multiply). A heap that splits has as many positions as partitions, and
            // brute's tree grows faster still: 8 tokens at most, and 3 a heap in a sum.
            let (one, each) = if splits {
                (
                    options.max_number.clamp(1, 8),
                    options.max_number.clamp(1, 3),
                )
            } else {
                (options.max_number.max(1), options.max_number.clamp(1, 5))
            };
            let mut input = if rng.below(2) == 0 {
                InstanceInput::number(1 + rng.below(one))
            } else {
                let count = 2 + rng.below(2);
                let heaps = (0..count).map(|_| 1 + rng.below(each));
                InstanceInput {
                    heaps: Some(heaps.collect()),
                    ..InstanceInput::default()
                }
            };
            if subtraction_set && rng.below(2) == 0 {
                let size = 1 + rng.below(3);
                input.subtract = Some((0..size).map(|_| 1 + rng.below(7)).collect());
            }
            if code {
                input.code = Some(random_octal_code(rng));
            }
            input
        }
    }
}

/// An octal code of one to three digits, the last not zero: `0.3`, `0.72`, `0.106`...
fn random_octal_code(rng: &mut Draws) -> String {
    let digits = 1 + rng.below(3);
    let mut code = String::from("0.");
    for index in 0..digits {
        let low = if index + 1 == digits { 1 } else { 0 };
        code.push(char::from(b'0' + (low + rng.below(8 - low)) as u8));
    }
    code
}

/// The suite's running report.
struct Suite {
    report: SuiteReport,
}

impl Suite {
    fn fail(&mut self, instance: &str, what: impl fmt::Display) {
        self.report.failures.push(format!("{instance}: {what}"));
    }

    /// Records `ok` as a passed check, or a failure described by `what`.
    fn expect(&mut self, ok: bool, instance: &str, what: impl FnOnce() -> String) {
        if ok {
            self.report.passed += 1;
        } else {
            self.fail(instance, what());
        }
    }

    fn check_instance<G: Game + Clone + PartialEq + fmt::Debug + 'static>(
        &mut self,
        definition: &GameDefinition<G>,
        input: &InstanceInput,
        options: &SuiteOptions,
        rng: &mut Draws,
    ) {
        let name = input.describe();
        let game = match (definition.from_input)(input) {
            Ok(game) => game,
            Err(error) => return self.fail(&name, format!("refused a valid instance: {error}")),
        };
        let round_trip = (definition.from_input)(&(definition.input)(&game));
        self.expect(round_trip.as_ref() == Ok(&game), &name, || {
            format!("from_input(to_input(g)) gave {round_trip:?}")
        });
        let Some(reference) = self.check_solvers(definition, &game, &name) else {
            return;
        };
        self.check_playthroughs(&game, &name, options, rng);
        self.check_graphs(definition, &game, &name, &reference);
        self.check_strategies(definition, &game, &name, &reference);
    }

    /// Every solver against `brute`; returns brute's solution, the reference for later checks.
    fn check_solvers<G: Game + Clone + PartialEq + fmt::Debug + 'static>(
        &mut self,
        definition: &GameDefinition<G>,
        game: &G,
        name: &str,
    ) -> Option<Solution> {
        let reference = match definition.solve(game, SolverKind::BRUTE) {
            Ok(solution) => solution,
            Err(error) => {
                self.fail(name, format!("brute refused a small instance: {error}"));
                return None;
            }
        };
        match &reference.moves {
            Some(moves) => {
                let replayed = replay(game, moves);
                self.expect(replayed == Ok(reference.scores()), name, || {
                    format!("brute's principal variation replays to {replayed:?}")
                });
            }
            None => self.fail(name, "brute gave no principal variation"),
        }
        for solver in definition.solvers.kinds() {
            match definition.solve(game, solver) {
                Ok(solution) => {
                    let agrees = solution.scores() == reference.scores()
                        && solution.moves == reference.moves;
                    self.expect(agrees, name, || {
                        format!(
                            "solver {} gives {:?} by {}, brute {:?} by {}",
                            solver.name(),
                            solution.scores(),
                            line(&solution.moves),
                            reference.scores(),
                            line(&reference.moves)
                        )
                    });
                }
                // A solver of one heap refuses a sum (the heap games' `dp`): not a failure.
                Err(error) if error.is_not_for_this_instance() => continue,
                Err(error) => self.fail(name, format!("solver {} refused: {error}", solver.name())),
            }
            match definition.solve_value(game, solver) {
                Ok(value) => self.expect(value.scores() == reference.scores(), name, || {
                    format!(
                        "solver {} value-only gives {:?}",
                        solver.name(),
                        value.scores()
                    )
                }),
                Err(error) => self.fail(
                    name,
                    format!("solver {} refused the value: {error}", solver.name()),
                ),
            }
        }
        let input = (definition.input)(game);
        let margin = definition.first_margin(InstanceRef::Input(&input), &mut Vec::new());
        self.expect(margin == Ok(reference.margin), name, || {
            format!("first_margin gives {margin:?}, brute {}", reference.margin)
        });
        if let Some(piles) = &input.piles {
            // The batch path on three copies: each lane must give the same margin.
            let flat: Vec<i64> = piles
                .iter()
                .copied()
                .cycle()
                .take(3 * piles.len())
                .collect();
            let mut margins = Vec::new();
            let batch = definition.first_margins(piles.len(), &flat, &mut margins, &mut Vec::new());
            self.expect(
                batch.is_ok() && margins == vec![reference.margin; 3],
                name,
                || format!("first_margins gives {batch:?} {margins:?}"),
            );
        }
        Some(reference)
    }

    /// Random legal moves from the start until the game ends.
    fn check_playthroughs<G: Game>(
        &mut self,
        game: &G,
        name: &str,
        options: &SuiteOptions,
        rng: &mut Draws,
    ) {
        let mut totals = Vec::new();
        for _ in 0..options.playthroughs {
            let mut state = game.initial_state();
            let mut scores = Scores::ZERO;
            let mut steps: u128 = 0;
            while !game.is_terminal(&state) {
                if steps > game.bounds().states {
                    return self.fail(name, "a playthrough outlasted its bound on positions");
                }
                let moves = game.legal_moves(&state);
                let mv = moves[rng.below(moves.len() as u64) as usize];
                scores = scores.plus(game.to_move(&state), game.gain(&state, mv));
                state = game.apply(&state, mv);
                steps += 1;
            }
            let payoff = game.terminal_payoff(&state);
            let total = scores.first + payoff.first + scores.second + payoff.second;
            totals.push(total);
        }
        if G::CONSTANT_SUM {
            self.expect(
                totals.windows(2).all(|pair| pair[0] == pair[1]),
                name,
                || format!("a constant-sum game ended with different totals: {totals:?}"),
            );
        } else {
            self.report.passed += 1;
        }
    }

    /// Tree and DAG sizes, values and exports (for trees of up to [`GRAPH_LIMIT`] nodes, so the
    /// suite stays fast whatever the options).
    fn check_graphs<G: Game + Clone + PartialEq + fmt::Debug + 'static>(
        &mut self,
        definition: &GameDefinition<G>,
        game: &G,
        name: &str,
        reference: &Solution,
    ) {
        let limit = GRAPH_LIMIT;
        let (Some(counted_tree), Some(counted_dag)) = (
            tree_nodes(game, limit, limit).exact(),
            dag_size(game, limit, u128::MAX),
        ) else {
            return;
        };
        let dag = build_dag(game);
        let tree = build_tree(game);
        let sizes = (
            tree.graph.node_count() as u128,
            dag.graph.node_count() as u128,
            dag.graph.edge_count() as u128,
        );
        self.expect(
            sizes == (counted_tree, counted_dag.states, counted_dag.edges)
                && counted_dag.states <= game.bounds().states,
            name,
            || {
                format!(
                    "graph sizes (tree, DAG, DAG edges) {sizes:?}, counted ({counted_tree}, {}, {}), \
                     at most {} positions",
                    counted_dag.states,
                    counted_dag.edges,
                    game.bounds().states
                )
            },
        );
        self.check_graph_values(game, name, reference, &dag, &tree);
        let nodes = [
            (GraphKind::Tree, counted_tree),
            (GraphKind::Dag, counted_dag.states),
        ];
        self.check_exports(definition, game, name, nodes);
    }

    /// Both graphs' roots hold the reference's value, and every position of the DAG the solvers'
    /// value from there.
    fn check_graph_values<G: Game>(
        &mut self,
        game: &G,
        name: &str,
        reference: &Solution,
        dag: &GameGraph<G::State, G::Move>,
        tree: &GameGraph<G::State, G::Move>,
    ) {
        for graph in [dag, tree] {
            let root = graph.graph[graph.root].future;
            self.expect(root == reference.scores(), name, || {
                format!("the {} root holds {root:?}", graph.kind.name())
            });
        }
        let mut values = HashMap::new();
        let wrong = dag.graph.node_weights().find(|node| {
            node.mover.is_some_and(|mover| {
                node.future.margin_for(mover) != search(game, &node.state, &mut values)
            })
        });
        self.expect(wrong.is_none(), name, || {
            format!("the DAG holds a wrong value at {wrong:?}")
        });
    }

    /// The exports of both graphs, given with their kind and number of `nodes` (the tree first):
    /// in JSON they hold that many nodes, in DOT they are sound, and the tree's EFG holds its
    /// nodes too.
    fn check_exports<G: Game>(
        &mut self,
        definition: &GameDefinition<G>,
        game: &G,
        name: &str,
        nodes: [(GraphKind, u128); 2],
    ) {
        let export = |kind, format| -> Result<String, String> {
            let mut out = Vec::new();
            let dag_dot = definition.fast.dag_dot;
            write_graph(game, name, kind, format, GRAPH_LIMIT, dag_dot, &mut out)
                .map_err(|e| e.to_string())?;
            String::from_utf8(out).map_err(|e| e.to_string())
        };
        for (kind, nodes) in nodes {
            let parsed = export(kind, GraphFormat::Json).and_then(|text| {
                serde_json::from_str::<serde_json::Value>(&text).map_err(|e| e.to_string())
            });
            let json_nodes = parsed
                .as_ref()
                .ok()
                .and_then(|json| json["nodes"].as_array())
                .map(|array| array.len() as u128);
            self.expect(json_nodes == Some(nodes), name, || {
                format!(
                    "the {} JSON export holds {json_nodes:?} nodes, not {nodes}",
                    kind.name()
                )
            });
        }
        for (kind, nodes) in nodes {
            let dot = export(kind, GraphFormat::Dot);
            let sound = dot.as_ref().is_ok_and(|text| dot_is_sound(text, nodes));
            self.expect(sound, name, || {
                format!("the {} DOT export is not sound: {dot:?}", kind.name())
            });
        }
        let tree = nodes[0].1;
        let efg_nodes = export(GraphKind::Tree, GraphFormat::Efg).map(|text| {
            text.lines()
                .filter(|line| line.starts_with("p ") || line.starts_with("t "))
                .count() as u128
        });
        self.expect(efg_nodes == Ok(tree), name, || {
            format!("the EFG export holds {efg_nodes:?} nodes, not {tree}")
        });
    }

    /// Every strategy, on both sides, plays legal moves; optimal play scores the value.
    fn check_strategies<G: Game + Clone + PartialEq + fmt::Debug + 'static>(
        &mut self,
        definition: &GameDefinition<G>,
        game: &G,
        name: &str,
        reference: &Solution,
    ) {
        let mut strategies = vec![
            StrategySpec::Optimal,
            StrategySpec::Greedy,
            StrategySpec::Random,
            StrategySpec::Lookahead(1),
            StrategySpec::Lookahead(3),
            StrategySpec::Mcts(20),
            StrategySpec::Noisy(500_000),
        ];
        strategies.extend(
            definition
                .own_strategies()
                .into_iter()
                .map(|own| StrategySpec::Own(own.to_string())),
        );
        let own = definition.fast.strategies;
        let pairing = |first, second| Pairing {
            first,
            second,
            optimal: reference.scores(),
            seed: 7,
            index: 0,
        };
        for first in &strategies {
            for second in [&StrategySpec::Optimal, &StrategySpec::Random, first] {
                let played = play(game, own, pairing(first, second), Valuing::None);
                let record = match played {
                    Ok(record) => record,
                    Err(error) => {
                        self.fail(name, format!("{first} against {second}: {error}"));
                        continue;
                    }
                };
                let replayed = replay(game, &record.moves);
                let scores = Scores {
                    first: record.first_score,
                    second: record.second_score,
                };
                self.expect(replayed == Ok(scores), name, || {
                    format!("{first} against {second} played {replayed:?}")
                });
            }
        }
        let optimal = play(
            game,
            own,
            pairing(&StrategySpec::Optimal, &StrategySpec::Optimal),
            Valuing::None,
        );
        let value = optimal
            .map(|record| (record.first_score, record.second_score))
            .map_err(|error| error.to_string());
        self.expect(
            value == Ok((reference.first_score, reference.second_score)),
            name,
            || format!("optimal against optimal scored {value:?}"),
        );
    }

    /// Inputs of the wrong shape or at the edges of the integer ranges: errors, never panics;
    /// the wrong shapes must be refused.
    fn check_malformed_inputs<G: Game + Clone + PartialEq + fmt::Debug + 'static>(
        &mut self,
        definition: &GameDefinition<G>,
    ) {
        let takes_piles = definition.takes_piles();
        let wrong_shapes = [
            InstanceInput::default(),
            if takes_piles {
                InstanceInput::number(5)
            } else {
                InstanceInput::piles(vec![1, 2])
            },
            InstanceInput {
                piles: Some(vec![1, 2]),
                n: Some(3),
                ..InstanceInput::default()
            },
            if takes_piles {
                InstanceInput::piles(Vec::new())
            } else {
                InstanceInput::number(0)
            },
        ];
        for input in &wrong_shapes {
            let built = catch_unwind(AssertUnwindSafe(|| {
                (definition.from_input)(input).map(|_| ())
            }));
            let described = format!("malformed input {input:?}");
            self.expect(matches!(built, Ok(Err(_))), &described, || {
                format!("was not refused with an error: {built:?}")
            });
        }
        let edges = [
            InstanceInput::piles(vec![i64::MAX, i64::MAX]),
            InstanceInput::piles(vec![i64::MIN, 1]),
            InstanceInput::piles(vec![i64::MIN]),
            InstanceInput::number(u64::MAX),
            InstanceInput {
                n: Some(10),
                subtract: Some(vec![0]),
                ..InstanceInput::default()
            },
            InstanceInput {
                n: Some(10),
                subtract: Some(vec![u64::MAX]),
                ..InstanceInput::default()
            },
            InstanceInput {
                n: Some(10),
                subtract: Some(Vec::new()),
                ..InstanceInput::default()
            },
        ];
        for input in &edges {
            let built = catch_unwind(AssertUnwindSafe(|| {
                (definition.from_input)(input).map(|_| ())
            }));
            self.expect(built.is_ok(), &format!("edge input {input:?}"), || {
                "panicked".to_string()
            });
        }
    }
}

/// Whether DOT text is one digraph with one node statement per node and every quoted string
/// closed on its line (so no label breaks out of its string).
fn dot_is_sound(text: &str, nodes: u128) -> bool {
    let is_node = |line: &&str| {
        line.strip_prefix("  n")
            .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
            && !line.contains("->")
    };
    let quotes_balance = text.lines().all(|line| {
        let unescaped = line.replace("\\\\", "").replace("\\\"", "");
        unescaped.matches('"').count() % 2 == 0
    });
    text.starts_with("digraph game {\n")
        && text.ends_with("}\n")
        && text.lines().filter(is_node).count() as u128 == nodes
        && quotes_balance
}

/// A principal variation in short: `left right count=2 ...`.
fn line(moves: &Option<Vec<MoveRecord>>) -> String {
    match moves {
        None => "(no moves)".to_string(),
        Some(moves) => moves
            .iter()
            .map(|record| {
                let action = &record.description.action;
                format!("{}={}", action.key, action.value)
            })
            .collect::<Vec<_>>()
            .join(" "),
    }
}

/// Replays a move list from the start of `game`, checking that every move is legal for the
/// player it names and gains what it says; returns the final scores.
pub fn replay<G: Game>(game: &G, moves: &[MoveRecord]) -> Result<Scores, String> {
    let mut state = game.initial_state();
    let mut scores = Scores::ZERO;
    for (ply, record) in moves.iter().enumerate() {
        let mover: Player = game.to_move(&state);
        let found = game
            .legal_moves(&state)
            .into_iter()
            .find(|&mv| game.describe_move(&state, mv) == record.description);
        let Some(mv) = found else {
            return Err(format!(
                "move {} ({}) is not legal",
                ply + 1,
                record.description.text
            ));
        };
        if record.player != mover || record.gain != game.gain(&state, mv) {
            return Err(format!("move {} names the wrong player or gain", ply + 1));
        }
        scores = scores.plus(mover, record.gain);
        state = game.apply(&state, mv);
    }
    if !game.is_terminal(&state) {
        return Err("the moves stop before the game ends".to_string());
    }
    let payoff = game.terminal_payoff(&state);
    Ok(scores
        .plus(Player::First, payoff.first)
        .plus(Player::Second, payoff.second))
}
