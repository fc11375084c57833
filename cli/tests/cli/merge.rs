//! `merge` proves that its inputs are exactly the N distinct shards of one sweep: every way of
//! handing it something else is refused with a message naming what is
//! duplicated, missing or mismatched; and the complete set, empty shards included, merges to the
//! very bytes of the unsharded run.

use crate::common::{fails_with, stdout_of};
use std::path::{Path, PathBuf};

/// Runs `sweep GAME ARGS --format csv` and saves the table as `name` in `dir`.
fn sweep_to(dir: &Path, name: &str, args: &[&str]) -> PathBuf {
    let mut full = vec!["sweep"];
    full.extend_from_slice(args);
    full.extend_from_slice(&["--format", "csv"]);
    let path = dir.join(name);
    std::fs::write(&path, stdout_of(&full)).unwrap();
    path
}

fn text(path: &Path) -> &str {
    path.to_str().unwrap()
}

const BASE: &[&str] = &["stone-game", "--n-max", "4", "--trials", "7"];

fn with(extra: &[&'static str]) -> Vec<&'static str> {
    let mut args = BASE.to_vec();
    args.extend_from_slice(extra);
    args
}

#[test]
fn the_complete_set_of_shards_merges_to_the_unsharded_table() {
    let dir = tempfile::tempdir().unwrap();
    let whole = sweep_to(dir.path(), "whole.csv", BASE);
    let shards: Vec<PathBuf> = (1..=3)
        .map(|k| {
            let shard = format!("{k}/3");
            let args = with(&["--shard", Box::leak(shard.into_boxed_str())]);
            sweep_to(dir.path(), &format!("s{k}.csv"), &args)
        })
        .collect();
    let mut args = vec!["merge"];
    args.extend(shards.iter().map(|p| text(p)));
    assert_eq!(stdout_of(&args), std::fs::read_to_string(&whole).unwrap());
    // `-` reads one shard from standard input, once; `--out -` names no file.
    let output = crate::common::gamelab()
        .args(["merge", text(&shards[0]), "-", text(&shards[2])])
        .write_stdin(std::fs::read(&shards[1]).unwrap())
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        std::fs::read_to_string(&whole).unwrap()
    );
    fails_with(
        &["merge", "-", "-"],
        &["'-' is given twice, but standard input can be read only once"],
    );
    fails_with(
        &["merge", text(&shards[0]), "--out", "-"],
        &["'-' is not a file to write here: a command writes to standard output without --out"],
    );
}

#[test]
fn empty_shards_write_a_table_that_merges() {
    let dir = tempfile::tempdir().unwrap();
    // Three instances in eight shards: five shards hold none.
    let whole = sweep_to(dir.path(), "whole.csv", &["divisor-game", "--n-max", "3"]);
    let mut paths = Vec::new();
    for k in 1..=8 {
        let shard: &'static str = Box::leak(format!("{k}/8").into_boxed_str());
        let path = sweep_to(
            dir.path(),
            &format!("s{k}.csv"),
            &["divisor-game", "--n-max", "3", "--shard", shard],
        );
        assert!(std::fs::metadata(&path).unwrap().len() > 0, "shard {k}");
        paths.push(path);
    }
    let mut args = vec!["merge"];
    args.extend(paths.iter().map(|p| text(p)));
    assert_eq!(stdout_of(&args), std::fs::read_to_string(&whole).unwrap());
    // A number game draws no piles: a pile setting in its row is refused.
    let parity = edited(dir.path(), &whole, "parity.csv", 2, |fields| {
        assert_eq!(fields[22], "");
        fields[22] = "even".into();
    });
    fails_with(
        &["merge", text(&parity)],
        &[
            "parity.csv: line 2: columns 'min_value', 'max_value' and 'total_parity': divisor-game draws no piles",
        ],
    );
}

/// A shard that drew no instance of a size shows no rate for it (not a rate of 0), and a chart
/// of a shard leaves such sizes out, says it is a shard, and is refused when no size remains.
#[test]
fn sizes_a_shard_drew_nothing_of_show_no_rate() {
    let dir = tempfile::tempdir().unwrap();
    let shard = |k: &str| -> Vec<&str> {
        vec![
            "sweep",
            "stone-game",
            "--n-max",
            "3",
            "--trials",
            "2",
            "--shard",
            Box::leak(k.to_string().into_boxed_str()),
        ]
    };
    // Six instances in ten shards: shard 7 holds none.
    let table = stdout_of(&shard("7/10"));
    let row = table
        .lines()
        .find(|line| line.trim_start().starts_with("1 "))
        .unwrap();
    assert_eq!(
        row.split_whitespace().collect::<Vec<_>>(),
        ["1", "0", "0", "0", "0", "-", "-", "-"]
    );
    assert!(
        table.contains("odd  n (1 size, no instances in this shard)"),
        "{table}"
    );
    let svg = dir.path().join("shard.svg");
    let mut args = shard("7/10");
    args.extend(["--plot", text(&svg)]);
    fails_with(&args, &["nothing to plot: no size has an instance"]);
    let mut args = shard("1/3");
    args.extend(["--plot", text(&svg)]);
    stdout_of(&args);
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.contains("shard 1/3 of 2 per n"), "{picture}");
}

