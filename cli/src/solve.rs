//! `gamelab solve`: solve one instance (`--piles`, `--n`) or a file of JSON lines (`--input`).

use super::args::InstanceArgs;
use super::values::SolverParser;
use super::{Format, open_input, open_output};
use clap::Args;
use gamelab::games::find_game;
use gamelab::solve::{Solution, SolverKind};
use gamelab::studies::batch::{OutputFormat, StreamError, StreamOptions, solve_stream};
use gamelab::util::parallel::available_threads;
use std::io::Write;
use std::process::ExitCode;

#[derive(Args)]
pub struct SolveArgs {
    /// The game (see `gamelab games`)
    game: String,
    #[command(flatten)]
    instance: InstanceArgs,
    /// Solve every instance in a file of JSON lines ({"piles": [...]} or {"n": N}); '-' reads
    /// standard input. Results come one JSON object per line, in the same order
    #[arg(long, value_name = "FILE", conflicts_with_all = ["piles", "n"])]
    input: Option<String>,
    /// The solver
    #[arg(long, value_parser = SolverParser, default_value = "auto")]
    solver: SolverKind,
    /// Output format [default: text for one instance, json for --input]
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// Compute the value only, without the move list (the fastest path; `"moves": null`)
    #[arg(long)]
    value_only: bool,
}

pub fn run(args: SolveArgs) -> anyhow::Result<ExitCode> {
    let game = find_game(&args.game)?;
    let mut out = open_output(None)?;
    match &args.input {
        None => {
            let input = args.instance.to_input();
            let instance = game.build(&input)?;
            let solution = solve(instance.as_ref(), &args)?;
            let format = args.format.unwrap_or(Format::Text);
            write_solution(&mut out, &solution, &input.describe(), format)?;
            if format == Format::Text {
                for note in instance.facts() {
                    writeln!(out, "note: {note}")?;
                }
            }
        }
        Some(path) => {
            let options = StreamOptions {
                solver: args.solver,
                value_only: args.value_only,
                format: match args.format.unwrap_or(Format::Json) {
                    Format::Json => OutputFormat::Json,
                    Format::Text => OutputFormat::Text,
                },
                threads: available_threads(),
            };
            match solve_stream(game, open_input(path)?, &mut out, &options) {
                Ok(_) => {}
                // An io::Error of its own, so that a closed pipe is recognised as one.
                Err(StreamError::Write(error)) => return Err(error.into()),
                // A line the system could not read is named with its file.
                Err(error @ StreamError::Read(_)) if path != "-" => {
                    anyhow::bail!("reading '{path}': {error}")
                }
                Err(error) => return Err(error.into()),
            }
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn solve(instance: &dyn gamelab::AnyGame, args: &SolveArgs) -> anyhow::Result<Solution> {
    Ok(if args.value_only {
        instance.solve_value(args.solver)?
    } else {
        instance.solve(args.solver)?
    })
}

fn write_solution(
    out: &mut dyn Write,
    solution: &Solution,
    instance: &str,
    format: Format,
) -> anyhow::Result<()> {
    match format {
        Format::Text => out.write_all(solution.to_text(instance).as_bytes())?,
        Format::Json => super::write_json_line(out, solution)?,
    }
    Ok(())
}
