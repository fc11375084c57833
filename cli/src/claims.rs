//! `gamelab claims`: the catalogue of named claims, with their statements, sources and check
//! commands; `--run` settles each.

use super::check::render_verdict;
use super::open_output;
use clap::Args;
use gamelab::studies::claims::catalogue::{
    catalogue, catalogue_cost, claim_rows, write_claims_csv,
};
use serde_json::json;
use std::io::Write;
use std::process::ExitCode;

#[derive(Args)]
pub struct ClaimsArgs {
    /// Check every claim and print its verdict
    #[arg(long)]
    run: bool,
    /// Output format (csv: one row per claim part, with --run)
    #[arg(long, value_enum, default_value_t = ClaimsFormat::Text)]
    format: ClaimsFormat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum ClaimsFormat {
    /// Readable text
    Text,
    /// One JSON array
    Json,
    /// One row per claim part (needs --run)
    Csv,
}

pub fn run(args: ClaimsArgs) -> anyhow::Result<ExitCode> {
    if args.format == ClaimsFormat::Csv && !args.run {
        anyhow::bail!("--format csv lists verdicts: add --run");
    }
    // The whole catalogue is costed, and refused over the budget, before the first claim runs.
    let _admitted = if args.run {
        Some(catalogue_cost()?.admit(
            format_args!("checking the catalogue ({} claims)", catalogue().len()),
            "check one claim with the `gamelab check` command `gamelab claims` lists for it",
        )?)
    } else {
        None
    };
    let mut out = open_output(None)?;
    let mut records = Vec::new();
    let mut rows = Vec::new();
    for (index, entry) in catalogue().iter().enumerate() {
        let result = if args.run { Some(entry.run()?) } else { None };
        match args.format {
            ClaimsFormat::Csv => {
                if let Some(result) = &result {
                    rows.extend(claim_rows(entry, result));
                }
            }
            ClaimsFormat::Json => records.push(json!({
                "name": entry.name,
                "statement": entry.statement,
                "source": entry.source,
                "commands": entry.commands(),
                "holds": result.as_ref().map(|r| r.holds),
                "verdicts": result.as_ref().map(|r| &r.verdicts),
            })),
            ClaimsFormat::Text => {
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
    match args.format {
        ClaimsFormat::Json => {
            serde_json::to_writer_pretty(&mut out, &records)?;
            writeln!(out)?;
        }
        ClaimsFormat::Csv => write_claims_csv(&rows, &mut out)?,
        ClaimsFormat::Text => {}
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