#[test]
fn the_same_shard_twice_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let one = sweep_to(dir.path(), "one.csv", &with(&["--shard", "1/2"]));
    let again = sweep_to(dir.path(), "again.csv", &with(&["--shard", "1/2"]));
    let two = sweep_to(dir.path(), "two.csv", &with(&["--shard", "2/2"]));
    fails_with(
        &["merge", text(&one), text(&again), text(&two)],
        &["shard 1/2 twice", "one.csv", "again.csv"],
    );
}

#[test]
fn missing_shards_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let one = sweep_to(dir.path(), "one.csv", &with(&["--shard", "1/3"]));
    fails_with(
        &["merge", text(&one)],
        &["2 of its 3 shards missing", "2/3, 3/3"],
    );
}

#[test]
fn a_whole_sweep_with_one_of_its_shards_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let whole = sweep_to(dir.path(), "whole.csv", BASE);
    let shard = sweep_to(dir.path(), "shard.csv", &with(&["--shard", "1/2"]));
    fails_with(
        &["merge", text(&whole), text(&shard)],
        &["different cuts", "1/1", "1/2"],
    );
}

#[test]
fn shards_of_different_counts_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let a = sweep_to(dir.path(), "a.csv", &with(&["--shard", "1/2"]));
    let b = sweep_to(dir.path(), "b.csv", &with(&["--shard", "2/3"]));
    fails_with(&["merge", text(&a), text(&b)], &["different cuts", "2/3"]);
}

#[test]
fn shards_of_different_trials_sizes_or_subtraction_sets_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let a = sweep_to(dir.path(), "a.csv", &with(&["--shard", "1/2"]));
    let trials = sweep_to(
        dir.path(),
        "trials.csv",
        &[
            "stone-game",
            "--n-max",
            "4",
            "--trials",
            "8",
            "--shard",
            "2/2",
        ],
    );
    fails_with(
        &["merge", text(&a), text(&trials)],
        &["different sweeps", "8 per n"],
    );
    let sizes = sweep_to(
        dir.path(),
        "sizes.csv",
        &[
            "stone-game",
            "--n-max",
            "5",
            "--trials",
            "7",
            "--shard",
            "2/2",
        ],
    );
    fails_with(
        &["merge", text(&a), text(&sizes)],
        &["different sweeps", "1..5"],
    );
    let nim = |set: &'static str, name| {
        sweep_to(
            dir.path(),
            name,
            &["nim", "--n-max", "9", "--subtract", set, "--shard", "1/1"],
        )
    };
    let (s123, s134) = (nim("1,2,3", "s123.csv"), nim("1,3,4", "s134.csv"));
    fails_with(
        &["merge", text(&s123), text(&s134)],
        &["different sweeps", "S = {1, 3, 4}"],
    );
}

