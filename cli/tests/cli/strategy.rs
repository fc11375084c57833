//! Strategies: optimal play reproduces the solvers, no strategy beats the game value against an
//! optimal opponent, optimal play never does worse than the value, parity never loses with even
//! n but can be worse than optimal, greedy loses to optimal on a known instance; determinism and
//! the command line.

use crate::common::{fails_with, stdout_of};

#[test]
fn play_prints_one_game_or_many() {
    let text = stdout_of(&[
        "play",
        "stone-game",
        "--first",
        "greedy",
        "--second",
        "optimal",
        "--piles",
        "4,6,2,3",
    ]);
    assert!(
        text.contains("takes the left pile (4)") && text.contains("shortfall: +2"),
        "{text}"
    );
    let json: serde_json::Value = serde_json::from_str(&stdout_of(&[
        "play",
        "stone-game",
        "--first",
        "greedy",
        "--second",
        "optimal",
        "--piles",
        "4,6,2,3",
        "--format",
        "json",
    ]))
    .unwrap();
    assert_eq!(
        (
            json["first_score"].as_i64(),
            json["second_score"].as_i64(),
            json["margin"].as_i64()
        ),
        (Some(7), Some(8), Some(-1))
    );
    assert_eq!(json["winner"], "second");
    assert_eq!(json["moves"][0]["side"], "left");
    let json: serde_json::Value = serde_json::from_str(&stdout_of(&[
        "play",
        "stone-game",
        "--first",
        "random",
        "--second",
        "optimal",
        "--n",
        "6",
        "--trials",
        "200",
        "--format",
        "json",
    ]))
    .unwrap();
    for key in [
        "trials",
        "first_wins",
        "ties",
        "second_wins",
        "mean_margin",
        "mean_shortfall",
    ] {
        assert!(json.get(key).is_some(), "{key}");
    }
    assert_eq!(json["trials"], 200);
    assert!(json["mean_shortfall"].as_f64().unwrap() > 0.0);
    let divisor = stdout_of(&[
        "play",
        "divisor-game",
        "--first",
        "optimal",
        "--second",
        "random",
        "--n",
        "12",
    ]);
    assert!(divisor.contains("result: first"), "{divisor}");
}

#[test]
fn tournament_writes_text_csv_json_and_a_heatmap() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("t.csv");
    let png = dir.path().join("t.png");
    let text = stdout_of(&[
        "tournament",
        "stone-game",
        "--strategies",
        "optimal,greedy,parity",
        "--trials",
        "100",
        "--out",
        csv.to_str().unwrap(),
        "--plot",
        png.to_str().unwrap(),
    ]);
    assert!(text.contains("price of each strategy"), "{text}");
    assert_eq!(std::fs::read_to_string(&csv).unwrap().lines().count(), 10);
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    let json: serde_json::Value = serde_json::from_str(&stdout_of(&[
        "tournament",
        "divisor-game",
        "--strategies",
        "optimal,random",
        "--trials",
        "50",
        "--format",
        "json",
    ]))
    .unwrap();
    assert_eq!(json["matches"].as_array().unwrap().len(), 4);
}

#[test]
fn bad_strategies_are_refused() {
    fails_with(
        &[
            "play",
            "stone-game-ii",
            "--first",
            "parity",
            "--second",
            "optimal",
        ],
        &["'parity' is not available for stone-game-ii"],
    );
    fails_with(
        &[
            "play",
            "stone-game",
            "--first",
            "lookahead-0",
            "--second",
            "optimal",
        ],
        &["lookahead depth"],
    );
    fails_with(
        &[
            "play",
            "stone-game",
            "--first",
            "Greedy!",
            "--second",
            "optimal",
        ],
        &["not a strategy name"],
    );
    fails_with(
        &["tournament", "stone-game", "--strategies", "optimal,magic"],
        &["'magic' is not available"],
    );
    // One instance's piles with a setting of random instances: refused, not ignored.
    fails_with(
        &[
            "play",
            "stone-game",
            "--first",
            "greedy",
            "--second",
            "optimal",
            "--piles",
            "1,2",
            "--max-value",
            "3",
        ],
        &["the argument '--piles <LIST>' cannot be used with '--max-value <V>'"],
    );
    fails_with(
        &["tournament", "stone-game", "--strategies", "optimal"],
        &[
            "a tournament's strategies must be at least two (play plays one against itself), got optimal",
        ],
    );
    fails_with(
        &[
            "tournament",
            "stone-game",
            "--strategies",
            "greedy,optimal,greedy",
        ],
        &[
            "a tournament's strategies must be listed once each ('greedy' is there twice), got greedy,optimal,greedy",
        ],
    );
    fails_with(
        &[
            "play",
            "stone-game",
            "--first",
            "greedy",
            "--second",
            "optimal",
            "--trials",
            "0",
        ],
        &["--trials must be at least 1"],
    );
}
