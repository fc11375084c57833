//! Running `gamelab report` with or without Graphviz on the PATH, and comparing its files with
//! the committed `reports/` byte for byte.

use std::path::Path;

/// Runs `gamelab report --out DIR`, with the PATH as it is (`with_path`) or emptied, so that no
/// Graphviz can be found; returns its stderr.
pub fn run_report(dir: &Path, with_path: bool) -> String {
    let mut command = super::gamelab();
    command.args(["report", "--out"]).arg(dir);
    if !with_path {
        command.env("PATH", "");
    }
    let output = command.output().unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(output.status.success(), "{stderr}");
    stderr
}

/// Every file of `fresh` equals the committed one, pictures included, and no file is missing or
/// extra.
pub fn assert_matches_committed(fresh: &Path) {
    let committed = super::repository().join("reports");
    let regenerate = "regenerate with `cargo run --release -- report` and commit reports/";
    assert_eq!(
        super::file_names(&committed),
        super::file_names(fresh),
        "the committed files differ from a fresh run's: {regenerate}"
    );
    for name in super::file_names(fresh) {
        let old = std::fs::read(committed.join(&name)).unwrap();
        let new = std::fs::read(fresh.join(&name)).unwrap();
        assert!(old == new, "reports/{name} is out of date: {regenerate}");
    }
    assert!(
        super::file_names(fresh).len() >= 40,
        "only {} files",
        super::file_names(fresh).len()
    );
}