/// `table` with line `line` (1-based, the header is line 1) changed by `edit`.
fn edited(
    dir: &Path,
    table: &Path,
    name: &str,
    line: usize,
    edit: impl Fn(&mut Vec<String>),
) -> PathBuf {
    let content = std::fs::read_to_string(table).unwrap();
    let mut lines: Vec<String> = content.lines().map(str::to_string).collect();
    let mut fields: Vec<String> = lines[line - 1].split(',').map(str::to_string).collect();
    edit(&mut fields);
    lines[line - 1] = fields.join(",");
    let path = dir.join(name);
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

#[test]
fn rows_that_contradict_themselves_are_refused_by_merge_and_plot() {
    let dir = tempfile::tempdir().unwrap();
    let whole = sweep_to(dir.path(), "whole.csv", BASE);
    // Column 2 is first_wins: trials 7 but first_wins 5 + ties + second_wins no longer add up.
    let bad = edited(dir.path(), &whole, "bad.csv", 2, |fields| {
        fields[2] = "99".into();
    });
    fails_with(
        &["merge", text(&bad)],
        &["bad.csv: line 2", "is not trials 7"],
    );
    let svg = dir.path().join("x.svg");
    fails_with(
        &[
            "plot",
            "win-rate",
            "--input",
            text(&bad),
            "--out",
            text(&svg),
        ],
        &["bad.csv: line 2"],
    );
    // A rate that does not follow from the counts.
    let rate = edited(dir.path(), &whole, "rate.csv", 3, |fields| {
        fields[5] = "0.5".into();
    });
    fails_with(
        &["merge", text(&rate)],
        &["rate.csv: line 3", "do not follow"],
    );
}

/// The text columns that charts show hold what a sweep writes: a game gamelab knows and a
/// subtraction set of amounts; a control character in either made `plot` write an SVG that is
/// not XML.
#[test]
fn unknown_games_and_subtraction_sets_that_are_not_amounts_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let whole = sweep_to(dir.path(), "whole.csv", BASE);
    let (game_column, subtract_column) = (18, 24);
    let unknown = edited(dir.path(), &whole, "unknown.csv", 2, |fields| {
        assert_eq!(fields[game_column], "stone-game");
        fields[game_column] = "no-such-game".into();
    });
    fails_with(
        &["merge", text(&unknown)],
        &["unknown.csv: line 2: column 'game': 'no-such-game' is not a game gamelab knows"],
    );
    let control = edited(dir.path(), &whole, "control.csv", 3, |fields| {
        fields[game_column] = "stone\u{1}game".into();
    });
    let svg = dir.path().join("x.svg");
    fails_with(
        &[
            "plot",
            "win-rate",
            "--input",
            text(&control),
            "--out",
            text(&svg),
        ],
        &["control.csv: line 3: column 'game': 'stone\\u{1}game' is not a game gamelab knows"],
    );
    assert!(!svg.exists());
    let amounts = edited(dir.path(), &whole, "amounts.csv", 2, |fields| {
        assert_eq!(fields[subtract_column], "");
        fields[subtract_column] = "1 0".into();
    });
    fails_with(
        &["merge", text(&amounts)],
        &["amounts.csv: line 2: column 'subtract': '1 0' is not amounts of 1 or more"],
    );
    // A subtraction set or a pile distribution where the game has none, or none where it has.
    let set = edited(dir.path(), &whole, "set.csv", 2, |fields| {
        fields[subtract_column] = "1 2".into();
    });
    fails_with(
        &["merge", text(&set)],
        &["set.csv: line 2: column 'subtract': stone-game takes no subtraction set"],
    );
    let undrawn = edited(dir.path(), &whole, "undrawn.csv", 2, |fields| {
        fields[19] = String::new();
    });
    fails_with(
        &["merge", text(&undrawn)],
        &["undrawn.csv: line 2: column 'distribution': stone-game draws piles, but none is named"],
    );
    // An empty range of pile values.
    let range = edited(dir.path(), &whole, "range.csv", 2, |fields| {
        fields[20] = "500".into();
    });
    fails_with(
        &["merge", text(&range)],
        &[
            "range.csv: line 2: columns 'min_value' and 'max_value': the values range from 500 to 100",
        ],
    );
    // A value that does not read is named by its line, its column and itself; a word no
    // column knows, by its line; an empty file as such.
    let number = edited(dir.path(), &whole, "number.csv", 3, |fields| {
        fields[0] = "x".into();
    });
    fails_with(
        &["merge", text(&number)],
        &["number.csv: line 3: column 'n': 'x' does not read (invalid digit found in string)"],
    );
    let word = edited(dir.path(), &whole, "word.csv", 2, |fields| {
        assert_eq!(fields[19], "uniform");
        fields[19] = "weird".into();
    });
    fails_with(
        &["merge", text(&word)],
        &["word.csv: line 2: unknown variant `weird`, expected `uniform` or `geometric`"],
    );
    // A control character is shown escaped, never sent to the terminal.
    let escape = edited(dir.path(), &whole, "escape.csv", 2, |fields| {
        fields[19] = "uni\u{1b}[31mform".into();
    });
    fails_with(
        &["merge", text(&escape)],
        &["escape.csv: line 2: unknown variant `uni\\u{1b}[31mform`"],
    );
    let empty = dir.path().join("empty.csv");
    std::fs::write(&empty, "").unwrap();
    fails_with(
        &["merge", text(&empty)],
        &["empty.csv: the table is empty: no header, no rows"],
    );
}

#[test]
fn duplicate_size_rows_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let whole = sweep_to(dir.path(), "whole.csv", BASE);
    let content = std::fs::read_to_string(&whole).unwrap();
    let second_line = content.lines().nth(1).unwrap().to_string();
    let doubled = dir.path().join("doubled.csv");
    std::fs::write(&doubled, format!("{content}{second_line}\n")).unwrap();
    fails_with(&["merge", text(&doubled)], &["a second row for n = 1"]);
}

#[test]
fn tables_of_the_first_format_are_refused_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let old = dir.path().join("old.csv");
    std::fs::write(
        &old,
        "n,trials,first_wins,ties,second_wins,margin_sum,game,seed\n1,1,1,0,0,5,stone-game,1\n",
    )
    .unwrap();
    fails_with(&["merge", text(&old)], &["format 1", "run the sweep again"]);
}
