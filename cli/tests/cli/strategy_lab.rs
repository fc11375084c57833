//! The command line of the strategy lab's second round: regret in `play`'s JSON and its value
//! history chart, `mistakes` and `strategy-curve` output and CSV, the ratings a tournament
//! prints, and one clear error line for every kind of bad input.

use crate::common::{fails_with, stdout_of};

#[test]
fn play_json_carries_each_moves_value_and_regret() {
    let out = stdout_of(&[
        "play",
        "stone-game",
        "--piles",
        "4,6,2,3",
        "--first",
        "greedy",
        "--second",
        "optimal",
        "--format",
        "json",
    ]);
    let record: serde_json::Value = serde_json::from_str(&out).unwrap();
    // Greedy takes the 4 and exposes the 6: the game worth +3 ends at -1.
    assert_eq!(record["optimal_margin"], 3);
    assert_eq!(record["margin"], -1);
    assert_eq!(record["first_regret"], 4);
    assert_eq!(record["second_regret"], 0);
    let first = &record["moves"][0];
    assert_eq!(
        (
            &first["value_before"],
            &first["value_after"],
            &first["regret"]
        ),
        (&3.into(), &(-1).into(), &4.into())
    );
}

#[test]
fn play_draws_the_value_history_of_one_game() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("history.svg");
    stdout_of(&[
        "play",
        "stone-game",
        "--piles",
        "4,6,2,3,9,1",
        "--first",
        "greedy",
        "--second",
        "lookahead-2",
        "--history",
        path.to_str().unwrap(),
    ]);
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.contains("value lost by the first player"), "{svg}");
    fails_with(
        &[
            "play",
            "stone-game",
            "--first",
            "greedy",
            "--second",
            "optimal",
            "--history",
            "h.svg",
        ],
        &["--history draws one game"],
    );
    fails_with(
        &[
            "play",
            "stone-game",
            "--piles",
            "1,2",
            "--first",
            "greedy",
            "--second",
            "optimal",
            "--history",
            "h.txt",
        ],
        &["h.txt", ".svg or .png"],
    );
}

#[test]
fn mistakes_writes_rows_by_ply_and_refuses_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("mistakes.csv");
    let out = stdout_of(&[
        "mistakes",
        "stone-game",
        "--strategy",
        "greedy,parity",
        "--n",
        "6",
        "--trials",
        "300",
        "--out",
        csv.to_str().unwrap(),
    ]);
    assert!(out.contains("mistake rate"), "{out}");
    let text = std::fs::read_to_string(&csv).unwrap();
    let header = text.lines().next().unwrap();
    assert!(header.starts_with("strategy,against,seat,n,ply,moves,mistakes,mistake_rate"));
    // Parity moves first on an even row: it never makes a losing move.
    let mut reader = csv::Reader::from_path(&csv).unwrap();
    let heads = reader.headers().unwrap().clone();
    let column = |name: &str| heads.iter().position(|h| h == name).unwrap();
    for row in reader.records() {
        let row = row.unwrap();
        if &row[column("strategy")] == "parity" {
            assert_eq!(&row[column("losing_moves")], "0", "{row:?}");
        }
    }
    fails_with(
        &["mistakes", "stone-game", "--strategy", "chess"],
        &["'chess'", "not available"],
    );
    fails_with(
        &[
            "mistakes",
            "stone-game",
            "--strategy",
            "greedy",
            "--trials",
            "0",
        ],
        &["--trials"],
    );
    fails_with(
        &[
            "mistakes",
            "stone-game",
            "--strategy",
            "greedy",
            "--seat",
            "middle",
        ],
        &["middle"],
    );
}

/// A seat that never moves (one pile, the second seat) has no estimate: `-`, said why, rather
/// than a rate of 0.000 that reads as a finding; a strategy that makes no mistake has no loss
/// per mistake.
#[test]
fn a_seat_that_never_moves_has_no_estimate() {
    let table = |command: &[&str]| {
        let mut args = command.to_vec();
        args.extend(["--n", "1", "--trials", "50"]);
        stdout_of(&args)
    };
    let mistakes = table(&[
        "mistakes",
        "stone-game",
        "--strategy",
        "greedy",
        "--seat",
        "second",
    ]);
    let curve = table(&[
        "strategy-curve",
        "stone-game",
        "--strategy",
        "mcts",
        "--budgets",
        "1",
        "--seat",
        "second",
    ]);
    for out in [&mistakes, &curve] {
        let row = out.lines().nth(2).unwrap_or_default();
        assert!(!row.contains("0.000 ("), "{out}");
        assert!(
            row.split_whitespace().filter(|cell| *cell == "-").count() >= 2,
            "{out}"
        );
        assert!(
            out.ends_with("-: no estimate, the second seat made no move in these instances\n"),
            "{out}"
        );
    }
    let first = table(&["mistakes", "stone-game", "--strategy", "greedy"]);
    let all = first.lines().find(|line| line.contains(" all ")).unwrap();
    assert!(
        all.contains("0.000 (0.000-") && all.ends_with(" -"),
        "{first}"
    );
    assert!(!first.contains("no estimate"), "{first}");
}

