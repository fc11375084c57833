//! Solve one instance through the library and print the optimal play.
//!
//! Run with `cargo run --example solve_one`.

use gamelab::games::registry::AnyGame;
use gamelab::games::stone_game::StoneGame;
use gamelab::solve::SolverKind;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // The gold-pots example of the gold-pots article.
    let game = StoneGame::new(vec![4, 6, 2, 3])?;
    let solution = game.solve(SolverKind::Auto)?;
    print!("{}", solution.to_text("[4, 6, 2, 3]"));
    // The same solution as JSON, the format `gamelab solve --format json` prints.
    println!("{}", serde_json::to_string(&solution)?);
    Ok(())
}
