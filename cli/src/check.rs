//! `gamelab check`: settle a claim about a game, exhaustively or by sampling; exit status 0 when
//! it holds, 1 when refuted (with the smallest counterexample and its optimal play).

use super::args::{DefaultSizes, GeneratorArgs, SeedArg};
use super::values::{SolverParser, choice, whole_number};
use super::{Format, open_output};
use clap::Args;
use gamelab::games::find_game;
use gamelab::solve::SolverKind;
use gamelab::studies::claims::{
    CheckOptions, Claim, DEFAULT_SAMPLES, Expectation, Minimality, Verdict, check_claim,
};
use gamelab::util::plural::counted;
use std::fmt::Write as _;
use std::io::Write;
use std::process::ExitCode;

#[derive(Args)]
pub struct CheckArgs {
    /// The game (see `gamelab games`)
    game: String,
    /// What optimal play is claimed to give
    #[arg(long, value_parser = choice::<Expectation>())]
    expect: Expectation,
    #[command(flatten)]
    generator: GeneratorArgs,
    /// Instances to sample when the space is too large to enumerate
    #[arg(long, default_value_t = DEFAULT_SAMPLES, value_parser = whole_number, allow_negative_numbers = true)]
    samples: u64,
    #[command(flatten)]
    random: SeedArg,
    /// The solver deciding each instance
    #[arg(long, value_parser = SolverParser, default_value = "auto")]
    solver: SolverKind,
    /// Output format
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// Default sizes of a claim: up to 10 piles, or N up to 1000.
const CLAIM_SIZES: DefaultSizes = DefaultSizes {
    piles: 10,
    number: 1000,
};

pub fn run(args: CheckArgs) -> anyhow::Result<ExitCode> {
    let game = find_game(&args.game)?;
    let spec = args.generator.spec(game, args.random.seed, CLAIM_SIZES);
    let claim = Claim {
        game: game.name(),
        expect: args.expect,
        sizes: spec.sizes,
        values: spec.values,
        solver: args.solver,
        extras: spec.extras,
    };
    let options = CheckOptions {
        samples: args.samples,
        seed: spec.seed,
        ..CheckOptions::default()
    };
    let verdict = check_claim(game, &claim, &options)?;
    let mut out = open_output(None)?;
    match args.format {
        Format::Text => out.write_all(render_verdict(&claim, &verdict, &options).as_bytes())?,
        Format::Json => super::write_json_line(&mut out, &verdict)?,
    }
    out.flush()?;
    Ok(if verdict.holds {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(super::EXIT_FINDING)
    })
}

/// The verdict for people: what was claimed, what was checked, and any counterexample with its
/// optimal play.
pub fn render_verdict(claim: &Claim, verdict: &Verdict, options: &CheckOptions) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "claim: {}", claim.describe());
    let how = if verdict.exhaustive {
        "exhaustively, every instance".to_string()
    } else {
        format!("sampled, seed {}", options.seed)
    };
    let _ = match &verdict.counterexample {
        None if verdict.exhaustive => writeln!(
            out,
            "verdict: HOLDS on all {} ({how})",
            counted(verdict.checked, "instance")
        ),
        None => writeln!(
            out,
            "verdict: HOLDS on {} (seed {}; evidence, not proof: the space is too large to enumerate)",
            counted(verdict.checked, "sampled instance"),
            options.seed
        ),
        Some(_) => writeln!(
            out,
            "verdict: REFUTED after {} ({how})",
            counted(verdict.checked, "instance")
        ),
    };
    if let Some(counterexample) = &verdict.counterexample {
        let minimality = match counterexample.minimality {
            // A number game's instances are its N alone, in order.
            Minimality::Global if claim.values.is_none() => "no smaller N refutes it",
            Minimality::Global => {
                "no instance with fewer piles, or as many and smaller values, refutes it"
            }
            Minimality::Local => {
                "no pile can be dropped and no value lowered; the full search below it ran out of budget"
            }
            Minimality::Partial => {
                "shrunk as far as its budget allowed: a pile might still be dropped or a value lowered"
            }
        };
        let _ = writeln!(
            out,
            "smallest counterexample: {} ({minimality})",
            counterexample.input().describe()
        );
        out.push_str(
            &counterexample
                .solution
                .to_text(&counterexample.input().describe()),
        );
    }
    out
}
