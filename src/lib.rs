//! gamelab: explore two-player games of perfect information — the LeetCode "stone games" and
//! their relatives — by solving them exactly, sweeping random instances, drawing their game
//! trees, plotting statistics and checking claims.
//!
//! Every game implements one trait, [`Game`] (its rules), and has a registry entry
//! ([`games::GameDefinition`]) that finds it by its command-line name ([`find_game`]), reads an
//! instance from input and lists its own solvers. The generic solvers ([`solve::brute`],
//! [`solve::memo`]) work on any game; a game's fast dynamic programs live in its folder of
//! [`games`] and are tested against them. The modules are layers, lowest first: [`util`],
//! [`base`], [`cost`], [`solve`], [`analysis`], [`graph`], [`strategy`], [`games`], [`studies`],
//! [`present`], [`calibration`]; each uses only the ones before it.
//!
//! ```
//! use gamelab::base::input::InstanceInput;
//! use gamelab::{SolverKind, Winner, find_game};
//!
//! // The gold pots of the gold-pots article: A gets 9 coins, B gets 6.
//! let game = find_game("stone-game")?.build(&InstanceInput::piles(vec![4, 6, 2, 3]))?;
//! let solution = game.solve(SolverKind::AUTO)?;
//! assert_eq!((solution.first_score, solution.second_score), (9, 6));
//! assert_eq!(solution.winner, Winner::First);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(rustdoc::broken_intra_doc_links)]

// The layers, lowest first (docs/src/internals/architecture.md): a module may use the ones
// before it in this list, never those after; tests/project/architecture.rs reads the order from
// here. One declaration per paragraph, so that rustfmt keeps the order.
pub mod util;

pub mod base;

pub mod cost;

pub mod solve;

pub mod analysis;

pub mod graph;

pub mod strategy;

pub mod games;

pub mod studies;

pub mod present;

pub mod calibration;

pub use base::error::{InputError, SolveError};
pub use base::game::{Game, Player, Scores, Winner};
pub use games::{AnyGame, GameEntry, every_game, find_game};
pub use solve::{Solution, SolverKind};

/// The guide's Rust example (its chapter "Using the library"), compiled and run as a doctest
/// so it cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../docs/src/library.md")]
pub struct GuideDoctests;
