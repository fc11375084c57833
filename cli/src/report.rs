//! `gamelab report`: regenerate the reports folder (every study, its data, charts and the
//! commands that reproduce them); see `gamelab::present::report`.

use super::note;
use clap::Args;
use gamelab::present::report::generate_report;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

#[derive(Args)]
pub struct ReportArgs {
    /// The folder to write (created if missing; files of the same names are replaced)
    #[arg(long, value_name = "DIR", default_value = "reports", value_parser = super::values::file_path)]
    out: PathBuf,
    /// Leave out a study (parity, claims, gold-pots, games, strategies, subtract-a-square,
    /// octal); repeat or list with commas to leave out several
    #[arg(long, value_name = "STUDY", value_delimiter = ',')]
    skip: Vec<String>,
}

pub fn run(args: ReportArgs) -> anyhow::Result<ExitCode> {
    let started = Instant::now();
    generate_report(&args.out, &args.skip, &|step| note!("{step}"))?;
    note!(
        "wrote {} in {:.1} s; open {}",
        args.out.display(),
        started.elapsed().as_secs_f64(),
        args.out.join("README.md").display()
    );
    Ok(ExitCode::SUCCESS)
}
