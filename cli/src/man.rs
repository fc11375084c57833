//! `gamelab man [--out DIR]`: write the manual pages (clap_mangen): `gamelab.1` for the whole
//! command line, `gamelab-SUBCOMMAND.1` for each subcommand and `gamelab-plot-KIND.1` for each
//! chart, every page with the EXAMPLES the command reference shows (`crate::examples`).

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
    if folder.exists() && !folder.is_dir() {
        anyhow::bail!(
            "--out '{}' is a file: the pages go into a folder",
            folder.display()
        );
    }
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

/// The pages, named `gamelab.1`, `gamelab-SUBCOMMAND.1` and `gamelab-plot-KIND.1`, the main
/// page first, the others in the order `gamelab --help` lists them, each command before its own
/// subcommands (every page a SUBCOMMANDS section names is written). `help` is left out: it has
/// no options of its own.
fn pages(command: clap::Command) -> anyhow::Result<Vec<(String, Vec<u8>)>> {
    let mut command = command.disable_help_subcommand(true);
    // Building fills in each subcommand's display name (`gamelab-solve`) and the global flags.
    command.build();
    let mut pages = Vec::new();
    add_pages(&command, "", &mut pages)?;
    Ok(pages)
}

/// The page of `command` (at `path`, `""` for the top) and of its subcommands, recursively.
fn add_pages(
    command: &clap::Command,
    path: &str,
    pages: &mut Vec<(String, Vec<u8>)>,
) -> anyhow::Result<()> {
    pages.push(page(command, path)?);
    for subcommand in command
        .get_subcommands()
        .filter(|s| !s.is_hide_set() && s.get_name() != "help")
    {
        // A subcommand has no version of its own; its page's footer shows the program's.
        let subcommand = subcommand
            .clone()
            .disable_help_subcommand(true)
            .version(env!("CARGO_PKG_VERSION"));
        let path = format!("{path} {}", subcommand.get_name());
        add_pages(&subcommand, path.trim_start(), pages)?;
    }
    Ok(())
}

/// One command's page and its file name, with its EXAMPLES section before VERSION.
fn page(command: &clap::Command, path: &str) -> anyhow::Result<(String, Vec<u8>)> {
    let name = command
        .get_display_name()
        .unwrap_or_else(|| command.get_name())
        .to_string();
    let mut page = Vec::new();
    clap_mangen::Man::new(command.clone()).render(&mut page)?;
    let mut page = String::from_utf8(page)?;
    let section = examples_section(path);
    match page.find(".SH VERSION") {
        Some(at) => page.insert_str(at, &section),
        None => page.push_str(&section),
    }
    Ok((format!("{name}.1"), page.into_bytes()))
}

/// The EXAMPLES section in roff: each example's words, then its command lines, unfilled.
fn examples_section(path: &str) -> String {
    let mut section = String::from(".SH EXAMPLES\n");
    for example in crate::examples::examples(path) {
        section.push_str(&format!(".PP\n{}:\n.RS\n.nf\n", roff_text(example.what)));
        for line in example.lines {
            section.push_str(&format!("{}\n", roff_text(line)));
        }
        section.push_str(".fi\n.RE\n");
    }
    section
}

/// `text` safe as roff text: backslashes escaped, hyphens as minus signs (so that a copied
/// command keeps its flags), and a line starting with a dot or quote protected.
fn roff_text(text: &str) -> String {
    let escaped = text.replace('\\', "\\e").replace('-', "\\-");
    if escaped.starts_with(['.', '\'']) {
        format!("\\&{escaped}")
    } else {
        escaped
    }
}
