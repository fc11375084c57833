//! The explorer page in a real browser: Debian's Chromium driven by playwright-core
//! (`tests/tools/browser/explorer.mjs`). Whole games are played through the page and every step
//! is compared with `gamelab analyze`; undo, redo, restart, "best move" (against `solve`), the
//! value history, the DAG's expand/collapse, console errors and network requests are checked.
//! `.ci/run` installs Chromium and the npm package; with `CI=true` a missing one fails the
//! test, locally it is skipped with a note. With `GAMELAB_SCREENSHOTS=1` in the environment,
//! screenshots of every page played land in `target/browser-screenshots/`.

use crate::common::gamelab;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The browsers the tests can drive, the first one installed wins: Debian's
/// `chromium-headless-shell` (the same Chromium engine and renderer without the desktop
/// browser's window layers: the standalone pages' test in half the CPU, 10 CPU-s instead of
/// 21), else Debian's full `chromium`.
const BROWSERS: [&str; 2] = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];

/// The installed browser the tests drive, if any.
fn browser() -> Option<&'static str> {
    BROWSERS.into_iter().find(|path| Path::new(path).exists())
}

/// The folder of the browser driver (`explorer.mjs` and its npm package).
pub fn driver_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/tools/browser")
}

/// What the browser tests need that is missing here, if anything.
pub fn missing() -> Option<crate::Missing> {
    if browser().is_none() {
        return Some(crate::Missing {
            tool: "chromium-headless-shell".into(),
            how: format!(
                "Debian's Chromium ({}): apt install chromium-headless-shell",
                BROWSERS.join(" or ")
            ),
        });
    }
    (!driver_dir().join("node_modules/playwright-core").exists()).then(|| crate::Missing {
        tool: "playwright-core".into(),
        how: "the npm package pinned in cli/tests/tools/browser: (cd cli/tests/tools/browser && npm ci)"
            .into(),
    })
}

/// Whether screenshots are asked for: `GAMELAB_SCREENSHOTS` set, and neither empty nor `0`.
fn screenshots_wanted() -> bool {
    std::env::var("GAMELAB_SCREENSHOTS").is_ok_and(|value| !value.is_empty() && value != "0")
}

/// Where screenshots go when asked for (inside the target directory, so they are never
/// committed by accident); made only then.
pub fn screenshot_dir() -> PathBuf {
    let dir = crate::common::repository().join("target/browser-screenshots");
    if screenshots_wanted() {
        std::fs::create_dir_all(&dir).unwrap();
    }
    dir
}

