//! `gamelab tree` from the outside: formats, files, rendering with and without Graphviz, and the
//! size guard.

use crate::common::{fails_with, gamelab, stdout_of};

#[test]
fn dot_efg_and_json_come_out() {
    assert!(stdout_of(&["tree", "stone-game", "--piles", "4,6,2,3"]).starts_with("digraph game {"));
    assert!(
        stdout_of(&["tree", "divisor-game", "--n", "6", "--format", "efg"]).starts_with("EFG 2 R")
    );
    let json = stdout_of(&[
        "tree",
        "stone-game-ii",
        "--piles",
        "2,7,9,4,4",
        "--dag",
        "--format",
        "json",
    ]);
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["kind"], "dag");
}

#[test]
fn the_title_shows_how_much_smaller_the_dag_is() {
    let dot = stdout_of(&["tree", "stone-game", "--piles", "1,2,3,4,5,6", "--dag"]);
    assert!(
        dot.contains("state DAG, 22 nodes (full tree: 95 nodes)"),
        "{dot}"
    );
}

#[test]
fn oversize_requests_are_refused_with_the_count() {
    let piles = vec!["1"; 30].join(",");
    fails_with(
        &["tree", "stone-game", "--piles", &piles],
        &[
            "game tree has 1610612735 nodes",
            "more than --max-nodes allows (1000000)",
            "draw the state DAG (--dag) instead (it has 466 nodes)",
        ],
    );
    fails_with(
        &[
            "tree",
            "stone-game",
            "--piles",
            "1,2,3,4,5",
            "--dag",
            "--max-nodes",
            "10",
        ],
        &["state DAG has 16 nodes, more than --max-nodes allows (10)"],
    );
    // A picture names the limit that refused it: the smaller of the two.
    let dir = tempfile::tempdir().unwrap();
    let picture = dir.path().join("dag.svg");
    let picture = picture.to_str().unwrap();
    let dag_picture = [
        "tree",
        "divisor-game",
        "--n",
        "1000",
        "--dag",
        "--render",
        "svg",
        picture,
    ];
    fails_with(
        &dag_picture,
        &[
            "state DAG has 1998 nodes, more than --max-render-nodes allows for a picture (1000)",
            "or raise --max-render-nodes",
        ],
    );
    fails_with(
        &[&dag_picture[..], &["--max-nodes", "500"]].concat(),
        &[
            "more than --max-nodes allows for a picture (500)",
            "or raise --max-nodes",
        ],
    );
    assert!(!dir.path().join("dag.svg").exists());
    let huge = vec!["1"; 3000].join(",");
    fails_with(
        &["tree", "stone-game", "--piles", &huge, "--dag"],
        &[
            "state DAG has more than 2000000 nodes",
            "at most 4501501 positions",
        ],
    );
}

#[test]
fn efg_of_a_dag_is_refused() {
    fails_with(
        &[
            "tree",
            "stone-game",
            "--piles",
            "1,2",
            "--dag",
            "--format",
            "efg",
        ],
        &["drop --dag"],
    );
}

#[test]
fn output_goes_to_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tree.efg");
    gamelab()
        .args([
            "tree",
            "stone-game",
            "--piles",
            "4,6,2,3",
            "--format",
            "efg",
            "--out",
            path.to_str().unwrap(),
        ])
        .assert()
        .success()
        .stderr(predicates::str::contains("23 nodes"));
    assert!(
        std::fs::read_to_string(&path)
            .unwrap()
            .starts_with("EFG 2 R")
    );
}

#[test]
fn rendering_without_graphviz_falls_back_or_explains() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("dag.svg");
    gamelab()
        .env("PATH", "")
        .args([
            "tree",
            "stone-game",
            "--piles",
            "4,6,2,3",
            "--dag",
            "--render",
            "svg",
            svg.to_str().unwrap(),
        ])
        .assert()
        .success()
        .stderr(predicates::str::contains("built-in renderer"));
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
    let png = dir.path().join("dag.png");
    let output = gamelab()
        .env("PATH", "")
        .args([
            "tree",
            "stone-game",
            "--piles",
            "4,6,2,3",
            "--render",
            "png",
            png.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("install Graphviz") && stderr.contains("apt install graphviz"),
        "{stderr}"
    );
}

#[test]
fn bad_render_arguments_are_refused() {
    fails_with(
        &[
            "tree",
            "stone-game",
            "--piles",
            "1,2",
            "--render",
            "gif",
            "x.gif",
        ],
        &["'gif' is not one of svg, png"],
    );
    fails_with(
        &["tree", "stone-game", "--piles", "1,2", "--render", "svg"],
        &["--render"],
    );
    // A file named for the other format (the name's case aside) or another extension, or `-`,
    // is refused before any drawing; a name without an extension takes the format given.
    let dir = tempfile::tempdir().unwrap();
    for (format, file, expected) in [
        ("svg", "x.png", "the file's name says png; name it .svg"),
        ("png", "x.SVG", "the file's name says svg; name it .png"),
        (
            "svg",
            "x.jpg",
            "x.jpg': a '.jpg' file would hold SVG; name it .svg",
        ),
        (
            "svg",
            ".png",
            ".png': the file's name says png; name it .svg",
        ),
    ] {
        let path = dir.path().join(file);
        fails_with(
            &[
                "tree",
                "stone-game",
                "--piles",
                "1,2",
                "--render",
                format,
                path.to_str().unwrap(),
            ],
            &[expected],
        );
        assert!(!path.exists());
    }
    fails_with(
        &[
            "tree",
            "stone-game",
            "--piles",
            "1,2",
            "--render",
            "svg",
            "-",
        ],
        &["--render: '-' is not a file to write here"],
    );
    let plain = dir.path().join("picture");
    stdout_of(&[
        "tree",
        "stone-game",
        "--piles",
        "1,2",
        "--render",
        "svg",
        plain.to_str().unwrap(),
        "--renderer",
        "built-in",
    ]);
    assert!(std::fs::read_to_string(&plain).unwrap().contains("<svg "));
}

