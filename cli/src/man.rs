//! `gamelab man [--out DIR]`: write the manual pages (clap_mangen): `gamelab.1` for the whole
//! command line and `gamelab-SUBCOMMAND.1` for each subcommand.

use anyhow::Context;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct ManArgs {
    /// The folder to write the pages into, created if missing [default: the current folder]
    #[arg(long, value_name = "DIR", value_parser = super::values::file_path)]
    out: Option<PathBuf>,
}

/// Writes every page into the folder and prints the path of each, one per line.
pub fn run(args: ManArgs, command: clap::Command) -> anyhow::Result<ExitCode> {
    let folder = args.out.unwrap_or_else(|| PathBuf::from("."));
    std::fs::create_dir_all(&folder)
        .with_context(|| format!("cannot create folder '{}'", folder.display()))?;
    let mut out = super::open_output(None)?;
    for (name, page) in pages(command)? {
        let path = folder.join(name);
        // Errors name the file (see `gamelab::util::output`).
        let mut file = super::create_file(&path)?;
        file.write_all(&page)?;
        file.finish()?;
        writeln!(out, "{}", path.display())?;
    }
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}

/// The pages, named `gamelab.1` and `gamelab-SUBCOMMAND.1`, the main page first, the others in
/// the order `gamelab --help` lists them. `help` is left out: it has no options of its own.
fn pages(command: clap::Command) -> anyhow::Result<Vec<(String, Vec<u8>)>> {
    let mut command = command.disable_help_subcommand(true);
    // Building fills in each subcommand's display name (`gamelab-solve`) and the global flags.
    command.build();
    let mut pages = vec![page(&command)?];
    for subcommand in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        // A subcommand has no version of its own; its page's footer shows the program's.
        let subcommand = subcommand.clone().version(env!("CARGO_PKG_VERSION"));
        pages.push(page(&subcommand)?);
    }
    Ok(pages)
}

/// One command's page and its file name.
fn page(command: &clap::Command) -> anyhow::Result<(String, Vec<u8>)> {
    let name = command
        .get_display_name()
        .unwrap_or_else(|| command.get_name())
        .to_string();
    let mut page = Vec::new();
    clap_mangen::Man::new(command.clone()).render(&mut page)?;
    Ok((format!("{name}.1"), page))
}
