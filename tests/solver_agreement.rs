//! Property tests: every solver of every game agrees with `brute` (scores, winner and the exact
//! move list) on random small instances, scores add up to the total, and replaying the principal
//! variation through the `Game` trait reproduces both scores.

use gamelab::game::Game;
use gamelab::games::RegisteredGame;
use gamelab::games::coins_in_a_circle::CoinsInACircle;
use gamelab::games::divisor_game::DivisorGame;
use gamelab::games::nim::Nim;
use gamelab::games::stone_game::StoneGame;
use gamelab::games::stone_game_ii::StoneGameII;
use gamelab::games::stone_game_iii::StoneGameIII;
use gamelab::games::stone_game_iv::StoneGameIV;
use gamelab::games::stone_game_vii::StoneGameVII;
use gamelab::registry::AnyGame;
use gamelab::solve::{MoveRecord, Solution, SolverKind};
use gamelab::{Player, Scores};
use proptest::prelude::*;

/// Small piles with negatives, zeros and many duplicates.
fn small_piles(max_len: usize) -> impl Strategy<Value = Vec<i64>> {
    let value = prop_oneof![-3i64..=3, -40i64..=40];
    prop::collection::vec(value, 1..=max_len)
}

/// Plays `moves` through the trait, checking each is legal and described as recorded.
fn replay<G: Game>(game: &G, moves: &[MoveRecord]) -> Scores {
    let mut state = game.initial_state();
    let mut scores = Scores::ZERO;
    for record in moves {
        assert_eq!(game.to_move(&state), record.player);
        let mv = game
            .legal_moves(&state)
            .into_iter()
            .find(|&mv| game.describe_move(&state, mv) == record.description)
            .expect("recorded move is legal");
        assert_eq!(game.gain(&state, mv), record.gain);
        scores = scores.plus(record.player, record.gain);
        state = game.apply(&state, mv);
    }
    assert!(
        game.is_terminal(&state),
        "the principal variation ends the game"
    );
    let payoff = game.terminal_payoff(&state);
    scores
        .plus(Player::First, payoff.first)
        .plus(Player::Second, payoff.second)
}

/// Every solver of `G` against brute on `game`.
fn check_against_brute<G: RegisteredGame>(game: &G) -> Solution {
    let reference = AnyGame::solve(game, SolverKind::Brute).unwrap();
    let moves = reference
        .moves
        .as_ref()
        .expect("small instances list their moves");
    assert_eq!(replay(game, moves), reference.scores());
    assert_eq!(
        reference.margin,
        reference.first_score - reference.second_score
    );
    for &solver in G::SOLVERS {
        let solution = AnyGame::solve(game, solver).unwrap();
        assert_eq!(solution.scores(), reference.scores(), "{solver:?}");
        assert_eq!(solution.winner, reference.winner, "{solver:?}");
        assert_eq!(solution.moves, reference.moves, "{solver:?}");
    }
    reference
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn stone_game_solvers_agree_with_brute(piles in small_piles(12)) {
        let total: i64 = piles.iter().sum();
        let solution = check_against_brute(&StoneGame::new(piles).unwrap());
        prop_assert_eq!(solution.first_score + solution.second_score, total);
    }

    #[test]
    fn stone_game_ii_solvers_agree_with_brute(piles in small_piles(12)) {
        let total: i64 = piles.iter().sum();
        let solution = check_against_brute(&StoneGameII::new(piles).unwrap());
        prop_assert_eq!(solution.first_score + solution.second_score, total);
    }

    #[test]
    fn stone_game_iii_solvers_agree_with_brute(piles in small_piles(12)) {
        let total: i64 = piles.iter().sum();
        let solution = check_against_brute(&StoneGameIII::new(piles).unwrap());
        prop_assert_eq!(solution.first_score + solution.second_score, total);
    }

    #[test]
    fn divisor_game_solvers_agree_with_brute(n in 1u64..=24) {
        let solution = check_against_brute(&DivisorGame::new(n).unwrap());
        prop_assert_eq!(solution.first_score + solution.second_score, 1);
    }

    #[test]
    fn stone_game_vii_solvers_agree_with_brute(piles in small_piles(12)) {
        let solution = check_against_brute(&StoneGameVII::new(piles).unwrap());
        prop_assert_eq!(solution.margin, solution.first_score - solution.second_score);
    }

    #[test]
    fn stone_game_iv_solvers_agree_with_brute(n in 1u64..=40) {
        let solution = check_against_brute(&StoneGameIV::new(n).unwrap());
        prop_assert_eq!(solution.first_score + solution.second_score, 1);
    }

    #[test]
    fn nim_solvers_agree_with_brute(n in 1u64..=18, set in prop::collection::vec(1u64..=7, 1..=3)) {
        let solution = check_against_brute(&Nim::new(n, set).unwrap());
        prop_assert_eq!(solution.first_score + solution.second_score, 1);
    }

    #[test]
    fn coins_in_a_circle_solvers_agree_with_brute(slices in small_piles(10)) {
        let total: i64 = slices.iter().sum();
        let solution = check_against_brute(&CoinsInACircle::new(slices).unwrap());
        prop_assert_eq!(solution.first_score + solution.second_score, total);
    }
}
