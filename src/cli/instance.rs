//! The options that name one instance on the command line: `--piles 3,9,1,2` or `--n 10`.

use clap::Args;
use gamelab::input::{InstanceInput, parse_piles, parse_subtract};

#[derive(Args, Debug, Clone, Default)]
pub struct InstanceArgs {
    /// Pile values, comma-separated, for the pile games (e.g. 3,9,1,2; negatives allowed)
    #[arg(long, value_name = "LIST", allow_hyphen_values = true)]
    pub piles: Option<String>,
    /// The number N, for number games (divisor-game, stone-game-iv, nim)
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub n: Option<u64>,
    /// The subtraction set, for nim (e.g. 1,3,4; default 1,2,3)
    #[arg(long, value_name = "LIST")]
    pub subtract: Option<String>,
}

impl InstanceArgs {
    /// The instance the options describe (validated later by the game).
    pub fn to_input(&self) -> Result<InstanceInput, gamelab::InputError> {
        Ok(InstanceInput {
            game: None,
            piles: self.piles.as_deref().map(parse_piles).transpose()?,
            n: self.n,
            subtract: self.subtract.as_deref().map(parse_subtract).transpose()?,
        })
    }
}
