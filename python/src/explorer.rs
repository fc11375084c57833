//! `explorer`: the explorer page `gamelab explore` writes, as one string, for a built-in game's
//! instance or for a game defined in Python (its explored table, drawn with its own texts). The
//! Python layer (`gamelab.explorer`) shows it inline in notebooks and saves it to files.

use crate::custom::ExploredGame;
use crate::errors::input_error;
use crate::options::Options;
use gamelab::analysis::{SolvedSpace, solve_space};
use gamelab::present::explore::{Board, DEFAULT_PAGE_MAX_STATES, PageMeta, Source, write_page};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The page of `space` as text, with its number of positions.
fn page(meta: &PageMeta<'_>, space: &SolvedSpace) -> PyResult<(String, usize)> {
    let mut bytes = Vec::new();
    write_page(Some(meta), Source::Inline(space), &mut bytes).map_err(input_error)?;
    let text = String::from_utf8(bytes).map_err(input_error)?;
    Ok((text, space.positions.len()))
}

/// The page of a built-in game's instance (`piles`, `n`, `subtract` in `options`, refused
/// above `max_states` positions, default the command's): byte for byte what `gamelab explore`
/// writes for the same instance.
#[pyfunction]
pub fn explorer_page(name: &str, options: Bound<'_, PyDict>) -> PyResult<(String, usize)> {
    let (entry, options) = Options::for_game(name, options)?;
    let py = options.py();
    let input = options.instance()?;
    let instance = entry.build(&input).map_err(input_error)?;
    let max_states = options
        .u64("max_states")?
        .map_or(DEFAULT_PAGE_MAX_STATES, u128::from);
    let described = input.describe();
    py.detach(|| {
        let space = instance.solve_space(max_states).map_err(input_error)?;
        page(&PageMeta::for_entry(entry, &described), &space)
    })
}

/// The page of a game defined in Python: positions drawn as the game's `describe_state` texts,
/// moves named by its `describe_move`; `title` and `rules` head the page (the class name and
/// nothing when empty).
#[pyfunction]
#[pyo3(signature = (explored, title = String::new(), rules = String::new()))]
pub fn explorer_page_explored(
    py: Python<'_>,
    explored: &ExploredGame,
    title: String,
    rules: String,
) -> PyResult<(String, usize)> {
    let table = explored.table();
    let name = explored.name().to_string();
    py.detach(move || {
        let space =
            solve_space(table.as_ref(), table.position_count() as u128).map_err(input_error)?;
        let start = table.label(0);
        let meta = PageMeta {
            game: &name,
            title: &title,
            rules: &rules,
            instance: &start,
            board: Board::Text,
        };
        page(&meta, &space)
    })
    .and_then(|made| {
        // A describe_state or describe_move that raised left `<error>` in the page: raised
        // here instead, as every other output of the game does.
        explored.raise_label_error()?;
        Ok(made)
    })
}
