//! `gamelab explore`: write the explorer page of one instance, a single self-contained HTML file.

use super::args::InstanceArgs;
use super::note;
use super::values::whole_number;
use super::{open_staged, stage_outputs};
use clap::Args;
use gamelab::cost::{Cost, Operation, Work};
use gamelab::games::find_game;
use gamelab::present::explore::{DEFAULT_PAGE_MAX_STATES, PageMeta, Source, write_page};
use gamelab::util::plural::counted;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct ExploreArgs {
    /// The game (see `gamelab games`)
    game: String,
    #[command(flatten)]
    instance: InstanceArgs,
    /// Write the page to this file instead of standard output
    #[arg(long, value_name = "FILE.html", value_parser = super::values::file_path)]
    out: Option<PathBuf>,
    /// Refuse instances that may have more positions than this (each adds about 100 bytes to
    /// the page, and takes a few hundred bytes of memory while it is solved, as in `analyze`)
    #[arg(long, value_name = "N", default_value_t = DEFAULT_PAGE_MAX_STATES as u64, value_parser = whole_number, allow_negative_numbers = true)]
    max_states: u64,
}

pub fn run(args: ExploreArgs) -> anyhow::Result<ExitCode> {
    let entry = find_game(&args.game)?;
    let input = args.instance.to_input();
    let instance = entry.build(&input)?;
    let [page_file] = stage_outputs([("--out", args.out.as_deref())], &[])?;
    let space = instance.solve_space(args.max_states as u128)?;
    // Writing the page costs about as much again per position as solving it.
    let positions = space.positions.len() as u128;
    Cost::work(Work::of(Operation::PagePosition, positions)).check(
        format_args!("writing a page of {positions} positions"),
        "use a smaller instance",
    )?;
    let mut out = open_staged(page_file)?;
    let instance_text = input.describe();
    write_page(
        Some(&PageMeta::for_entry(entry, &instance_text)),
        Source::Inline(&space),
        &mut out,
    )?;
    out.finish()?;
    if let Some(path) = &args.out {
        note!(
            "wrote {}: {} {}, {}",
            path.display(),
            entry.name(),
            input.describe(),
            counted(space.positions.len(), "position")
        );
    }
    Ok(ExitCode::SUCCESS)
}
