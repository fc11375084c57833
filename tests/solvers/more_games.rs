//! The games beyond the original six against the literature: Stone Game IV's losing positions are OEIS
//! A030193, nim's Grundy values and periods, the pizza theorem's 4/9, Stone Game VII's margin
//! objective in EFG, and every generic command working on the new games.

use gamelab::analysis::grundy::Periodicity;
use gamelab::base::game::Game;
use gamelab::games::coins_in_a_circle;
use gamelab::games::coins_in_a_circle::CoinsInACircle;
use gamelab::games::nim::{grundy_values, periodicity};
use gamelab::games::stone_game_iv::win_table;
use gamelab::games::stone_game_vii::StoneGameVII;
use gamelab::graph::build_tree;
use gamelab::graph::export::{GraphFormat, GraphMeta, export_graph};
use gamelab::solve::SolverKind;
use proptest::prelude::*;

#[test]
fn stone_game_iv_losing_positions_are_oeis_a030193() {
    // OEIS A030193: "Losing positions in the game of taking a nonzero square number of stones".
    let a030193 = [
        0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39, 44, 52, 57, 62, 65, 67, 72, 85, 95, 109, 119,
        124, 127, 130, 132, 137, 142, 147, 150, 170, 177, 180, 182, 187, 192, 197,
    ];
    let wins = win_table(200);
    let losing: Vec<usize> = (0..=200).filter(|&k| !wins[k]).collect();
    assert_eq!(losing, a030193);
}

#[test]
fn nim_periods_match_the_known_ones() {
    for (set, preperiod, period) in [
        (vec![1, 2, 3], 0, 4),
        (vec![1, 2], 0, 3),
        (vec![1, 3, 4], 0, 7),
        (vec![2, 3], 0, 5),
        (vec![3, 4], 0, 7),
        (vec![2, 5, 6], 0, 11),
    ] {
        assert_eq!(
            periodicity(&set),
            Some(Periodicity { preperiod, period }),
            "{set:?}"
        );
        // The period holds far beyond where it was found.
        let values = grundy_values(&set, 5000);
        for k in preperiod..5000 - period {
            assert_eq!(values[k], values[k + period], "{set:?} at {k}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn periods_found_are_real(set in prop::collection::btree_set(1u64..=9, 1..=4)) {
        let set: Vec<u64> = set.into_iter().collect();
        let Periodicity { preperiod, period } = periodicity(&set).unwrap();
        let values = grundy_values(&set, preperiod + 20 * period + 200);
        for k in preperiod..values.len() - period {
            prop_assert_eq!(values[k], values[k + period]);
        }
        // And no smaller period works from there.
        for smaller in 1..period {
            let holds = (preperiod..values.len() - smaller).all(|k| values[k] == values[k + smaller]);
            prop_assert!(!holds, "period {smaller} also works for {set:?}");
        }
    }

    #[test]
    fn the_first_player_gets_four_ninths_of_any_pizza(slices in prop::collection::vec(0i64..=50, 1..=40)) {
        let total: i64 = slices.iter().sum();
        let game = CoinsInACircle::new(slices).unwrap();
        let solution = coins_in_a_circle::DEFINITION.solve(&game, SolverKind::AUTO).unwrap();
        prop_assert!(9 * solution.first_score >= 4 * total);
    }
}

#[test]
fn every_small_pizza_gives_the_first_player_four_ninths() {
    // All circles of 1 to 7 slices of sizes 0..=3: the theorem, checked exhaustively.
    for n in 1..=7u32 {
        for code in 0..4u64.pow(n) {
            let slices: Vec<i64> = (0..n).map(|k| ((code >> (2 * k)) & 3) as i64).collect();
            let total: i64 = slices.iter().sum();
            let game = CoinsInACircle::new(slices.clone()).unwrap();
            let first = coins_in_a_circle::DEFINITION
                .solve_value(&game, coins_in_a_circle::DP)
                .unwrap()
                .first_score;
            assert!(9 * first >= 4 * total, "{slices:?}");
        }
    }
}

#[test]
fn stone_game_vii_exports_its_margin_objective() {
    let game = StoneGameVII::new(vec![5, 3, 1, 4, 2]).unwrap();
    let tree = build_tree(&game);
    let meta = GraphMeta {
        game: StoneGameVII::NAME,
        instance: game.input().describe(),
    };
    let mut text = Vec::new();
    export_graph(GraphFormat::Efg, &game, &tree, &meta, &mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    assert!(text.contains("the margin"), "{text}");
    // Every terminal pays (margin, -margin), which sums to zero.
    for line in text.lines().filter(|line| line.starts_with("t ")) {
        let payoffs: Vec<i64> = line
            .rsplit_once('{')
            .unwrap()
            .1
            .trim_end_matches('}')
            .split_whitespace()
            .map(|v| v.parse().unwrap())
            .collect();
        assert_eq!(payoffs[0], -payoffs[1], "{line}");
    }
    assert_eq!(
        gamelab::base::game::objective::<StoneGameVII>(gamelab::Scores {
            first: 18,
            second: 12
        })
        .first,
        6
    );
}
