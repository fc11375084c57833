//! Charts: every kind renders to SVG and PNG (the PNG decodes with the expected size, the SVG
//! holds the title and axis labels), a chart drawn from a sweep's CSV equals the chart drawn
//! from the sweep itself, and bad CSVs are refused naming the column and line.

use crate::common::{fails_with, stdout_of};
use gamelab::games::stone_game::StoneGame;
use gamelab::generate::{GeneratorSpec, SizeRange, ValueSpec};
use gamelab::plot::heatmap::HeatmapChart;
use gamelab::plot::margins::MarginChart;
use gamelab::plot::outcome_shares::OutcomeSharesChart;
use gamelab::plot::win_rate::WinRateChart;
use gamelab::plot::winner_strip::WinnerStripChart;
use gamelab::plot::{Chart, save, to_svg};
use gamelab::registry::{AnyGame, find_game};
use gamelab::sweep::{Shard, SweepRow, SweepSpec, margins_at, read_csv, run_sweep, write_csv};
use std::path::Path;

fn sweep_rows() -> Vec<SweepRow> {
    let spec = SweepSpec {
        generator: GeneratorSpec {
            sizes: SizeRange::new(1, 12),
            values: Some(ValueSpec::uniform(1, 100)),
            seed: 3,
            extras: Default::default(),
        },
        trials: 300,
        shard: Shard::ALL,
    };
    run_sweep(find_game("stone-game").unwrap(), &spec, &|_| {}).unwrap()
}

fn png_size(path: &Path) -> (u32, u32) {
    let decoder = png::Decoder::new(std::fs::File::open(path).unwrap());
    let reader = decoder.read_info().unwrap();
    (reader.info().width, reader.info().height)
}

/// Saves `chart` as SVG and PNG and checks both.
fn renders(chart: &impl Chart, texts: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("chart.png");
    let svg = dir.path().join("chart.svg");
    save(chart, &png).unwrap();
    save(chart, &svg).unwrap();
    let (width, height) = png_size(&png);
    assert_eq!((width, height), chart.size());
    assert!(width >= 1000 && height >= 400);
    let text = std::fs::read_to_string(&svg).unwrap();
    for expected in texts {
        assert!(text.contains(expected), "SVG lacks {expected}");
    }
}

#[test]
fn win_rate_chart_renders() {
    let chart = WinRateChart::new(sweep_rows()).unwrap();
    renders(
        &chart,
        &[
            "stone-game: how often the first player wins, by n",
            "first player wins (share)",
            "n (number of piles)",
            "ties (share)",
            "odd n",
            "even n",
            "95% Wilson intervals",
        ],
    );
}

#[test]
fn shares_chart_renders() {
    renders(
        &OutcomeSharesChart::new(sweep_rows()).unwrap(),
        &[
            "stone-game: who wins under optimal play, by n",
            "share of instances",
            "first player wins",
            "second player wins",
        ],
    );
}

#[test]
fn margin_histogram_renders() {
    let game = find_game("stone-game").unwrap();
    let spec = GeneratorSpec {
        sizes: SizeRange::new(9, 9),
        values: Some(ValueSpec::uniform(1, 100)),
        seed: 1,
        extras: Default::default(),
    };
    let margins = margins_at(game, spec, 2000).unwrap();
    assert_eq!(margins.len(), 2000);
    let chart =
        MarginChart::new("stone-game", 9, "uniform values 1..100, seed 1", margins).unwrap();
    renders(
        &chart,
        &[
            "margin (first minus second) under optimal play at n = 9",
            "instances",
            "score minus the second",
        ],
    );
}

#[test]
fn heatmap_renders_the_seed_table() {
    let table = StoneGame::new(vec![4, 6, 2, 3])
        .unwrap()
        .dp_table()
        .unwrap();
    // The cell of the whole row is the game's margin, with the right pile taken.
    let whole = table
        .cells
        .iter()
        .find(|cell| cell.row == 0 && cell.column == 3)
        .unwrap();
    assert_eq!((whole.value, whole.mark.as_deref()), (3, Some("R")));
    renders(
        &HeatmapChart::new(table).unwrap(),
        &[
            "[4, 6, 2, 3]: margin of the player to move",
            "j (last pile left)",
            "i (first pile left)",
            "3 R",
        ],
    );
}

#[test]
fn divisor_chart_renders() {
    let outcomes = (1..=60).map(|n| (n, n % 2 == 0)).collect();
    renders(
        &WinnerStripChart::new("divisor-game", outcomes).unwrap(),
        &["divisor-game: who wins from N", "30 of 30 even N", "winner"],
    );
}

#[test]
fn a_chart_from_csv_equals_the_chart_from_the_sweep() {
    let rows = sweep_rows();
    let mut csv = Vec::new();
    write_csv(&rows, &mut csv).unwrap();
    let from_csv = read_csv(csv.as_slice(), "sweep.csv").unwrap();
    assert_eq!(
        to_svg(&WinRateChart::new(rows.clone()).unwrap()).unwrap(),
        to_svg(&WinRateChart::new(from_csv.clone()).unwrap()).unwrap()
    );
    assert_eq!(
        to_svg(&OutcomeSharesChart::new(rows).unwrap()).unwrap(),
        to_svg(&OutcomeSharesChart::new(from_csv).unwrap()).unwrap()
    );
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
    fails_with(
        &[
            "plot",
            "heatmap",
            "divisor-game",
            "--n",
            "5",
            "--out",
            "/tmp/h.svg",
        ],
        &["no two-dimensional DP table"],
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
fn share_chart_renders_with_the_pizza_bound() {
    let entry = find_game("coins-in-a-circle").unwrap();
    let spec = SweepSpec {
        generator: GeneratorSpec::new(SizeRange::new(2, 12), Some(ValueSpec::uniform(0, 50)), 2),
        trials: 200,
        shard: Shard::ALL,
    };
    let rows = run_sweep(entry, &spec, &|_| {}).unwrap();
    for row in &rows {
        // The pizza theorem: no instance gives the first player less than 4/9.
        let (first, total) = (row.lowest_first.unwrap(), row.lowest_total.unwrap());
        assert!(9 * first >= 4 * total, "n = {}", row.n);
    }
    let chart = gamelab::plot::score_share::ScoreShareChart::new(rows, entry.share_bound).unwrap();
    renders(
        &chart,
        &[
            "coins-in-a-circle: the first player",
            "4/9",
            "lowest share of any one instance",
        ],
    );
    // Games without recorded shares are refused with a reason.
    let none = gamelab::plot::score_share::ScoreShareChart::new(sweep_rows_negative(), None);
    assert!(
        none.err()
            .unwrap()
            .to_string()
            .contains("recorded no shares")
    );
}

fn sweep_rows_negative() -> Vec<SweepRow> {
    let spec = SweepSpec {
        generator: GeneratorSpec::new(SizeRange::new(1, 4), Some(ValueSpec::uniform(-5, 5)), 1),
        trials: 10,
        shard: Shard::ALL,
    };
    run_sweep(find_game("stone-game").unwrap(), &spec, &|_| {}).unwrap()
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
