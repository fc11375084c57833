//! `gamelab completions SHELL`: print the shell's completion script for gamelab (clap_complete).

use clap::Args;
use clap_complete::Shell;
use std::io::Write;
use std::process::ExitCode;

#[derive(Args)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, powershell or elvish
    #[arg(value_enum, value_name = "SHELL")]
    shell: Shell,
}

/// Writes the completion script of `command` (the whole command line) to standard output.
pub fn run(args: CompletionsArgs, mut command: clap::Command) -> anyhow::Result<ExitCode> {
    // clap_complete panics on a failed write: render into memory, then write, so that
    // `gamelab completions bash | head` ends quietly like every other command.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "gamelab", &mut script);
    let mut out = super::open_output(None)?;
    out.write_all(&script)?;
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}
