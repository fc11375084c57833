//! The families games share their code through: a family's module is its positions, its moves
//! and the whole `Game` implementation, generic over a small rule that says what differs between
//! its members. A new member of a family is its rule and its registry entry.
//!
//! - [`interval`]: a row of piles taken from either end (stone-game, stone-game-vii);
//! - [`prefix`]: a row of piles taken from the front, a few at a time (stone-game-ii, -iii);
//! - [`subtraction`]: one pile, each move removes an amount the rule allows (divisor-game,
//!   stone-game-iv, nim).

pub mod interval;
pub mod prefix;
pub mod subtraction;
