//! Reading a game's fields out of an [`InstanceInput`]: present, well-formed, no stray fields,
//! and small enough that no score can overflow. Used by every game's `from_input`, here and in
//! games defined outside this crate.

use crate::base::error::{InputError, Setting};
use crate::base::input::{InstanceInput, InstanceRef};

/// How the piles are shown in messages about a missing pile list.
const PILES_EXAMPLE: &str = "[3, 9, 1, 2]";
/// How N is shown in messages about a missing N.
const NUMBER_EXAMPLE: &str = "10";
/// How heaps are shown in messages about an empty list of heaps.
const HEAPS_EXAMPLE: &str = "7,11,30";
/// The most heaps a sum may have: every position lists them.
pub const MAX_HEAPS: usize = 1_000;

/// The piles of a pile game's input, checked to be present and non-empty, with no stray fields.
pub fn take_piles(game: &'static str, input: &InstanceInput) -> Result<Vec<i64>, InputError> {
    borrow_piles(game, InstanceRef::Input(input)).map(<[i64]>::to_vec)
}

/// The piles of an owned pile-game input, checked like [`take_piles`] and moved out instead of
/// copied (a file's ten million piles are not held twice).
pub fn into_piles(game: &'static str, input: InstanceInput) -> Result<Vec<i64>, InputError> {
    borrow_piles(game, InstanceRef::Input(&input))?;
    Ok(input.piles.unwrap_or_default())
}

/// The piles of a borrowed pile-game instance, checked like [`take_piles`] without copying them.
pub fn borrow_piles<'a>(
    game: &'static str,
    input: InstanceRef<'a>,
) -> Result<&'a [i64], InputError> {
    let piles = match input {
        InstanceRef::Piles(piles) => piles,
        InstanceRef::Input(input) => {
            reject_pile_game_extras(game, input)?;
            input.piles.as_deref().ok_or(InputError::MissingField {
                game,
                field: Setting::Piles,
                example: PILES_EXAMPLE,
            })?
        }
    };
    check_pile_count(game, piles)?;
    Ok(piles)
}

/// Refuses the fields pile games do not take.
fn reject_pile_game_extras(game: &'static str, input: &InstanceInput) -> Result<(), InputError> {
    let stray = [
        (Setting::Number, input.n.is_some()),
        (Setting::Heaps, input.heaps.is_some()),
        (Setting::Subtract, input.subtract.is_some()),
        (Setting::Code, input.code.is_some()),
    ];
    match stray.into_iter().find(|(_, present)| *present) {
        Some((field, _)) => Err(InputError::UnexpectedField {
            game,
            field,
            takes: Setting::Piles,
        }),
        None => Ok(()),
    }
}

fn check_pile_count(game: &'static str, piles: &[i64]) -> Result<(), InputError> {
    if piles.is_empty() {
        return Err(InputError::NoPiles { game });
    }
    if u32::try_from(piles.len()).is_err() {
        return Err(InputError::out_of_range(
            "the number of piles",
            "at most 4294967295",
            piles.len(),
        ));
    }
    Ok(())
}

/// The heaps of a heap game's input, N (one heap) or the heaps of a sum, each at least
/// `minimum`, with no piles. The game reads its own extra fields (a subtraction set, an octal
/// code) and refuses the others.
pub fn take_heaps(
    game: &'static str,
    input: &InstanceInput,
    minimum: u64,
) -> Result<Vec<u64>, InputError> {
    if input.piles.is_some() {
        return Err(InputError::UnexpectedField {
            game,
            field: Setting::Piles,
            takes: Setting::Number,
        });
    }
    let heaps = match (input.n, &input.heaps) {
        (Some(_), Some(_)) => {
            return Err(InputError::EitherOr {
                game,
                one: Setting::Number,
                other: Setting::Heaps,
            });
        }
        (Some(n), None) => vec![n],
        (None, Some(heaps)) if heaps.is_empty() => {
            return Err(InputError::EmptyList {
                what: Setting::Heaps,
                example: HEAPS_EXAMPLE,
            });
        }
        (None, Some(heaps)) => heaps.clone(),
        (None, None) => {
            return Err(InputError::MissingField {
                game,
                field: Setting::Number,
                example: NUMBER_EXAMPLE,
            });
        }
    };
    if let Some(&small) = heaps.iter().find(|&&heap| heap < minimum) {
        let what = if input.n.is_some() { "N" } else { "a heap" };
        return Err(InputError::out_of_range(
            format!("{game}: {what}"),
            format!("at least {minimum}"),
            small,
        ));
    }
    if heaps.len() > MAX_HEAPS {
        return Err(InputError::out_of_range(
            "the number of heaps",
            format!("at most {MAX_HEAPS}"),
            heaps.len(),
        ));
    }
    Ok(heaps)
}

/// Refuses a field a heap game does not read (`--subtract` outside nim, `--code` outside the
/// octal game).
pub fn refuse_field(game: &'static str, field: Setting, present: bool) -> Result<(), InputError> {
    if present {
        return Err(InputError::UnexpectedField {
            game,
            field,
            takes: Setting::Number,
        });
    }
    Ok(())
}

/// Checks that the sum of the piles' absolute values fits in 64 bits. Every margin and partial
/// sum of a pile game is bounded by it, and so is every score of the games whose points are the
/// piles taken; the others bound their scores too ([`check_score_bound`]). A checked instance
/// can never overflow.
pub fn check_score_range(game: &'static str, piles: &[i64]) -> Result<(), InputError> {
    let amount: u128 = piles.iter().map(|&pile| pile.unsigned_abs() as u128).sum();
    refuse_above_i64(
        game,
        "the sum of the piles' absolute values reaches",
        amount,
    )
}

/// Checks that `bound`, an upper bound of every score of an instance of `game` (which play may
/// not reach: the refusal says "may"), fits in 64 bits.
pub fn check_score_bound(game: &'static str, bound: u128) -> Result<(), InputError> {
    refuse_above_i64(game, "a player's score may reach", bound)
}

/// The overflow refusal of `game` when `amount` (`what` it is) passes `i64::MAX`.
fn refuse_above_i64(
    game: &'static str,
    what: &'static str,
    amount: u128,
) -> Result<(), InputError> {
    if amount > i64::MAX as u128 {
        return Err(InputError::ScoreOverflow {
            game,
            what,
            amount: amount.min(i128::MAX as u128) as i128,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overflowing_sums_are_refused() {
        assert!(check_score_range("stone-game", &[i64::MAX, 1]).is_err());
        assert!(check_score_range("stone-game", &[i64::MIN]).is_err());
        assert!(check_score_range("stone-game", &[i64::MAX - 1, 1]).is_ok());
        let message = check_score_bound("stone-game-vii", 1 << 64)
            .unwrap_err()
            .to_string();
        assert!(
            message.contains("a player's score may reach 18446744073709551616"),
            "{message}"
        );
    }

    #[test]
    fn stray_and_missing_fields_are_named() {
        let number = InstanceInput::number(4);
        let message = take_piles("stone-game", &number).unwrap_err().to_string();
        assert_eq!(message, "stone-game does not take N; it takes the piles");
        let message = take_heaps("divisor-game", &InstanceInput::default(), 1)
            .unwrap_err()
            .to_string();
        assert_eq!(message, "divisor-game needs N, e.g. 10");
        let both = InstanceInput {
            heaps: Some(vec![3, 4]),
            ..InstanceInput::number(4)
        };
        let message = take_heaps("nim", &both, 1).unwrap_err().to_string();
        assert_eq!(message, "nim takes N or the heaps, not both");
    }
}
