//! The options that name one instance on the command line: `--piles 3,9,1,2` or `--n 10`.

use super::values::{PileList, SubtractionSet, pile_list, subtraction_set, whole_number};
use clap::Args;
use gamelab::base::input::InstanceInput;

#[derive(Args, Debug, Clone, Default)]
pub struct InstanceArgs {
    /// Pile values, comma-separated, for the pile games (e.g. 3,9,1,2; negatives allowed)
    #[arg(long, value_name = "LIST", allow_hyphen_values = true, value_parser = pile_list)]
    pub piles: Option<PileList>,
    /// The number N, for number games (divisor-game, stone-game-iv, nim)
    #[arg(long, value_name = "N", value_parser = whole_number, allow_negative_numbers = true)]
    pub n: Option<u64>,
    /// The subtraction set, for nim (e.g. 1,3,4; default 1,2,3)
    #[arg(long, value_name = "LIST", value_parser = subtraction_set)]
    pub subtract: Option<SubtractionSet>,
}

impl InstanceArgs {
    /// The instance the options describe (validated later by the game).
    pub fn to_input(&self) -> InstanceInput {
        InstanceInput {
            game: None,
            piles: self.piles.as_ref().map(|piles| piles.0.clone()),
            n: self.n,
            subtract: self.subtract.as_ref().map(|set| set.0.clone()),
        }
    }
}
