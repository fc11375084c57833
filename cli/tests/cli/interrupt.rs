//! Ctrl-C, SIGTERM and SIGHUP: a long run (minutes of work) stops at once with status 128 + the
//! signal and one line, and leaves no output file, neither the one asked for nor a partial
//! temporary one. "At once" is checked against the run's length, not a stopwatch: a run that
//! still goes on ten seconds after the signal did not stop; how long stopping takes on an idle
//! machine is a benchmark's question.
#![cfg(unix)]

use crate::common::file_names;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Starts `args` in a fresh folder, waits until it is writing its output file, sends SIGINT,
/// and checks the exit status, the message, the time it took to stop and the folder.
fn interrupt(args: &[&str]) {
    interrupt_in(tempfile::tempdir().unwrap(), args, true);
}

/// [`interrupt`] in `dir` (the folder is expected to end as it began, but for files there
/// before); without `writes`, the command writes no file and is interrupted half a second in.
fn interrupt_in(dir: tempfile::TempDir, args: &[&str], writes: bool) {
    signal_in(dir, args, writes, libc::SIGINT, "interrupted");
}

/// [`interrupt_in`] with `signal`, after which the command says `line`.
fn signal_in(dir: tempfile::TempDir, args: &[&str], writes: bool, signal: i32, line: &str) {
    let before = file_names(dir.path());
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamelab"))
        .env(
            crate::common::PINNED_FACTOR.0,
            crate::common::PINNED_FACTOR.1,
        )
        .args(args)
        .current_dir(dir.path())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The run has started once its temporary output file exists.
    let started = Instant::now();
    while writes && file_names(dir.path()) == before {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "{args:?} wrote nothing in 20 s"
        );
        if child.try_wait().unwrap().is_some() {
            panic!("{args:?} ended before it was interrupted: size it to take longer");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        child.try_wait().unwrap().is_none(),
        "{args:?} ended before it was interrupted: size it to take longer"
    );
    // SAFETY: sends a signal to our own child.
    assert_eq!(unsafe { libc::kill(child.id() as i32, signal) }, 0);
    let sent = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if sent.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            panic!("{args:?} did not stop within 10 s of signal {signal}");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    assert_eq!(
        status.code(),
        Some(128 + signal),
        "{args:?}: {status:?}, {stderr}"
    );
    assert_eq!(
        stderr.trim_start_matches('\n'),
        format!("{line}\n"),
        "{args:?}"
    );
    assert_eq!(file_names(dir.path()), before, "{args:?} left files behind");
}

/// A sweep of about 10^11 DP cells (minutes on one core) with no time budget, writing `output`
/// (a flag and its file).
fn long_sweep(output: [&str; 2]) -> Vec<&str> {
    let sweep = [
        "sweep",
        "stone-game",
        "--n-min",
        "1",
        "--n-max",
        "400",
        "--trials",
        "20000",
    ];
    [&sweep[..], &output, &["--max-time", "none"]].concat()
}

#[test]
fn ctrl_c_stops_a_long_sweep_without_leaving_its_csv() {
    interrupt(&long_sweep(["--out", "rows.csv"]));
}

#[test]
fn sigterm_and_a_hang_up_stop_a_long_chart_without_leaving_it() {
    // A sweep drawn as a PNG chart, whose temporary file exists from the start.
    let args = long_sweep(["--plot", "rates.png"]);
    for (signal, line) in [(libc::SIGTERM, "terminated"), (libc::SIGHUP, "hung up")] {
        signal_in(tempfile::tempdir().unwrap(), &args, true, signal, line);
    }
}

#[test]
fn ctrl_c_stops_a_report_without_leaving_the_folder_it_made() {
    // The folder appears at once, its files only when the last study is done (seconds).
    interrupt(&["report", "--out", "new-report", "--quiet"]);
}

#[test]
fn ctrl_c_stops_a_long_generate_without_leaving_its_file() {
    interrupt(&[
        "generate",
        "stone-game",
        "--n",
        "1000",
        "--count",
        "100000000",
        "--out",
        "instances.jsonl",
        "--max-time",
        "none",
    ]);
}

#[test]
fn ctrl_c_stops_a_long_solve_within_a_second() {
    // A million piles with the moves: about twenty seconds of the rolling kernel.
    let dir = tempfile::tempdir().unwrap();
    let piles: Vec<String> = (0..1_000_000).map(|k| (k % 997 + 1).to_string()).collect();
    std::fs::write(
        dir.path().join("row.jsonl"),
        format!("{{\"piles\":[{}]}}\n", piles.join(",")),
    )
    .unwrap();
    interrupt_in(
        dir,
        &[
            "solve",
            "stone-game",
            "--input",
            "row.jsonl",
            "--max-time",
            "none",
        ],
        false,
    );
}

#[test]
fn ctrl_c_stops_a_long_tournament_within_a_second() {
    interrupt_in(
        tempfile::tempdir().unwrap(),
        &[
            "tournament",
            "stone-game",
            "--strategies",
            "optimal,mcts-1000,greedy",
            "--n",
            "20",
            "--trials",
            "1000000",
            "--max-time",
            "none",
        ],
        false,
    );
}

/// A Graphviz that hangs mid-layout is killed with gamelab: it inherits the signals gamelab
/// blocks, so the Ctrl-C would not reach it, and it would go on running after gamelab ended.
#[test]
fn ctrl_c_stops_a_hanging_graphviz_too() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let pid_file = dir.path().join("dot.pid");
    let dot = dir.path().join("dot");
    // Answers `dot -V`, then writes its process id and hangs (exec: the id stays the same).
    std::fs::write(
        &dot,
        format!(
            "#!/bin/sh\n[ \"$1\" = -V ] && exit 0\necho $$ > {}\nexec /bin/sleep 600\n",
            pid_file.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&dot, std::fs::Permissions::from_mode(0o755)).unwrap();
    let out = dir.path().join("tree.svg");
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamelab"))
        .env(
            crate::common::PINNED_FACTOR.0,
            crate::common::PINNED_FACTOR.1,
        )
        .env("PATH", dir.path())
        .args(["tree", "stone-game", "--piles", "4,6,2", "--render", "svg"])
        .arg(&out)
        .args(["--renderer", "graphviz", "--max-time", "none"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    let dot_id: i32 = loop {
        if let Some(id) = std::fs::read_to_string(&pid_file)
            .ok()
            .and_then(|text| text.trim().parse().ok())
        {
            break id;
        }
        assert!(started.elapsed() < Duration::from_secs(20), "dot never ran");
        std::thread::sleep(Duration::from_millis(20));
    };
    // SAFETY: sends a signal to our own child.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGINT) }, 0);
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    // The hanging dot is gone (or a zombie its new parent has yet to reap), within moments.
    let gone = || {
        std::fs::read_to_string(format!("/proc/{dot_id}/status"))
            .map_or(true, |status| status.contains("State:\tZ"))
    };
    let killed = Instant::now();
    while !gone() {
        assert!(
            killed.elapsed() < Duration::from_secs(10),
            "dot ({dot_id}) still runs after gamelab ended"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!out.exists());
}
