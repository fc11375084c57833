//! The report: a fresh run without Graphviz on the PATH gives the committed `reports/` byte for
//! byte, pictures included (its graph pictures with Graphviz on the PATH are compared in
//! `cli/tests/tools/graphviz.rs`), and every command the report prints regenerates its file
//! exactly.

use crate::common::{fails_with, file_names, gamelab, repository};
use std::path::Path;
use std::sync::OnceLock;

/// One report run with the PATH emptied, so that no Graphviz can be found, shared by the tests
/// below.
fn fresh_report() -> &'static Path {
    static REPORT: OnceLock<tempfile::TempDir> = OnceLock::new();
    REPORT
        .get_or_init(|| {
            let dir = tempfile::tempdir().unwrap();
            let output = gamelab()
                .args(["report", "--out"])
                .arg(dir.path())
                .env("PATH", "")
                .output()
                .unwrap();
            let stderr = String::from_utf8(output.stderr).unwrap();
            assert!(output.status.success(), "{stderr}");
            assert!(stderr.contains("[1/7] the parity study"), "{stderr}");
            assert!(stderr.contains("README.md"), "{stderr}");
            dir
        })
        .path()
}

/// Every file of `fresh` equals the committed one, pictures included, and no file is missing or
/// extra.
fn assert_matches_committed(fresh: &Path) {
    let committed = repository().join("reports");
    let regenerate = "regenerate with `cargo run --release -- report` and commit reports/";
    assert_eq!(
        file_names(&committed),
        file_names(fresh),
        "the committed files differ from a fresh run's: {regenerate}"
    );
    for name in file_names(fresh) {
        let old = std::fs::read(committed.join(&name)).unwrap();
        let new = std::fs::read(fresh.join(&name)).unwrap();
        assert!(old == new, "reports/{name} is out of date: {regenerate}");
    }
    assert!(
        file_names(fresh).len() >= 40,
        "only {} files",
        file_names(fresh).len()
    );
}

fn extension(name: &str) -> &str {
    name.rsplit('.').next().unwrap_or("")
}

#[test]
fn committed_reports_match_a_fresh_run_without_graphviz() {
    assert_matches_committed(fresh_report());
}

/// The commands of the report's `sh` blocks, block by block.
fn printed_blocks(readme: &str) -> Vec<Vec<String>> {
    let mut blocks = Vec::new();
    let mut inside = false;
    for line in readme.lines() {
        match line {
            "```sh" => {
                inside = true;
                blocks.push(Vec::new());
            }
            "```" => inside = false,
            command if inside => blocks.last_mut().unwrap().push(command.to_string()),
            _ => {}
        }
    }
    blocks
}

/// Runs one printed command in `folder`, as a shell would: `gamelab ARGS [> FILE]`.
fn run_printed(command: &str, folder: &Path) {
    let (command, redirect) = match command.split_once(" > ") {
        Some((command, file)) => (command, Some(file)),
        None => (command, None),
    };
    let words: Vec<&str> = command.split_whitespace().collect();
    assert_eq!(words[0], "gamelab", "{command}");
    let output = gamelab()
        .args(&words[1..])
        .env("PATH", "")
        .current_dir(folder)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{command}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    if let Some(file) = redirect {
        std::fs::write(folder.join(file), output.stdout).unwrap();
    }
}