#[test]
fn strategy_curve_gives_one_row_per_budget() {
    let out = stdout_of(&[
        "strategy-curve",
        "stone-game",
        "--strategy",
        "noisy",
        "--budgets",
        "0,0.5,1",
        "--n",
        "6",
        "--trials",
        "100",
    ]);
    let lines: Vec<&str> = out.lines().filter(|l| l.starts_with("noisy-")).collect();
    assert_eq!(lines.len(), 3, "{out}");
    // noisy-0 is optimal play: full agreement, no regret.
    assert!(
        lines[0].contains("1.000 (") && lines[0].contains("0.000 (0.000-0.000)"),
        "{out}"
    );
    fails_with(
        &[
            "strategy-curve",
            "stone-game",
            "--strategy",
            "chess",
            "--budgets",
            "1",
        ],
        &["chess", "mcts"],
    );
    // A strategy the game has, but not a family with a budget: said as such, not as unknown.
    for (strategy, expected) in [
        (
            "greedy",
            "strategy 'greedy' has no budget for a curve to vary: give a family with one (mcts, \
             noisy, lookahead), or study greedy alone with `mistakes --strategy greedy`",
        ),
        (
            "mcts-3",
            "'mcts-3' is one budget of mcts: name the family and the budgets apart, e.g. \
             --strategy mcts --budgets 3",
        ),
    ] {
        fails_with(
            &[
                "strategy-curve",
                "stone-game",
                "--strategy",
                strategy,
                "--budgets",
                "2",
            ],
            &[expected],
        );
    }
    fails_with(
        &[
            "strategy-curve",
            "stone-game",
            "--strategy",
            "mcts",
            "--budgets",
            "0",
        ],
        &["the budget '0' of mcts (--budgets) must be a number of simulations"],
    );
    // Budgets past the largest a family takes name that largest; a budget listed twice would
    // repeat its rows.
    for (family, budgets, expected) in [
        (
            "lookahead",
            "21",
            "the budget '21' of lookahead (--budgets) must be a depth from 1 to 20 (e.g. 2), got 21",
        ),
        (
            "mcts",
            "10000001",
            "must be a number of simulations from 1 to 10000000",
        ),
        (
            "lookahead",
            "2,3,2",
            "a curve's budgets must be listed once each ('lookahead-2' is there twice)",
        ),
    ] {
        fails_with(
            &[
                "strategy-curve",
                "stone-game",
                "--strategy",
                family,
                "--budgets",
                budgets,
            ],
            &[expected],
        );
    }
    fails_with(
        &["mistakes", "stone-game", "--strategy", "greedy,greedy"],
        &[
            "the strategies studied must be listed once each ('greedy' is there twice), got greedy,greedy",
        ],
    );
}

#[test]
fn a_tournament_prints_and_saves_ratings() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("t.csv");
    let out = stdout_of(&[
        "tournament",
        "stone-game",
        "--strategies",
        "optimal,random",
        "--trials",
        "200",
        "--out",
        csv.to_str().unwrap(),
    ]);
    assert!(out.contains("ratings (Bradley-Terry"), "{out}");
    assert!(out.contains("moving first"), "{out}");
    // The ratings' rows, the first move's included, line up: each interval starts in one column.
    let ratings: Vec<&str> = out
        .lines()
        .skip_while(|line| !line.starts_with("ratings ("))
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .collect();
    assert_eq!(ratings.len(), 3, "{out}");
    let intervals: Vec<Option<usize>> = ratings.iter().map(|line| line.find("  (")).collect();
    assert!(
        intervals.iter().all(|column| *column == intervals[0]),
        "{out}"
    );
    let header = std::fs::read_to_string(&csv).unwrap();
    assert!(header.lines().next().unwrap().ends_with(
        "first_rating,first_rating_low,first_rating_high,second_rating,second_rating_low,second_rating_high"
    ));
}

