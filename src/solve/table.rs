//! A game's dynamic-programming table laid out for people (the picture the articles on these games draw by
//! hand): one value per cell and, where it helps, the move optimal play makes there.

/// One filled cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DpCell {
    pub row: usize,
    pub column: usize,
    /// The margin of the player to move in the cell's position.
    pub value: i64,
    /// The optimal move there, briefly (`L`, `R`, `2`).
    pub mark: Option<String>,
}

/// The table of a row game taken from either end: a cell per row `piles[i..=j]` left
/// (i <= j < n) with the mover's margin there, `value(i, j)`, and `L` or `R` for the side optimal
/// play takes (`takes_right(i, j)`, asked only when j > i); `subtitle` says how to read it.
pub fn end_table(
    game: &str,
    piles: &[i64],
    subtitle: &str,
    value: impl Fn(usize, usize) -> i64,
    takes_right: impl Fn(usize, usize) -> bool,
) -> DpTable {
    let n = piles.len();
    DpTable {
        title: format!(
            "{game} {}: margin of the player to move with piles i to j left",
            crate::base::input::format_piles(piles)
        ),
        subtitle: subtitle.to_string(),
        row_name: "i (first pile left)".to_string(),
        column_name: "j (last pile left)".to_string(),
        rows: n,
        columns: n,
        first_row: 0,
        first_column: 0,
        cells: end_cells(n, value, takes_right),
    }
}

/// The cells of [`end_table`].
fn end_cells(
    n: usize,
    value: impl Fn(usize, usize) -> i64,
    takes_right: impl Fn(usize, usize) -> bool,
) -> Vec<DpCell> {
    let mut cells = Vec::with_capacity(n * (n + 1) / 2);
    for i in 0..n {
        for j in i..n {
            let right = j > i && takes_right(i, j);
            cells.push(DpCell {
                row: i,
                column: j,
                value: value(i, j),
                mark: Some(if right { "R" } else { "L" }.to_string()),
            });
        }
    }
    cells
}

/// A table of cells; cells not listed are not positions of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DpTable {
    pub title: String,
    /// What the marks and values mean.
    pub subtitle: String,
    pub row_name: String,
    pub column_name: String,
    pub rows: usize,
    pub columns: usize,
    /// The first row and column numbers (tables of M start at 1).
    pub first_row: usize,
    pub first_column: usize,
    pub cells: Vec<DpCell>,
}
