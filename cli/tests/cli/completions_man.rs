//! `gamelab completions SHELL` and `gamelab man [--out DIR]` from the outside: every shell's
//! script knows the subcommands and their flags, and the manual has one page per subcommand.
//! tests/tools/ runs the bash script in bash and renders the pages with man and groff.

use crate::common::{fails_with, gamelab, stdout_of};
use std::collections::BTreeSet;

/// The subcommands `gamelab --help` lists, `help` aside.
fn subcommands() -> Vec<String> {
    let help = stdout_of(&["--help"]);
    let names: Vec<String> = help
        .lines()
        .skip_while(|line| line.trim() != "Commands:")
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect();
    assert!(names.len() >= 20, "{help}");
    names
}

#[test]
fn every_shell_s_script_completes_the_subcommands_and_their_flags() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let script = stdout_of(&["completions", shell]);
        for word in [
            "solve",
            "sweep",
            "completions",
            "man",
            "piles",
            "max-memory",
        ] {
            assert!(script.contains(word), "{shell}'s script lacks {word}");
        }
    }
}

#[test]
fn an_unknown_shell_is_refused_with_the_shells_there_are() {
    fails_with(&["completions", "tcsh"], &["tcsh", "bash", "zsh", "fish"]);
    fails_with(&["completions"], &["SHELL"]);
}

#[test]
fn man_writes_the_main_page_and_one_per_subcommand() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("share/man/man1");
    let printed = stdout_of(&["man", "--out", out.to_str().unwrap()]);
    let mut expected: BTreeSet<String> = subcommands()
        .iter()
        .map(|name| format!("gamelab-{name}.1"))
        .collect();
    expected.insert("gamelab.1".to_string());
    // The charts have pages of their own, which gamelab-plot.1 names.
    for kind in plot_kinds() {
        expected.insert(format!("gamelab-plot-{kind}.1"));
    }
    let written: BTreeSet<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(written, expected);
    // Standard output names every file written, the main page first.
    let listed: Vec<&str> = printed.lines().collect();
    assert_eq!(listed.len(), expected.len(), "{printed}");
    assert_eq!(listed[0], out.join("gamelab.1").to_str().unwrap());
    let version = env!("CARGO_PKG_VERSION");
    let main_page = std::fs::read_to_string(out.join("gamelab.1")).unwrap();
    assert!(main_page.starts_with(".ie"), "{main_page}");
    assert!(
        main_page.contains(&format!(".TH gamelab 1  \"gamelab {version}\"")),
        "{main_page}"
    );
    // The main page lists the other pages; a subcommand's page has its own flags and the
    // global ones.
    assert!(main_page.contains("gamelab\\-solve(1)"), "{main_page}");
    let solve = std::fs::read_to_string(out.join("gamelab-solve.1")).unwrap();
    for flag in ["\\-\\-piles", "\\-\\-solver", "\\-\\-max\\-memory"] {
        assert!(solve.contains(flag), "gamelab-solve.1 lacks {flag}");
    }
    // Every page has examples, one of them calls the page's command (named in bold at the
    // start of its synopsis), and every page another page names exists.
    for name in &written {
        let page = std::fs::read_to_string(out.join(name)).unwrap();
        let (_, examples) = page
            .split_once(".SH EXAMPLES\n.PP\n")
            .unwrap_or_else(|| panic!("{name} has no examples"));
        let command = page
            .split_once(".SH SYNOPSIS\n\\fB")
            .and_then(|(_, synopsis)| synopsis.split_once("\\fR"))
            .map(|(command, _)| command)
            .unwrap_or_else(|| panic!("{name} has no synopsis naming its command"));
        assert!(
            examples.lines().any(|line| line.starts_with(command)),
            "no example on {name} calls `{command}`"
        );
        for named in page.split("gamelab\\-").skip(1) {
            let Some((stem, _)) = named.split_once("(1)") else {
                continue;
            };
            let target = format!("gamelab-{}.1", stem.replace("\\-", "-"));
            if !stem.contains(char::is_whitespace) {
                assert!(
                    written.contains(&target),
                    "{name} names {target}, which is not written"
                );
            }
        }
    }
    let plot = std::fs::read_to_string(out.join("gamelab-plot-win-rate.1")).unwrap();
    assert!(plot.contains("\\-\\-input"), "{plot}");
}

/// The kinds `gamelab plot --help` lists.
fn plot_kinds() -> Vec<String> {
    let help = stdout_of(&["plot", "--help"]);
    let kinds: Vec<String> = help
        .lines()
        .skip_while(|line| line.trim() != "Commands:")
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect();
    assert!(kinds.len() >= 7, "{help}");
    kinds
}

#[test]
fn man_pages_are_the_same_bytes_every_time_and_default_to_the_current_folder() {
    let first = tempfile::tempdir().unwrap();
    let second = tempfile::tempdir().unwrap();
    gamelab()
        .arg("man")
        .current_dir(first.path())
        .assert()
        .success();
    gamelab()
        .args(["man", "--out", second.path().to_str().unwrap()])
        .assert()
        .success();
    let mut compared = 0;
    for entry in std::fs::read_dir(first.path()).unwrap() {
        let name = entry.unwrap().file_name();
        let a = std::fs::read(first.path().join(&name)).unwrap();
        let b = std::fs::read(second.path().join(&name)).unwrap();
        assert_eq!(a, b, "{name:?}");
        compared += 1;
    }
    assert!(compared > 20);
}

#[test]
fn man_into_a_file_instead_of_a_folder_fails_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("pages");
    std::fs::write(&file, "not a folder").unwrap();
    fails_with(
        &["man", "--out", file.to_str().unwrap()],
        &["--out '", "pages' is a file: the pages go into a folder"],
    );
}
