//! The vocabulary every layer speaks: the `Game` trait with players, scores and moves, the
//! errors, instance input, and the size of a game.

pub mod error;
pub mod game;
pub mod input;
pub mod size;
