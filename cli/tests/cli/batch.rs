//! Batch solving (`gamelab::studies::batch::solve_stream`, `solve --input`): the streaming pipeline gives,
//! instance by instance, the answers of the one-instance solvers, in input order,
//! across chunk borders, with errors naming their line. And `solve_batch`, many instances of
//! one size at once (the Python package's `solve_many`), gives the one-instance answers too.

use crate::common::gamelab;
use gamelab::base::input::json_line::LONG_LINE_BYTES;
use std::fmt::Write as _;

/// Deterministic pseudo-random piles: `count` instances, sizes 1..=max_n, values in -50..=99.
fn instances(count: usize, max_n: usize, seed: u64) -> Vec<Vec<i64>> {
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut next = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        state >> 33
    };
    (0..count)
        .map(|_| {
            let n = 1 + (next() as usize) % max_n;
            (0..n).map(|_| (next() % 150) as i64 - 50).collect()
        })
        .collect()
}

/// JSON lines for `instances`, in the varied spellings users write (with and without the game,
/// spaces, blank lines).
fn json_lines(instances: &[Vec<i64>]) -> String {
    let mut text = String::new();
    for (index, piles) in instances.iter().enumerate() {
        let list: Vec<String> = piles.iter().map(i64::to_string).collect();
        match index % 3 {
            0 => writeln!(
                text,
                "{{\"game\":\"stone-game\",\"piles\":[{}]}}",
                list.join(",")
            ),
            1 => writeln!(text, "{{ \"piles\": [{}] }}", list.join(", ")),
            _ => writeln!(text, "\n{{\"piles\":[{}]}}\r", list.join(",")),
        }
        .unwrap();
    }
    text
}

#[test]
fn an_endless_line_is_refused_with_exit_status_2() {
    let output = gamelab()
        .args(["solve", "stone-game", "--input", "/dev/zero"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    // A line this long is parsed as it is read, so its first byte (not JSON) already refuses it;
    // an endless line of valid JSON would be refused at `MAX_LINE_BYTES` (the unit tests of
    // `input::json_line` check that limit).
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("error: reading '/dev/zero': line 1: not JSON (expected value")
            && stderr.lines().count() == 1,
        "{stderr}"
    );
}

#[test]
fn a_pipe_gives_the_same_bytes_as_a_file() {
    let all = instances(3_000, 16, 7);
    let text = json_lines(&all);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("instances.jsonl");
    std::fs::write(&path, &text).unwrap();
    for flag in [None, Some("--value-only")] {
        let from_file = gamelab()
            .args(["solve", "stone-game", "--input", path.to_str().unwrap()])
            .args(flag)
            .output()
            .unwrap();
        let from_pipe = gamelab()
            .args(["solve", "stone-game", "--input", "-"])
            .args(flag)
            .write_stdin(text.clone())
            .output()
            .unwrap();
        assert!(from_file.status.success() && from_pipe.status.success());
        assert!(from_file.stdout == from_pipe.stdout);
        assert_eq!(
            String::from_utf8(from_file.stdout).unwrap().lines().count(),
            all.len()
        );
    }
}

/// A long key that no instance has is shown by its start and length (serde's message quotes it
/// whole).
#[test]
fn a_long_unknown_key_is_shown_by_its_start() {
    let line = format!("{{\"piles\":[1,2],\"{}\":1}}\n", "b".repeat(150));
    let output = gamelab()
        .args(["solve", "stone-game", "--input", "-"])
        .write_stdin(line)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("unknown field `bbbb") && stderr.contains("... (150 characters)`"),
        "{stderr}"
    );
    assert!(stderr.len() < 400, "{stderr}");
}

/// A bad pile deep in a long line: one line naming the line and the column, exit status 2, after
/// the answers to the lines before it.
#[test]
fn a_bad_pile_in_a_long_line_is_named_by_line_and_column() {
    let mut line = String::from("{\"piles\": [");
    for index in 0..LONG_LINE_BYTES / 4 {
        write!(line, "{},", index % 1000).unwrap();
    }
    let column = line.len() + 1;
    line.push_str("1x]}\n");
    let text = format!("{{\"piles\": [1, 2]}}\n\n{line}{{\"piles\": [3]}}\n");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("long.jsonl");
    std::fs::write(&path, &text).unwrap();
    let output = gamelab()
        .args(["solve", "stone-game-iii", "--input", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with(&format!("error: reading '{}': line 3: ", path.display()))
            && stderr.lines().count() == 1,
        "{stderr}"
    );
    // The column of the `x` (serde's reader may count the byte after it).
    assert!(
        [column + 1, column + 2]
            .iter()
            .any(|c| stderr.contains(&format!("(column {c})"))),
        "{stderr}"
    );
    assert_eq!(String::from_utf8(output.stdout).unwrap().lines().count(), 1);
}
