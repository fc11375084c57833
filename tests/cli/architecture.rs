//! The layers of the library (the guide's architecture chapter): every module imports only from
//! its own layer or the layers below, no top-level modules import each other in a cycle, and no
//! source file imports another that imports it back (directly or around a longer loop), at any
//! depth. Read from the source, so a new `use` that breaks the structure fails here.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The library's top-level modules, lowest layer first.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "foundation",
        &[
            "budget", "choice", "digits", "error", "game", "hashing", "image", "input", "output",
            "parallel", "progress", "random", "simd", "size", "stats",
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
    (
        "presentation",
        &["calibration", "explore", "plot", "render", "report"],
    ),
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

/// Every library source file as its module path (`src/solve/dp/stone_game.rs` ->
/// `solve::dp::stone_game`; `mod.rs` names its folder; `lib.rs` is the root, the binary's
/// `main.rs` and `cli/` are left out).
fn module_files() -> BTreeMap<Vec<String>, String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut modules = BTreeMap::new();
    for file in files {
        let relative = file.strip_prefix(&src).unwrap().with_extension("");
        let mut path: Vec<String> = relative
            .components()
            .map(|part| part.as_os_str().to_string_lossy().into_owned())
            .collect();
        if path == ["main"] || path.first().is_some_and(|first| first == "cli") {
            continue;
        }
        if path
            .last()
            .is_some_and(|last| last == "mod" || last == "lib")
        {
            path.pop();
        }
        modules.insert(path, std::fs::read_to_string(&file).unwrap());
    }
    modules
}

/// The paths a piece of code names that start at `crate`, `super` or `self`, or at a child
/// module of its own, with `use` groups expanded: `crate::{a::b, c}` gives `crate::a::b` and
/// `crate::c`.
fn named_paths(code: &str) -> Vec<Vec<String>> {
    fn ident(chars: &[char], at: &mut usize) -> Option<String> {
        let start = *at;
        while *at < chars.len() && (chars[*at].is_ascii_alphanumeric() || chars[*at] == '_') {
            *at += 1;
        }
        (*at > start).then(|| chars[start..*at].iter().collect())
    }
    fn skip_space(chars: &[char], at: &mut usize) {
        while *at < chars.len() && chars[*at].is_whitespace() {
            *at += 1;
        }
    }
    // A use tree after `prefix::`: `seg::seg`, `{tree, tree}` or `seg::{...}`.
    fn tree(chars: &[char], at: &mut usize, prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
        skip_space(chars, at);
        if *at < chars.len() && chars[*at] == '{' {
            *at += 1;
            loop {
                skip_space(chars, at);
                if *at >= chars.len() || chars[*at] == '}' {
                    *at += 1;
                    return;
                }
                tree(chars, at, prefix.clone(), out);
                skip_space(chars, at);
                if *at < chars.len() && chars[*at] == ',' {
                    *at += 1;
                }
            }
        }
        let mut path = prefix;
        while let Some(name) = ident(chars, at) {
            path.push(name);
            if chars.get(*at..*at + 2) == Some(&[':', ':']) {
                *at += 2;
                if chars.get(*at) == Some(&'{') {
                    return tree(chars, at, path, out);
                }
            } else {
                break;
            }
        }
        out.push(path);
    }
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut at = 0;
    while at < chars.len() {
        let boundary = at == 0
            || !(chars[at - 1].is_ascii_alphanumeric()
                || chars[at - 1] == '_'
                || chars[at - 1] == ':');
        if boundary && (chars[at].is_ascii_alphabetic() || chars[at] == '_') {
            let start = at;
            ident(&chars, &mut at);
            if chars.get(at..at + 2) == Some(&[':', ':']) {
                at = start;
                tree(&chars, &mut at, Vec::new(), &mut out);
            }
        } else {
            at += 1;
        }
    }
    out
}

