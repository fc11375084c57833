//! `gamelab reference` (hidden): the command reference of the guide
//! (docs/src/reference/commands.md) in markdown, generated from the same clap definitions that
//! parse the command line, so that it cannot drift from the tool; a test compares the committed
//! page with this output.

use clap::{Arg, Command};
use std::fmt::Write as _;
use std::process::ExitCode;

/// Prints the reference of `command` (the whole CLI) to standard output.
pub fn run(mut command: Command) -> anyhow::Result<ExitCode> {
    command.build();
    let mut page = String::new();
    page.push_str(
        "# Commands and flags\n\n\
         This page is generated from gamelab's command-line definitions (`gamelab reference`), \
         so it always matches the tool; `gamelab COMMAND --help` prints the same text in the \
         terminal. Sizes such as `--max-memory` take `K`, `M` and `G` suffixes; counts take \
         plain integers or forms such as `1e6`.\n\n\
         Exit status, for every command: 0 success, 1 a finding (a claim refuted), 2 bad input \
         or usage, an unreadable or unwritable file, or a failed tool.\n",
    );
    examples(&mut page, "");
    let globals: Vec<&Arg> = command
        .get_arguments()
        .filter(|arg| arg.is_global_set() && !arg.is_hide_set())
        .collect();
    if !globals.is_empty() {
        page.push_str("\n## Options of every command\n\n");
        options_table(&mut page, &globals);
    }
    page.push_str("\n## Commands\n\n");
    for sub in visible_subcommands(&command) {
        let _ = writeln!(
            page,
            "- [`gamelab {}`](#gamelab-{}): {}",
            sub.get_name(),
            sub.get_name(),
            about(sub)
        );
    }
    for sub in visible_subcommands(&command) {
        describe(&mut page, sub, &format!("gamelab {}", sub.get_name()), 2);
    }
    let mut out = super::open_output(None)?;
    std::io::Write::write_all(&mut out, page.as_bytes())?;
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}

fn visible_subcommands(command: &Command) -> impl Iterator<Item = &Command> {
    command
        .get_subcommands()
        .filter(|sub| !sub.is_hide_set() && sub.get_name() != "help")
}

/// The one-line description of a command.
fn about(command: &Command) -> String {
    command
        .get_about()
        .map(|text| text.to_string())
        .unwrap_or_default()
}

/// One command's section: its description, usage, arguments, options and subcommands.
fn describe(page: &mut String, command: &Command, path: &str, level: usize) {
    let _ = writeln!(page, "\n{} `{path}`\n", "#".repeat(level + 1));
    let long = command
        .get_long_about()
        .or(command.get_about())
        .map(|text| text.to_string())
        .unwrap_or_default();
    if !long.is_empty() {
        let _ = writeln!(page, "{long}\n");
    }
    let usage = command
        .clone()
        .render_usage()
        .to_string()
        .replace("Usage: ", "");
    let _ = writeln!(page, "```text\n{}\n```\n", usage.trim());
    examples(page, path.trim_start_matches("gamelab").trim_start());
    let arguments: Vec<&Arg> = command
        .get_arguments()
        .filter(|arg| !arg.is_hide_set() && !arg.is_global_set())
        .filter(|arg| !matches!(arg.get_id().as_str(), "help" | "version"))
        .collect();
    let positional: Vec<&Arg> = arguments
        .iter()
        .copied()
        .filter(|arg| arg.is_positional())
        .collect();
    let options: Vec<&Arg> = arguments
        .iter()
        .copied()
        .filter(|arg| !arg.is_positional())
        .collect();
    if !positional.is_empty() {
        page.push_str("| argument | meaning |\n|---|---|\n");
        for arg in positional {
            let name = arg
                .get_value_names()
                .and_then(|names| names.first())
                .map(|name| name.to_string())
                .unwrap_or_else(|| arg.get_id().to_string().to_uppercase());
            let _ = writeln!(page, "| `{name}` | {} |", help(arg));
        }
        page.push('\n');
    }
    if !options.is_empty() {
        options_table(page, &options);
    }
    let subs: Vec<&Command> = visible_subcommands(command).collect();
    if !subs.is_empty() {
        page.push_str("Subcommands:\n\n");
        for sub in &subs {
            let _ = writeln!(page, "- `{path} {}`: {}", sub.get_name(), about(sub));
        }
        for sub in subs {
            describe(page, sub, &format!("{path} {}", sub.get_name()), level + 1);
        }
    }
}

/// The command's examples (`crate::examples`, as its manual page shows them): each as a
/// sentence and a block of commands, which the docs tests run in page order unless the example
/// is only shown (a server, a benchmark).
fn examples(page: &mut String, path: &str) {
    let examples = crate::examples::examples(path);
    if examples.is_empty() {
        return;
    }
    page.push_str("Examples:\n\n");
    for example in examples {
        let language = if example.runs { "sh" } else { "sh,ignore" };
        let _ = writeln!(
            page,
            "{}:\n\n```{language}\n{}\n```\n",
            example.what,
            example.lines.join("\n")
        );
    }
}

/// A table of options: the flag with its value, what it means, its default.
fn options_table(page: &mut String, options: &[&Arg]) {
    page.push_str("| option | meaning | default |\n|---|---|---|\n");
    for arg in options {
        let mut flag = match (arg.get_short(), arg.get_long()) {
            (Some(short), Some(long)) => format!("-{short}, --{long}"),
            (None, Some(long)) => format!("--{long}"),
            (Some(short), None) => format!("-{short}"),
            (None, None) => arg.get_id().to_string(),
        };
        let takes_value = arg.get_num_args().is_some_and(|range| range.takes_values());
        if takes_value && let Some(names) = arg.get_value_names() {
            for name in names {
                let _ = write!(flag, " <{name}>");
            }
        }
        let defaults: Vec<String> = arg
            .get_default_values()
            .iter()
            .map(|value| value.to_string_lossy().into_owned())
            .collect();
        let default = if defaults.is_empty() {
            String::new()
        } else {
            format!("`{}`", defaults.join(","))
        };
        let _ = writeln!(page, "| `{flag}` | {} | {default} |", help(arg));
    }
    page.push('\n');
}

/// An argument's help on one table line, with its possible values listed.
fn help(arg: &Arg) -> String {
    let mut text = arg
        .get_long_help()
        .or(arg.get_help())
        .map(|text| text.to_string())
        .unwrap_or_default()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let values: Vec<String> = arg
        .get_possible_values()
        .iter()
        .filter(|value| !value.is_hide_set())
        .map(|value| match value.get_help() {
            Some(summary) => format!("`{}` ({summary})", value.get_name()),
            None => format!("`{}`", value.get_name()),
        })
        .collect();
    let is_flag = !arg.get_num_args().is_some_and(|range| range.takes_values());
    if !values.is_empty() && !is_flag {
        let _ = write!(text, ". One of: {}", values.join(", "));
    }
    text.replace('|', "\\|")
}
