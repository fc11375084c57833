//! Position analysis (`gamelab::analysis`, `gamelab analyze`) against an independent plain
//! recursion over the game tree and against `brute`/`solve`: values, margins, remoteness,
//! Grundy values and move lists at every position of small instances of every game.

use gamelab::analysis::{Analysis, Value, solve_space};
use gamelab::base::game::{Game, Player, Scores};
use gamelab::games::coins_in_a_circle::CoinsInACircle;
use gamelab::games::divisor_game::DivisorGame;
use gamelab::games::nim::{Nim, grundy_values};
use gamelab::games::stone_game::StoneGame;
use gamelab::games::stone_game_ii::StoneGameII;
use gamelab::games::stone_game_iii::StoneGameIII;
use gamelab::games::stone_game_iv::StoneGameIV;
use gamelab::games::stone_game_vii::StoneGameVII;
use gamelab::solve::{brute, terminal_value};
use proptest::prelude::*;

/// (margin for the mover from here, remoteness) by plain recursion on the tree, written from the
/// definition: the best margin, and among the moves reaching it the shortest line when it wins
/// or ties, the longest when it loses.
fn reference<G: Game>(game: &G, state: &G::State) -> (i64, u64) {
    let moves = game.legal_moves(state);
    if moves.is_empty() {
        return (terminal_value(game, state), 0);
    }
    let mover = game.to_move(state);
    let outcomes: Vec<(i64, u64)> = moves
        .into_iter()
        .map(|mv| {
            let child = game.apply(state, mv);
            let (value, remoteness) = reference(game, &child);
            let seen = if game.to_move(&child) == mover {
                value
            } else {
                -value
            };
            (game.gain(state, mv) + seen, remoteness + 1)
        })
        .collect();
    let best = outcomes.iter().map(|o| o.0).max().unwrap();
    let lines = outcomes.iter().filter(|o| o.0 == best).map(|o| o.1);
    let remoteness = if best >= 0 { lines.min() } else { lines.max() };
    (best, remoteness.unwrap())
}

/// Grundy value by plain recursion (impartial games).
fn reference_grundy<G: Game>(game: &G, state: &G::State) -> u64 {
    let options: Vec<u64> = game
        .legal_moves(state)
        .into_iter()
        .map(|mv| reference_grundy(game, &game.apply(state, mv)))
        .collect();
    (0..).find(|g| !options.contains(g)).unwrap()
}

/// A line of play: its moves, the position it reaches, the points taken and who moved last.
type Line<G> = (Vec<String>, <G as Game>::State, Scores, Option<Player>);

/// Walks every line of `game` and checks the analysis of each position against the reference;
/// returns how many positions were checked.
fn check_every_line<G: Game>(game: &G) -> usize {
    let space = solve_space(game, 1_000_000).unwrap();
    let brute_margin = brute::solve(game).unwrap().margin;
    assert_eq!(space.analyze::<&str>(&[]).unwrap().margin, brute_margin);
    let mut checked = 0;
    let mut lines: Vec<Line<G>> = vec![(vec![], game.initial_state(), Scores::ZERO, None)];
    while let Some((line, state, gained, last_mover)) = lines.pop() {
        let analysis = space.analyze(&line).unwrap();
        let finished = game.legal_moves(&state).is_empty();
        // The rule for every game: once it is over, the player to move is the one who would
        // move next, the opponent of the player who moved last.
        let mover = match last_mover {
            Some(last) if finished => last.other(),
            _ => game.to_move(&state),
        };
        let so_far = gained.margin_for(mover);
        let (margin, remoteness) = if finished {
            (game.terminal_payoff(&state).margin_for(mover), 0)
        } else {
            reference(game, &state)
        };
        assert_eq!(analysis.to_move, mover, "{line:?}");
        assert_eq!(analysis.remaining_margin, margin, "{line:?}");
        assert_eq!(analysis.remaining_value, Value::from_margin(margin));
        assert_eq!(analysis.margin, so_far + margin, "{line:?}");
        assert_eq!(analysis.value, Value::from_margin(so_far + margin));
        assert_eq!(analysis.remoteness, remoteness, "{line:?}");
        assert_eq!(analysis.position, game.describe_state(&state));
        if G::IMPARTIAL {
            let grundy = reference_grundy(game, &state);
            assert_eq!(analysis.grundy, Some(grundy));
            // Sprague-Grundy: the mover wins the rest of the game iff the Grundy value is not 0.
            assert_eq!(grundy != 0, margin > 0, "{line:?}");
        } else {
            assert_eq!(analysis.grundy, None);
        }
        check_moves(game, &state, &analysis, so_far);
        for mv in game.legal_moves(&state) {
            let name = game.describe_move(&state, mv).action.value.to_string();
            let mut next = line.clone();
            next.push(name);
            let gained = gained.plus(mover, game.gain(&state, mv));
            lines.push((next, game.apply(&state, mv), gained, Some(mover)));
        }
        checked += 1;
    }
    checked
}

