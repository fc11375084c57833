//! Explorer pages made from Python, in a real browser: `gamelab.explorer(...).save()` writes the
//! page of Kayles (a game defined in Python, which gamelab does not have) and of a built-in
//! game (`tests/tools/python_pages.py`), and the browser driver plays them as it plays the
//! pages of `gamelab explore`: every step against `gamelab.analyze` (Kayles; its values also
//! against a plain recursion in the script) or `gamelab analyze` (the built-in game), "best
//! move" against the solution, the DAG's toggles and the layout at a desktop's and a phone's
//! size. Needs both Chromium (with playwright-core) and the venv.

use crate::browser::{Case, check_page, check_result, drive, screenshot_dir};
use crate::python::{build_extension, python};
use serde_json::{Value, json};
use std::path::Path;

/// What these tests need that is missing here: the browser's tools or the venv.
pub fn missing() -> Option<crate::Missing> {
    crate::browser::missing().or_else(crate::python::missing)
}

fn script() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/tools/python_pages.py")
}

/// `python_pages.py ARGS`'s standard output.
fn run_script(args: &[&str]) -> String {
    let output = python().arg(script()).args(args).output().unwrap();
    assert!(
        output.status.success(),
        "python_pages.py {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

pub fn pages_from_python_play_a_python_game_and_a_built_in_one() {
    build_extension();
    let dir = tempfile::tempdir().unwrap();
    run_script(&["pages", dir.path().to_str().unwrap()]);
    let shots = screenshot_dir();
    let page = |name: &str, seed: u64| {
        json!({
            "url": format!("file://{}", dir.path().join(format!("{name}.html")).display()),
            "seed": seed,
            "screenshot": shots.join(format!("python-{name}-end.png")),
            "screenshot_dag": shots.join(format!("python-{name}-dag.png")),
        })
    };
    let results = drive(
        &crate::browser::driver_dir(),
        vec![page("kayles", 2), page("stone-game-iii", 5)],
    );

    // Kayles: every figure as gamelab.analyze gives it, and each position's value from here as
    // the script's own recursion finds it.
    let kayles = &results[0];
    let line: Vec<String> = kayles["line"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    let expected: Value =
        serde_json::from_str(&run_script(&["expect", &json!(line).to_string()])).unwrap();
    let analyses = expected["analyses"].as_array().unwrap();
    for (k, (analysis, reference)) in analyses
        .iter()
        .zip(expected["reference"].as_array().unwrap())
        .enumerate()
    {
        assert_eq!(analysis["remaining_margin"], *reference, "Kayles step {k}");
    }
    let optimal = crate::browser::solution_line(&expected["solution"]);
    let mut by_line: Vec<(Vec<String>, Value)> = analyses
        .iter()
        .enumerate()
        .map(|(k, a)| (line[..k].to_vec(), a.clone()))
        .collect();
    by_line.extend(
        expected["best"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
            .map(|(k, a)| (optimal[..k].to_vec(), a.clone())),
    );
    let analyze = |played: &[String]| {
        by_line
            .iter()
            .find(|(l, _)| l.as_slice() == played)
            .map(|(_, a)| a.clone())
            .unwrap_or_else(|| panic!("no analysis of {played:?}"))
    };
    check_page("Kayles", kayles, &analyze, &expected["solution"]);
    // Its board is the game's own text of the position; no DP table.
    let first = &kayles["steps"][0];
    assert_eq!(first["board_text"], "||||||||", "{first}");
    assert_eq!(first["table_shown"], false);
    assert_eq!(kayles["requests"].as_array().unwrap().len(), 1);

    // The built-in game from Python plays as `gamelab analyze` says.
    let built_in = Case {
        game: "stone-game-iii",
        instance: &["--piles", "3,-1,4,1,-5,9,2"],
        seed: 5,
    };
    check_result(&built_in, &results[1]);
}
