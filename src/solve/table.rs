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
