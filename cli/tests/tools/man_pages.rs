//! The manual pages (`gamelab man`) render with man-db's `man -l` and parse without a warning
//! in groff. Without `man` or `groff` these tests are reported as ignored (failed when
//! `CI=true`, see `main.rs`).

use crate::common::stdout_of;
use std::path::{Path, PathBuf};
use std::process::Command;

/// What the man page tests need that is missing here, if anything.
pub fn missing() -> Option<crate::Missing> {
    let works = |tool: &str| {
        Command::new(tool)
            .arg("--version")
            .output()
            .is_ok_and(|output| output.status.success())
    };
    (!works("man") || !works("groff")).then(|| crate::Missing {
        tool: "man and groff".into(),
        how: "man-db and groff on the PATH: apt install man-db groff".into(),
    })
}

/// Writes the pages into a fresh folder; returns it and the pages' paths.
fn pages() -> (tempfile::TempDir, Vec<PathBuf>) {
    let dir = tempfile::tempdir().unwrap();
    let listed = stdout_of(&["man", "--out", dir.path().to_str().unwrap()]);
    let paths: Vec<PathBuf> = listed.lines().map(PathBuf::from).collect();
    assert!(paths.len() > 20, "{listed}");
    (dir, paths)
}

/// `man -l PAGE` as a reader sees it, 100 columns wide, in plain text.
fn render(page: &Path) -> String {
    let output = Command::new("man")
        .args(["-l", "-P", "cat"])
        .arg(page)
        .env("MANWIDTH", "100")
        .env("MAN_KEEP_FORMATTING", "0")
        .env("LC_ALL", "C.UTF-8")
        .output()
        .unwrap();
    assert!(
        output.status.success() && output.stderr.is_empty(),
        "man -l {}: {}",
        page.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    // man may draw bold and underline with backspaces when writing to a pipe.
    let text = String::from_utf8_lossy(&output.stdout);
    let mut plain = String::new();
    for c in text.chars() {
        if c == '\u{8}' {
            plain.pop();
        } else {
            plain.push(c);
        }
    }
    plain
}

pub fn every_page_renders_with_man() {
    let (_dir, paths) = pages();
    for path in &paths {
        let text = render(path);
        let command = path.file_stem().unwrap().to_str().unwrap();
        for heading in ["NAME", "SYNOPSIS", "OPTIONS"] {
            assert!(
                text.lines().any(|line| line == heading),
                "{command}: no {heading}:\n{text}"
            );
        }
        assert!(text.contains(command), "{command}:\n{text}");
    }
    let main = render(&paths[0]);
    assert!(main.contains("gamelab-solve(1)"), "{main}");
    let solve = render(&paths[0].with_file_name("gamelab-solve.1"));
    assert!(solve.contains("--piles"), "{solve}");
}

pub fn every_page_parses_without_a_groff_warning() {
    let (_dir, paths) = pages();
    for path in &paths {
        let output = Command::new("groff")
            .args(["-man", "-Tutf8", "-ww", "-z"])
            .arg(path)
            .output()
            .unwrap();
        assert!(
            output.status.success() && output.stderr.is_empty(),
            "groff on {}: {}",
            path.display(),
            String::from_utf8_lossy(&output.stderr)
        );
    }
}
