//! What the two published crates hold (`cargo package --list`). The library's (`gamelab`): every
//! file the sources read with `include_str!` or `include_bytes!`, the licences, the README, and
//! nothing else of the repository's reports, tests, Python package, benchmarks, examples, fuzz
//! targets or guide. The command line's (`gamelab-cli`, in cli/): its sources, the README and the
//! licence, and none of its tests. Each crate's files add up to well under crates.io's limit;
//! scripts/check-release-artifacts weighs the real `.crate` files.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn repository() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The files `cargo package` would put in `package`'s crate, as paths relative to the package's
/// folder (the repository for `gamelab`, cli/ for `gamelab-cli`).
fn packaged_files(package: &str) -> BTreeSet<String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let output = Command::new(cargo)
        .args([
            "package",
            "--list",
            "--allow-dirty",
            "--offline",
            "-p",
            package,
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

/// The files under `dir` (relative to the repository) that end in `.rs`, relative to `dir`.
fn rust_files_under(dir: &str) -> BTreeSet<String> {
    let dir = repository().join(dir);
    let mut found = Vec::new();
    rust_files(&dir, &mut found);
    found
        .iter()
        .map(|path| {
            path.strip_prefix(&dir)
                .unwrap()
                .to_str()
                .unwrap()
                .to_string()
        })
        .collect()
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
fn the_library_crate_holds_every_file_the_sources_include() {
    let packaged = packaged_files("gamelab");
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
fn the_library_crate_holds_the_licences_and_its_manifest() {
    let packaged = packaged_files("gamelab");
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
fn the_library_crate_leaves_out_what_only_the_repository_needs() {
    let packaged = packaged_files("gamelab");
    let included = included_at_compile_time();
    let kept_out = [
        "cli/",
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
fn the_library_crate_s_files_add_up_to_less_than_5_mb() {
    let root = repository();
    let total: u64 = packaged_files("gamelab")
        .iter()
        .filter_map(|file| std::fs::metadata(root.join(file)).ok())
        .map(|metadata| metadata.len())
        .sum();
    assert!(total < 5_000_000, "{total} bytes");
}

/// The files of the command line's crate that are not its sources: the manifest (as cargo
/// rewrites it, and the original), the lock file that `cargo install --locked` uses, the README
/// (the repository's, which cargo copies in) and the licence. `.cargo_vcs_info.json` records the
/// commit when the crate is packaged from a git checkout.
const CLI_CRATE_EXTRAS: [&str; 6] = [
    "Cargo.toml",
    "Cargo.toml.orig",
    "Cargo.lock",
    "README.md",
    "LICENSE",
    ".cargo_vcs_info.json",
];

#[test]
fn the_cli_crate_holds_its_sources_the_readme_and_the_licence() {
    let packaged = packaged_files("gamelab-cli");
    for file in [
        "Cargo.toml",
        "Cargo.lock",
        "README.md",
        "LICENSE",
        "src/main.rs",
    ] {
        assert!(packaged.contains(file), "cli: {file} is not packaged");
    }
    for source in rust_files_under("cli/src") {
        let file = format!("src/{source}");
        assert!(packaged.contains(&file), "cli: {file} is not packaged");
    }
}

/// Nothing of cli/tests/ (the tests, their fixtures, the browser driver and its node_modules)
/// nor anything else that only the repository needs.
#[test]
fn the_cli_crate_holds_nothing_else() {
    for file in packaged_files("gamelab-cli") {
        let source = file.starts_with("src/") && file.ends_with(".rs");
        assert!(
            source || CLI_CRATE_EXTRAS.contains(&file.as_str()),
            "cli: {file} should not be packaged"
        );
    }
}

#[test]
fn the_cli_crate_s_files_add_up_to_less_than_5_mb() {
    let root = repository();
    let total: u64 = packaged_files("gamelab-cli")
        .iter()
        .map(|file| match file.as_str() {
            // cargo copies the README from the repository's root (`readme = "../README.md"`).
            "README.md" => root.join("README.md"),
            _ => root.join("cli").join(file),
        })
        .filter_map(|path| std::fs::metadata(path).ok())
        .map(|metadata| metadata.len())
        .sum();
    assert!(total < 5_000_000, "{total} bytes");
}

/// A package can only ship files from its own folder, so the Python package (a wheel holds only
/// python/; pyproject.toml's `license-files` names python/licenses/) and the command line's crate
/// (cli/LICENSE, in its `include` list) carry copies of the licences: they must stay the originals.
#[test]
fn the_licence_copies_are_the_repository_s() {
    let root = repository();
    for (copy, original) in [
        ("python/licenses/LICENSE", "LICENSE"),
        (
            "python/licenses/DejaVuSans-LICENSE.txt",
            "assets/DejaVuSans-LICENSE.txt",
        ),
        ("cli/LICENSE", "LICENSE"),
    ] {
        let copy_bytes = std::fs::read(root.join(copy)).unwrap();
        let original_bytes = std::fs::read(root.join(original)).unwrap();
        assert!(
            copy_bytes == original_bytes,
            "{copy} differs from {original}"
        );
    }
}
