//! gamelab: explore two-player games of perfect information — the LeetCode "stone games" and
//! their relatives — by solving them exactly, sweeping random instances, drawing their game
//! trees, plotting statistics and checking claims.
//!
//! Every game implements one trait, [`game::Game`]; generic solvers ([`solve::brute`],
//! [`solve::memo`]) work on any game, and fast dynamic programs ([`solve::dp`]) are tested
//! against them. The registry [`registry::GAMES`] finds a game by its command-line name.
//!
//! ```
//! use gamelab::games::stone_game::StoneGame;
//! use gamelab::games::registry::AnyGame;
//! use gamelab::base::game::Winner;
//! use gamelab::solve::SolverKind;
//!
//! // The gold pots of the gold-pots article: A gets 9 coins, B gets 6.
//! let game = StoneGame::new(vec![4, 6, 2, 3])?;
//! let solution = game.solve(SolverKind::Auto)?;
//! assert_eq!((solution.first_score, solution.second_score), (9, 6));
//! assert_eq!(solution.winner, Winner::First);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(rustdoc::broken_intra_doc_links)]

// The layers, lowest first: a module may use the ones above it in this list, never those
// below (docs/src/internals/architecture.md; tests/library/architecture.rs checks it).
pub mod analysis;
pub mod base;
pub mod calibration;
pub mod cost;
pub mod games;
pub mod graph;
pub mod present;
pub mod solve;
pub mod strategy;
pub mod studies;
pub mod util;

pub use base::error::{InputError, SolveError};
pub use base::game::{Game, Player, Scores, Winner};
pub use games::registry::{AnyGame, GAMES, find_game};
pub use solve::{Solution, SolverKind};

/// The guide's Rust example (its chapter "Using the library"), compiled and run as a doctest
/// so it cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../docs/src/library.md")]
pub struct GuideDoctests;
