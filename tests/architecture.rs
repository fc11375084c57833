//! The layers of the library (README, "Architecture"): every module imports only from its own
//! layer or the layers below, and no modules import each other in a cycle. Read from the source,
//! so a new `use` that breaks the structure fails here.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The library's top-level modules, lowest layer first.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "foundation",
        &[
            "budget", "choice", "digits", "error", "game", "hashing", "image", "input", "output",
            "parallel", "random", "simd", "size", "stats",
        ],
    ),
    ("solvers", &["solve"]),
    ("games", &["explicit", "games"]),
    (
        "generic analyses",
        &["analysis", "conformance", "export", "graph", "strategy"],
    ),
    ("registry", &["registry"]),
    (
        "studies",
        &[
            "batch",
            "claims",
            "generate",
            "mistakes",
            "ratings",
            "sweep",
            "tournament",
        ],
    ),
    ("presentation", &["explore", "plot", "render", "report"]),
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS
        .iter()
        .position(|(_, modules)| modules.contains(&module))
}

/// The top-level module a source file belongs to (`src/sweep/table.rs` -> `sweep`).
fn module_of(src: &Path, file: &Path) -> Option<String> {
    let relative = file.strip_prefix(src).ok()?;
    let first = relative.components().next()?.as_os_str().to_str()?;
    match first {
        "lib.rs" | "main.rs" | "cli" => None,
        name => Some(name.trim_end_matches(".rs").to_string()),
    }
}

fn rust_files(dir: &Path, found: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// The modules a file's code names as `crate::module` (comments left out).
fn imports(source: &str) -> BTreeSet<String> {
    let code: String = source
        .lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let mut found = BTreeSet::new();
    let mut rest = code.as_str();
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // `crate::{a, b::c}`: every first segment in the braces.
            let inside = &group[..group.find('}').unwrap_or(group.len())];
            for part in inside.split(',') {
                let name: String = part
                    .trim()
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    found.insert(name);
                }
            }
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                found.insert(name);
            }
        }
    }
    found
}

fn dependencies() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let Some(module) = module_of(&src, &file) else {
            continue;
        };
        let source = std::fs::read_to_string(&file).unwrap();
        let entry = graph.entry(module.clone()).or_default();
        entry.extend(imports(&source).into_iter().filter(|m| *m != module));
    }
    graph
}

#[test]
fn every_module_has_a_layer() {
    for module in dependencies().keys() {
        assert!(
            layer_of(module).is_some(),
            "src/{module} is in no layer: add it to LAYERS here and to the README's map"
        );
    }
}

#[test]
fn modules_import_only_from_their_layer_or_below() {
    for (module, imports) in dependencies() {
        let Some(own) = layer_of(&module) else {
            continue;
        };
        for imported in imports {
            let Some(theirs) = layer_of(&imported) else {
                continue;
            };
            assert!(
                theirs <= own,
                "{module} ({}) imports {imported} ({}), a layer above it",
                LAYERS[own].0,
                LAYERS[theirs].0
            );
        }
    }
}

#[test]
fn no_modules_import_each_other_in_a_cycle() {
    let graph = dependencies();
    for start in graph.keys() {
        let mut seen = BTreeSet::new();
        let mut pending: Vec<&String> = graph[start].iter().collect();
        while let Some(module) = pending.pop() {
            assert!(
                module != start,
                "{start} reaches itself through its imports"
            );
            if seen.insert(module.clone()) {
                pending.extend(graph.get(module).into_iter().flatten());
            }
        }
    }
}

#[test]
fn the_reader_finds_grouped_and_plain_imports() {
    let found =
        imports("use crate::{error::InputError, game};\nlet x = crate::solve::f(); // crate::plot");
    let expected: BTreeSet<String> = ["error", "game", "solve"].map(String::from).into();
    assert_eq!(found, expected);
}

#[test]
fn the_library_alone_depends_on_no_command_line_crate() {
    let output = std::process::Command::new(env!("CARGO"))
        .args([
            "tree",
            "-e",
            "normal",
            "--no-default-features",
            "--prefix",
            "none",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let tree = String::from_utf8(output.stdout).unwrap();
    for crate_name in ["clap ", "anyhow ", "indicatif ", "libc "] {
        assert!(
            !tree.lines().any(|line| line.starts_with(crate_name)),
            "the library without its `cli` feature depends on {crate_name}"
        );
    }
    assert!(
        tree.lines().any(|line| line.starts_with("petgraph ")),
        "{tree}"
    );
}
