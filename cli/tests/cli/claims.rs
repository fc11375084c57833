//! Claims: every catalogue verdict; refuted claims' counterexamples meet the conditions, refute
//! the claim under `brute`, and are minimal (checked here by our own enumeration of every smaller
//! instance); exhaustive and sampled checks agree; the CLI's exit statuses and formats.

use crate::common::{fails_with, gamelab};
use gamelab::studies::claims::catalogue::catalogue;

#[test]
fn check_exits_zero_when_the_claim_holds_and_one_when_refuted() {
    gamelab()
        .args([
            "check",
            "stone-game",
            "--expect",
            "first-never-loses",
            "--n-parity",
            "even",
            "--n-max",
            "6",
            "--max-value",
            "5",
        ])
        .assert()
        .code(0)
        .stdout(predicates::str::contains("HOLDS on all"));
    gamelab()
        .args([
            "check",
            "stone-game",
            "--expect",
            "first-wins",
            "--n-parity",
            "even",
            "--n-max",
            "6",
        ])
        .assert()
        .code(1)
        .stdout(predicates::str::contains("smallest counterexample: [1, 1]"))
        .stdout(predicates::str::contains("optimal play"));
}

#[test]
fn check_json_has_the_documented_shape() {
    let output = gamelab()
        .args([
            "check",
            "stone-game",
            "--expect",
            "first-never-loses",
            "--n-parity",
            "odd",
            "--n-max",
            "5",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["holds"], false);
    assert_eq!(json["exhaustive"], false);
    assert!(json["checked"].as_u64().unwrap() > 0);
    let counterexample = &json["counterexample"];
    assert_eq!(counterexample["piles"], serde_json::json!([1, 3, 1]));
    assert_eq!(counterexample["first_score"], 2);
    assert_eq!(counterexample["second_score"], 3);
    assert_eq!(counterexample["margin"], -1);
    assert_eq!(counterexample["winner"], "second");
    let output = gamelab()
        .args([
            "check",
            "divisor-game",
            "--expect",
            "first-wins",
            "--n-parity",
            "even",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["counterexample"], serde_json::Value::Null);
    assert_eq!(json["exhaustive"], true);
}

#[test]
fn every_catalogue_command_gives_the_catalogue_verdict() {
    for entry in catalogue() {
        let result = entry.run().unwrap();
        for (command, verdict) in entry.commands().iter().zip(&result.verdicts) {
            let words: Vec<&str> = command.split_whitespace().skip(1).collect();
            let status = gamelab().args(&words).output().unwrap().status.code();
            assert_eq!(status, Some(if verdict.holds { 0 } else { 1 }), "{command}");
        }
    }
    gamelab()
        .args(["claims"])
        .assert()
        .success()
        .stdout(predicates::str::contains(
            "check:  gamelab check stone-game --expect first-wins",
        ));
}

/// A number game's instances are costed by its solver on them: with a proved period every N
/// is answered at once, so a claim is checked up to 10^19.
#[test]
fn claims_about_heaps_with_a_proved_period_are_checked_to_any_n() {
    gamelab()
        .args([
            "check",
            "dawsons-kayles",
            "--expect",
            "first-wins",
            "--n-min",
            "1e18",
            "--n-max",
            "1e19",
        ])
        .assert()
        .code(1)
        .stdout(predicates::str::contains("verdict: REFUTED"));
}

#[test]
fn bad_claims_are_refused() {
    fails_with(&["claims", "--format", "csv"], &["--format csv", "--run"]);
    fails_with(
        &["check", "stone-game", "--expect", "always"],
        &["'always'"],
    );
    fails_with(&["check", "stone-game"], &["--expect"]);
    fails_with(
        &[
            "check",
            "stone-game",
            "--expect",
            "tie",
            "--n-parity",
            "even",
            "--n",
            "3",
        ],
        &["no even number of piles"],
    );
    fails_with(
        &["check", "stone-game", "--expect", "tie", "--samples", "0"],
        &["--samples must be at least 1"],
    );
    fails_with(
        &["check", "stone-game", "--expect", "tie", "--solver", "dp"],
        &["does not apply to stone-game"],
    );
    fails_with(
        &[
            "check",
            "divisor-game",
            "--expect",
            "tie",
            "--min-value",
            "3",
        ],
        &["no pile values"],
    );
}

/// The work estimate counts the instances a check judges: `--samples` of them when the space is
/// too large to enumerate. It once counted the exhaustive limit (4 million) whatever `--samples`
/// said, so no check of 100,000 piles could run under the default budget, and "use fewer
/// --samples" did not help.
#[test]
fn a_sampled_check_is_costed_by_its_samples() {
    fn check<'a>(extra: &[&'a str]) -> Vec<&'a str> {
        let base = [
            "check",
            "stone-game",
            "--expect",
            "first-never-loses",
            "--n",
            "100000",
        ];
        [&base[..], extra].concat()
    }
    let output = gamelab().args(check(&["--samples", "2"])).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains("HOLDS on 2 sampled instances"), "{stdout}");
    fails_with(
        &check(&["--samples", "1000", "--max-time", "0.1s"]),
        &["checking 1000 instances", "--max-time"],
    );
}

#[test]
fn claims_run_is_costed_as_a_whole_before_the_first_claim() {
    let output = gamelab()
        .args(["claims", "--run", "--max-time", "10ms"])
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(output.stdout.is_empty(), "a claim was checked");
    assert!(
        stderr.starts_with("error: checking the catalogue (")
            && stderr.contains("above the budget of 10.0 ms (--max-time)")
            && stderr.lines().count() == 1,
        "{stderr}"
    );
}
