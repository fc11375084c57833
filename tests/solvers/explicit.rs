//! Games explored into an explicit table (`gamelab::games::explicit`): built-in games re-entered through
//! the `Rules` interface give the same values, optimal play and state DAGs as the built-in
//! solvers; cycles, oversize state spaces, overflowing points and the rules' own errors are
//! refused with clear errors; long lines are solved without recursion.

use gamelab::base::game::{Game, Player, Scores};
use gamelab::games::divisor_game::DivisorGame;
use gamelab::games::explicit::{
    ExplicitGame, ExploreError, Extremes, Labels, Rules, explore, explore_game,
};
use gamelab::games::nim::Nim;
use gamelab::games::stone_game::StoneGame;
use gamelab::games::stone_game_ii::StoneGameII;
use gamelab::games::stone_game_vii::StoneGameVII;
use gamelab::graph::build_dag;
use gamelab::solve::{Solution, memo};
use proptest::prelude::*;

fn explored<G: Game + Clone + 'static>(game: &G) -> ExplicitGame {
    match explore_game(game, 1_000_000) {
        Ok(table) => table,
        Err(error) => panic!("exploring {} failed: {error}", G::NAME),
    }
}

/// The explicit table agrees with the memo solver on the value, the scores and every move of
/// the optimal line (same tie-breaking), and has exactly the positions of the state DAG.
fn agrees_with_the_built_in_game<G: Game + Clone + 'static>(game: &G) {
    let table = explored(game);
    let expected: Solution = memo::solve(game).unwrap();
    let found = table.solve();
    assert_eq!(
        (found.first_score, found.second_score, found.margin),
        (expected.first_score, expected.second_score, expected.margin),
        "{} {}",
        G::NAME,
        game.describe_state(&game.initial_state())
    );
    let texts = |solution: &Solution| -> Vec<(Player, i64, String)> {
        solution
            .moves
            .iter()
            .flatten()
            .map(|record| (record.player, record.gain, record.position_after.clone()))
            .collect()
    };
    assert_eq!(texts(&found), texts(&expected));
    let dag = build_dag(game);
    assert_eq!(table.position_count(), dag.graph.node_count());
    assert_eq!(table.move_count(), dag.graph.edge_count());
    assert_eq!(build_dag(&table).graph.node_count(), dag.graph.node_count());
}

proptest! {
    #[test]
    fn stone_game_through_rules_matches_the_built_in_game(
        piles in prop::collection::vec(1_i64..50, 1..12)
    ) {
        agrees_with_the_built_in_game(&StoneGame::new(piles).unwrap());
    }

    #[test]
    fn stone_game_ii_through_rules_matches_the_built_in_game(
        piles in prop::collection::vec(1_i64..50, 1..10)
    ) {
        agrees_with_the_built_in_game(&StoneGameII::new(piles).unwrap());
    }

    #[test]
    fn stone_game_vii_through_rules_matches_the_built_in_game(
        piles in prop::collection::vec(1_i64..50, 2..10)
    ) {
        agrees_with_the_built_in_game(&StoneGameVII::new(piles).unwrap());
    }

    #[test]
    fn number_games_through_rules_match_the_built_in_games(n in 1_u64..200) {
        agrees_with_the_built_in_game(&DivisorGame::new(n).unwrap());
        agrees_with_the_built_in_game(&Nim::new(n, vec![1, 3, 4]).unwrap());
    }
}

/// A counter that goes from `length` down to 0 one step at a time, or, with `loop_at`, steps
/// from that value back to `length` (a cycle). Moving is worth `points` to the mover; the rules
/// can also be told to fail at a value.
struct Countdown {
    length: u64,
    loop_at: Option<u64>,
    fail_at: Option<u64>,
    points: i64,
}

impl Rules for Countdown {
    type State = u64;
    type Key = u64;
    type Move = ();
    type Error = String;

    fn initial(&mut self) -> Result<u64, String> {
        Ok(self.length)
    }
    fn key(&mut self, state: &u64) -> Result<u64, String> {
        Ok(*state)
    }
    fn to_move(&mut self, state: &u64) -> Result<Player, String> {
        Ok(Player::after_moves((self.length - state) as usize))
    }
    fn children(&mut self, state: &u64) -> Result<Vec<((), u64, i64)>, String> {
        if Some(*state) == self.fail_at {
            return Err(format!("no moves known at {state}"));
        }
        if *state == 0 {
            return Ok(vec![]);
        }
        let next = if Some(*state) == self.loop_at {
            self.length
        } else {
            state - 1
        };
        Ok(vec![((), next, self.points)])
    }
    fn final_payoff(&mut self, _: &u64) -> Result<Scores, String> {
        Ok(Scores::ZERO)
    }
    fn describe_state(&mut self, state: &u64) -> Result<String, String> {
        Ok(format!("N={state}"))
    }
}

fn countdown(length: u64) -> Countdown {
    Countdown {
        length,
        loop_at: None,
        fail_at: None,
        points: 1,
    }
}

