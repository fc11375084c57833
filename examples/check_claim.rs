//! Check a claim of labuladong's article — "with an odd number of piles the first player never
//! loses" — and print the smallest counterexample with its optimal play.
//!
//! Run with `cargo run --release --example check_claim`.

use gamelab::base::input::Extras;
use gamelab::find_game;
use gamelab::solve::SolverKind;
use gamelab::studies::claims::{CheckOptions, Claim, Expectation, Minimality, check_claim};
use gamelab::studies::generate::{Parity, SizeRange, ValueSpec};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let claim = Claim {
        game: "stone-game",
        expect: Expectation::FirstNeverLoses,
        // Odd pile counts up to 9, values 1..20.
        sizes: SizeRange::with_parity(1, 9, Parity::Odd),
        values: Some(ValueSpec::uniform(1, 20)),
        solver: SolverKind::AUTO,
        extras: Extras::default(),
    };
    // Small spaces are enumerated; this one (about 5 * 10^11 instances) is sampled, and a
    // counterexample found by sampling is then shrunk and proven minimal by a bounded search.
    let verdict = check_claim(find_game(claim.game)?, &claim, &CheckOptions::default())?;
    println!("claim: {}", claim.describe());
    println!(
        "checked {} instances ({}): {}",
        verdict.checked,
        if verdict.exhaustive {
            "all of them"
        } else {
            "sampled"
        },
        if verdict.holds { "holds" } else { "refuted" }
    );
    if let Some(counterexample) = &verdict.counterexample {
        let minimality = match counterexample.minimality {
            Minimality::Global => "no instance with fewer piles, or smaller values, refutes it",
            Minimality::Local => "no pile can be dropped and no value lowered",
            Minimality::Partial => "shrunk as far as its budget allowed",
        };
        println!(
            "smallest counterexample: {} ({minimality})",
            counterexample.input().describe()
        );
        print!(
            "{}",
            counterexample
                .solution
                .to_text(&counterexample.input().describe())
        );
    }
    println!(
        "the same check from the shell: {}",
        claim.command(&CheckOptions::default())
    );
    Ok(())
}
