//! Helpers shared by the command-line tests.
#![allow(dead_code)]

pub mod server;

use assert_cmd::Command;
use std::path::{Path, PathBuf};

/// The repository's root (this package is its `cli/` folder).
pub fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("cli/ lies in the repository")
        .to_path_buf()
}

/// Whether the thorough run was asked for (`GAMELAB_THOROUGH` set and not `0`; CONTRIBUTING.md,
/// "Thorough runs"): the tests that sample take many more cases.
pub fn thorough() -> bool {
    std::env::var_os("GAMELAB_THOROUGH").is_some_and(|value| value != "0")
}

/// The environment of every gamelab the tests run: the machine factor pinned to the reference
/// machine's, so that no run measures this machine (a quarter of a second each) or writes the
/// user's cache, and every estimate reads the same on any machine. The calibration itself is
/// tested once, with a cache folder of its own (`limits.rs`).
pub const PINNED_FACTOR: (&str, &str) = ("GAMELAB_MACHINE_FACTOR", "1");

/// The gamelab binary under test.
pub fn gamelab() -> Command {
    let mut command = Command::cargo_bin("gamelab").unwrap();
    command.env(PINNED_FACTOR.0, PINNED_FACTOR.1);
    command
}

/// Runs gamelab with `args`, expects status 2 and one stderr line containing every `needle`.
pub fn fails_with(args: &[&str], needles: &[&str]) {
    let output = gamelab().args(args).output().unwrap();
    assert_eq!(output.status.code(), Some(2), "{args:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "one line for {args:?}: {stderr}");
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    for needle in needles {
        assert!(stderr.contains(needle), "{args:?}: {stderr} lacks {needle}");
    }
}

/// Runs gamelab with `args`, expects success, returns stdout.
pub fn stdout_of(args: &[&str]) -> String {
    let output = gamelab().args(args).output().unwrap();
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// The names of the files in `dir`, sorted.
pub fn file_names(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}