/// Runs the driver on `pages` and returns one result per page.
pub fn drive(tools: &Path, pages: Vec<Value>) -> Vec<Value> {
    let config = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(
        config.path(),
        json!({
            "chromium": browser().expect("missing() checked for a browser"),
            "screenshots": screenshots_wanted(),
            "pages": pages,
        })
        .to_string(),
    )
    .unwrap();
    let output = Command::new("node")
        .arg(tools.join("explorer.mjs"))
        .arg(config.path())
        .current_dir(tools)
        .output()
        .expect("node runs");
    assert!(
        output.status.success(),
        "the browser driver failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    report["results"].as_array().unwrap().clone()
}

/// `gamelab analyze GAME INSTANCE --moves LINE --format json`.
fn analyze(game: &str, instance: &[&str], line: &[String]) -> Value {
    let mut command = gamelab();
    command.args(["analyze", game]).args(instance);
    if !line.is_empty() {
        command.arg("--moves").arg(line.join(","));
    }
    let output = command.args(["--format", "json"]).output().unwrap();
    assert!(output.status.success(), "{line:?}");
    serde_json::from_slice(&output.stdout).unwrap()
}

/// Checks one page snapshot against the analysis of the line that reached it: every figure,
/// and that each colour shown (badge, move buttons, the current DAG node) is the value from
/// here it stands for.
fn check_step(shot: &Value, expected: &Value, history: &[i64], context: &str) {
    assert_eq!(shot["to_move"], expected["to_move"], "{context}");
    assert_eq!(shot["value"], expected["remaining_value"], "{context}");
    assert_eq!(shot["margin"], expected["remaining_margin"], "{context}");
    assert_eq!(shot["game_margin"], expected["margin"], "{context}");
    assert_eq!(shot["remoteness"], expected["remoteness"], "{context}");
    assert_eq!(shot["badge"], expected["remaining_value"], "{context}");
    assert_eq!(shot["node"], expected["remaining_value"], "{context}");
    assert_eq!(
        shot["dag_in_view"],
        json!(true),
        "{context}: the current DAG node and its moves' nodes are scrolled into view"
    );
    let piles = expected.get("piles").cloned().unwrap_or(Value::Null);
    assert_eq!(shot["piles"], piles, "{context}");
    if !piles.is_null() {
        // The board shows the piles left in the row's order (a circle's arc from its first).
        assert_eq!(shot["board_left"], piles, "{context}: the board");
        // Stone-game-ii's M, as `analyze` writes it after the piles, is under the row too
        // (coins-in-a-circle's "(circle)" is the game's, not the position's).
        let position = expected["position"].as_str().unwrap_or_default();
        let beyond = position
            .split_once("] ")
            .map_or("", |(_, rest)| rest)
            .trim_start_matches(|c| c != 'M');
        let caption = shot["board_caption"].as_str().unwrap_or_default();
        assert!(
            caption.ends_with(" piles left") && beyond.is_empty()
                || caption.ends_with(&format!(" piles left, {beyond}")),
            "{context}: the board's caption '{caption}' for the position {position}"
        );
    }
    assert_eq!(
        shot["history_scale"],
        json!(3),
        "{context}: the history's scale"
    );
    assert_eq!(shot["first"], expected["scores"]["first"], "{context}");
    assert_eq!(shot["second"], expected["scores"]["second"], "{context}");
    let moves: Vec<Value> = expected["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            json!({"move": m["move"], "value": m["remaining_value"],
                   "margin": m["remaining_margin"], "game_margin": m["margin"],
                   "remoteness": m["remoteness"], "colour": m["remaining_value"]})
        })
        .collect();
    assert_eq!(shot["moves"], json!(moves), "{context}");
    assert_eq!(shot["history"], json!(history), "{context}");
}

/// One game to explore: its name, instance flags and the driver's seed for varied moves.
pub struct Case {
    pub game: &'static str,
    pub instance: &'static [&'static str],
    pub seed: u64,
}

pub const CASES: &[Case] = &[
    Case {
        game: "stone-game",
        instance: &["--piles", "4,6,2,3,9,1,7,5"],
        seed: 1,
    },
    Case {
        game: "stone-game-ii",
        instance: &["--piles", "2,7,9,4,4,6,1"],
        seed: 2,
    },
    Case {
        game: "stone-game-iii",
        instance: &["--piles", "1,2,3,-9,7,4,-2"],
        seed: 3,
    },
    Case {
        game: "divisor-game",
        instance: &["--n", "18"],
        seed: 4,
    },
    Case {
        game: "nim",
        instance: &["--n", "13", "--subtract", "1,3,4"],
        seed: 5,
    },
    Case {
        game: "octal",
        instance: &["--n", "9", "--code", "0.6"],
        seed: 8,
    },
    Case {
        game: "stone-game-vii",
        instance: &["--piles", "5,3,1,4,2,6"],
        seed: 6,
    },
    // A circle, whose arc wraps past the row's end, and margins in the thousands.
    Case {
        game: "coins-in-a-circle",
        instance: &["--piles", "3000,9000,1000,2000,8000,5000"],
        seed: 7,
    },
];

/// Checks what the driver saw on one page of `case` against `gamelab analyze` and `solve`.
pub fn check_result(case: &Case, result: &Value) {
    let solution: Value = serde_json::from_str(&crate::common::stdout_of(
        &[&["solve", case.game], case.instance, &["--format", "json"]].concat(),
    ))
    .unwrap();
    check_page(
        case.game,
        result,
        &|line: &[String]| analyze(case.game, case.instance, line),
        &solution,
    );
}