/// `optimal` plays stone-game from the `diff` table (the game's fast solver), not a memoised
/// search: 3,000 piles (4.5 million positions, above `memo`'s limit of 4 million) are played to
/// exactly the value `solve` gives, with and without regret; beyond the table's 10,000 piles the
/// refusal names the strategy.
#[test]
fn optimal_play_reads_the_fast_solvers_table_beyond_the_memo_limit() {
    let piles: Vec<String> = (0..3000u64)
        .map(|i| ((i * 7919 + 13) % 97 + 1).to_string())
        .collect();
    let piles = piles.join(",");
    let solved = stdout_of(&[
        "solve",
        "stone-game",
        "--piles",
        &piles,
        "--value-only",
        "--format",
        "json",
    ]);
    let solved: serde_json::Value = serde_json::from_str(&solved).unwrap();
    for (first, second) in [("optimal", "optimal"), ("noisy-0", "optimal")] {
        let out = stdout_of(&[
            "play",
            "stone-game",
            "--piles",
            &piles,
            "--first",
            first,
            "--second",
            second,
            "--format",
            "json",
        ]);
        let record: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(
            record["margin"], solved["margin"],
            "{first} against {second}"
        );
        assert_eq!(record["first_regret"], 0);
        assert_eq!(record["second_regret"], 0);
    }
    let too_many = vec!["7"; 10_001].join(",");
    fails_with(
        &[
            "play",
            "stone-game",
            "--piles",
            &too_many,
            "--first",
            "optimal",
            "--second",
            "greedy",
        ],
        &["the optimal strategy of the first player refuses this instance"],
    );
    // Random instances too, before any budget: advice to raise one would not help.
    for budget in ["1ms", "10s"] {
        fails_with(
            &[
                "play",
                "stone-game-ii",
                "--first",
                "optimal",
                "--second",
                "optimal",
                "--n",
                "4000",
                "--trials",
                "1",
                "--max-time",
                budget,
            ],
            &[
                "the optimal strategy of the first player refuses this instance: the number of \
               positions is up to 8004001, above its limit of 4000000",
            ],
        );
    }
}

#[test]
fn a_game_is_costed_for_both_sides_at_once() {
    // Each side alone fitting the budget is not enough: both search in the same game. The
    // refusal names the side that takes the most, the other beside it, and the sum.
    let game = ["play", "nim", "--n", "300", "--subtract", "20,21"];
    let one = [&game[..], &["--first", "mcts-1000", "--second", "random"]].concat();
    let both = [
        &game[..],
        &["--first", "mcts-1000", "--second", "mcts-2000"],
    ]
    .concat();
    let budget = ["--max-time", "1ms"];
    let with_budget = |args: &[&'static str]| [args, &budget[..]].concat();
    fails_with(
        &with_budget(&one),
        &[
            "the mcts-1000 strategy of the first player, with the random one of the second, \
             in games of up to 15 moves, would take about",
            "(mostly 50000 MCTS simulation steps)",
            "use fewer simulations (mcts-K)",
        ],
    );
    fails_with(
        &with_budget(&both),
        &[
            "the mcts-2000 strategy of the second player, with the mcts-1000 one of the first,",
            "(mostly 150000 MCTS simulation steps)",
        ],
    );
}

#[test]
fn one_instance_is_said_in_the_singular() {
    let one = stdout_of(&[
        "play", "nim", "--first", "greedy", "--second", "optimal", "--n-max", "10", "--trials", "1",
    ]);
    assert!(
        one.starts_with("nim: greedy (first) against optimal (second), 1 instance: N = 1..10"),
        "{one}"
    );
}

#[test]
fn the_budget_a_refusal_advises_admits_the_run() {
    // One game runs on one thread: the whole is not costed below its one game, so the budget
    // the refusal advises is not refused again by the game's own check.
    let game = [
        "play",
        "stone-game-ii",
        "--first",
        "greedy",
        "--second",
        "random",
        "--n",
        "6000",
        "--trials",
        "1",
        "--max-time",
    ];
    let refused = crate::common::gamelab()
        .args(game)
        .arg("1ms")
        .output()
        .unwrap();
    let stderr = String::from_utf8(refused.stderr).unwrap();
    let advised = stderr
        .split("(e.g. --max-time ")
        .nth(1)
        .and_then(|rest| rest.split([',', ')']).next())
        .unwrap_or_else(|| panic!("no advice in {stderr}"));
    let admitted = crate::common::gamelab()
        .args(game)
        .arg(advised)
        .output()
        .unwrap();
    assert!(
        admitted.status.success(),
        "--max-time {advised}: {}",
        String::from_utf8_lossy(&admitted.stderr)
    );
}
