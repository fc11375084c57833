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
//! use gamelab::registry::AnyGame;
//! use gamelab::game::Winner;
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

pub mod analysis;
pub mod batch;
pub mod budget;
pub mod calibration;
pub mod choice;
pub mod claims;
pub mod conformance;
pub mod digits;
pub mod error;
pub mod explicit;
pub mod explore;
pub mod export;
pub mod game;
pub mod games;
pub mod generate;
pub mod graph;
pub mod hashing;
pub mod image;
pub mod input;
pub mod mistakes;
pub mod output;
pub mod parallel;
pub mod plot;
pub mod progress;
pub mod random;
pub mod ratings;
pub mod registry;
pub mod render;
pub mod report;
pub mod simd;
pub mod size;
pub mod solve;
pub mod stats;
pub mod strategy;
pub mod sweep;
pub mod tournament;

pub use error::{InputError, SolveError};

/// The guide's Rust example (its chapter "Using the library"), compiled and run as a doctest
/// so it cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../docs/src/library.md")]
pub struct GuideDoctests;
pub use game::{Game, Player, Scores, Winner};
pub use registry::{AnyGame, GAMES, find_game};
pub use solve::{Solution, SolverKind};
