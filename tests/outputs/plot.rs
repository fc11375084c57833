//! Charts: every kind renders to SVG and PNG (the PNG decodes with the expected size, the SVG
//! holds the title and axis labels, and no text reaches past the picture's edges), a chart
//! drawn from a sweep's CSV equals the chart drawn from the sweep itself, and bad CSVs are
//! refused naming the column and line; the losing positions' counts are drawn with their fitted
//! law.

use gamelab::games::find_game;
use gamelab::present::plot::heatmap::HeatmapChart;
use gamelab::present::plot::losing_counts::LosingCountsChart;
use gamelab::present::plot::margins::MarginChart;
use gamelab::present::plot::outcome_shares::OutcomeSharesChart;
use gamelab::present::plot::win_rate::WinRateChart;
use gamelab::present::plot::winner_strip::WinnerStripChart;
use gamelab::present::plot::{Chart, save, to_svg};
use gamelab::studies::generate::{GeneratorSpec, SizeRange, ValueSpec};
use gamelab::studies::losing::{LosingCounter, fit_power_law};
use gamelab::studies::sweep::{
    Shard, SweepRow, SweepSpec, margins_at, read_csv, run_sweep, write_csv,
};
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
    assert!(width >= 1000 && height >= 200);
    let text = std::fs::read_to_string(&svg).unwrap();
    for expected in texts {
        assert!(text.contains(expected), "SVG lacks {expected}");
    }
    assert_texts_inside(&text, "chart");
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
fn the_text_check_finds_text_outside_a_picture() {
    let svg = "<svg width=\"200\" height=\"100\" viewBox=\"0 0 200 100\">\n\
        <text x=\"100\" y=\"10\" dy=\"0.76em\" text-anchor=\"middle\" font-family=\"sans-serif\" \
        font-size=\"16\">a title much too long for two hundred pixels</text>\n</svg>";
    let boxes = text_boxes(svg);
    assert_eq!(boxes.len(), 1);
    assert!(boxes[0].left < 0.0 && boxes[0].right > 200.0, "{boxes:?}");
    let inside = svg.replace("a title much too long for two hundred pixels", "short");
    assert_texts_inside(&inside, "short");
    let rotated = "<svg width=\"200\" height=\"100\">\n<text x=\"10\" y=\"50\" dy=\"0.76em\" \
        text-anchor=\"middle\" font-size=\"16\" transform=\"rotate(270, 10, 50)\">a label turned \
        up the side</text>\n</svg>";
    let turned = &text_boxes(rotated)[0];
    assert!(
        turned.top < 0.0 && turned.bottom > 100.0 && turned.right <= 30.0,
        "{turned:?}"
    );
}

#[test]
fn every_chart_in_the_reports_keeps_its_text_inside() {
    let reports = Path::new(env!("CARGO_MANIFEST_DIR")).join("reports");
    let mut checked = 0;
    for entry in std::fs::read_dir(reports).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "svg") {
            let svg = std::fs::read_to_string(&path).unwrap();
            // The charts (plotters); the tree pictures are drawn by the graph renderer.
            if svg.contains("font-family=\"sans-serif\"") {
                assert_texts_inside(&svg, &path.display().to_string());
                checked += 1;
            }
        }
    }
    assert!(checked >= 10, "{checked} charts");
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
    let table = gamelab::find_game("stone-game")
        .unwrap()
        .build(&gamelab::base::input::InstanceInput::piles(vec![
            4, 6, 2, 3,
        ]))
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
fn winner_charts_of_many_n_are_grids_with_a_label_per_row() {
    // N = 1..1000: twenty rows of fifty, labelled by their range; N = 1..10,000: rows of 100.
    let thousand = (1..=1000).map(|n| (n, n % 2 == 0)).collect();
    renders(
        &WinnerStripChart::new("divisor-game", thousand).unwrap(),
        &["1–50", "951–1000", "+45", "50 per row", "500 of 500 even N"],
    );
    let most = (1..=10_000).map(|n| (n, n % 7 != 0)).collect();
    renders(
        &WinnerStripChart::new("nim", most).unwrap(),
        &["1–100", "+90", "100 per row"],
    );
}

#[test]
fn a_long_subtitle_wraps_inside_the_picture() {
    let margins = (-900..900).step_by(7).collect();
    let settings = "geometric values -1000..1000 with a total of either parity, seed 12345678";
    let chart = MarginChart::new("stone-game", 9, settings, margins).unwrap();
    renders(&chart, &["geometric values -1000..1000"]);
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
    let chart =
        gamelab::present::plot::score_share::ScoreShareChart::new(rows, entry.share_bound())
            .unwrap();
    renders(
        &chart,
        &[
            "coins-in-a-circle: the first player",
            "4/9",
            "lowest share of any one instance",
        ],
    );
    // Games without recorded shares are refused with a reason.
    let none =
        gamelab::present::plot::score_share::ScoreShareChart::new(sweep_rows_negative(), None);
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
fn losing_counts_chart_renders_with_its_fitted_law() {
    use gamelab::games::stone_game_iv::sieve::{SieveOptions, losing_positions};
    let limit = 1 << 20;
    let mut counter = LosingCounter::new(limit);
    losing_positions(limit, SieveOptions::default(), |chunk| {
        counter.add(chunk);
        Ok::<(), gamelab::base::error::InputError>(())
    })
    .unwrap();
    let rows = counter.finish();
    let law = fit_power_law(&rows).unwrap();
    assert!((0.68..=0.72).contains(&law.b), "{law}");
    let law = law.to_string();
    let chart = LosingCountsChart::new("subtract-a-square (stone-game-iv): losing positions", rows)
        .unwrap();
    renders(
        &chart,
        &[
            "subtract-a-square (stone-game-iv): losing positions",
            "14421 of the 1048577 positions 0..=1048576 are losing",
            "over n = 2^10..2^20",
            "losing positions in 0..=n",
            "n (log scale)",
            "2^20",
            &law,
        ],
    );
    let nothing = LosingCountsChart::new("none", Vec::new());
    assert!(
        nothing
            .err()
            .unwrap()
            .to_string()
            .contains("nothing to plot")
    );
}
