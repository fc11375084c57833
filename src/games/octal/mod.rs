//! Octal games: impartial games on heaps of tokens whose moves Guy and Smith's octal notation
//! describes (`0.77` is Kayles, `0.07` Dawson's Kayles, `0.137` Dawson's chess). A move takes
//! some tokens from one heap and may leave no heap, one, or two; a game is a sum of heaps, so
//! its analysis is the nim-sequence of one heap, which for a finite code is eventually periodic
//! once a long enough run repeats (the octal periodicity theorem). Source: Berlekamp, Conway and
//! Guy, *Winning Ways for your Mathematical Plays*, the chapter on octal games; Guy and Smith,
//! "The G-values of various games" (1956).
//!
//! [`code`] reads a code and lists a heap's options; [`sequence`] computes nim-sequences, fast,
//! with their periods proved.

pub mod code;
pub mod sequence;

mod kernel;
mod period;
mod split;
