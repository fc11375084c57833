//! The fuzz targets: every parser a user feeds, as functions of arbitrary bytes that must never
//! panic, and round trips that must hold. Shared by the cargo-fuzz binaries in
//! `fuzz/fuzz_targets/` (nightly, libFuzzer) and by `tests/project/fuzz_targets.rs`, which drives the
//! same functions from proptest with arbitrary bytes in the normal test run.

use gamelab::base::input::{parse_instance_line, parse_piles, parse_subtract};
use gamelab::games::{every_game, find_game};
use gamelab::graph::GraphKind;
use gamelab::graph::export::GraphFormat;
use gamelab::studies::sweep::{ShardFile, check_rows, merge_files, read_csv, write_csv};

/// `--piles` lists: refused with a message, or parsed to values that print back and parse to
/// the same values.
pub fn piles(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(piles) = parse_piles(&text) {
        let printed: Vec<String> = piles.iter().map(i64::to_string).collect();
        assert_eq!(parse_piles(&printed.join(",")).ok(), Some(piles));
    }
}

/// `--subtract` lists: refused, or values that parse back the same (zero parses; the game
/// refuses it).
pub fn subtract(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(set) = parse_subtract(&text) {
        let printed: Vec<String> = set.iter().map(u64::to_string).collect();
        assert_eq!(parse_subtract(&printed.join(",")).ok(), Some(set));
    }
}

/// One JSON-lines instance: parsed (or refused) and built by every game (or refused), without a
/// panic; small instances that build are solved.
pub fn json_instance(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(input) = parse_instance_line(&text, 1) else {
        return;
    };
    for entry in every_game() {
        if let Ok(game) = entry.build(&input) {
            let small = input.piles.as_ref().is_none_or(|p| p.len() <= 12)
                && input.n.is_none_or(|n| n <= 1000);
            if small {
                let _ = game.solve_value(gamelab::SolverKind::AUTO);
            }
        }
    }
}

/// Sweep CSVs as `merge` and `plot` read them: refused with a message, or rows that check, merge
/// and write back without a panic.
pub fn sweep_csv(data: &[u8]) {
    let Ok(rows) = read_csv(data, "fuzz.csv") else {
        return;
    };
    if check_rows("fuzz.csv", &rows).is_ok() {
        let files = [ShardFile {
            name: "fuzz.csv".into(),
            rows: rows.clone(),
        }];
        if let Ok(merged) = merge_files(&files) {
            let mut out = Vec::new();
            write_csv(&merged, &mut out).expect("writing to memory");
            let again = read_csv(out.as_slice(), "merged.csv").expect("merge output reads back");
            assert_eq!(again, merged);
        }
    }
}

/// DOT and EFG exports of a small instance made from the bytes: the DOT is one digraph with
/// balanced braces and every EFG parses with gambit-parser (the round trip the README promises).
pub fn graph_exports(data: &[u8], parse_efg: impl Fn(&str) -> bool) {
    let Some((&selector, values)) = data.split_first() else {
        return;
    };
    let entry = &every_game()[selector as usize % every_game().len()];
    let input = if entry.takes_piles() {
        let piles: Vec<i64> = values.iter().take(6).map(|&b| b as i64 % 20).collect();
        gamelab::base::input::InstanceInput::piles(piles)
    } else {
        gamelab::base::input::InstanceInput::number(
            values.first().map_or(1, |&b| b as u64 % 12 + 1),
        )
    };
    let Ok(game) = find_game(entry.name()).and_then(|entry| entry.build(&input)) else {
        return;
    };
    for (kind, format) in [
        (GraphKind::Dag, GraphFormat::Dot),
        (GraphKind::Tree, GraphFormat::Dot),
        (GraphKind::Tree, GraphFormat::Efg),
    ] {
        let mut out = Vec::new();
        if game.export_graph(kind, format, 100_000, &mut out).is_err() {
            continue;
        }
        let text = String::from_utf8(out).expect("exports are UTF-8");
        match format {
            GraphFormat::Dot => {
                assert!(text.starts_with("digraph"), "{text}");
                assert_eq!(text.matches('{').count(), text.matches('}').count());
            }
            _ => assert!(parse_efg(&text), "gambit-parser refused:\n{text}"),
        }
    }
}
