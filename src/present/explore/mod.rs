//! The explorer page: one self-contained HTML file (styles, script and the solved state space
//! inline; nothing fetched from anywhere) in which a user plays through a game with every move's
//! value shown, the value history, the state DAG around the position and, for the interval
//! games, the DP table. The hand-written page lives in `web/explorer/` (the template, the
//! styles and the script's files, one a card) and is compiled in: nothing is bundled or fetched
//! at build time.
//!
//! The data is the [`SolvedSpace`] as a [`PageData`], written by serde_json (its schema:
//! `docs/src/internals/explorer-data.md`); the page computes nothing a solver would: every
//! value, margin, remoteness and move order comes from the analysis, so the page and `gamelab
//! analyze` agree by construction (the browser tests check it anyway).

mod data;

pub use data::{Moves, PageData, Positions, Runs};

use crate::analysis::SolvedSpace;
use crate::games::GameEntry;
use serde::Serialize;
use std::io::{self, Write};

/// The default position limit of an explorer page: about 100 bytes of page per position keeps
/// the file under about 20 MB.
pub const DEFAULT_PAGE_MAX_STATES: u128 = 200_000;

const TEMPLATE: &str = include_str!("../../../web/explorer/index.html");
const STYLE: &str = include_str!("../../../web/explorer/explorer.css");
/// The page's script: the files of `web/explorer/js/` in the order they build on each other
/// (the core first, the start-up last), inside one function so that nothing leaks into the
/// page's global scope. Each file's leading comment says what it is for.
const SCRIPT: &str = concat!(
    "(function () {\n\"use strict\";\n",
    include_str!("../../../web/explorer/js/core.js"),
    include_str!("../../../web/explorer/js/line.js"),
    include_str!("../../../web/explorer/js/state.js"),
    include_str!("../../../web/explorer/js/board.js"),
    include_str!("../../../web/explorer/js/moves.js"),
    include_str!("../../../web/explorer/js/history.js"),
    include_str!("../../../web/explorer/js/dag.js"),
    include_str!("../../../web/explorer/js/table.js"),
    include_str!("../../../web/explorer/js/main.js"),
    "})();\n",
);

/// How the page gets its positions.
pub enum Source<'a> {
    /// Inline: the whole solved space is in the page (`gamelab explore`, `gamelab.explorer`).
    Inline(&'a SolvedSpace),
    /// From the server's JSON API (`gamelab serve`): the page asks for spaces itself.
    Server,
}

/// How the page draws a position on its board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Board {
    /// The row of piles as bars, the ones taken marked by who took them.
    Piles,
    /// The number games' N as a figure and as stones.
    Number,
    /// The game's own text for the position (games defined outside the crate).
    Text,
}

/// What the page says about the game beside its positions.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct PageMeta<'a> {
    /// The game's name (`stone-game`, or a Python class's name).
    pub game: &'a str,
    /// Its title, shown as the page's heading (the name when empty).
    pub title: &'a str,
    /// The rules in a sentence (may be empty).
    pub rules: &'a str,
    /// The instance, as `gamelab explore` describes it (`[4, 6, 2, 3]`, `N=12`).
    pub instance: &'a str,
    /// How positions are drawn.
    pub board: Board,
}

impl<'a> PageMeta<'a> {
    /// The page of a built-in game's instance: pile games draw piles, number games N.
    pub fn for_entry(entry: &'a dyn GameEntry, instance: &'a str) -> PageMeta<'a> {
        PageMeta {
            game: entry.name(),
            title: entry.title(),
            rules: entry.rules(),
            instance,
            board: if entry.takes_piles() {
                Board::Piles
            } else {
                Board::Number
            },
        }
    }
}

/// Writes the page for `space` (described by `meta`), or the server's page that loads
/// instances through the API (`meta` `None`). Both are the same page: the same template, styles
/// and script, only the data differs.
pub fn write_page(
    meta: Option<&PageMeta<'_>>,
    source: Source<'_>,
    out: &mut dyn Write,
) -> io::Result<()> {
    let data = match (source, meta) {
        (Source::Inline(space), Some(meta)) => page_data(meta, space),
        _ => "null".to_string(),
    };
    let title = match meta {
        Some(meta) => format!("{} {} — gamelab explorer", meta.game, meta.instance),
        None => "gamelab explorer".to_string(),
    };
    let page = TEMPLATE
        .replacen("{{TITLE}}", &html_escape(&title), 1)
        .replacen("{{STYLE}}", STYLE, 1)
        .replacen("{{SCRIPT}}", SCRIPT, 1);
    // The data goes in last, so that nothing in it is mistaken for a placeholder.
    let (before, after) = page
        .split_once("{{DATA}}")
        .expect("the template has a {{DATA}} placeholder");
    out.write_all(before.as_bytes())?;
    out.write_all(data.as_bytes())?;
    out.write_all(after.as_bytes())
}

/// The page data of one solved instance ([`PageData`]), as JSON safe to inline in a
/// `<script>` element: what a page holds and what `gamelab serve` answers `/api/explore` with.
pub fn page_data(meta: &PageMeta<'_>, space: &SolvedSpace) -> String {
    PageData::new(meta, space).to_json()
}

/// Whether the positions are the intervals of the row (stone-game, stone-game-vii): every
/// position with piles left holds one contiguous run of them, no two positions hold the same
/// run, and some run ends before the row does. Then the DP table is the triangle of intervals
/// (i, j), which the page draws as a heatmap.
pub fn is_interval_game(space: &SolvedSpace) -> bool {
    let Some(row) = &space.pile_row else {
        return false;
    };
    let mut seen = std::collections::HashSet::new();
    let mut two_dimensional = false;
    for position in &space.positions {
        let Some(ranges) = &position.piles else {
            return false;
        };
        let ranges: Vec<_> = ranges.iter().filter(|r| !r.is_empty()).collect();
        match ranges.as_slice() {
            [] => {}
            [range] => {
                if !seen.insert((range.start, range.end)) {
                    return false;
                }
                two_dimensional |= range.end < row.len();
            }
            _ => return false,
        }
    }
    two_dimensional
}

fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
