//! Charts: every kind renders to SVG and PNG (the PNG decodes with the expected size, the SVG
//! holds the title and axis labels, and no text reaches past the picture's edges), a chart
//! drawn from a sweep's CSV equals the chart drawn from the sweep itself, and bad CSVs are
//! refused naming the column and line.

use crate::common::{fails_with, stdout_of};
use std::path::Path;

fn png_size(path: &Path) -> (u32, u32) {
    let decoder = png::Decoder::new(std::fs::File::open(path).unwrap());
    let reader = decoder.read_info().unwrap();
    (reader.info().width, reader.info().height)
}

/// One text of a plotters SVG and the box it covers, in pixels.
#[derive(Debug)]
struct TextBox {
    text: String,
    left: f64,
    top: f64,
    right: f64,
    bottom: f64,
}

/// The value of attribute `name` in a tag's attribute text.
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    let length = tag[start..].find('"')?;
    Some(&tag[start..start + length])
}

/// Every text of a chart's SVG with its box: the width and height of its characters in the
/// embedded font at the size it is drawn (the PNG renderer's own measure), placed by its anchor
/// (`text-anchor`, and `dy` for the vertical one) and turned by its `rotate(...)`.
fn text_boxes(svg: &str) -> Vec<TextBox> {
    gamelab::present::plot::style::ensure_font().unwrap();
    let mut boxes = Vec::new();
    let mut rest = svg;
    while let Some(at) = rest.find("<text ") {
        let tag_end = at + rest[at..].find('>').unwrap();
        let tag = &rest[at..tag_end];
        let body_end = tag_end + rest[tag_end..].find("</text>").unwrap();
        let text = rest[tag_end + 1..body_end]
            .trim()
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&apos;", "'")
            .replace("&amp;", "&");
        rest = &rest[body_end..];
        let number = |name: &str| attribute(tag, name).map(|v| v.parse::<f64>().unwrap());
        let (x, y, size) = (
            number("x").unwrap(),
            number("y").unwrap(),
            number("font-size").unwrap(),
        );
        let font = plotters::style::FontDesc::new(
            plotters::style::FontFamily::Name(gamelab::present::plot::style::FONT),
            size * 1.24,
            plotters::style::FontStyle::Normal,
        );
        let (width, _) = font.box_size(&text).unwrap();
        let width = f64::from(width);
        let (left, right) = match attribute(tag, "text-anchor") {
            Some("middle") => (-width / 2.0, width / 2.0),
            Some("end") => (-width, 0.0),
            _ => (0.0, width),
        };
        let (top, bottom) = match attribute(tag, "dy") {
            Some("0.76em") => (0.0, size),
            Some("0.5ex") => (-size / 2.0, size / 2.0),
            Some("-0.5ex") => (-size, 0.0),
            _ => (-0.8 * size, 0.2 * size),
        };
        // rotate(270): what ran right now runs up; rotate(90): down.
        let (left, top, right, bottom) = match attribute(tag, "transform") {
            Some(turn) if turn.starts_with("rotate(270") => (top, -right, bottom, -left),
            Some(turn) if turn.starts_with("rotate(90") => (-bottom, left, -top, right),
            _ => (left, top, right, bottom),
        };
        boxes.push(TextBox {
            text,
            left: x + left,
            top: y + top,
            right: x + right,
            bottom: y + bottom,
        });
    }
    boxes
}

/// Every text of a chart's SVG lies within the picture.
fn assert_texts_inside(svg: &str, name: &str) {
    let size = |key: &str| {
        attribute(&svg[svg.find("<svg ").unwrap()..], key)
            .unwrap()
            .parse::<f64>()
            .unwrap()
    };
    let (width, height) = (size("width"), size("height"));
    let boxes = text_boxes(svg);
    assert!(!boxes.is_empty(), "{name}: no text found");
    for text in boxes {
        assert!(
            text.left >= 0.0 && text.top >= 0.0 && text.right <= width && text.bottom <= height,
            "{name}: the text {:?} covers {:.0}..{:.0} x {:.0}..{:.0}, outside the {width} x \
             {height} picture",
            text.text,
            text.left,
            text.right,
            text.top,
            text.bottom
        );
    }
}

