//! `gamelab merge`: combine the CSVs of a sharded sweep into the CSV one unsharded run gives.

use super::{open_output, stage_outputs};
use clap::Args;
use gamelab::studies::sweep::{ShardFile, merge_files, read_csv, write_csv};
use gamelab::util::output::OutputFile;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct MergeArgs {
    /// The shards' CSV files: every shard K/N of one sweep exactly once (checked); `-` reads
    /// one from standard input
    #[arg(required = true, value_name = "FILE.csv")]
    files: Vec<PathBuf>,
    /// Write the merged CSV to this file instead of standard output
    #[arg(long, value_name = "FILE.csv", value_parser = super::values::file_path)]
    out: Option<PathBuf>,
}

pub fn run(args: MergeArgs) -> anyhow::Result<ExitCode> {
    let inputs: Vec<&std::path::Path> = args.files.iter().map(PathBuf::as_path).collect();
    let [out_file] = stage_outputs([("--out", args.out.as_deref())], &inputs)?;
    super::check_tables(&inputs)?;
    let stdin = std::path::Path::new("-");
    if inputs.iter().filter(|path| **path == stdin).count() > 1 {
        anyhow::bail!("'-' is given twice, but standard input can be read only once");
    }
    let mut shards = Vec::new();
    for path in &args.files {
        let path = path.to_string_lossy();
        let name = super::input_name(&path).to_string();
        let rows = read_csv(super::open_input(&path)?, &name)?;
        shards.push(ShardFile { name, rows });
    }
    let rows = merge_files(&shards)?;
    match out_file {
        Some(staged) => {
            let mut file = OutputFile::on(staged)?;
            write_csv(&rows, &mut file)?;
            file.finish()?;
        }
        None => {
            let mut out = open_output(None)?;
            write_csv(&rows, &mut out)?;
            out.finish()?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