/// The line of moves a solution's JSON plays, by their names (`left`, `2`, `row 1: pin 2`).
pub fn solution_line(solution: &Value) -> Vec<String> {
    solution["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|mv| {
            let key = ["side", "count", "x", "take", "slice", "move"]
                .into_iter()
                .find(|key| mv.get(*key).is_some())
                .unwrap();
            mv[key].to_string().trim_matches('"').to_string()
        })
        .collect()
}

/// Checks what the driver saw on one page of `game` against `analyze` (the analysis of the
/// position a line of moves reaches, as `gamelab analyze --format json` gives it) and the
/// game's solution (as `gamelab solve --format json` gives it): every step of the game played,
/// undo, redo and restart, "best move" to the end, the DAG's toggles, the console and the
/// layout.
pub fn check_page(
    game: &str,
    result: &Value,
    analyze: &dyn Fn(&[String]) -> Value,
    solution: &Value,
) {
    let steps = result["steps"].as_array().unwrap();
    let line: Vec<String> = result["line"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    assert_eq!(steps.len(), line.len() + 1, "{game}: a whole game");
    assert!(line.len() >= 3, "{game}: {line:?}");
    let analyses: Vec<Value> = (0..=line.len()).map(|k| analyze(&line[..k])).collect();
    let history: Vec<i64> = analyses
        .iter()
        .map(|a| a["first_margin"].as_i64().unwrap())
        .collect();
    for (k, shot) in steps.iter().enumerate() {
        check_step(
            shot,
            &analyses[k],
            &history[..=k],
            &format!("{game} step {k}"),
        );
    }
    let last = steps.last().unwrap();
    assert_eq!(
        last["moves"],
        json!([]),
        "{game}: a finished game has no moves"
    );
    assert_eq!(last["value"], analyses[line.len()]["remaining_value"]);

    // Undo, redo and restart restore the exact earlier positions.
    let undos = result["undos"].as_u64().unwrap() as usize;
    assert_eq!(
        result["after_undo"],
        steps[steps.len() - 1 - undos],
        "{game}"
    );
    assert_eq!(result["after_redo"], *last, "{game}");
    assert_eq!(result["after_restart"], steps[0], "{game}");

    // "Best move" follows solve's optimal play.
    let optimal = solution_line(solution);
    let best = result["best"].as_array().unwrap();
    assert_eq!(best.len(), optimal.len() + 1, "{game}");
    for (k, shot) in best.iter().enumerate() {
        let expected = analyze(&optimal[..k]);
        let history: Vec<i64> = (0..=k)
            .map(|_| solution["margin"].as_i64().unwrap())
            .collect();
        check_step(shot, &expected, &history, &format!("{game} best move {k}"));
    }
    assert_eq!(best.last().unwrap()["first"], solution["first_score"]);
    assert_eq!(best.last().unwrap()["second"], solution["second_score"]);

    // The DAG: a node expands (more nodes, marked expanded) and collapses back.
    let dag = &result["dag"];
    assert!(dag["id"].is_string(), "{game}: a node to expand: {dag}");
    assert!(
        dag["expanded"].as_u64() > dag["before"].as_u64(),
        "{game}: {dag}"
    );
    assert_eq!(dag["collapsed"], dag["before"], "{game}: {dag}");
    assert_eq!(dag["states"], json!(["true", "false"]), "{game}: {dag}");
    assert!(
        dag["currentCollapsed"].as_u64() < dag["currentExpanded"].as_u64(),
        "{dag}"
    );

    assert_eq!(result["errors"], json!([]), "{game}: console errors");
    if result["layout_checked"] == json!(true) {
        check_layout(game, result);
    } else {
        assert_eq!(result["layout_checked"], json!(false), "{game}: {result}");
    }
}

/// No two texts of the page overlap at a desktop's or a phone's size, at any position of the
/// game played or with a DAG node expanded, and the page is never wider than the window.
pub fn check_layout(context: &str, result: &Value) {
    let passes = result["layout"].as_array().unwrap();
    assert_eq!(passes.len(), 2, "{context}: a desktop and a phone pass");
    for pass in passes {
        let width = pass["viewport"]["width"].as_u64().unwrap();
        assert_eq!(
            pass["overlaps"],
            json!([]),
            "{context} at {width} px: texts overlap"
        );
        assert!(
            pass["widest"].as_u64().unwrap() <= width,
            "{context}: the page is {} px wide in a {width} px window",
            pass["widest"]
        );
        assert!(pass["texts"].as_u64().unwrap() > 20, "{context}: {pass}");
        assert!(pass["checks"].as_u64().unwrap() >= 2, "{context}: {pass}");
    }
}

pub fn explorer_pages_play_every_game_as_analyze_says() {
    let tools = driver_dir();
    let dir = tempfile::tempdir().unwrap();
    let shots = screenshot_dir();
    let pages: Vec<Value> = CASES
        .iter()
        .map(|case| {
            let page = dir.path().join(format!("{}.html", case.game));
            let output = gamelab()
                .args(["explore", case.game])
                .args(case.instance)
                .arg("--out")
                .arg(&page)
                .output()
                .unwrap();
            assert!(output.status.success(), "{}", case.game);
            json!({
                "url": format!("file://{}", page.display()),
                "seed": case.seed,
                "screenshot": shots.join(format!("{}-end.png", case.game)),
                "screenshot_dag": shots.join(format!("{}-dag.png", case.game)),
            })
        })
        .collect();
    let results = drive(&tools, pages);
    assert_eq!(results.len(), CASES.len());
    for (case, result) in CASES.iter().zip(&results) {
        check_result(case, result);
        // Offline: the page itself is the only thing the browser loads.
        let requests = result["requests"].as_array().unwrap();
        assert_eq!(requests.len(), 1, "{}: {requests:?}", case.game);
        assert_eq!(requests[0], result["url"]);
    }
}

/// The overlap check itself finds overlapping texts and a page wider than the window: a page
/// with two texts on top of each other, one line too long for a phone, and a third text
/// hidden by its scrolling box (which must not count).
pub fn the_layout_check_finds_overlapping_texts() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("overlaps.html");
    std::fs::write(
        &page,
        r#"<!DOCTYPE html><html><body style="margin:0">
<div data-testid="position" data-value="win">status</div>
<div style="position:relative;height:40px"><span style="position:absolute;left:10px;top:0">first text</span><span style="position:absolute;left:30px;top:4px">second text</span></div>
<div style="white-space:nowrap">a line of text far too long for a phone's window of three hundred and ninety pixels</div>
<div style="height:20px;overflow:hidden"><div style="height:20px">shown</div><div>status hidden below</div></div>
<svg width="200" height="40"><text x="10" y="20">svg one</text><text x="20" y="24">svg two</text></svg>
</body></html>"#,
    )
    .unwrap();
    let results = drive(
        &driver_dir(),
        vec![json!({ "url": format!("file://{}", page.display()), "layout_only": true })],
    );
    let passes = results[0]["layout"].as_array().unwrap();
    for pass in passes {
        let pairs: Vec<(String, String)> = pass["overlaps"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| {
                (
                    o["a"].as_str().unwrap().into(),
                    o["b"].as_str().unwrap().into(),
                )
            })
            .collect();
        assert!(
            pairs.contains(&("first text".into(), "second text".into())),
            "{pairs:?}"
        );
        assert!(
            pairs.contains(&("svg one".into(), "svg two".into())),
            "{pairs:?}"
        );
        assert_eq!(pairs.len(), 2, "the hidden text does not count: {pairs:?}");
    }
    assert!(passes[1]["widest"].as_u64().unwrap() > 390, "{}", passes[1]);
    assert!(
        passes[0]["widest"].as_u64().unwrap() <= 1280,
        "{}",
        passes[0]
    );
}

