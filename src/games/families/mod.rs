//! The families games share their code through: a family's module is its positions, its moves
//! and the whole `Game` implementation, generic over a small rule that says what differs between
//! its members. A new member of a family is its rule and its registry entry.
//!
//! - [`interval`]: a row of piles taken from either end (stone-game, stone-game-vii);
//! - [`prefix`]: a row of piles taken from the front, a few at a time (stone-game-ii, -iii);
//! - [`heaps`]: impartial games on heaps of tokens, one heap or a sum of several; a move takes
//!   from one heap what the rule allows and may split it (divisor-game, stone-game-iv, nim, the
//!   octal games).

pub mod heaps;
pub mod interval;
pub mod prefix;
