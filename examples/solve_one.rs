//! Solve one instance through the library and print the optimal play.
//!
//! Run with `cargo run --example solve_one`.

use gamelab::base::input::InstanceInput;
use gamelab::find_game;
use gamelab::solve::SolverKind;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // The gold-pots example of the gold-pots article.
    let game = find_game("stone-game")?.build(&InstanceInput::piles(vec![4, 6, 2, 3]))?;
    let solution = game.solve(SolverKind::AUTO)?;
    print!("{}", solution.to_text("[4, 6, 2, 3]"));
    // The same solution as JSON, the format `gamelab solve --format json` prints.
    println!("{}", serde_json::to_string(&solution)?);
    Ok(())
}
