//! The Python extension's build links the library the test suite compiled: maturin builds
//! `python/` in a cargo invocation of its own, and cargo reuses the compiled library only if
//! every crate the library is built from has the same features in both builds (python/Cargo.toml
//! lists the ones the extension would otherwise lack).

use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

/// Each package of `cargo tree ARGS` (`name vX.Y.Z`) with its feature lists: a package built for
/// both the host and the target may have one list for each.
fn features(args: &[&str]) -> BTreeMap<String, BTreeSet<String>> {
    let output = Command::new(env!("CARGO"))
        .args([
            "tree",
            "--offline",
            "--prefix",
            "none",
            "--format",
            "{p}|{f}",
        ])
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run cargo tree");
    assert!(
        output.status.success(),
        "cargo tree {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut packages: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for line in String::from_utf8(output.stdout).unwrap().lines() {
        let Some((package, features)) = line.split_once('|') else {
            continue;
        };
        // `(*)` marks a package shown before; a path package also names its folder.
        let package = package.split(" (").next().unwrap_or(package).trim();
        let features = features.split(" (").next().unwrap_or(features).trim();
        packages
            .entry(package.to_string())
            .or_default()
            .insert(features.to_string());
    }
    packages
}

#[test]
fn the_extension_builds_the_library_from_the_test_builds_dependencies() {
    // What `cargo test` at the root builds (both default members, with their dev-dependencies),
    // what maturin builds, and the packages the library is compiled from.
    let tests = features(&["-p", "gamelab", "-p", "gamelab-cli"]);
    let extension = features(&["-p", "gamelab-python", "--edges", "normal,build"]);
    let library = features(&["-p", "gamelab", "--edges", "normal,build"]);
    // The crates whose features differed when this test was written: a serde derive's syn, serde.
    for name in ["serde v", "syn v"] {
        assert!(
            library.keys().any(|package| package.starts_with(name)),
            "{name}… is missing from the library's tree: {library:?}"
        );
    }
    let differing: Vec<String> = library
        .keys()
        .filter(|package| tests.get(*package) != extension.get(*package))
        .map(|package| {
            format!(
                "{package}: the tests build it with {:?}, the extension with {:?}",
                tests.get(package),
                extension.get(package)
            )
        })
        .collect();
    assert!(
        differing.is_empty(),
        "the Python extension would compile the library again: add the features the tests' \
         build has to python/Cargo.toml ([dependencies], or [build-dependencies] for a \
         proc-macro's dependency):\n{}",
        differing.join("\n")
    );
}
