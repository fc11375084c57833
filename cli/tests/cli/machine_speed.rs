//! Estimates scaled to the machine: the first run measures the machine factors and caches them
//! in the user's cache folder (a note says so, once), later runs read the cache, `bench
//! --calibrate-machine` measures again, GAMELAB_MACHINE_FACTOR pins them, and an estimate is the
//! reference one times the factor.

use assert_cmd::Command;
use std::path::Path;

/// gamelab with its cache folder in `cache` and no pinned factor.
fn unpinned(cache: &Path) -> Command {
    let mut command = Command::cargo_bin("gamelab").unwrap();
    command
        .env_remove("GAMELAB_MACHINE_FACTOR")
        .env("XDG_CACHE_HOME", cache);
    command
}

/// The files of the cache folder.
fn cached(cache: &Path) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(cache.join("gamelab"))
        .map(|entries| entries.map(|entry| entry.unwrap().path()).collect())
        .unwrap_or_default()
}

#[test]
fn the_first_run_measures_the_machine_once_and_caches_a_factor_per_kind() {
    let cache = tempfile::tempdir().unwrap();
    let args = ["solve", "stone-game", "--piles", "3,9,1,2"];
    let first = unpinned(cache.path()).args(args).assert().success();
    let note = String::from_utf8_lossy(&first.get_output().stderr).to_string();
    assert!(
        note.contains("measured this machine's speed") && note.contains("--calibrate-machine"),
        "{note}"
    );
    let files = cached(cache.path());
    assert_eq!(files.len(), 1, "{files:?}");
    let text = std::fs::read_to_string(&files[0]).unwrap();
    for kind in gamelab::cost::Kind::ALL {
        let line = format!("factor {}: ", kind.name());
        let value: f64 = text
            .lines()
            .find_map(|l| l.strip_prefix(&line))
            .unwrap_or_else(|| panic!("no {line} in {text}"))
            .parse()
            .unwrap();
        assert!((0.01..=100.0).contains(&value), "{text}");
    }
    let second = unpinned(cache.path()).args(args).assert().success();
    assert!(second.get_output().stderr.is_empty());
    assert_eq!(first.get_output().stdout, second.get_output().stdout);

    let again = unpinned(cache.path())
        .args(["bench", "--calibrate-machine"])
        .assert()
        .success();
    let table = String::from_utf8_lossy(&again.get_output().stdout).to_string();
    assert!(
        table.contains("machine factors from") && table.contains("cached in"),
        "{table}"
    );
    assert_eq!(cached(cache.path()).len(), 1);
}

#[test]
fn a_cache_folder_that_cannot_be_written_is_measured_and_said() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("not-a-folder");
    std::fs::write(&file, "").unwrap();
    let run = unpinned(&file)
        .args(["solve", "divisor-game", "--n", "12"])
        .assert()
        .success();
    let note = String::from_utf8_lossy(&run.get_output().stderr).to_string();
    assert!(note.contains("not cached"), "{note}");
}

#[test]
fn an_unusable_pinned_factor_is_refused_by_name() {
    for value in ["fast", "0", "-2", "1e9", "NaN"] {
        let run = Command::cargo_bin("gamelab")
            .unwrap()
            .env("GAMELAB_MACHINE_FACTOR", value)
            .args(["solve", "divisor-game", "--n", "12"])
            .assert()
            .code(2);
        let message = String::from_utf8_lossy(&run.get_output().stderr).to_string();
        assert!(
            message.starts_with("error: GAMELAB_MACHINE_FACTOR is ")
                && message.lines().count() == 1,
            "{value}: {message}"
        );
    }
}

/// The seconds a refusal of `solve stone-game` on 3,000 piles says it would take.
fn refused_estimate(factor: &str) -> f64 {
    let piles = vec!["7"; 3000].join(",");
    let run = Command::cargo_bin("gamelab")
        .unwrap()
        .env("GAMELAB_MACHINE_FACTOR", factor)
        .args([
            "solve",
            "stone-game",
            "--solver",
            "table",
            "--piles",
            &piles,
        ])
        .args(["--max-time", "1ns"])
        .assert()
        .code(2);
    let message = String::from_utf8_lossy(&run.get_output().stderr).to_string();
    let after = message
        .split("would take about ")
        .nth(1)
        .unwrap_or_else(|| panic!("{message}"));
    let (number, rest) = after.split_once(' ').unwrap();
    let unit = match rest.split([' ', ',', ')']).next().unwrap() {
        "ms" => 1e-3,
        "µs" => 1e-6,
        "s" => 1.0,
        other => panic!("unit {other} in {message}"),
    };
    number.parse::<f64>().unwrap() * unit
}

#[test]
fn an_estimate_is_the_reference_one_times_the_machine_factor() {
    let reference = refused_estimate("1");
    let slower = refused_estimate("4");
    assert!(
        (slower / reference - 4.0).abs() < 0.2,
        "{reference} s at 1, {slower} s at 4"
    );
}
