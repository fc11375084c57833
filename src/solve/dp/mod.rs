//! Game-specific dynamic programs (and stone-game's peak merging, which needs no table): plain
//! functions over slices, each documented with its recurrence, time and memory, and tested
//! against `brute` and `memo` (see `tests/`).

pub mod divisor_game;
pub mod lanes;
pub mod stone_game;
pub mod stone_game_batch;
pub mod stone_game_fast;
pub mod stone_game_ii;
mod stone_game_ii_band;
mod stone_game_ii_board;
pub mod stone_game_ii_reach;
pub mod stone_game_iii;
pub mod stone_game_line;
pub mod stone_game_peaks;
