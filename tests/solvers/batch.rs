//! Batch solving (`gamelab::studies::batch::solve_stream`, `solve --input`): the streaming pipeline gives,
//! instance by instance, the answers of the one-instance solvers, in input order,
//! across chunk borders, with errors naming their line. And `solve_batch`, many instances of
//! one size at once (the Python package's `solve_many`), gives the one-instance answers too.

use gamelab::base::input::InstanceInput;
use gamelab::base::input::json_line::LONG_LINE_BYTES;
use gamelab::games::{every_game, find_game};
use gamelab::solve::SolverKind;
use gamelab::studies::batch::{
    BatchError, Instances, OutputFormat, StreamError, StreamOptions, solve_batch, solve_stream,
};
use std::fmt::Write as _;
use std::sync::atomic::AtomicBool;

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

/// The answers of the one-instance path, as `solve --input` wrote them before it streamed.
fn one_at_a_time(
    game: &str,
    instances: &[Vec<i64>],
    value_only: bool,
    format: OutputFormat,
) -> String {
    let entry = find_game(game).unwrap();
    let mut out = String::new();
    for (index, piles) in instances.iter().enumerate() {
        let input = InstanceInput::piles(piles.clone());
        let instance = entry.build(&input).unwrap();
        let solution = if value_only {
            instance.solve_value(SolverKind::AUTO)
        } else {
            instance.solve(SolverKind::AUTO)
        }
        .unwrap();
        match format {
            OutputFormat::Json => {
                out.push_str(&serde_json::to_string(&solution).unwrap());
                out.push('\n');
            }
            OutputFormat::Text => {
                if index > 0 {
                    out.push('\n');
                }
                out.push_str(&solution.to_text(&input.describe()));
            }
        }
    }
    out
}

fn streamed(
    game: &str,
    text: &str,
    value_only: bool,
    format: OutputFormat,
    threads: usize,
) -> Result<String, StreamError> {
    let options = StreamOptions {
        solver: SolverKind::AUTO,
        value_only,
        format,
        threads,
    };
    let mut out = Vec::new();
    solve_stream(
        find_game(game).unwrap(),
        text.as_bytes(),
        &mut out,
        &options,
    )?;
    Ok(String::from_utf8(out).unwrap())
}

#[test]
fn streamed_stone_game_answers_are_the_one_instance_answers_byte_for_byte() {
    // About 20,000 lines: many chunks, runs of equal and unequal sizes, both SIMD batch widths.
    let mut all = instances(20_000, 40, 1);
    all.extend(instances(3, 600, 2)); // beyond the small-instance paths
    let text = json_lines(&all);
    for value_only in [true, false] {
        let expected = one_at_a_time("stone-game", &all, value_only, OutputFormat::Json);
        for threads in [1, 3] {
            let got =
                streamed("stone-game", &text, value_only, OutputFormat::Json, threads).unwrap();
            assert!(
                got == expected,
                "value_only {value_only}, {threads} threads"
            );
        }
    }
}

#[test]
fn every_pile_game_streams_json_and_text_as_one_at_a_time() {
    let all = instances(300, 9, 3);
    for entry in every_game().iter().filter(|entry| entry.takes_piles()) {
        // Lines naming stone-game would be refused by the others: leave the name out.
        let text: String = all
            .iter()
            .map(|piles| {
                let list: Vec<String> = piles.iter().map(i64::to_string).collect();
                format!("{{\"piles\": [{}]}}\n", list.join(","))
            })
            .collect();
        let valid: Vec<Vec<i64>> = all
            .iter()
            .filter(|piles| entry.build(&InstanceInput::piles(piles.to_vec())).is_ok())
            .cloned()
            .collect();
        if valid.len() != all.len() {
            continue; // games that refuse negative piles are covered by the error tests
        }
        for format in [OutputFormat::Json, OutputFormat::Text] {
            let expected = one_at_a_time(entry.name(), &all, false, format);
            let got = streamed(entry.name(), &text, false, format, 2).unwrap();
            assert!(got == expected, "{} {format:?}", entry.name());
        }
    }
}

#[test]
fn a_bad_line_stops_the_batch_after_answering_every_line_before_it() {
    let all = instances(9_000, 20, 4);
    let mut text = json_lines(&all);
    let lines_before = text.lines().count();
    text.push_str("{\"piles\": [1, 2}\n");
    text.push_str(&json_lines(&all[..100]));
    let options = StreamOptions {
        solver: SolverKind::AUTO,
        value_only: true,
        format: OutputFormat::Json,
        threads: 2,
    };
    let mut out = Vec::new();
    let error = solve_stream(
        find_game("stone-game").unwrap(),
        text.as_bytes(),
        &mut out,
        &options,
    )
    .unwrap_err();
    let message = error.to_string();
    assert!(
        message.starts_with(&format!("line {}:", lines_before + 1)),
        "{message}"
    );
    let expected = one_at_a_time("stone-game", &all, true, OutputFormat::Json);
    assert!(String::from_utf8(out).unwrap() == expected);

    // An invalid instance (no piles) is named by its line too, through the general path.
    let text = format!("{}{{\"piles\": []}}\n", json_lines(&all[..5]));
    let error = streamed("stone-game", &text, false, OutputFormat::Json, 2).unwrap_err();
    let lines = json_lines(&all[..5]).lines().count();
    let message = error.to_string();
    let expected = format!("line {}: stone-game needs at least one pile", lines + 1);
    assert!(message.starts_with(&expected), "{message}");
}

