//! An octal game's code: Guy and Smith's notation `0.d1d2d3...` read into the options it gives a heap.
//!
//! Digit `k` (the k-th after the point) says how a move may take `k` tokens from one heap: its
//! bit 1 allows taking a whole heap of `k` (no heap left), bit 2 taking `k` from a larger heap
//! (one heap left), bit 4 taking `k` and splitting the rest into two non-empty heaps (two heaps
//! left, so the heap held at least `k + 2`). A leading `4.` in place of `0.` is digit 0's bit 4:
//! a heap may be split in two without taking anything. Kayles is `0.77`, Dawson's Kayles `0.07`.

use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The most digits after the point: a move takes at most 255 tokens.
pub const MAX_DIGITS: usize = 255;

/// The longest excerpt of a code an error repeats.
const EXCERPT: usize = 24;

/// Bit 1 of a digit: the move may take a whole heap.
const WHOLE: u8 = 1;
/// Bit 2 of a digit: the move may leave one heap.
const ONE: u8 = 2;
/// Bit 4 of a digit: the move may leave two heaps.
const TWO: u8 = 4;

/// An octal game, read from its code (see the module docs).
///
/// ```
/// use gamelab::games::octal::code::OctalCode;
/// let kayles: OctalCode = "0.77".parse()?;
/// assert_eq!(kayles, OctalCode::KAYLES);
/// assert_eq!((kayles.digit(1), kayles.digit(2), kayles.digit(3)), (7, 7, 0));
/// assert_eq!(kayles.largest_take(), 2);
/// assert_eq!(".070".parse::<OctalCode>()?.to_string(), "0.07");
/// # Ok::<(), gamelab::games::octal::code::OctalCodeError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct OctalCode {
    /// `digits[k]` is the digit of taking `k` tokens; `digits[0]` is 0 or 4, the digit before
    /// the point.
    digits: [u8; MAX_DIGITS + 1],
    /// The place of the last non-zero digit after the point (0 when there is none).
    last: u8,
}

/// What a move leaves of the heap it was made on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Left {
    /// Nothing: the move took the whole heap.
    Nothing,
    /// One heap of this size.
    One(usize),
    /// Two heaps, the larger first: `Two(a, b)` with `a >= b >= 1`.
    Two(usize, usize),
}

/// One move from a heap: the tokens it takes and what it leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OctalOption {
    /// How many tokens the move takes (0 only for a leading 4's split).
    pub take: usize,
    /// The heaps left.
    pub left: Left,
}

/// Why a text is not an octal code.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum OctalCodeError {
    /// Nothing to read.
    #[error("the octal code is empty: write it as 0. and octal digits, e.g. 0.77 (Kayles)")]
    Empty,
    /// No point in the text.
    #[error("the octal code '{text}' has no point: write 0. before its digits, e.g. {example}")]
    NoPoint {
        /// The text (shortened when long).
        text: String,
        /// The text with `0.` before it when it is octal digits, else Kayles' code.
        example: String,
    },
    /// Something other than 0 or 4 before the point.
    #[error(
        "the octal code '{text}' has '{lead}' before the point: only 0 (or nothing) and 4 (a \
         heap may be split without taking) may stand there"
    )]
    Lead {
        /// The text (shortened when long).
        text: String,
        /// What stands before the point.
        lead: String,
    },
    /// A character that is no octal digit after the point.
    #[error(
        "the octal code '{text}' has '{found}' as digit {place} after the point: octal digits \
         are 0 to 7"
    )]
    Digit {
        /// The text (shortened when long).
        text: String,
        /// The offending character.
        found: char,
        /// Its place after the point, from 1.
        place: usize,
    },
    /// More digits than a move may take tokens.
    #[error(
        "the octal code '{text}' has {count} digits after the point (trailing zeros aside), \
         more than the {MAX_DIGITS} it may have"
    )]
    TooLong {
        /// The text (shortened).
        text: String,
        /// Its digits after the point, without trailing zeros.
        count: usize,
    },
    /// Every digit zero: no move at all.
    #[error("the octal code '{text}' allows no move: give at least one non-zero digit, e.g. 0.77")]
    NoMove {
        /// The text (shortened when long).
        text: String,
    },
}

/// `text`, cut to its first [`EXCERPT`] characters with an ellipsis when longer.
fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_string(),
    }
}

