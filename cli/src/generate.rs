//! `gamelab generate`: seeded random instances as JSON lines that `gamelab solve --input -`
//! reads.

use super::args::{DEFAULT_SIZES, GeneratorArgs, SeedArg};
use super::open_output;
use super::values::whole_number;
use clap::Args;
use gamelab::cost::count;
use gamelab::games::find_game;
use gamelab::studies::generate::Generator;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct GenerateArgs {
    /// The game (see `gamelab games`)
    game: String,
    /// How many instances
    #[arg(long, default_value_t = 10, value_parser = whole_number, allow_negative_numbers = true)]
    count: u64,
    #[command(flatten)]
    generator: GeneratorArgs,
    #[command(flatten)]
    random: SeedArg,
    /// Write to this file instead of standard output
    #[arg(long, value_name = "FILE", value_parser = super::values::file_path)]
    out: Option<PathBuf>,
}

pub fn run(args: GenerateArgs) -> anyhow::Result<ExitCode> {
    let game = find_game(&args.game)?;
    let spec = args.generator.spec(game, args.random.seed, DEFAULT_SIZES);
    let generator = Generator::new(game, spec)?;
    let admitted = generator.generation_cost(args.count).admit(
        format_args!("generating {} instances", count(args.count as u128)),
        "generate fewer instances (--count) or smaller ones",
    )?;
    let mut out = open_output(args.out.as_deref())?;
    // Progress is reported per block of instances, at their mean size.
    let block = generator.instance_work().times(PROGRESS_BLOCK as u128);
    // Each line is made whole, then written at once: serde's many small writes would each go
    // through the output's layers.
    let mut line = Vec::new();
    for index in 0..args.count {
        line.clear();
        serde_json::to_writer(&mut line, &generator.instance(index))?;
        line.push(b'\n');
        out.write_all(&line)?;
        if index % PROGRESS_BLOCK == PROGRESS_BLOCK - 1 {
            admitted.advance(block.cpu_nanos());
        }
    }
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}

/// Instances written between two reports of progress.
const PROGRESS_BLOCK: u64 = 1024;
