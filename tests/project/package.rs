//! What the published crate holds (`cargo package --list`): every file the sources read with
//! `include_str!` or `include_bytes!`, the licences, the README, and nothing else of the
//! repository's reports, tests, Python package, benchmarks, examples, fuzz targets or guide. Its files add up
//! to well under crates.io's limit; scripts/check-release-artifacts weighs the real `.crate`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn repository() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The files `cargo package` would put in the crate, as paths relative to the repository.
fn packaged_files() -> BTreeSet<String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let output = Command::new(cargo)
        .args([
            "package",
            "--list",
            "--allow-dirty",
            "--offline",
            "-p",
            "gamelab",
        ])
        .current_dir(repository())
        .output()
        .expect("run cargo package --list");
    assert!(
        output.status.success(),
        "cargo package --list failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            found.push(path);
        }
    }
}

/// Every file a source file under src/ includes at compile time, relative to the repository.
fn included_at_compile_time() -> BTreeSet<String> {
    let root = repository();
    let mut sources = Vec::new();
    rust_files(&root.join("src"), &mut sources);
    let mut included = BTreeSet::new();
    for source in sources {
        let text = std::fs::read_to_string(&source).unwrap();
        for macro_name in ["include_str!(\"", "include_bytes!(\""] {
            for (start, _) in text.match_indices(macro_name) {
                let rest = &text[start + macro_name.len()..];
                let relative = &rest[..rest.find('"').unwrap()];
                let path = source.parent().unwrap().join(relative);
                let path = path.canonicalize().unwrap_or_else(|error| {
                    panic!("{} includes {relative}: {error}", source.display())
                });
                let inside = path.strip_prefix(&root).unwrap();
                included.insert(inside.to_str().unwrap().to_string());
            }
        }
    }
    included
}

#[test]
fn the_crate_holds_every_file_the_sources_include() {
    let packaged = packaged_files();
    let included = included_at_compile_time();
    for file in [
        "web/explorer/index.html",
        "web/explorer/explorer.css",
        "web/explorer/js/core.js",
        "web/explorer/js/line.js",
        "web/explorer/js/state.js",
        "web/explorer/js/board.js",
        "web/explorer/js/moves.js",
        "web/explorer/js/history.js",
        "web/explorer/js/dag.js",
        "web/explorer/js/table.js",
        "web/explorer/js/main.js",
        "assets/DejaVuSans.ttf",
        "docs/src/library.md",
    ] {
        assert!(
            included.contains(file),
            "the sources no longer include {file}"
        );
    }
    let missing: Vec<&String> = included.difference(&packaged).collect();
    assert!(missing.is_empty(), "included but not packaged: {missing:?}");
    let mut sources = Vec::new();
    rust_files(&repository().join("src"), &mut sources);
    for source in sources {
        let relative = source.strip_prefix(repository()).unwrap();
        let relative = relative.to_str().unwrap();
        assert!(packaged.contains(relative), "{relative} is not packaged");
    }
}

#[test]
fn the_crate_holds_the_licences_and_its_manifest() {
    let packaged = packaged_files();
    for file in [
        "Cargo.toml",
        "Cargo.lock",
        "README.md",
        "LICENSE",
        "assets/DejaVuSans-LICENSE.txt",
        "CHANGELOG.md",
    ] {
        assert!(packaged.contains(file), "{file} is not packaged");
    }
}

#[test]
fn the_crate_leaves_out_what_only_the_repository_needs() {
    let packaged = packaged_files();
    let included = included_at_compile_time();
    let kept_out = [
        "reports/",
        "tests/",
        "python/",
        "benches/",
        "examples/",
        "fuzz/",
        "docs/",
        "scripts/",
        ".github/",
        ".ci/",
        "target/",
        "dist/",
    ];
    for file in packaged.difference(&included) {
        assert!(
            !kept_out.iter().any(|folder| file.starts_with(folder)),
            "{file} should not be packaged"
        );
        assert!(
            !file.starts_with("web/") || file.starts_with("web/explorer/"),
            "{file} should not be packaged"
        );
    }
    assert!(!packaged.contains("assets/explorer.png"));
}

/// crates.io refuses a `.crate` over 10 MB and this project allows itself 5 MB: the files,
/// before compression, stay under that (so the compressed crate does too).
#[test]
fn the_crate_s_files_add_up_to_less_than_5_mb() {
    let root = repository();
    let total: u64 = packaged_files()
        .iter()
        .filter_map(|file| std::fs::metadata(root.join(file)).ok())
        .map(|metadata| metadata.len())
        .sum();
    assert!(total < 5_000_000, "{total} bytes");
}

/// A wheel can only hold files from python/, so the Python package ships copies of the licences
/// (python/licenses/, named by pyproject.toml's `license-files`): they must stay the originals.
#[test]
fn the_python_package_s_licences_are_the_repository_s() {
    let root = repository();
    for (copy, original) in [
        ("python/licenses/LICENSE", "LICENSE"),
        (
            "python/licenses/DejaVuSans-LICENSE.txt",
            "assets/DejaVuSans-LICENSE.txt",
        ),
    ] {
        let copy_bytes = std::fs::read(root.join(copy)).unwrap();
        let original_bytes = std::fs::read(root.join(original)).unwrap();
        assert!(
            copy_bytes == original_bytes,
            "{copy} differs from {original}"
        );
    }
}
