//! The bash completion script (`gamelab completions bash`) loads in a real bash and completes
//! subcommands, flags and values. Without bash these tests are reported as ignored (failed when
//! `CI=true`, see `main.rs`).

use crate::common::stdout_of;
use std::process::Command;

/// What the bash tests need that is missing here, if anything.
pub fn missing() -> Option<crate::Missing> {
    let found = Command::new("bash")
        .args(["--norc", "--noprofile", "-c", "true"])
        .status()
        .is_ok_and(|status| status.success());
    (!found).then(|| crate::Missing {
        tool: "bash".into(),
        how: "GNU bash on the PATH: apt install bash".into(),
    })
}

/// What the completion function offers for the command line `words` (the last word being the
/// one completed), with the script loaded into a bash that read no startup file.
fn complete(words: &[&str]) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("gamelab.bash");
    std::fs::write(&script, stdout_of(&["completions", "bash"])).unwrap();
    let program = format!(
        r#"set -e
source {script}
complete -p gamelab >/dev/null
COMP_WORDS=({words})
COMP_CWORD={current}
COMP_LINE="${{COMP_WORDS[*]}}"
COMP_POINT=${{#COMP_LINE}}
_gamelab gamelab "${{COMP_WORDS[COMP_CWORD]}}" "${{COMP_WORDS[COMP_CWORD-1]}}"
printf '%s\n' "${{COMPREPLY[@]}}""#,
        script = script.display(),
        words = words.join(" "),
        current = words.len() - 1,
    );
    let output = Command::new("bash")
        .args(["--norc", "--noprofile", "-c", &program])
        .output()
        .unwrap();
    assert!(
        output.status.success() && output.stderr.is_empty(),
        "bash failed on the script: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

pub fn the_script_loads_and_completes_subcommands() {
    assert_eq!(complete(&["gamelab", "so"]), ["solve"]);
    assert_eq!(complete(&["gamelab", "com"]), ["completions"]);
    let all = complete(&["gamelab", ""]);
    for name in ["solve", "sweep", "man", "completions", "--version"] {
        assert!(all.iter().any(|word| word == name), "{name} not in {all:?}");
    }
}

pub fn the_script_completes_flags_and_values() {
    assert_eq!(complete(&["gamelab", "solve", "--pil"]), ["--piles"]);
    assert_eq!(complete(&["gamelab", "completions", "f"]), ["fish"]);
    let offered = complete(&["gamelab", "completions", ""]);
    for shell in ["bash", "elvish", "fish", "powershell", "zsh"] {
        assert!(
            offered.iter().any(|word| word == shell),
            "{shell} not in {offered:?}"
        );
    }
}
