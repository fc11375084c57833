//! The games beyond the original six against the literature: Stone Game IV's losing positions are OEIS
//! A030193, nim's Grundy values and periods, the pizza theorem's 4/9, Stone Game VII's margin
//! objective in EFG, and every generic command working on the new games.

use crate::common::stdout_of;

#[test]
fn generic_commands_work_on_every_new_game() {
    for (game, instance) in [
        ("stone-game-vii", ["--piles", "5,3,1,4,2"]),
        ("stone-game-iv", ["--n", "7"]),
        ("nim", ["--n", "9"]),
        ("coins-in-a-circle", ["--piles", "3,1,4,1,5"]),
    ] {
        let mut tree = vec!["tree", game];
        tree.extend(instance);
        tree.extend(["--format", "efg"]);
        assert!(stdout_of(&tree).starts_with("EFG 2 R"), "{game}");
        let mut dag = vec!["tree", game, "--dag"];
        dag.extend(instance);
        assert!(stdout_of(&dag).starts_with("digraph"), "{game}");
        // Number games have one instance per N; pile games take --trials.
        let number_game = game == "stone-game-iv" || game == "nim";
        let mut sweep = vec!["sweep", game, "--n-max", "8", "--format", "csv"];
        if !number_game {
            sweep.extend(["--trials", "20"]);
        }
        let sweep = stdout_of(&sweep);
        let trials = if number_game { 1 } else { 20 };
        assert!(
            sweep
                .lines()
                .nth(1)
                .unwrap()
                .starts_with(&format!("1,{trials},")),
            "{game}: {sweep}"
        );
        let play = stdout_of(&[
            "tournament",
            game,
            "--strategies",
            "optimal,greedy,random",
            "--trials",
            "30",
            "--n-max",
            "7",
        ]);
        assert!(play.contains("mean margin"), "{game}");
    }
    let nim = stdout_of(&[
        "sweep",
        "nim",
        "--n-max",
        "12",
        "--subtract",
        "1,3,4",
        "--format",
        "csv",
    ]);
    // S = {1, 3, 4}: losing positions 0, 2, 7, 9 (mod 7): N = 2, 7, 9 lose among 1..12.
    let losing: Vec<&str> = nim
        .lines()
        .skip(1)
        .filter(|l| l.split(',').nth(2) == Some("0"))
        .map(|l| l.split(',').next().unwrap())
        .collect();
    assert_eq!(losing, vec!["2", "7", "9"]);
}