#[test]
fn cli_charts_from_the_sweep_and_from_its_csv_are_identical() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    stdout_of(&[
        "sweep",
        "stone-game",
        "--n-max",
        "8",
        "--trials",
        "200",
        "--out",
        &path("s.csv"),
        "--plot",
        &path("direct.svg"),
        "--plot-outcome-shares",
        &path("direct-shares.png"),
    ]);
    stdout_of(&[
        "plot",
        "win-rate",
        "--input",
        &path("s.csv"),
        "--out",
        &path("redrawn.svg"),
    ]);
    assert_eq!(
        std::fs::read(path("direct.svg")).unwrap(),
        std::fs::read(path("redrawn.svg")).unwrap()
    );
    stdout_of(&[
        "plot",
        "outcome-shares",
        "--input",
        &path("s.csv"),
        "--out",
        &path("redrawn-shares.png"),
    ]);
    assert_eq!(
        std::fs::read(path("direct-shares.png")).unwrap(),
        std::fs::read(path("redrawn-shares.png")).unwrap()
    );
    // Every other kind, from the command line.
    stdout_of(&[
        "plot",
        "heatmap",
        "stone-game",
        "--piles",
        "4,6,2,3",
        "--out",
        &path("h.png"),
    ]);
    stdout_of(&[
        "plot",
        "heatmap",
        "stone-game-ii",
        "--piles",
        "2,7,9,4,4",
        "--out",
        &path("h2.svg"),
    ]);
    // Stone Game VII's margin triangle, as the explorer's DP table shows it.
    stdout_of(&[
        "plot",
        "heatmap",
        "stone-game-vii",
        "--piles",
        "5,3,1,4,2",
        "--out",
        &path("h7.svg"),
    ]);
    let h7 = std::fs::read_to_string(path("h7.svg")).unwrap();
    assert!(h7.contains("with piles i to j left"), "{h7}");
    stdout_of(&[
        "plot",
        "margins",
        "stone-game",
        "--n",
        "9",
        "--trials",
        "500",
        "--seed",
        "1",
        "--out",
        &path("m.png"),
    ]);
    stdout_of(&["plot", "divisor", "--n-max", "50", "--out", &path("d.svg")]);
    assert_eq!(png_size(Path::new(&path("h.png"))).0, 1200);
}