/// The font sizes of a built-in picture, in pixels: its style classes' and its texts' own.
fn font_sizes(svg: &str) -> Vec<f64> {
    let mut sizes = Vec::new();
    for marker in ["font-size: ", "font-size=\""] {
        let mut rest = svg;
        while let Some(at) = rest.find(marker) {
            rest = &rest[at + marker.len()..];
            let digits: String = rest
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            sizes.push(digits.parse().unwrap());
        }
    }
    sizes
}

/// The picture's width on screen (its `width` attribute).
fn shown_width(svg: &str) -> f64 {
    let tag = &svg[svg.find("<svg ").unwrap()..];
    let start = tag.find("width=\"").unwrap() + 7;
    let length = tag[start..].find('"').unwrap();
    tag[start..start + length].parse().unwrap()
}

#[test]
fn the_built_in_picture_of_the_gold_pots_dag_is_readable_at_full_size() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dag.svg");
    stdout_of(&[
        "tree",
        "stone-game",
        "--piles",
        "4,6,2,3",
        "--dag",
        "--render",
        "svg",
        path.to_str().unwrap(),
        "--renderer",
        "built-in",
    ]);
    let svg = std::fs::read_to_string(&path).unwrap();
    // No horizontal scrolling in a 1,300-pixel window, every text at 12 pixels or more, drawn
    // at full size (no note), the title and legend above the drawing.
    assert!(shown_width(&svg) <= 1300.0, "{}", shown_width(&svg));
    let sizes = font_sizes(&svg);
    assert!(
        sizes.len() >= 3 && sizes.iter().all(|&s| s >= 12.0),
        "{sizes:?}"
    );
    assert!(!svg.contains("drawn at"), "no scaling note");
    assert!(svg.contains("state DAG, 11 nodes") && svg.contains("bold: optimal move"));
    assert!(svg.contains("[4, 6, 2, 3]") && svg.contains("game over"));
}

#[test]
fn a_large_built_in_picture_is_scaled_to_fit_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tree.svg");
    stdout_of(&[
        "tree",
        "stone-game",
        "--piles",
        "4,6,2,3,9,1",
        "--render",
        "svg",
        path.to_str().unwrap(),
        "--renderer",
        "built-in",
    ]);
    let svg = std::fs::read_to_string(&path).unwrap();
    assert_eq!(shown_width(&svg), 1300.0);
    let note = svg
        .find("drawn at")
        .expect("a note says the picture is scaled");
    assert!(
        svg[note - 7..].starts_with("nodes, drawn at "),
        "{}",
        &svg[note - 40..note + 80]
    );
}

/// The built-in renderer's layout cannot be costed in advance (on DAGs whose moves skip levels
/// it grows steeply: divisor-game N=60 takes minutes), so it runs against the time budget and
/// past it ends with one line naming the budget, and no picture.
#[test]
fn a_built_in_layout_past_the_time_budget_is_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let picture = dir.path().join("dag.svg");
    fails_with(
        &[
            "tree",
            "divisor-game",
            "--n",
            "60",
            "--dag",
            "--render",
            "svg",
            picture.to_str().unwrap(),
            "--renderer",
            "built-in",
            "--max-time",
            "1s",
        ],
        &[
            "the built-in renderer did not lay out this graph (118 nodes) within 1.0 s (--max-time)",
            "install Graphviz",
        ],
    );
    assert!(!picture.exists());
}

/// The built-in renderer's own node limit, when it was asked for by name with a larger picture
/// limit: the message points to Graphviz by its flag, whether or not Graphviz is installed.
#[test]
fn a_picture_past_the_built_in_renderer_s_limit_points_to_graphviz() {
    let dir = tempfile::tempdir().unwrap();
    let picture = dir.path().join("tree.svg");
    fails_with(
        &[
            "tree",
            "stone-game",
            "--piles",
            "1,2,3,4,5,6,7,8,9,10,11,12",
            "--render",
            "svg",
            picture.to_str().unwrap(),
            "--renderer",
            "built-in",
            "--max-render-nodes",
            "1e9",
        ],
        &[
            "the built-in renderer draws at most 2000 nodes (this graph has 6143): draw it with \
             Graphviz (--renderer graphviz), or draw the state DAG or a smaller instance; install \
             Graphviz (Debian/Ubuntu: apt install graphviz; macOS: brew install graphviz) if it is \
             missing",
        ],
    );
    assert!(!picture.exists());
}

/// A `dot` that ends well but writes no picture (not Graphviz's, or broken) is an error, and no
/// file is left: an empty PNG was reported as drawn.
#[cfg(unix)]
#[test]
fn a_dot_that_writes_no_picture_is_an_error() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let fake = dir.path().join("dot");
    std::fs::write(&fake, "#!/bin/sh\ncat > /dev/null\nexit 0\n").unwrap();
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = format!(
        "{}:{}",
        dir.path().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for (format, file) in [("png", "x.png"), ("svg", "x.svg")] {
        let picture = dir.path().join(file);
        let output = gamelab()
            .env("PATH", &path)
            .args([
                "tree",
                "stone-game",
                "--piles",
                "1,2",
                "--renderer",
                "graphviz",
            ])
            .args(["--render", format, picture.to_str().unwrap()])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.contains(&format!(
                "Graphviz's dot failed: it ended without writing the {} picture (0 B of output)",
                format.to_uppercase()
            )),
            "{stderr}"
        );
        assert!(!picture.exists());
    }
}
