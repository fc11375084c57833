//! The documentation runs: every `gamelab` command shown in README.md, CONTRIBUTING.md,
//! python/README.md and the guide (docs/src/) is run against the binary under test, and where a
//! page shows output the test compares it (CONTRIBUTING.md, "Writing documentation", gives the
//! rules); every relative link and anchor of those pages and reports/README.md resolves; and
//! the command reference (docs/src/reference/commands.md) is what the binary generates now.
//! One trial per page, so a failure names the page and the line. The Python blocks of the same
//! pages run in the Python test suite (python/tests/test_docs.py), where the venv is.
//! A custom harness (libtest-mimic), since the pages are found at run time.

#[path = "../common/mod.rs"]
mod common;

mod links;
mod markdown;
mod pages;

use libtest_mimic::{Arguments, Trial};
use std::path::{Path, PathBuf};

/// The repository's root.
fn root() -> PathBuf {
    common::repository()
}

/// The markdown files under `dir`, recursively, in a stable order. Symbolic links are not
/// followed: `docs/src/reports` links the reports' pictures into the book, and
/// reports/README.md's commands are run elsewhere.
fn markdown_files(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries
        .map(|entry| entry.unwrap())
        .filter(|entry| !entry.file_type().is_ok_and(|kind| kind.is_symlink()))
        .map(|entry| entry.path())
        .collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            markdown_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "md") {
            found.push(path);
        }
    }
}

/// The pages whose commands are run: the front pages and every chapter of the guide.
/// (reports/README.md's commands are run by tests/outputs/report.rs, which also compares what
/// they write.)
pub fn documented_pages() -> Vec<PathBuf> {
    let root = root();
    let mut pages = vec![
        root.join("README.md"),
        root.join("CONTRIBUTING.md"),
        root.join("python/README.md"),
    ];
    markdown_files(&root.join("docs/src"), &mut pages);
    pages
}

fn main() -> std::process::ExitCode {
    let arguments = Arguments::from_args();
    let root = root();
    let mut trials = vec![
        Trial::test("markdown::wildcards_match_text_and_lines", || {
            markdown::checks::wildcards_match_text_and_lines();
            Ok(())
        }),
        Trial::test(
            "markdown::blocks_and_commands_are_read_with_their_lines",
            || {
                markdown::checks::blocks_and_commands_are_read_with_their_lines();
                Ok(())
            },
        ),
        Trial::test("links::every_relative_link_and_anchor_resolves", || {
            links::check_every_link().map_err(Into::into)
        }),
        Trial::test("links::slugs_follow_the_renderers", || {
            links::checks::slugs_follow_the_renderers();
            Ok(())
        }),
        Trial::test("readme::ci_runs_the_readme_test_command", || {
            pages::ci_runs_the_readme_test_command().map_err(Into::into)
        }),
        Trial::test("reference::the_command_reference_is_current", || {
            pages::reference_is_current().map_err(Into::into)
        }),
    ];
    for page in documented_pages() {
        let name = page
            .strip_prefix(&root)
            .unwrap_or(&page)
            .display()
            .to_string();
        trials.push(Trial::test(format!("commands::{name}"), move || {
            pages::run_page(&page).map_err(Into::into)
        }));
    }
    libtest_mimic::run(&arguments, trials).exit_code()
}
