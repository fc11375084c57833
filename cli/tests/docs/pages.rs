//! Running one page's commands in a folder of its own, and comparing the output it shows.

use crate::markdown::{Block, blocks, console_commands, matches, sh_commands};
use std::path::Path;
use std::time::Duration;

/// The longest any documented command may take: the docs show quick commands.
const COMMAND_TIMEOUT: Duration = Duration::from_secs(60);

/// A command's status and what it wrote (standard output, then standard error).
struct Ran {
    status: Option<i32>,
    output: String,
}

/// Runs `command` with `sh` in `folder`, with the gamelab under test first on the PATH.
fn run(command: &str, folder: &Path) -> Result<Ran, String> {
    let binary = Path::new(env!("CARGO_BIN_EXE_gamelab"));
    let bin_dir = binary.parent().expect("the binary is in a folder");
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut dirs = vec![bin_dir.to_path_buf()];
    dirs.extend(std::env::split_paths(&path));
    let path = std::env::join_paths(dirs).map_err(|error| error.to_string())?;
    let output = assert_cmd::Command::new("sh")
        .arg("-c")
        .arg(command)
        .current_dir(folder)
        .env("PATH", path)
        .env(
            crate::common::PINNED_FACTOR.0,
            crate::common::PINNED_FACTOR.1,
        )
        .timeout(COMMAND_TIMEOUT)
        .output()
        .map_err(|error| format!("cannot run sh: {error}"))?;
    let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&output.stderr));
    Ok(Ran {
        status: output.status.code(),
        output: text,
    })
}

/// The exit status a block's commands must end with: 0, or `status=N`.
fn expected_status(block: &Block) -> Result<i32, String> {
    match block.value("status") {
        None => Ok(0),
        Some(text) => text
            .parse()
            .map_err(|_| format!("status={text} is not a number")),
    }
}

/// Runs every `gamelab` command of the page at `path`, in order, in one temporary folder.
pub fn run_page(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|error| error.to_string())?;
    let folder = tempfile::tempdir().map_err(|error| error.to_string())?;
    let page = path.display();
    for block in blocks(&text) {
        if block.has("ignore") {
            continue;
        }
        let shown = match block.language.as_str() {
            "console" => console_commands(&block),
            "sh" | "bash" | "shell" => sh_commands(&block),
            _ => continue,
        };
        let status = expected_status(&block).map_err(|error| format!("{page}: {error}"))?;
        for command in shown {
            let at = format!("{page}:{}", command.line);
            let ran =
                run(&command.command, folder.path()).map_err(|error| format!("{at}: {error}"))?;
            if ran.status != Some(status) {
                return Err(format!(
                    "{at}: `{}` exited with {:?}, expected {status}:\n{}",
                    command.command, ran.status, ran.output
                ));
            }
            if block.language == "console" && !matches(&command.output, &ran.output) {
                return Err(format!(
                    "{at}: `{}` printed something else than the page shows.\n--- shown\n{}\n--- printed\n{}",
                    command.command,
                    command.output.join("\n"),
                    ran.output
                ));
            }
        }
    }
    Ok(())
}

/// The committed command reference is what `gamelab reference` prints now.
/// `.ci/run` runs the README's test command (the line marked "the tests") as a line of its own,
/// word for word.
pub fn ci_runs_the_readme_test_command() -> Result<(), String> {
    let read = |path: &str| {
        std::fs::read_to_string(crate::root().join(path))
            .map_err(|error| format!("{path}: {error}"))
    };
    let readme = read("README.md")?;
    let command = readme
        .lines()
        .find(|line| line.starts_with("cargo test") && line.contains("# the tests"))
        .ok_or("README.md has no `cargo test ...  # the tests` line")?;
    // The README's line itself, at the top level of the script (not inside a function that
    // might not be called).
    let ci = read(".ci/run")?;
    if ci.lines().any(|line| line == command) {
        Ok(())
    } else {
        Err(format!(
            ".ci/run has no top-level line running the README's test command `{command}`"
        ))
    }
}

pub fn reference_is_current() -> Result<(), String> {
    let committed_path = crate::root().join("docs/src/reference/commands.md");
    let committed = std::fs::read_to_string(&committed_path).map_err(|error| error.to_string())?;
    let output = crate::common::gamelab()
        .arg("reference")
        .output()
        .map_err(|error| error.to_string())?;
    if !output.status.success() {
        return Err(String::from_utf8_lossy(&output.stderr).into_owned());
    }
    let fresh = String::from_utf8(output.stdout).map_err(|error| error.to_string())?;
    if fresh != committed {
        return Err(
            "docs/src/reference/commands.md is out of date: regenerate it with \
             `cargo run -- reference > docs/src/reference/commands.md`"
                .to_string(),
        );
    }
    Ok(())
}
