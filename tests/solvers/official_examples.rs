//! The examples of the problem statements and of the articles on these games, each solved by
//! every solver of its game. Sources: LeetCode problems 877, 486, 1140, 1406, 1025, 1690, 1510,
//! 292 (examples of the statements); labuladong's article on game DP ([1,100,3] -> -96); the
//! gold-pots article 金罐游戏的两种动态规划解法 (gold pots [4,6,2,3] -> 9 to 6); the Stone Game
//! III write-up ([1,2,3,7] -> Bob); the LeetCode 877 write-up ([3,9,1,2] table).

use gamelab::base::input::InstanceInput;
use gamelab::games::find_game;
use gamelab::{Solution, Winner};

/// Solves `input` of `game` with every applicable solver and checks they give the same result.
fn solve_everywhere(game: &str, input: InstanceInput) -> Solution {
    let entry = find_game(game).unwrap();
    let instance = entry.build(&input).unwrap();
    let solutions: Vec<Solution> = entry
        .solver_kinds()
        .into_iter()
        .map(|solver| instance.solve(solver).unwrap())
        .collect();
    for solution in &solutions[1..] {
        assert_eq!(
            solution.scores(),
            solutions[0].scores(),
            "{game} {:?}",
            solution.solver
        );
        assert_eq!(
            solution.moves, solutions[0].moves,
            "{game} {:?}",
            solution.solver
        );
    }
    solutions[0].clone()
}

fn piles(game: &str, piles: &[i64]) -> Solution {
    solve_everywhere(game, InstanceInput::piles(piles.to_vec()))
}

#[test]
fn leetcode_877_example_first_player_wins() {
    // LeetCode 877, example 1: piles = [5,3,4,5] -> true.
    assert_eq!(piles("stone-game", &[5, 3, 4, 5]).winner, Winner::First);
    // LeetCode 877, example 2: piles = [3,7,2,3] -> true.
    assert_eq!(piles("stone-game", &[3, 7, 2, 3]).winner, Winner::First);
}

#[test]
fn leetcode_486_examples_predict_the_winner() {
    // LeetCode 486, example 1: nums = [1,5,2] -> false (player 1 gets 3, player 2 gets 5).
    let solution = piles("stone-game", &[1, 5, 2]);
    assert_eq!(solution.winner, Winner::Second);
    assert_eq!((solution.first_score, solution.second_score), (3, 5));
    // LeetCode 486, example 2: nums = [1,5,233,7] -> true (233 + 1 against 5 + 7).
    let solution = piles("stone-game", &[1, 5, 233, 7]);
    assert_eq!(solution.winner, Winner::First);
    assert_eq!((solution.first_score, solution.second_score), (234, 12));
}

#[test]
fn labuladong_article_general_stone_game_margin() {
    // labuladong's article: piles = [1, 100, 3]; the first player gets 4, the second 100: -96.
    let solution = piles("stone-game", &[1, 100, 3]);
    assert_eq!(solution.margin, -96);
    assert_eq!((solution.first_score, solution.second_score), (4, 100));
}

#[test]
fn gold_pots_article_and_its_pick_sequence() {
    // The gold-pots article: pots [4, 6, 2, 3]: A takes 3, B takes 4, A takes 6, B takes 2; A 9, B 6.
    let solution = piles("stone-game", &[4, 6, 2, 3]);
    assert_eq!((solution.first_score, solution.second_score), (9, 6));
    let taken: Vec<i64> = solution
        .moves
        .unwrap()
        .iter()
        .map(|record| record.gain)
        .collect();
    assert_eq!(taken, vec![3, 4, 6, 2]);
}

#[test]
fn leetcode_877_write_up_table_example() {
    // The LeetCode 877 write-up (and labuladong's C++ main): piles = [3, 9, 1, 2]; the first player gets 11.
    let solution = piles("stone-game", &[3, 9, 1, 2]);
    assert_eq!((solution.first_score, solution.second_score), (11, 4));
}