/// `--plot` given twice draws one chart into both files from one run, as the report's commands
/// do; one file named twice, or by two flags, is refused before any work.
#[test]
fn plot_given_twice_draws_both_formats_from_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let output = crate::common::gamelab()
        .current_dir(dir.path())
        .args([
            "losing-positions",
            "nim",
            "--subtract",
            "1,3,4",
            "--n-max",
            "1000",
        ])
        .args(["--plot", "counts.svg", "--plot", "counts.png"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert_eq!(stderr, "wrote counts.svg\nwrote counts.png\n");
    let svg = std::fs::read_to_string(dir.path().join("counts.svg")).unwrap();
    assert!(
        svg.contains("nim (S={1, 3, 4}): losing positions up to"),
        "{svg}"
    );
    assert_eq!(png_size(&dir.path().join("counts.png")).0, 1200);
    let same = dir.path().join("same.svg");
    let same = same.to_str().unwrap();
    fails_with(
        &[
            "grundy", "kayles", "--n-max", "50", "--plot", same, "--plot", same,
        ],
        &["--plot and --plot both name", "same.svg"],
    );
    fails_with(
        &[
            "sweep",
            "stone-game",
            "--n-max",
            "4",
            "--plot",
            same,
            "--plot-outcome-shares",
            same,
        ],
        &["--plot and --plot-outcome-shares both name"],
    );
    assert!(!Path::new(same).exists());
    // Two links to one file not made yet are one file too.
    #[cfg(unix)]
    {
        for link in ["one.svg", "two.svg"] {
            std::os::unix::fs::symlink("shared.svg", dir.path().join(link)).unwrap();
        }
        let one = dir.path().join("one.svg");
        let two = dir.path().join("two.svg");
        fails_with(
            &[
                "grundy",
                "kayles",
                "--n-max",
                "50",
                "--plot",
                one.to_str().unwrap(),
                "--plot",
                two.to_str().unwrap(),
            ],
            &["one.svg' and --plot '", "two.svg' are one file"],
        );
        assert!(!dir.path().join("shared.svg").exists());
    }
}

#[test]
fn bad_csvs_name_the_column_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let good = stdout_of(&[
        "sweep",
        "stone-game",
        "--n-max",
        "3",
        "--trials",
        "10",
        "--format",
        "csv",
    ]);
    let mut lines: Vec<String> = good.lines().map(str::to_string).collect();
    lines[2] = lines[2].replacen(",10,", ",ten,", 1);
    let bad_cell = dir.path().join("bad.csv");
    std::fs::write(&bad_cell, lines.join("\n")).unwrap();
    let out = dir.path().join("w.png");
    fails_with(
        &[
            "plot",
            "win-rate",
            "--input",
            bad_cell.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
        &["line 3", "column 'trials'"],
    );
    let missing = dir.path().join("missing.csv");
    std::fs::write(&missing, "n,trials,ties\n1,2,0\n").unwrap();
    // `shares` is the old name of `outcome-shares`, kept as a hidden alias.
    fails_with(
        &[
            "plot",
            "shares",
            "--input",
            missing.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
        &["line 1", "'first_wins'"],
    );
}

#[test]
fn bad_plot_requests_are_refused() {
    fails_with(
        &[
            "plot",
            "heatmap",
            "stone-game",
            "--piles",
            "1,2",
            "--out",
            "h.gif",
        ],
        &["name the file .svg or .png"],
    );
    // Heatmaps take piles only; other games are refused by name, number games as sweeps
    // refuse --trials: plot margins draws random instances, which a number game has not.
    fails_with(
        &[
            "plot",
            "heatmap",
            "divisor-game",
            "--piles",
            "5",
            "--out",
            "/tmp/h.svg",
        ],
        &[
            "divisor-game has no two-dimensional DP table",
            "stone-game-vii",
        ],
    );
    fails_with(
        &[
            "plot",
            "heatmap",
            "stone-game",
            "--n",
            "5",
            "--out",
            "/tmp/h.svg",
        ],
        &["--n"],
    );
    fails_with(
        &["plot", "margins", "nim", "--n", "10", "--out", "/tmp/m.svg"],
        &["nim has one instance per N", "winner strip"],
    );
    fails_with(
        &["sweep", "stone-game", "--plot", "w.jpeg"],
        &["name the file .svg or .png"],
    );
    fails_with(
        &[
            "plot",
            "divisor",
            "--n-min",
            "5",
            "--n-max",
            "2",
            "--out",
            "/tmp/d.svg",
        ],
        &["--n-min"],
    );
    let dir = tempfile::tempdir().unwrap();
    let piles_csv = dir.path().join("s.csv");
    let piles_csv = piles_csv.to_str().unwrap();
    stdout_of(&["sweep", "stone-game", "--n-max", "3", "--out", piles_csv]);
    fails_with(
        &[
            "plot",
            "winner-strip",
            "--input",
            piles_csv,
            "--out",
            "/tmp/o.svg",
        ],
        &["number games", "stone-game", "plot win-rate"],
    );
    let long: String = vec!["1"; 200].join(",");
    fails_with(
        &[
            "plot",
            "heatmap",
            "stone-game",
            "--piles",
            &long,
            "--out",
            "/tmp/h.svg",
        ],
        &["at most 120"],
    );
}

#[test]
fn renamed_chart_kinds_keep_their_old_names_as_hidden_aliases() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    stdout_of(&[
        "sweep",
        "coins-in-a-circle",
        "--n-max",
        "6",
        "--trials",
        "50",
        "--out",
        &path("c.csv"),
        "--plot-shares",
        &path("old-flag.svg"),
    ]);
    stdout_of(&[
        "sweep",
        "divisor-game",
        "--n-max",
        "30",
        "--out",
        &path("d.csv"),
    ]);
    for (old, new, csv) in [
        ("shares", "outcome-shares", "c.csv"),
        ("share", "score-share", "c.csv"),
        ("outcomes", "winner-strip", "d.csv"),
    ] {
        stdout_of(&[
            "plot",
            old,
            "--input",
            &path(csv),
            "--out",
            &path("old.svg"),
        ]);
        stdout_of(&[
            "plot",
            new,
            "--input",
            &path(csv),
            "--out",
            &path("new.svg"),
        ]);
        assert_eq!(
            std::fs::read(path("old.svg")).unwrap(),
            std::fs::read(path("new.svg")).unwrap(),
            "{old} draws what {new} draws"
        );
    }
    let help = stdout_of(&["plot", "--help"]);
    let listed: Vec<&str> = help
        .lines()
        .filter_map(|line| line.strip_prefix("  "))
        .filter_map(|line| line.split_whitespace().next())
        .collect();
    assert!(listed.contains(&"outcome-shares"), "{help}");
    for old in ["shares", "share", "outcomes"] {
        assert!(!listed.contains(&old), "{old} is listed: {help}");
    }
}

#[test]
fn the_value_history_of_a_long_game_keeps_its_text_inside() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("history.svg");
    let piles: Vec<String> = (1..=40).map(|i| ((i * 37) % 23 + 1).to_string()).collect();
    stdout_of(&[
        "play",
        "stone-game",
        "--piles",
        &piles.join(","),
        "--first",
        "greedy",
        "--second",
        "random",
        "--history",
        path.to_str().unwrap(),
    ]);
    assert_texts_inside(&std::fs::read_to_string(&path).unwrap(), "value history");
}
