//! Every registered game passes the conformance suite (`gamelab::games::conformance`), and its EFG
//! export parses back in `gambit-parser` with our values. (Its DOT export is read back by
//! Graphviz's own `dot` in the tools' harness, `cli/tests/tools/graphviz.rs`.)

use gambit_parser::{ExtensiveFormGame, Node};
use gamelab::games::conformance::SuiteOptions;
use gamelab::games::{every_game, find_game};
use gamelab::graph::GraphKind;
use gamelab::graph::export::GraphFormat;
use gamelab::solve::SolverKind;
use rayon::prelude::*;

#[test]
fn every_registered_game_passes_the_conformance_suite() {
    let options = SuiteOptions::default();
    let reports: Vec<_> = every_game()
        .par_iter()
        .map(|entry| (entry.name(), entry.check_conformance(&options)))
        .collect();
    // No game is skipped: one passing report per registered game, under its own name.
    assert_eq!(reports.len(), every_game().len());
    for (name, report) in &reports {
        assert_eq!(report.game, *name);
        assert_eq!(report.inputs.len() as u64, options.instances, "{report}");
        assert!(report.is_pass(), "{report}");
        assert!(report.passed > 20 * options.instances, "{report}");
    }
}

#[test]
fn every_game_exports_efg_that_gambit_reads_back() {
    let options = SuiteOptions {
        instances: 6,
        max_piles: 6,
        max_number: 14,
        ..SuiteOptions::default()
    };
    for entry in every_game() {
        for input in entry.check_conformance(&options).inputs {
            let game = entry
                .build(&input)
                .expect("the suite's instances are valid");
            let export = |kind, format| {
                let mut out = Vec::new();
                let (tree, dag) = game
                    .export_graph(kind, format, 1_000_000, &mut out)
                    .unwrap();
                (String::from_utf8(out).unwrap(), tree, dag)
            };
            let (efg, tree_nodes, _) = export(GraphKind::Tree, GraphFormat::Efg);
            let parsed = ExtensiveFormGame::try_from_str(&efg)
                .unwrap_or_else(|error| panic!("{} {input:?}: {error:?}\n{efg}", entry.name()));
            // Backward induction in Gambit's reading of the file finds our value.
            let solution = game.solve(gamelab::SolverKind::BRUTE).unwrap();
            let expected = if entry.constant_sum() {
                vec![solution.first_score, solution.second_score]
            } else {
                vec![solution.margin, -solution.margin]
            };
            assert_eq!(
                backward_induction(parsed.root()),
                expected,
                "{} {input:?}",
                entry.name()
            );
            // One line per node, each label unique (Gambit 16.7 refuses duplicates, which
            // gambit-parser does not check).
            let labels: Vec<&str> = efg
                .lines()
                .filter(|line| line.starts_with("p ") || line.starts_with("t "))
                .filter_map(|line| line.split('"').nth(1))
                .collect();
            assert_eq!(
                labels.len() as u128,
                tree_nodes,
                "{} {input:?}",
                entry.name()
            );
            let distinct: std::collections::HashSet<&str> = labels.iter().copied().collect();
            assert_eq!(distinct.len(), labels.len(), "{} {input:?}", entry.name());
        }
    }
}

/// Backward induction over a parsed EFG: each player maximises their own payoff. The games are
/// constant-sum (or zero-sum in their EFG payoffs), so every best reply gives the same payoffs.
fn backward_induction(node: Node<'_, '_>) -> Vec<i64> {
    match node {
        Node::Terminal(terminal) => terminal
            .outcome_payoffs()
            .unwrap()
            .iter()
            .map(|payoff| payoff.to_string().parse().unwrap())
            .collect(),
        Node::Player(player) => {
            let me = player.player_num() - 1;
            player
                .actions()
                .map(|(_, child)| backward_induction(child))
                .max_by_key(|payoffs| payoffs[me])
                .unwrap()
        }
        Node::Chance(_) => panic!("the games have no chance nodes"),
    }
}

/// Instances that once exposed a disagreement, kept as fixed cases.
#[test]
fn past_disagreements_stay_fixed() {
    let nim = gamelab::find_game("nim").unwrap();
    let mut input = gamelab::base::input::InstanceInput::number(27);
    input.subtract = Some(vec![3, 1, 2]);
    let game = nim.build(&input).unwrap();
    // Its game tree is beyond brute's limit; memo agrees with brute wherever both run.
    let reference = game.solve(gamelab::SolverKind::MEMO).unwrap();
    for solver in nim
        .solver_kinds()
        .into_iter()
        .filter(|&s| s != gamelab::SolverKind::BRUTE)
    {
        let solution = game.solve(solver).unwrap();
        assert_eq!(solution.scores(), reference.scores(), "{solver:?}");
        assert_eq!(solution.moves, reference.moves, "{solver:?}");
    }
}

#[test]
fn every_game_is_found_by_its_name() {
    for entry in every_game() {
        assert_eq!(find_game(entry.name()).unwrap().name(), entry.name());
        assert_eq!(entry.solver_kinds().first(), Some(&SolverKind::AUTO));
    }
    let message = find_game("chess").err().unwrap().to_string();
    assert!(
        message.contains("'chess'") && message.contains("stone-game"),
        "{message}"
    );
}

#[test]
fn game_names_are_unique() {
    let mut names: Vec<&str> = every_game().iter().map(|entry| entry.name()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), every_game().len());
}
