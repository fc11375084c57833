//! `gamelab claims`: the catalogue of named claims, with their statements, sources and check
//! commands; `--run` settles each.

use super::check::render_verdict;
use super::{Format, open_output};
use clap::Args;
use gamelab::claims::catalogue::catalogue;
use serde_json::json;
use std::io::Write;
use std::process::ExitCode;

#[derive(Args)]
pub struct ClaimsArgs {
    /// Check every claim and print its verdict
    #[arg(long)]
    run: bool,
    /// Output format
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

pub fn run(args: ClaimsArgs) -> anyhow::Result<ExitCode> {
    let mut out = open_output(None)?;
    let mut records = Vec::new();
    for (index, entry) in catalogue().iter().enumerate() {
        let result = if args.run { Some(entry.run()?) } else { None };
        match args.format {
            Format::Json => records.push(json!({
                "name": entry.name,
                "statement": entry.statement,
                "source": entry.source,
                "commands": entry.commands(),
                "holds": result.as_ref().map(|r| r.holds),
                "verdicts": result.as_ref().map(|r| &r.verdicts),
            })),
            Format::Text => {
                if index > 0 {
                    writeln!(out)?;
                }
                writeln!(out, "{}: {}", entry.name, entry.statement)?;
                writeln!(out, "  source: {}", entry.source)?;
                for command in entry.commands() {
                    writeln!(out, "  check:  {command}")?;
                }
                if let Some(result) = &result {
                    let verdict = if result.holds { "HOLDS" } else { "REFUTED" };
                    writeln!(out, "  verdict: {verdict}")?;
                    for (claim, part) in entry.parts.iter().zip(&result.verdicts) {
                        for line in render_verdict(claim, part, &entry.options).lines() {
                            writeln!(out, "    {line}")?;
                        }
                    }
                }
                out.flush()?;
            }
        }
    }
    if args.format == Format::Json {
        serde_json::to_writer_pretty(&mut out, &records)?;
        writeln!(out)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
