//! `gamelab analyze`: the analysis of one position (the start, or the position after `--moves`):
//! its value, margin and remoteness for the player to move, and every move best first.

use super::args::InstanceArgs;
use super::values::whole_number;
use super::{Format, open_output};
use clap::Args;
use gamelab::analysis::DEFAULT_MAX_STATES;
use gamelab::games::find_game;
use std::io::Write;
use std::process::ExitCode;

#[derive(Args)]
pub struct AnalyzeArgs {
    /// The game (see `gamelab games`)
    game: String,
    #[command(flatten)]
    instance: InstanceArgs,
    /// The moves played from the start, comma-separated, named as in `solve`'s JSON (e.g.
    /// left,right for stone-game, 2,1 for stone-game-ii)
    #[arg(long, value_name = "M1,M2,...", value_delimiter = ',')]
    moves: Vec<String>,
    /// Output format
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Refuse instances that may have more positions than this (each costs a few hundred bytes
    /// of memory: about 450 in a stone game)
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_STATES as u64, value_parser = whole_number, allow_negative_numbers = true)]
    max_states: u64,
}

pub fn run(args: AnalyzeArgs) -> anyhow::Result<ExitCode> {
    let game = find_game(&args.game)?;
    let instance = game.build(&args.instance.to_input())?;
    let analysis = instance
        .solve_space(args.max_states as u128)?
        .analyze(&args.moves)?;
    let mut out = open_output(None)?;
    match args.format {
        Format::Text => out.write_all(analysis.to_text().as_bytes())?,
        Format::Json => super::write_json_line(&mut out, &analysis)?,
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
