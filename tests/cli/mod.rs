//! The command-line tool as a user meets it: every subcommand's behaviour and refusals, hostile
//! inputs and random command lines, budgets, progress and interrupts, the fuzz targets, the
//! examples, the server, the library's layering, and what a release ships (the packaged
//! crate's files, completions, man pages, one version).

mod architecture;
mod cli_solve;
mod cli_strategy_lab;
mod cli_sweep;
mod completions_man;
mod examples;
mod fuzz_targets;
mod hostile_inputs;
mod interrupt;
mod limits;
mod package;
mod random_commands;
mod serve;
mod version;