/// The move list: every legal move once, each with the reference outcome, sorted best first,
/// differences to the best, and the optimal flag on `solve`'s tie-break choice.
fn check_moves<G: Game>(game: &G, state: &G::State, analysis: &Analysis, so_far: i64) {
    let legal = game.legal_moves(state);
    assert_eq!(analysis.moves.len(), legal.len());
    assert_eq!(analysis.finished, legal.is_empty());
    let mover = game.to_move(state);
    let mut optimal: Option<(String, i64)> = None;
    for mv in legal {
        let name = game.describe_move(state, mv).action.value.to_string();
        let child = game.apply(state, mv);
        let (value, remoteness) = reference(game, &child);
        let seen = if game.to_move(&child) == mover {
            value
        } else {
            -value
        };
        let margin = so_far + game.gain(state, mv) + seen;
        let entry = analysis.moves.iter().find(|m| m.name == name).unwrap();
        assert_eq!((entry.margin, entry.remoteness), (margin, remoteness + 1));
        assert_eq!(entry.value, Value::from_margin(margin));
        assert_eq!(entry.remaining_margin, margin - so_far);
        assert_eq!(entry.remaining_value, Value::from_margin(margin - so_far));
        if optimal.as_ref().is_none_or(|(_, best)| margin > *best) {
            optimal = Some((name, margin));
        }
    }
    // Best first, equal margins settled on the value from here: the quickest way when the
    // mover wins or ties the rest of the game, the longest when it loses it.
    let best = analysis.moves.first().map(|m| m.margin);
    for pair in analysis.moves.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        assert!(a.margin >= b.margin);
        if a.margin == b.margin && a.remaining_margin >= 0 {
            assert!(a.remoteness <= b.remoteness);
        }
        if a.margin == b.margin && a.remaining_margin < 0 {
            assert!(a.remoteness >= b.remoteness);
        }
    }
    if let Some(first) = analysis.moves.first() {
        assert_eq!(
            first.remoteness, analysis.remoteness,
            "the best move keeps the remoteness"
        );
    }
    for entry in &analysis.moves {
        assert_eq!(entry.difference, best.unwrap() - entry.margin);
        assert_eq!(
            entry.optimal,
            Some(&entry.name) == optimal.as_ref().map(|o| &o.0)
        );
    }
    if let Some(best) = best {
        assert_eq!(analysis.margin, best);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn pile_games_match_the_reference(piles in prop::collection::vec(-5i64..12, 1..7)) {
        check_every_line(&StoneGame::new(piles.clone()).unwrap());
        check_every_line(&StoneGameII::new(piles.clone()).unwrap());
        check_every_line(&StoneGameIII::new(piles.clone()).unwrap());
        check_every_line(&StoneGameVII::new(piles.clone()).unwrap());
        check_every_line(&CoinsInACircle::new(piles).unwrap());
    }

    #[test]
    fn number_games_match_the_reference(n in 1u64..16, set in prop::collection::vec(1u64..5, 1..3)) {
        check_every_line(&DivisorGame::new(n).unwrap());
        check_every_line(&StoneGameIV::new(n).unwrap());
        check_every_line(&Nim::new(n, set).unwrap());
    }
}

#[test]
fn following_the_optimal_moves_is_solves_play() {
    let game = StoneGameII::new(vec![2, 7, 9, 4, 4, 5, 1]).unwrap();
    let space = solve_space(&game, 10_000).unwrap();
    let solution = brute::solve(&game).unwrap();
    let mut line: Vec<String> = Vec::new();
    loop {
        let analysis = space.analyze(&line).unwrap();
        let Some(optimal) = analysis.moves.iter().find(|m| m.optimal) else {
            assert_eq!(analysis.scores, solution.scores());
            break;
        };
        line.push(optimal.name.clone());
    }
    let solved: Vec<String> = solution
        .moves
        .unwrap()
        .iter()
        .map(|m| m.description.action.value.to_string())
        .collect();
    assert_eq!(line, solved);
}

#[test]
fn nim_grundy_values_are_the_tables() {
    let set = vec![1, 3, 4];
    let table = grundy_values(&set, 30);
    for n in 1..=30u64 {
        let analysis = solve_space(&Nim::new(n, set.clone()).unwrap(), 1000)
            .unwrap()
            .analyze::<&str>(&[])
            .unwrap();
        assert_eq!(analysis.grundy, Some(table[n as usize] as u64));
    }
}

#[test]
fn oversize_instances_are_refused_before_any_work() {
    let game = StoneGame::new(vec![1; 300]).unwrap();
    let message = solve_space(&game, 45_000).unwrap_err().to_string();
    assert!(
        message.contains("45151") && message.contains("45000"),
        "{message}"
    );
}

#[test]
fn stone_game_iii_ending_by_either_player_is_two_finished_positions() {
    let game = StoneGameIII::new(vec![2, -3, 5, 1, -4, 6]).unwrap();
    let space = solve_space(&game, 1000).unwrap();
    let finished: Vec<_> = space
        .positions
        .iter()
        .filter(|p| p.moves.is_empty())
        .map(|p| p.to_move)
        .collect();
    assert_eq!(finished.len(), 2);
    assert!(finished.contains(&Player::First) && finished.contains(&Player::Second));
}