/// The library file `path` (named from `module`) refers to: the longest prefix of the resolved
/// path that is a module, if any.
fn resolve(
    modules: &BTreeMap<Vec<String>, String>,
    module: &[String],
    path: &[String],
) -> Option<Vec<String>> {
    let mut base: Vec<String> = module.to_vec();
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            base.clear();
            rest = &rest[1..];
        }
        Some("self") => rest = &rest[1..],
        Some("super") => {
            while rest.first().map(String::as_str) == Some("super") {
                base.pop()?;
                rest = &rest[1..];
            }
        }
        Some(first) => {
            // A child module of this one, named without a prefix (`table::Row` in sweep/mod.rs).
            let mut child = module.to_vec();
            child.push(first.to_string());
            if !modules.contains_key(&child) {
                return None;
            }
        }
        None => return None,
    }
    let mut full = base;
    full.extend(rest.iter().cloned());
    while !full.is_empty() {
        if modules.contains_key(&full) {
            return Some(full);
        }
        full.pop();
    }
    None
}

/// Which files each library file imports: every path it names resolved to a file, leaving out
/// the file itself and its ancestors (a child naturally uses its parent's items, and a parent
/// declares its children, so that pair is not a cycle).
fn file_imports() -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let modules = module_files();
    let mut graph = BTreeMap::new();
    for (module, source) in &modules {
        let code: String = source
            .lines()
            .map(|line| line.split("//").next().unwrap_or(""))
            .collect::<Vec<_>>()
            .join("\n");
        let imported: BTreeSet<Vec<String>> = named_paths(&code)
            .iter()
            .filter_map(|path| resolve(&modules, module, path))
            .filter(|target| !module.starts_with(target))
            .collect();
        graph.insert(module.clone(), imported);
    }
    graph
}

#[test]
fn no_source_file_imports_one_that_imports_it_back() {
    let graph = file_imports();
    let name = |module: &Vec<String>| format!("src/{}", module.join("/"));
    for start in graph.keys() {
        // Depth-first from `start`, remembering how each file was reached to name the loop.
        let mut came_from: BTreeMap<&Vec<String>, &Vec<String>> = BTreeMap::new();
        let mut pending: Vec<(&Vec<String>, &Vec<String>)> =
            graph[start].iter().map(|next| (start, next)).collect();
        while let Some((from, module)) = pending.pop() {
            if module == start {
                // start -> ... -> from -> start, read back from `from`.
                let mut chain = Vec::new();
                let mut at = from;
                loop {
                    chain.push(name(at));
                    if at == start {
                        break;
                    }
                    at = came_from[at];
                }
                chain.reverse();
                chain.push(name(start));
                panic!("the imports go round in a loop: {}", chain.join(" -> "));
            }
            if !came_from.contains_key(module) {
                came_from.insert(module, from);
                pending.extend(
                    graph
                        .get(module)
                        .into_iter()
                        .flatten()
                        .map(|next| (module, next)),
                );
            }
        }
    }
}

#[test]
fn the_file_reader_resolves_every_kind_of_path() {
    let modules: BTreeMap<Vec<String>, String> = [
        vec![],
        vec!["solve".to_string()],
        vec!["solve".to_string(), "dp".to_string()],
        vec!["solve".to_string(), "dp".to_string(), "band".to_string()],
        vec!["solve".to_string(), "dp".to_string(), "board".to_string()],
        vec!["game".to_string()],
    ]
    .into_iter()
    .map(|module| (module, String::new()))
    .collect();
    let here = ["solve".to_string(), "dp".to_string(), "band".to_string()];
    let code = "use super::board::{Board, cells::Cell};\nuse crate::{game::Game, solve::Solution};\n\
                let x = super::super::dp::board::f(); self::y(); String::new();";
    let resolved: BTreeSet<Vec<String>> = named_paths(code)
        .iter()
        .filter_map(|path| resolve(&modules, &here, path))
        .collect();
    let expected: BTreeSet<Vec<String>> = [
        vec!["solve", "dp", "board"],
        vec!["game"],
        vec!["solve"],
        vec!["solve", "dp", "band"],
    ]
    .into_iter()
    .map(|path| path.into_iter().map(String::from).collect())
    .collect();
    assert_eq!(resolved, expected);
}
