//! `gamelab games`: the games with their rules, input form and solvers.

use gamelab::games::InputForm;
use gamelab::games::every_game;
use std::process::ExitCode;

pub fn run() -> anyhow::Result<ExitCode> {
    let mut out = super::open_output(None)?;
    for (index, game) in every_game().iter().enumerate() {
        if index > 0 {
            writeln!(out)?;
        }
        let input = match game.input_form() {
            InputForm::Piles { .. } => "--piles 3,9,1,2 (any 64-bit integers)",
            InputForm::Number {
                subtraction_set: false,
                code: false,
                ..
            } => "--n 10 (N >= 1), or --heaps 7,11,30 (a sum)",
            InputForm::Number {
                subtraction_set: true,
                ..
            } => "--n 10 (N >= 1), or --heaps 7,11,30 (a sum) [--subtract 1,3,4]",
            InputForm::Number { code: true, .. } => {
                "--code 0.77 --n 10 (N >= 1), or --heaps 7,11,30 (a sum)"
            }
        };
        writeln!(out, "{}\n  {}", game.name(), game.title())?;
        writeln!(out, "  rules:   {}", game.rules())?;
        writeln!(out, "  input:   {input}")?;
        writeln!(out, "  solvers: {}", game.solver_names())?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

use std::io::Write;
