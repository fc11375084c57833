//! The report: the committed `reports/` matches a fresh run byte for byte (data, markdown, graph
//! files), and every command the report prints regenerates its file exactly.

mod common;

use common::{fails_with, gamelab};
use gamelab::report::generate_report;
use std::collections::BTreeSet;
use std::path::Path;

/// Files whose bytes depend only on gamelab: pictures are left out, since fonts and Graphviz
/// versions differ between machines.
const DETERMINISTIC: [&str; 5] = ["csv", "md", "dot", "efg", "html"];

fn names(dir: &Path) -> BTreeSet<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect()
}

fn extension(name: &str) -> &str {
    name.rsplit('.').next().unwrap_or("")
}

#[test]
fn committed_reports_match_a_fresh_run() {
    let committed = Path::new(env!("CARGO_MANIFEST_DIR")).join("reports");
    let fresh = tempfile::tempdir().unwrap();
    generate_report(fresh.path(), &|_| {}).unwrap();
    let regenerate = "regenerate with `cargo run --release -- report` and commit reports/";
    assert_eq!(
        names(&committed),
        names(fresh.path()),
        "the committed files differ from a fresh run's: {regenerate}"
    );
    let mut compared = 0;
    for name in names(fresh.path()) {
        if DETERMINISTIC.contains(&extension(&name)) {
            let old = std::fs::read_to_string(committed.join(&name)).unwrap();
            let new = std::fs::read_to_string(fresh.path().join(&name)).unwrap();
            assert!(old == new, "reports/{name} is out of date: {regenerate}");
            compared += 1;
        }
    }
    assert!(compared >= 15, "only {compared} data files compared");
}

/// The commands of the report's `sh` blocks, in order.
fn printed_commands(readme: &str) -> Vec<String> {
    let mut commands = Vec::new();
    let mut inside = false;
    for line in readme.lines() {
        match line {
            "```sh" => inside = true,
            "```" => inside = false,
            command if inside => commands.push(command.to_string()),
            _ => {}
        }
    }
    commands
}

#[test]
fn every_printed_command_regenerates_its_file() {
    let report = tempfile::tempdir().unwrap();
    let output = gamelab()
        .args(["report", "--out"])
        .arg(report.path())
        .output()
        .unwrap();
    assert!(output.status.success());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("[1/5] the parity study"), "{stderr}");
    assert!(stderr.contains("README.md"), "{stderr}");

    let readme = std::fs::read_to_string(report.path().join("README.md")).unwrap();
    let commands = printed_commands(&readme);
    assert!(commands.len() >= 20, "{commands:?}");
    let rerun = tempfile::tempdir().unwrap();
    for command in &commands {
        let (command, redirect) = match command.split_once(" > ") {
            Some((command, file)) => (command, Some(file)),
            None => (command.as_str(), None),
        };
        let words: Vec<&str> = command.split_whitespace().collect();
        assert_eq!(words[0], "gamelab", "{command}");
        let output = gamelab()
            .args(&words[1..])
            .current_dir(rerun.path())
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{command}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        if let Some(file) = redirect {
            std::fs::write(rerun.path().join(file), output.stdout).unwrap();
        }
    }
    // Every file the commands wrote equals the report's, pictures included (same machine).
    let written = names(rerun.path());
    assert!(written.len() >= 25, "{written:?}");
    for name in &written {
        assert!(
            std::fs::read(rerun.path().join(name)).unwrap()
                == std::fs::read(report.path().join(name)).unwrap(),
            "{name}: the printed command does not reproduce the report's file"
        );
    }
    // And every data file of the report has a command.
    for name in names(report.path()) {
        if ["csv", "dot", "efg", "html"].contains(&extension(&name)) {
            assert!(written.contains(&name), "no printed command writes {name}");
        }
    }
}

#[test]
fn report_refuses_an_unwritable_folder() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("file");
    std::fs::write(&file, "not a folder").unwrap();
    let inside = file.join("reports");
    fails_with(
        &["report", "--out", inside.to_str().unwrap()],
        &["cannot write", "file/reports"],
    );
    // The reason is said once, not repeated by the error chain.
    let output = gamelab()
        .args(["report", "--out", inside.to_str().unwrap()])
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.matches("Not a directory").count(), 1, "{stderr}");
}
