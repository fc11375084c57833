//! The layers of the library, read from the source tree: `src/lib.rs` declares one module per
//! layer, lowest first, and `src/` holds exactly those folders; the architecture chapter lists
//! the same layers in the same order; every file imports only from its own layer or the layers
//! below; only the games layer knows a game, and a game's folder knows no other game; and no
//! source file imports another that imports it back, at any depth. A new `use` that breaks the
//! structure, a folder without a layer or a chapter that disagrees fails here.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The most layers the library's root may hold.
const MOST_LAYERS: usize = 12;

fn repository() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The layers, lowest first: the `pub mod NAME;` lines of `src/lib.rs`, in order.
fn layers() -> Vec<String> {
    let lib = std::fs::read_to_string(repository().join("src/lib.rs")).unwrap();
    lib.lines()
        .filter_map(|line| line.strip_prefix("pub mod "))
        .filter_map(|rest| rest.strip_suffix(';'))
        .map(String::from)
        .collect()
}

/// The layer of a module path (its first segment), as an index into [`layers`].
fn layer_of(layers: &[String], module: &[String]) -> Option<usize> {
    let first = module.first()?;
    layers.iter().position(|layer| layer == first)
}

#[test]
fn the_root_holds_one_folder_per_layer_and_nothing_else() {
    let layers = layers();
    assert!(
        !layers.is_empty() && layers.len() <= MOST_LAYERS,
        "src/lib.rs declares {} layers (at most {MOST_LAYERS})",
        layers.len()
    );
    let mut entries: Vec<String> = std::fs::read_dir(repository().join("src"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name != "lib.rs")
        .collect();
    entries.sort();
    let mut expected = layers.clone();
    expected.sort();
    assert_eq!(
        entries, expected,
        "src/ must hold lib.rs and one folder per layer that src/lib.rs declares"
    );
    for layer in &layers {
        assert!(
            repository()
                .join("src")
                .join(layer)
                .join("mod.rs")
                .is_file(),
            "the layer {layer} is a folder with a mod.rs"
        );
    }
}

#[test]
fn the_architecture_chapter_lists_the_layers_in_order() {
    let chapter =
        std::fs::read_to_string(repository().join("docs/src/internals/architecture.md")).unwrap();
    let section = chapter
        .split("\n## ")
        .find(|section| section.starts_with("The layers"))
        .expect("the architecture chapter has a section \"The layers\"");
    let listed: Vec<String> = section
        .lines()
        .filter_map(|line| line.strip_prefix("| `"))
        .filter_map(|rest| rest.split_once('`').map(|(name, _)| name.to_string()))
        .collect();
    assert_eq!(
        listed,
        layers(),
        "the table of \"The layers\" in docs/src/internals/architecture.md lists the modules of \
         src/lib.rs, lowest first"
    );
}

#[test]
fn every_file_imports_only_from_its_layer_or_below() {
    let layers = layers();
    for (module, imported) in file_imports() {
        let Some(own) = layer_of(&layers, &module) else {
            continue;
        };
        for target in imported {
            let Some(theirs) = layer_of(&layers, &target) else {
                continue;
            };
            assert!(
                theirs <= own,
                "src/{} (layer {}) imports src/{} of the layer {}, above it",
                module.join("/"),
                layers[own],
                target.join("/"),
                layers[theirs]
            );
        }
    }
}

/// Whether `module` lies in a folder of the games layer (a game's folder, or a family's).
fn in_games_folder(module: &[String]) -> Option<&str> {
    match module {
        [games, folder, ..] if games == "games" && module.len() >= 2 => {
            let folder_path = repository().join("src/games").join(folder);
            folder_path.is_dir().then_some(folder.as_str())
        }
        _ => None,
    }
}

#[test]
fn only_the_games_layer_knows_a_game() {
    for (module, imported) in file_imports_outside_tests() {
        if module.first().is_some_and(|first| first == "games") {
            continue;
        }
        for target in imported {
            assert!(
                in_games_folder(&target).is_none(),
                "src/{} names src/{}: a generic layer reaches a game through its registry entry \
                 (src/games/entry.rs), never by its module",
                module.join("/"),
                target.join("/")
            );
        }
    }
}

#[test]
fn a_games_folder_knows_no_other_game() {
    for (module, imported) in file_imports_outside_tests() {
        let Some(own) = in_games_folder(&module) else {
            continue;
        };
        for target in imported {
            if let Some(theirs) = in_games_folder(&target) {
                assert!(
                    theirs == own || theirs == "families",
                    "src/{} names src/{}: a game shares code with another only through \
                     src/games/families/",
                    module.join("/"),
                    target.join("/")
                );
            }
        }
    }
}

#[test]
fn the_library_depends_on_no_command_line_crate() {
    let output = std::process::Command::new(env!("CARGO"))
        .args(["tree", "-p", "gamelab", "-e", "normal", "--prefix", "none"])
        .current_dir(repository())
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let tree = String::from_utf8(output.stdout).unwrap();
    for crate_name in ["clap ", "anyhow ", "indicatif ", "httparse ", "libc "] {
        assert!(
            !tree.lines().any(|line| line.starts_with(crate_name)),
            "the library depends on {crate_name}"
        );
    }
    assert!(
        tree.lines().any(|line| line.starts_with("petgraph ")),
        "{tree}"
    );
}

fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// Every library source file as its module path (`src/games/stone_game/dp.rs` ->
/// `games::stone_game::dp`; `mod.rs` names its folder; `lib.rs` is the root).
fn module_files() -> BTreeMap<Vec<String>, String> {
    let src = repository().join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut modules = BTreeMap::new();
    for file in files {
        let relative = file.strip_prefix(&src).unwrap().with_extension("");
        let mut path: Vec<String> = relative
            .components()
            .map(|part| part.as_os_str().to_string_lossy().into_owned())
            .collect();
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
    imports_of(|source| source)
}

/// [`file_imports`] of the code outside `#[cfg(test)]` modules: a unit test may build any game.
fn file_imports_outside_tests() -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    imports_of(|source| {
        source
            .find("#[cfg(test)]\nmod ")
            .map_or(source, |at| &source[..at])
    })
}

fn imports_of(code_of: impl Fn(&str) -> &str) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let modules = module_files();
    let mut graph = BTreeMap::new();
    for (module, source) in &modules {
        let code: String = code_of(source)
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
