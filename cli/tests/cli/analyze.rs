//! Position analysis (`gamelab::analysis`, `gamelab analyze`) against an independent plain
//! recursion over the game tree and against `brute`/`solve`: values, margins, remoteness,
//! Grundy values and move lists at every position of small instances of every game.

use assert_cmd::Command;
use gamelab::analysis::solve_space;
use gamelab::games::stone_game::StoneGame;

fn gamelab() -> Command {
    crate::common::gamelab()
}

#[test]
fn cli_analyze_prints_one_json_object_for_the_position_after_the_moves() {
    let output = gamelab()
        .args([
            "analyze",
            "stone-game",
            "--piles",
            "4,6,2,3",
            "--moves",
            "right,left",
        ])
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let game = StoneGame::new(vec![4, 6, 2, 3]).unwrap();
    let expected = solve_space(&game, 100)
        .unwrap()
        .analyze(&["right", "left"])
        .unwrap();
    assert_eq!(json, serde_json::to_value(&expected).unwrap());
    assert_eq!(json["piles"], serde_json::json!([6, 2]));
    assert_eq!(json["scores"], serde_json::json!({"first": 3, "second": 4}));
}

#[test]
fn a_finished_game_has_the_player_who_did_not_move_last_to_move_in_every_game() {
    // The example that showed two rules: stone-game-iii ended by the first player's own move
    // (A takes 2, B 2, A 2), and a stone-game-ii game ended by the second player.
    for (game, piles, line, expected) in [
        ("stone-game-iii", "2,-3,5,1,-4,6", "2,2,2", "second"),
        ("stone-game-iii", "2,-3,5,1,-4,6", "3,3", "first"),
        ("stone-game-ii", "2,7,9,4,4", "1,2,2", "second"),
        ("stone-game-ii", "2,7,9,4,4", "2,3", "first"),
        ("stone-game", "4,6,2", "left,left,left", "second"),
        ("stone-game-vii", "5,3,1,4", "left,left,left,left", "first"),
    ] {
        let output = gamelab()
            .args(["analyze", game, "--piles", piles, "--moves", line])
            .args(["--format", "json"])
            .output()
            .unwrap();
        assert!(output.status.success(), "{game} {line}");
        let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(json["finished"], true, "{game} {line}");
        assert_eq!(json["to_move"], expected, "{game} {line}");
    }
    let divisor = gamelab()
        .args(["analyze", "divisor-game", "--n", "3", "--moves", "1,1"])
        .args(["--format", "json"])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&divisor.stdout).unwrap();
    assert_eq!(
        (&json["to_move"], &json["value"]),
        (&"first".into(), &"lose".into())
    );
}

#[test]
fn cli_analyze_text_names_the_colours() {
    let output = gamelab()
        .args(["analyze", "nim", "--n", "7"])
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("Grundy value: 3"), "{text}");
    assert!(text.contains("win (green"), "{text}");
    assert!(
        text.lines()
            .any(|l| l.starts_with("3 ") && l.contains("optimal")),
        "{text}"
    );
}

#[test]
fn cli_analyze_refuses_an_illegal_move_naming_it_and_the_legal_ones() {
    let output = gamelab()
        .args([
            "analyze",
            "stone-game-ii",
            "--piles",
            "2,7,9,4,4",
            "--moves",
            "2,5",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("error: move 2 '5' is not legal at [9, 4, 4]")
            && stderr.contains("legal moves there are: 1, 2, 3"),
        "{stderr}"
    );
    let finished = gamelab()
        .args(["analyze", "divisor-game", "--n", "2", "--moves", "1,1"])
        .output()
        .unwrap();
    assert_eq!(finished.status.code(), Some(2));
    assert!(
        String::from_utf8(finished.stderr)
            .unwrap()
            .contains("the game is over")
    );
}

#[test]
fn cli_analyze_refuses_bad_instances_like_solve() {
    for args in [
        &["analyze", "stone-game", "--piles", "1,x"][..],
        &["analyze", "stone-game", "--n", "4"],
        &["analyze", "chess", "--n", "4"],
        &[
            "analyze",
            "stone-game",
            "--piles",
            "1,2,3",
            "--max-states",
            "5",
        ],
    ] {
        let output = gamelab().args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.starts_with("error: ") && stderr.lines().count() == 1,
            "{stderr}"
        );
    }
}
