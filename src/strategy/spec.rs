//! Strategies by name, before they meet a game: `optimal`, `greedy`, `random`, `lookahead-K`,
//! `mcts-K`, `noisy-P` and a game's own, parsed from text and written back the same way.

use std::str::FromStr;

/// A strategy by name, before it meets a game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum StrategySpec {
    Optimal,
    Greedy,
    Random,
    /// Depth-limited minimax over this many plies.
    Lookahead(u32),
    /// Monte Carlo tree search (UCT) with this many simulations per move.
    Mcts(u32),
    /// Optimal play, but a uniformly random move with this probability, in millionths.
    Noisy(u32),
    /// A game's own strategy, e.g. `parity` for stone-game.
    Own(String),
}

/// The deepest lookahead accepted (2^20 positions per move for two-move games).
pub const MAX_LOOKAHEAD: u32 = 20;

/// The most simulations per move `mcts-K` accepts.
pub const MAX_SIMULATIONS: u32 = 10_000_000;

/// `noisy-P` probabilities are exact in steps of one millionth.
pub const PROBABILITY_SCALE: u32 = 1_000_000;

impl StrategySpec {
    /// Whether the strategy plays from every position's value (`optimal`, `noisy-P`): a
    /// memoised search, or the game's fast solver's table when there is one.
    pub fn needs_position_values(&self) -> bool {
        matches!(self, StrategySpec::Optimal | StrategySpec::Noisy(_))
    }
}

impl FromStr for StrategySpec {
    type Err = String;

    /// `optimal`, `greedy`, `random`, `lookahead-K` (1 <= K <= 20), `mcts-K` (1 <= K <=
    /// 10,000,000), `noisy-P` (0 <= P <= 1, at most six decimals), or a game's own name.
    fn from_str(text: &str) -> Result<StrategySpec, String> {
        let text = text.trim();
        match text {
            "optimal" => Ok(StrategySpec::Optimal),
            "greedy" => Ok(StrategySpec::Greedy),
            "random" => Ok(StrategySpec::Random),
            "" => Err("a strategy name is empty".to_string()),
            _ if text.starts_with("mcts-") => parse_simulations(text).map(StrategySpec::Mcts),
            _ if text.starts_with("noisy-") => parse_probability(text).map(StrategySpec::Noisy),
            _ => match text.strip_prefix("lookahead-") {
                Some(depth) => match depth.parse::<u32>() {
                    Ok(depth) if (1..=MAX_LOOKAHEAD).contains(&depth) => {
                        Ok(StrategySpec::Lookahead(depth))
                    }
                    _ => Err(format!(
                        "'{text}': the lookahead depth must be a whole number from 1 to {MAX_LOOKAHEAD} (e.g. lookahead-3)"
                    )),
                },
                None if text.chars().all(|c| c.is_ascii_lowercase() || c == '-') => {
                    Ok(StrategySpec::Own(text.to_string()))
                }
                None => Err(format!("'{text}' is not a strategy name")),
            },
        }
    }
}

/// K of `mcts-K`.
fn parse_simulations(text: &str) -> Result<u32, String> {
    let budget = text.strip_prefix("mcts-").unwrap_or(text);
    match budget.parse::<u32>() {
        Ok(k) if (1..=MAX_SIMULATIONS).contains(&k) => Ok(k),
        _ => Err(format!(
            "'{text}': the number of simulations must be a whole number from 1 to {MAX_SIMULATIONS} (e.g. mcts-1000)"
        )),
    }
}

/// P of `noisy-P`, in millionths: a decimal from 0 to 1 with at most six decimals, read
/// exactly (no floating point), so `noisy-0` and `noisy-1` are exactly optimal and random.
fn parse_probability(text: &str) -> Result<u32, String> {
    let error = || {
        format!(
            "'{text}': the probability must be a decimal from 0 to 1 with at most six decimals (e.g. noisy-0.1)"
        )
    };
    let number = text.strip_prefix("noisy-").unwrap_or(text);
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    let digits = |part: &str| part.chars().all(|c| c.is_ascii_digit());
    if whole.is_empty() || !digits(whole) || !digits(fraction) || fraction.len() > 6 {
        return Err(error());
    }
    let whole: u64 = whole.parse().map_err(|_| error())?;
    let fraction: u64 = format!("{fraction:0<6}").parse().map_err(|_| error())?;
    let millionths = whole
        .checked_mul(PROBABILITY_SCALE as u64)
        .and_then(|w| w.checked_add(fraction))
        .filter(|&p| p <= PROBABILITY_SCALE as u64)
        .ok_or_else(error)?;
    Ok(millionths as u32)
}

/// `0.1` for 100,000 millionths; `0` and `1` for the ends.
fn format_probability(millionths: u32) -> String {
    let whole = millionths / PROBABILITY_SCALE;
    let fraction = millionths % PROBABILITY_SCALE;
    if fraction == 0 {
        return whole.to_string();
    }
    let digits = format!("{fraction:06}");
    format!("{whole}.{}", digits.trim_end_matches('0'))
}

impl std::fmt::Display for StrategySpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StrategySpec::Optimal => f.write_str("optimal"),
            StrategySpec::Greedy => f.write_str("greedy"),
            StrategySpec::Random => f.write_str("random"),
            StrategySpec::Lookahead(depth) => write!(f, "lookahead-{depth}"),
            StrategySpec::Mcts(simulations) => write!(f, "mcts-{simulations}"),
            StrategySpec::Noisy(millionths) => {
                write!(f, "noisy-{}", format_probability(*millionths))
            }
            StrategySpec::Own(name) => f.write_str(name),
        }
    }
}

/// The generic strategies' names, for help and error messages.
pub const GENERIC_STRATEGIES: &str = "optimal, greedy, random, lookahead-K, mcts-K, noisy-P";

/// The strategies available for a game whose own strategies are `own`, comma-separated, for
/// messages.
pub fn available_strategies(own: &[&str]) -> String {
    let mut available = vec![GENERIC_STRATEGIES];
    available.extend(own);
    available.join(", ")
}