#[test]
fn a_line_of_a_million_positions_is_solved_without_recursion() {
    let table = explore(&mut countdown(1_000_000), 2_000_000).unwrap().table;
    assert_eq!(table.position_count(), 1_000_001);
    // A million moves worth 1 each, alternating: each player collects half.
    let solution = table.solve();
    assert_eq!(
        (solution.first_score, solution.second_score),
        (500_000, 500_000)
    );
}

#[test]
fn a_position_that_follows_from_itself_is_a_cycle_naming_the_line() {
    let mut rules = Countdown {
        loop_at: Some(3),
        ..countdown(5)
    };
    let error = explore(&mut rules, 100).unwrap_err();
    assert!(
        matches!(&error, ExploreError::Cycle { position, .. } if position == "N=5"),
        "{error}"
    );
    assert_eq!(
        error.to_string(),
        "the position N=5 repeats along a line of play (N=5 -> N=4 -> N=3 -> N=5): games must \
         end, so a position may not follow from itself"
    );
}

#[test]
fn long_cycles_are_shortened_in_the_middle() {
    let mut rules = Countdown {
        loop_at: Some(1),
        ..countdown(100)
    };
    let message = explore(&mut rules, 1000).unwrap_err().to_string();
    assert!(
        message.contains("(N=100 -> N=99 -> N=98 -> N=97 -> N=96 -> N=95 -> ... -> N=5 -> N=4 -> N=3 -> N=2 -> N=1 -> N=100)"),
        "{message}"
    );
}

#[test]
fn more_positions_than_the_limit_are_refused_before_going_further() {
    let error = explore(&mut countdown(10_000_000_000), 1000).unwrap_err();
    assert!(matches!(
        error,
        ExploreError::TooManyPositions { limit: 1000 }
    ));
    assert!(
        error
            .to_string()
            .contains("more than 1000 distinct positions")
    );
}

#[test]
fn the_rules_own_errors_come_back_unchanged() {
    let mut rules = Countdown {
        fail_at: Some(2),
        ..countdown(5)
    };
    match explore(&mut rules, 100) {
        Err(ExploreError::Rules(message)) => assert_eq!(message, "no moves known at 2"),
        other => panic!("expected the rules' error, got {other:?}"),
    }
}

#[test]
fn points_that_could_overflow_a_score_are_refused() {
    let mut rules = Countdown {
        points: i64::MAX / 2,
        ..countdown(3)
    };
    assert!(matches!(
        explore(&mut rules, 100),
        Err(ExploreError::ScoreOverflow)
    ));
    let mut fits = Countdown {
        points: i64::MAX / 4,
        ..countdown(3)
    };
    assert!(explore(&mut fits, 100).is_ok());
}

/// Labels that count how often they are asked.
#[derive(Default)]
struct CountingLabels {
    asked: std::sync::atomic::AtomicUsize,
}

impl Labels for CountingLabels {
    fn state(&self, position: u32) -> String {
        self.asked
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        format!("p{position}")
    }
    fn move_name(&self, mv: u32) -> String {
        self.asked
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        format!("m{mv}")
    }
}

#[test]
fn positions_and_moves_are_named_only_when_shown() {
    let labels = std::sync::Arc::new(CountingLabels::default());
    let table = explore(&mut countdown(1000), 2000)
        .unwrap()
        .table
        .with_labels(labels.clone());
    let asked = || labels.asked.load(std::sync::atomic::Ordering::Relaxed);
    assert_eq!(asked(), 0, "exploring names nothing");
    let values = table.values();
    assert_eq!((values[0], asked()), (0, 0), "valuing names nothing");
    let solution = table.solve();
    assert_eq!(solution.moves.as_ref().map(Vec::len), Some(1000));
    assert!(
        asked() > 0 && asked() <= 3 * 1000 + 1,
        "only the line is named"
    );
    assert_eq!(table.label(7), "p7");
}

#[test]
fn the_extremes_span_every_line_of_play() {
    let table = explored(&StoneGame::new(vec![1, 2]).unwrap());
    // First takes 1 then second 2 (margin -1), or first takes 2 then second 1 (margin 1).
    assert_eq!(
        table.extremes(),
        Extremes {
            min_margin: -1,
            max_margin: 1,
            longest_line: 2
        }
    );
    let line = explore(&mut countdown(5), 100).unwrap().table;
    // Five moves worth 1 each, alternating: first 3, second 2 on the only line.
    assert_eq!(
        line.extremes(),
        Extremes {
            min_margin: 1,
            max_margin: 1,
            longest_line: 5
        }
    );
}

#[test]
fn a_crate_game_explored_is_named_by_its_own_descriptions() {
    let table = explored(&StoneGame::new(vec![4, 6, 2, 3]).unwrap());
    assert_eq!(table.label(0), "[4, 6, 2, 3]");
    let names: Vec<String> = table
        .legal_moves(&0)
        .into_iter()
        .map(|mv| table.move_name(mv))
        .collect();
    assert_eq!(names, ["left", "right"]);
}