pub fn the_300_pile_page_loads_and_answers_clicks() {
    let tools = driver_dir();
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("big.html");
    let piles: Vec<String> = (0..300)
        .map(|i| ((i * 37 + 11) % 97 + 1).to_string())
        .collect();
    let piles = piles.join(",");
    let output = gamelab()
        .args(["explore", "stone-game", "--piles", &piles, "--out"])
        .arg(&page)
        .output()
        .unwrap();
    assert!(output.status.success());
    let shots = screenshot_dir();
    let results = drive(
        &tools,
        vec![json!({
            "url": format!("file://{}", page.display()),
            "seed": 9,
            "max_steps": 12,
            "screenshot": shots.join("stone-game-300-end.png"),
            "screenshot_dag": shots.join("stone-game-300.png"),
        })],
    );
    let result = &results[0];
    // Twelve moves into the game, every step and the solver's moves as `gamelab analyze` says.
    let steps = result["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 12);
    let line: Vec<String> = result["line"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    let instance = ["--piles", piles.as_str()];
    for (k, shot) in steps.iter().enumerate() {
        let expected = analyze("stone-game", &instance, &line[..k]);
        assert_eq!(shot["margin"], expected["remaining_margin"], "step {k}");
        assert_eq!(shot["game_margin"], expected["margin"], "step {k}");
        assert_eq!(shot["remoteness"], expected["remoteness"], "step {k}");
        assert_eq!(shot["piles"], expected["piles"], "step {k}");
    }
    assert_eq!(result["best"].as_array().unwrap().len(), 13);
    assert_eq!(result["errors"], json!([]));
    check_layout("stone-game with 300 piles", result);
    eprintln!(
        "300 piles: page ready in {} ms, a move click updates it in {:.1} ms",
        result["loaded_ms"],
        result["click_ms"].as_f64().unwrap_or(f64::NAN)
    );
}

/// The query string of `case` for the served page: `game=...&piles=...`.
fn query(case: &Case) -> String {
    let mut query = format!("game={}", case.game);
    for pair in case.instance.chunks(2) {
        query.push_str(&format!(
            "&{}={}",
            pair[0].trim_start_matches("--"),
            pair[1]
        ));
    }
    query
}

/// A served page picks its game from the URL, loads it from the server's API and then plays as
/// the page `explore` writes. One game of each kind of input (piles; a number; a number and a
/// subtraction set; a number and an octal code) is played here; that the API gives every game the data `explore` writes is
/// checked without a browser (tests/cli/serve.rs), and the standalone pages' test plays them all.
pub fn served_pages_of_each_kind_of_input_play_as_analyze_says() {
    let tools = driver_dir();
    let server = crate::common::server::Server::start(&[]);
    let shots = screenshot_dir();
    let cases: Vec<&Case> = ["stone-game", "divisor-game", "nim", "octal"]
        .into_iter()
        .map(|game| CASES.iter().find(|case| case.game == game).unwrap())
        .collect();
    let pages: Vec<Value> = cases
        .iter()
        .enumerate()
        .map(|(k, case)| {
            json!({
                "url": format!("http://{}/?{}", server.address, query(case)),
                "seed": case.seed + 10,
                "screenshot": shots.join(format!("served-{}.png", case.game)),
                // The same page as `explore` writes, whose layout the standalone pages' test
                // measures for every game: here once, for what only a served page shows.
                "layout": k == 0,
            })
        })
        .collect();
    let results = drive(&tools, pages);
    let measured: Vec<bool> = results
        .iter()
        .map(|r| r["layout_checked"] == json!(true))
        .collect();
    assert_eq!(measured, [true, false, false, false]);
    let origin = format!("http://{}/", server.address);
    for (case, result) in cases.iter().zip(&results) {
        check_result(case, result);
        // Only the page and its own API: nothing from outside.
        for request in result["requests"].as_array().unwrap() {
            assert!(request.as_str().unwrap().starts_with(&origin), "{request}");
        }
    }
}