impl OctalCode {
    /// Kayles (Winning Ways): knock down one pin or two adjacent ones from a row.
    pub const KAYLES: OctalCode = OctalCode::constant(0, &[7, 7]);
    /// Dawson's Kayles (Winning Ways): knock down two adjacent pins.
    pub const DAWSONS_KAYLES: OctalCode = OctalCode::constant(0, &[0, 7]);
    /// Dawson's chess (Winning Ways): its nim-values are Dawson's Kayles' one heap later.
    pub const DAWSONS_CHESS: OctalCode = OctalCode::constant(0, &[1, 3, 7]);

    /// A code from its digits, for the constants above: `whole` before the point, `after` the
    /// digits after it (octal digits, the last non-zero, at most [`MAX_DIGITS`]).
    const fn constant(whole: u8, after: &[u8]) -> OctalCode {
        assert!(whole == 0 || whole == TWO);
        assert!(after.len() <= MAX_DIGITS);
        let mut digits = [0u8; MAX_DIGITS + 1];
        digits[0] = whole;
        let mut k = 0;
        while k < after.len() {
            assert!(after[k] < 8);
            digits[k + 1] = after[k];
            k += 1;
        }
        assert!(after.is_empty() || after[after.len() - 1] != 0);
        OctalCode {
            digits,
            last: after.len() as u8,
        }
    }

    /// Reads a code: `0.d1d2...`, `.d1d2...` or `4.d1d2...` (surrounding spaces ignored,
    /// trailing zero digits dropped).
    pub fn parse(text: &str) -> Result<OctalCode, OctalCodeError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(OctalCodeError::Empty);
        }
        let Some((lead, after)) = text.split_once('.') else {
            // The digits after a point as the example, where that makes a code.
            let pointed = format!("0.{text}");
            return Err(OctalCodeError::NoPoint {
                text: excerpt(text),
                example: match OctalCode::parse(&pointed) {
                    Ok(_) => excerpt(&pointed),
                    Err(_) => "0.77 (Kayles)".to_string(),
                },
            });
        };
        let whole = match lead {
            "" | "0" => 0,
            "4" => TWO,
            _ => {
                return Err(OctalCodeError::Lead {
                    text: excerpt(text),
                    lead: excerpt(lead),
                });
            }
        };
        if let Some((place, found)) = after
            .chars()
            .enumerate()
            .find(|(_, c)| !matches!(c, '0'..='7'))
        {
            return Err(OctalCodeError::Digit {
                text: excerpt(text),
                found,
                place: place + 1,
            });
        }
        let after = after.trim_end_matches('0').as_bytes();
        if after.len() > MAX_DIGITS {
            return Err(OctalCodeError::TooLong {
                text: excerpt(text),
                count: after.len(),
            });
        }
        if whole == 0 && after.is_empty() {
            return Err(OctalCodeError::NoMove {
                text: excerpt(text),
            });
        }
        let mut digits = [0u8; MAX_DIGITS + 1];
        digits[0] = whole;
        for (k, &byte) in after.iter().enumerate() {
            digits[k + 1] = byte - b'0';
        }
        Ok(OctalCode {
            digits,
            last: after.len() as u8,
        })
    }

    /// The digit of taking `k` tokens (0 beyond the code; digit 0 is 4 for a code `4.`).
    #[inline]
    pub fn digit(&self, k: usize) -> u8 {
        self.digits.get(k).copied().unwrap_or(0)
    }

    /// The most tokens a move takes: the place of the last non-zero digit after the point (0
    /// for `4.` alone). It is the `t` of the octal periodicity theorem.
    #[inline]
    pub fn largest_take(&self) -> usize {
        usize::from(self.last)
    }

    /// Every amount some move takes (a non-zero digit's place), ascending: 0 first for a code
    /// `4.`, whose leading 4 splits a heap without taking a token.
    pub fn takes(&self) -> Vec<usize> {
        self.takes_with(WHOLE | ONE | TWO)
    }

    /// Whether some move leaves two heaps (a digit with bit 4): without one, the game is a
    /// subtraction game and a value depends on the last [`OctalCode::largest_take`] values only.
    pub fn has_breaking_moves(&self) -> bool {
        self.digits.iter().any(|digit| digit & TWO != 0)
    }

    /// The amounts `k` whose digit has `bit` (1, 2 or 4, or any of several), ascending.
    pub(super) fn takes_with(&self, bit: u8) -> Vec<usize> {
        (0..=self.largest_take())
            .filter(|&k| self.digits[k] & bit != 0)
            .collect()
    }

    /// Every move from a heap of `heap` tokens, in this order: by tokens taken, fewest first;
    /// for one amount, taking the whole heap, then leaving one heap, then leaving two heaps
    /// `(a, b)` with the smaller `b` rising from 1 (so `a` falls). A heap of 0 has no move.
    ///
    /// ```
    /// use gamelab::games::octal::code::{Left, OctalCode, OctalOption};
    /// let options = OctalCode::KAYLES.options(3);
    /// let left: Vec<Left> = options.iter().map(|o| o.left).collect();
    /// assert_eq!(left, [Left::One(2), Left::Two(1, 1), Left::One(1)]);
    /// assert_eq!(OctalCode::KAYLES.options(2)[1], OctalOption { take: 2, left: Left::Nothing });
    /// ```
    pub fn options(&self, heap: usize) -> Vec<OctalOption> {
        let mut options = Vec::new();
        for take in 0..=self.largest_take().min(heap) {
            let digit = self.digits[take];
            let rest = heap - take;
            if digit & WHOLE != 0 && rest == 0 {
                options.push(OctalOption {
                    take,
                    left: Left::Nothing,
                });
            }
            if digit & ONE != 0 && rest >= 1 && take >= 1 {
                options.push(OctalOption {
                    take,
                    left: Left::One(rest),
                });
            }
            if digit & TWO != 0 {
                options.extend((1..=rest / 2).map(|smaller| OctalOption {
                    take,
                    left: Left::Two(rest - smaller, smaller),
                }));
            }
        }
        options
    }
}

