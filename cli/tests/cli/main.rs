//! The command-line tool as a user meets it: every subcommand's behaviour and refusals, hostile
//! inputs and random command lines, budgets, progress and interrupts, the server, completions,
//! man pages and one version everywhere. One binary for all of them, so that the helpers in
//! `common` and the generic code are compiled and linked once. The tests that need outside tools
//! (`tools/`) and the documentation's (`docs/`) have harnesses of their own.

#[path = "../common/mod.rs"]
mod common;

mod analyze;
mod batch;
mod claims;
mod completions_man;
mod files_and_flags;
mod hostile_inputs;
mod impartial;
mod interrupt;
mod limits;
mod machine_speed;
mod merge;
mod more_games;
mod octal;
mod optimal_line;
mod peaks;
mod plot;
mod random_commands;
mod report;
mod serve;
mod solve;
mod strategy;
mod strategy_lab;
mod sweep;
mod tree;
mod version;