/// A JSON line of `piles` with `padding` spaces before the list (the same instance, any length).
fn padded_line(piles: &[i64], padding: usize) -> String {
    let list: Vec<String> = piles.iter().map(i64::to_string).collect();
    format!(
        "{{\"piles\":{}[{}]}}\n",
        " ".repeat(padding),
        list.join(",")
    )
}

/// Lines longer than `LONG_LINE_BYTES` are parsed as they are read, each in a chunk of its own:
/// among short lines (before, after, blank) they give the one-instance answers, in order, for
/// stone-game-iii (whose ten-million-pile files take this path) and for stone-game's fast paths.
#[test]
fn long_lines_parsed_as_they_stream_give_the_one_instance_answers() {
    let short = instances(40, 20, 9);
    let huge: Vec<i64> = (0..LONG_LINE_BYTES / 4 + 1000)
        .map(|i| (i * 7919 % 1800) as i64 - 900)
        .collect();
    let long = LONG_LINE_BYTES + 10;
    let mut text = String::new();
    for piles in &short[..10] {
        text.push_str(&padded_line(piles, 0));
    }
    text.push_str(&padded_line(&huge, 0));
    text.push_str(&" ".repeat(long));
    text.push('\n');
    for piles in &short[10..20] {
        text.push_str(&padded_line(piles, 0));
    }
    text.push_str(&padded_line(&short[20], long));
    for piles in &short[21..] {
        text.push_str(&padded_line(piles, 0));
    }
    let mut all = short[..10].to_vec();
    all.push(huge);
    all.extend_from_slice(&short[10..]);
    let expected = one_at_a_time("stone-game-iii", &all, false, OutputFormat::Json);
    for threads in [1, 2] {
        let got = streamed("stone-game-iii", &text, false, OutputFormat::Json, threads).unwrap();
        assert!(got == expected, "{threads} threads");
    }

    // stone-game: a long line of 300 piles (the one-instance kernel) and of 12 (the small path).
    let big = instances(1, 300, 10).remove(0);
    let text = [
        padded_line(&short[0], 0),
        padded_line(&big, long),
        padded_line(&short[1], long),
        padded_line(&short[2], 0),
    ]
    .concat();
    let all = [short[0].clone(), big, short[1].clone(), short[2].clone()];
    for value_only in [true, false] {
        let expected = one_at_a_time("stone-game", &all, value_only, OutputFormat::Json);
        let got = streamed("stone-game", &text, value_only, OutputFormat::Json, 2).unwrap();
        assert!(got == expected, "value_only {value_only}");
    }
}

#[test]
fn a_batch_gives_what_one_by_one_solves_give() {
    let flat: Vec<i64> = (0..3000).map(|k| (k * 7919 % 100) + 1).collect();
    for name in ["stone-game", "stone-game-vii", "stone-game-iii"] {
        let entry = find_game(name).unwrap();
        let batch = solve_batch(
            entry,
            Instances::Piles {
                rows: 500,
                n: 6,
                flat: &flat,
            },
            &AtomicBool::new(false),
        )
        .unwrap();
        assert_eq!(batch.margins.len(), 500);
        for (index, piles) in flat.chunks(6).enumerate() {
            let one = entry
                .build(&InstanceInput::piles(piles.to_vec()))
                .unwrap()
                .solve(SolverKind::AUTO)
                .unwrap();
            assert_eq!(
                (one.margin, one.first_score, one.second_score),
                (
                    batch.margins[index],
                    batch.first_scores[index],
                    batch.second_scores[index]
                ),
                "{name} {piles:?}"
            );
        }
    }
}

#[test]
fn a_set_stop_flag_stops_the_batch() {
    let entry = find_game("stone-game").unwrap();
    let flat = vec![1; 4 * 5000];
    let stopped = solve_batch(
        entry,
        Instances::Piles {
            rows: 5000,
            n: 4,
            flat: &flat,
        },
        &AtomicBool::new(true),
    );
    assert!(matches!(stopped, Err(BatchError::Stopped)));
}

#[test]
fn the_first_bad_instance_is_named() {
    let entry = find_game("divisor-game").unwrap();
    let error = solve_batch(
        entry,
        Instances::Numbers {
            values: &[4, 5, 0, 7],
            subtract: None,
        },
        &AtomicBool::new(false),
    )
    .unwrap_err()
    .to_string();
    assert!(error.starts_with("instance 2: "), "{error}");
}