#[test]
fn every_printed_command_regenerates_its_file() {
    let report = fresh_report();
    let readme = std::fs::read_to_string(report.join("README.md")).unwrap();
    let blocks = printed_blocks(&readme);
    assert!(blocks.concat().len() >= 20, "{blocks:?}");
    let rerun = tempfile::tempdir().unwrap();
    // A block's commands run in order (a chart reads the table written before it); the blocks
    // are independent, so two run at once, the last first: the later studies are the longer.
    let next = std::sync::Mutex::new(blocks.iter().rev());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                loop {
                    // Taken apart from the loop's condition, so the lock is not held while the
                    // block runs.
                    let block = next.lock().unwrap().next();
                    let Some(block) = block else { break };
                    for command in block {
                        run_printed(command, rerun.path());
                    }
                }
            });
        }
    });
    // Every file the commands wrote equals the report's, pictures included (same machine).
    let written = file_names(rerun.path());
    assert!(written.len() >= 25, "{written:?}");
    for name in &written {
        assert!(
            std::fs::read(rerun.path().join(name)).unwrap()
                == std::fs::read(report.join(name)).unwrap(),
            "{name}: the printed command does not reproduce the report's file"
        );
    }
    // And every file of the report has a command, the pictures the page shows included.
    for name in file_names(report) {
        if ["csv", "dot", "efg", "html", "svg", "png"].contains(&extension(&name)) {
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

#[test]
fn a_report_over_its_memory_budget_names_the_study_that_needs_the_most_memory() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("rep");
    let output = gamelab()
        .args(["report", "--max-memory", "1M", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    // The study is the one with the report's peak (studies run one after another, so the
    // report needs what its largest study needs), given in bytes, not in seconds.
    let total = stderr
        .split("needs about ")
        .nth(1)
        .and_then(|rest| rest.split(" of memory").next())
        .expect("the report's memory");
    assert!(
        stderr.contains(&format!(", which needs about {total}, with --skip ")),
        "{stderr}"
    );
    assert!(!out.exists(), "the folder was created");
    // Leaving out every study is refused, not answered with an empty report.
    let every = "parity,claims,gold-pots,games,strategies,subtract-a-square,octal";
    fails_with(
        &["report", "--skip", every, "--out", out.to_str().unwrap()],
        &["--skip leaves out every study"],
    );
    assert!(!out.exists(), "the folder was created");
}

#[test]
fn a_report_over_its_budget_is_refused_before_any_study_with_the_study_to_leave_out() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("rep");
    let output = gamelab()
        .args(["report", "--max-time", "100ms", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "no study started: {stderr}");
    for needle in [
        "this report (7 studies) would take about ",
        "above the budget of 0.1 s (--max-time)",
        "leave out its largest study",
        "with --skip ",
    ] {
        assert!(stderr.contains(needle), "{needle} in {stderr}");
    }
    assert!(!out.exists(), "the folder was created");
    // On one core the whole report is estimated well within its default budget of 2 minutes
    // (10 s were too few for the upper estimates there, though it takes about 5 s).
    let one_core = gamelab()
        .env("RAYON_NUM_THREADS", "1")
        .args(["report", "--max-time", "1ms", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    let refusal = String::from_utf8(one_core.stderr).unwrap();
    let seconds: f64 = refusal
        .split("would take about ")
        .nth(1)
        .and_then(|rest| rest.strip_suffix("\n").unwrap_or(rest).split(" s ").next())
        .and_then(|number| number.parse().ok())
        .unwrap_or_else(|| panic!("an estimate in seconds: {refusal}"));
    assert!(seconds < 60.0, "{refusal}");
    fails_with(
        &[
            "report",
            "--skip",
            "parity,tables",
            "--out",
            out.to_str().unwrap(),
        ],
        &[
            "--skip 'tables' names no study",
            "parity, claims, gold-pots",
        ],
    );
}

#[test]
fn a_report_that_fails_late_leaves_its_folder_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("rep");
    std::fs::create_dir(&out).unwrap();
    std::fs::write(out.join("parity-uniform.csv"), "old").unwrap();
    std::fs::write(out.join("README.md"), "old index").unwrap();
    // A folder where the games study must write a file: the parity study's files are written
    // by then.
    std::fs::create_dir(out.join("stone-game-vii.csv")).unwrap();
    let before = file_names(&out);
    let output = gamelab()
        .args([
            "report",
            "--skip",
            "claims,gold-pots,strategies,subtract-a-square,octal",
            "--out",
        ])
        .arg(&out)
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("[2/2]"), "{stderr}");
    assert_eq!(
        stderr.lines().last().unwrap(),
        format!(
            "error: cannot write '{}': Is a directory (os error 21)",
            out.join("stone-game-vii.csv").display()
        )
    );
    assert_eq!(file_names(&out), before);
    assert_eq!(
        std::fs::read_to_string(out.join("parity-uniform.csv")).unwrap(),
        "old"
    );
    assert_eq!(
        std::fs::read_to_string(out.join("README.md")).unwrap(),
        "old index"
    );
}