#[test]
fn leetcode_1140_examples() {
    // LeetCode 1140, example 1: piles = [2,7,9,4,4] -> 10.
    assert_eq!(piles("stone-game-ii", &[2, 7, 9, 4, 4]).first_score, 10);
    // LeetCode 1140, example 2: piles = [1,2,3,4,5,100] -> 104.
    assert_eq!(
        piles("stone-game-ii", &[1, 2, 3, 4, 5, 100]).first_score,
        104
    );
}

#[test]
fn leetcode_1406_examples() {
    // LeetCode 1406, example 1 (and the Stone Game III write-up): values = [1,2,3,7] -> "Bob".
    assert_eq!(
        piles("stone-game-iii", &[1, 2, 3, 7]).winner,
        Winner::Second
    );
    // LeetCode 1406, example 2: values = [1,2,3,-9] -> "Alice".
    assert_eq!(
        piles("stone-game-iii", &[1, 2, 3, -9]).winner,
        Winner::First
    );
    // LeetCode 1406, example 3: values = [1,2,3,6] -> "Tie".
    assert_eq!(piles("stone-game-iii", &[1, 2, 3, 6]).winner, Winner::Tie);
}

#[test]
fn leetcode_1025_examples() {
    // LeetCode 1025, example 1: n = 2 -> true (Alice chooses 1, Bob cannot move).
    let solution = solve_everywhere("divisor-game", InstanceInput::number(2));
    assert_eq!(solution.winner, Winner::First);
    assert_eq!(solution.moves.unwrap().len(), 1);
    // LeetCode 1025, example 2: n = 3 -> false (Alice 1, Bob 1, Alice cannot move).
    let solution = solve_everywhere("divisor-game", InstanceInput::number(3));
    assert_eq!(solution.winner, Winner::Second);
    assert_eq!(solution.moves.unwrap().len(), 2);
}

#[test]
fn leetcode_1690_examples() {
    // LeetCode 1690, example 1: stones = [5,3,1,4,2] -> 6 (Alice 18, Bob 12).
    let solution = piles("stone-game-vii", &[5, 3, 1, 4, 2]);
    assert_eq!(solution.margin, 6);
    assert_eq!((solution.first_score, solution.second_score), (18, 12));
    // LeetCode 1690, example 2: stones = [7,90,5,1,100,10,10,2] -> 122.
    assert_eq!(
        piles("stone-game-vii", &[7, 90, 5, 1, 100, 10, 10, 2]).margin,
        122
    );
}

#[test]
fn leetcode_1510_examples() {
    // LeetCode 1510: n = 1 -> true, n = 2 -> false, n = 4 -> true, n = 7 -> false,
    // n = 17 -> false (examples 1 to 5).
    for (n, first_wins) in [(1, true), (2, false), (4, true), (7, false), (17, false)] {
        let solution = solve_everywhere("stone-game-iv", InstanceInput::number(n));
        assert_eq!(solution.winner == Winner::First, first_wins, "n = {n}");
    }
}

#[test]
fn leetcode_292_examples() {
    // LeetCode 292, Nim Game (S = {1, 2, 3}): n = 4 -> false, n = 1 -> true, n = 2 -> true.
    for (n, first_wins) in [(4, false), (1, true), (2, true)] {
        let solution = solve_everywhere("nim", InstanceInput::number(n));
        assert_eq!(solution.winner == Winner::First, first_wins, "n = {n}");
    }
}

#[test]
fn pizza_with_one_big_slice() {
    // Hand-checked: Alice takes the 9 first; Bob and Alice then share the arc [2, 6, 3, 1, 4, 1,
    // 5] from its ends.
    let solution = piles("coins-in-a-circle", &[3, 1, 4, 1, 5, 9, 2, 6]);
    assert_eq!(solution.first_score + solution.second_score, 31);
    assert!(solution.first_score * 9 >= 31 * 4);
    let one = piles("coins-in-a-circle", &[7]);
    assert_eq!((one.first_score, one.second_score), (7, 0));
}
