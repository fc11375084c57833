//! Every relative link and anchor in the pages a reader follows resolves: README.md,
//! CONTRIBUTING.md, CHANGELOG.md, python/README.md, reports/README.md and the guide. A link from
//! the guide must stay inside docs/src/ (the built book holds nothing else).

use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};

/// The pages whose links are checked.
fn linked_pages() -> Vec<PathBuf> {
    let root = crate::root();
    let mut pages = crate::documented_pages();
    pages.push(root.join("CHANGELOG.md"));
    pages.push(root.join("reports/README.md"));
    pages
}

/// `text` without its fenced code blocks and inline code spans, where brackets are not links.
fn prose(text: &str) -> String {
    let mut kept = String::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            kept.push('\n');
            continue;
        }
        if fenced {
            kept.push('\n');
            continue;
        }
        // Drop `code spans`.
        let mut inside = false;
        for piece in line.split('`') {
            if !inside {
                kept.push_str(piece);
            }
            inside = !inside;
        }
        kept.push('\n');
    }
    kept
}

/// The link targets of a page: `[text](target)`, `![alt](target)`, `[name]: target`, and the
/// `href`/`src` attributes of inline HTML.
fn targets(text: &str) -> Vec<String> {
    let text = prose(text);
    let mut found = Vec::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        let end = rest.find(')').unwrap_or(rest.len());
        let target = rest[..end].split_whitespace().next().unwrap_or("");
        found.push(target.trim_matches(['<', '>']).to_string());
    }
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with('[')
            && let Some((_, target)) = trimmed.split_once("]: ")
        {
            found.push(target.split_whitespace().next().unwrap_or("").to_string());
        }
        for attribute in ["href=\"", "src=\""] {
            let mut rest = line;
            while let Some(at) = rest.find(attribute) {
                rest = &rest[at + attribute.len()..];
                let end = rest.find('"').unwrap_or(rest.len());
                found.push(rest[..end].to_string());
            }
        }
    }
    found
}

/// The anchor a heading gets, as GitHub and mdBook make it: lower case, letters, digits, `-`
/// and `_` kept, spaces made `-`, everything else dropped.
pub fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a markdown page's headings (a repeated heading gets `-1`, `-2`, ...).
fn anchors(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        }
        if fenced || !line.starts_with('#') {
            continue;
        }
        let heading = line.trim_start_matches('#').replace('`', "");
        let base = slug(&heading);
        let mut anchor = base.clone();
        let mut repeat = 0;
        while found.contains(&anchor) {
            repeat += 1;
            anchor = format!("{base}-{repeat}");
        }
        found.insert(anchor);
    }
    found
}

/// `path` with `.` and `..` folded away.
fn normalise(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// Every broken link of every page, or Ok.
pub fn check_every_link() -> Result<(), String> {
    let root = crate::root();
    let guide = root.join("docs/src");
    let mut broken = Vec::new();
    for page in linked_pages() {
        let text = std::fs::read_to_string(&page).map_err(|error| error.to_string())?;
        let name = page
            .strip_prefix(&root)
            .unwrap_or(&page)
            .display()
            .to_string();
        for target in targets(&text) {
            if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, anchor) = match target.split_once('#') {
                Some((file, anchor)) => (file, Some(anchor)),
                None => (target.as_str(), None),
            };
            let resolved = if file.is_empty() {
                page.clone()
            } else {
                normalise(&page.parent().expect("a page is in a folder").join(file))
            };
            if page.starts_with(&guide) && !resolved.starts_with(&guide) {
                broken.push(format!(
                    "{name}: '{target}' leaves docs/src, which the book does not hold: link \
                     the repository's URL instead"
                ));
                continue;
            }
            if !resolved.exists() {
                broken.push(format!("{name}: '{target}' does not exist"));
                continue;
            }
            if let Some(anchor) = anchor
                && resolved.extension().is_some_and(|e| e == "md")
            {
                let target_text =
                    std::fs::read_to_string(&resolved).map_err(|error| error.to_string())?;
                if !anchors(&target_text).contains(anchor) {
                    broken.push(format!(
                        "{name}: '{target}': no heading has the anchor #{anchor}"
                    ));
                }
            }
        }
    }
    if broken.is_empty() {
        Ok(())
    } else {
        Err(broken.join("\n"))
    }
}

/// Checks of this module, run as trials by `main.rs`.
pub mod checks {
    use super::*;

    pub fn slugs_follow_the_renderers() {
        assert_eq!(slug("Solving and the solvers"), "solving-and-the-solvers");
        assert_eq!(
            slug("`gamelab sweep`: many instances"),
            "gamelab-sweep-many-instances"
        );
        assert_eq!(slug("Bradley–Terry ratings"), "bradleyterry-ratings");
        let page = "# A\n## B c\n```\n# not a heading\n```\n## B c\n";
        let found: Vec<String> = anchors(page).into_iter().collect();
        assert_eq!(found, ["a", "b-c", "b-c-1"]);
        let links = targets("see [x](a.md#b) and `[y](not)` and ![p](img.png)\n[r]: ref.md\n");
        assert_eq!(links, ["a.md#b", "img.png", "ref.md"]);
    }
}