impl FromStr for OctalCode {
    type Err = OctalCodeError;

    fn from_str(text: &str) -> Result<OctalCode, OctalCodeError> {
        OctalCode::parse(text)
    }
}

/// The canonical notation: `0.` (or `4.`) and the digits up to the last non-zero one.
impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", self.digits[0])?;
        for &digit in &self.digits[1..=self.largest_take()] {
            write!(f, "{digit}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "OctalCode({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notations_read_alike_and_print_canonically() {
        for (text, shown) in [
            ("0.77", "0.77"),
            (".77", "0.77"),
            (" 0.7700 ", "0.77"),
            ("4.", "4."),
            ("4.07", "4.07"),
            ("0.137", "0.137"),
        ] {
            assert_eq!(OctalCode::parse(text).unwrap().to_string(), shown, "{text}");
        }
        assert_eq!(OctalCode::parse("0.07").unwrap(), OctalCode::DAWSONS_KAYLES);
        assert_eq!(OctalCode::parse(".137").unwrap(), OctalCode::DAWSONS_CHESS);
    }

    #[test]
    fn a_leading_four_splits_without_taking() {
        let code = OctalCode::parse("4.").unwrap();
        assert!(code.has_breaking_moves());
        assert_eq!(code.largest_take(), 0);
        assert_eq!(code.options(1), []);
        let left: Vec<Left> = code.options(5).iter().map(|m| m.left).collect();
        assert_eq!(left, [Left::Two(4, 1), Left::Two(3, 2)]);
    }

    #[test]
    fn each_bit_allows_its_move() {
        let whole = OctalCode::parse("0.01").unwrap();
        assert_eq!(whole.options(1), []);
        assert_eq!(whole.options(2).len(), 1);
        assert_eq!(whole.options(3), []);
        let one = OctalCode::parse("0.2").unwrap();
        assert_eq!(one.options(1), []);
        assert_eq!(one.options(4)[0].left, Left::One(3));
        let two = OctalCode::parse("0.4").unwrap();
        assert_eq!(two.options(2), []);
        assert_eq!(two.options(3)[0].left, Left::Two(1, 1));
        assert!(!OctalCode::parse("0.33").unwrap().has_breaking_moves());
        assert_eq!(whole.takes_with(WHOLE), [2]);
    }

    #[test]
    fn long_texts_are_shortened_in_messages() {
        let long = format!("0.{}", "8".repeat(100));
        let message = OctalCode::parse(&long).unwrap_err().to_string();
        assert!(message.len() < 140, "{message}");
    }
}
