//! The games layer: one folder per game, each holding the game's rules (the
//! [`crate::base::game::Game`] trait), its solvers and their kernels, its fast paths, and its
//! registry entry ([`GameDefinition`]); the families games share code through
//! ([`families`]); the registry of every game by its command-line name ([`every_game`],
//! [`find_game`]); and the type erasure through which every layer above handles a game it knows
//! only by name ([`GameEntry`] for the game, [`AnyGame`] for an instance).
//!
//! A new game is a folder here and a line in [`every_game`]; the conformance suite covers it from
//! then on. Layers above reach a game only through its entry, and a game's folder uses no other
//! game's folder: what games share lives in [`families`].

pub mod coins_in_a_circle;
pub mod conformance;
pub mod divisor_game;
pub mod entry;
pub mod explicit;
pub mod families;
pub mod instance;
pub mod nim;
pub mod octal;
pub mod stone_game;
pub mod stone_game_ii;
pub mod stone_game_iii;
pub mod stone_game_iv;
pub mod stone_game_vii;

pub use entry::{
    BatchPaths, GameDefinition, GameEntry, InputForm, LaneMargins, LosingSink, ManyMargins,
    Margins, NimSequence, OneMargin, Scratch, StreamAnswerer, StreamAnswers,
};
pub use instance::{AnyGame, FastPaths, Instance};

use crate::base::error::InputError;
use crate::solve::SolverKind;

/// Every game, one line each ([`every_game`]).
const EVERY_GAME: &[&dyn GameEntry] = &[
    &stone_game::DEFINITION,
    &stone_game_ii::DEFINITION,
    &stone_game_iii::DEFINITION,
    &divisor_game::DEFINITION,
    &stone_game_vii::DEFINITION,
    &stone_game_iv::DEFINITION,
    &nim::DEFINITION,
    &coins_in_a_circle::DEFINITION,
    &octal::OCTAL,
    &octal::KAYLES,
    &octal::DAWSONS_KAYLES,
    &octal::DAWSONS_CHESS,
];

/// Every registered game, in the order `gamelab games` lists them.
///
/// A function over constants rather than a `static`: a static is compiled into every build of
/// this crate with everything it points to, so each game's solvers and analyses would be
/// compiled again into the unit tests' build, which reaches few of them; behind a function
/// they are compiled where a caller reaches them, once in the library for every crate that
/// links it. Never inlined: a caller in another crate would then compile every game itself.
#[inline(never)]
pub fn every_game() -> &'static [&'static dyn GameEntry] {
    EVERY_GAME
}

/// Finds a game by its command-line name.
pub fn find_game(name: &str) -> Result<&'static dyn GameEntry, InputError> {
    every_game()
        .iter()
        .copied()
        .find(|entry| entry.name() == name)
        .ok_or_else(|| InputError::UnknownGame {
            name: name.to_string(),
            known: every_game()
                .iter()
                .map(|entry| entry.name())
                .collect::<Vec<_>>()
                .join(", "),
        })
}

/// Every solver some game has, each once, with what it is: `auto`, `brute` and `memo` first
/// (with their summaries), then the games' own in the order of [`every_game`]: one game's with that
/// game's summary, a name several games share (`dp`) with the games that have it. Front ends
/// read a solver's name from the user against this list.
pub fn every_solver() -> Vec<(SolverKind, String)> {
    let mut every: Vec<(SolverKind, Vec<&'static str>, &'static str)> = Vec::new();
    for entry in every_game() {
        for (kind, summary) in entry.solvers() {
            match every.iter_mut().find(|(known, ..)| *known == kind) {
                Some((_, games, _)) => games.push(entry.name()),
                None => every.push((kind, vec![entry.name()], summary)),
            }
        }
    }
    every
        .into_iter()
        .map(|(kind, games, summary)| {
            let what = match games.as_slice() {
                _ if kind.is_generic() => summary.to_string(),
                [game] => format!("{game}: {summary}"),
                _ => format!("{}: each game's own (gamelab games)", games.join(", ")),
            };
            (kind, what)
        })
        .collect()
}

/// The solver called `name` on the command line, if some game has it.
pub fn solver_named(name: &str) -> Option<SolverKind> {
    every_game()
        .iter()
        .flat_map(|entry| entry.solver_kinds())
        .find(|kind| kind.name() == name)
}
