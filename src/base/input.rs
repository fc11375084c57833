//! Instance input: the fields an instance is given by, the list syntax `3,9,1,2`, JSON lines
//! (`{"piles": [..]}`, `{"n": N}`), all parsed with messages that name the offending value and
//! line, and the short form instances are shown in.

pub mod fields;
pub mod json_line;

use crate::base::error::{InputError, Setting};
use crate::util::digits::{INTEGER_BYTES, integer_text};
use serde::{Deserialize, Serialize};
use std::io::BufRead;

/// One instance as the user wrote it, before a game validates it. Every game reads the fields it
/// needs and rejects the ones it does not take.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InstanceInput {
    /// The game's name; optional in input lines, always written by `gamelab generate`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// Pile values, for the pile games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub piles: Option<Vec<i64>>,
    /// The number N, for number games such as divisor-game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub n: Option<u64>,
    /// The subtraction set, for nim (the amounts a move may take).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subtract: Option<Vec<u64>>,
    /// The heaps of a sum of heap games (in place of N).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heaps: Option<Vec<u64>>,
    /// An octal game's code, e.g. `0.77`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
}

/// Fields an instance may carry besides its piles or N, shared by every instance a generator
/// draws (nim's subtraction set).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Extras {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subtract: Option<Vec<u64>>,
}

impl Extras {
    /// Copies these fields into `input`.
    pub fn apply_to(&self, input: &mut InstanceInput) {
        if self.subtract.is_some() {
            input.subtract = self.subtract.clone();
        }
    }
}

impl InstanceInput {
    /// An input holding only piles.
    pub fn piles(piles: Vec<i64>) -> InstanceInput {
        InstanceInput {
            piles: Some(piles),
            ..InstanceInput::default()
        }
    }

    /// A short description for people: `[4, 6, 2, 3]`, `N=10`, `N=10 S={1, 3, 4}`, `heaps 7 +
    /// 11 + 30` or `N=10 code 0.6`.
    pub fn describe(&self) -> String {
        let mut text = match (&self.piles, self.n, &self.heaps) {
            (Some(piles), _, _) => format_piles(piles),
            (None, Some(n), _) => format!("N={n}"),
            (None, None, Some(heaps)) => {
                let items: Vec<String> = heaps.iter().map(u64::to_string).collect();
                format!("heaps {}", items.join(" + "))
            }
            (None, None, None) => "(empty instance)".to_string(),
        };
        if let Some(set) = &self.subtract {
            let items: Vec<String> = set.iter().map(u64::to_string).collect();
            text.push_str(&format!(" S={{{}}}", items.join(", ")));
        }
        if let Some(code) = &self.code {
            text.push_str(&format!(" code {code}"));
        }
        text
    }

    /// An input holding only the number N.
    pub fn number(n: u64) -> InstanceInput {
        InstanceInput {
            n: Some(n),
            ..InstanceInput::default()
        }
    }
}

/// A borrowed view of an instance, for hot loops: bare piles need no allocation (sweeps of
/// pile games); anything else is passed as its full input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InstanceRef<'a> {
    Piles(&'a [i64]),
    Input(&'a InstanceInput),
}

impl InstanceRef<'_> {
    /// The owned input fields for this instance.
    pub fn to_input(self) -> InstanceInput {
        match self {
            InstanceRef::Piles(piles) => InstanceInput::piles(piles.to_vec()),
            InstanceRef::Input(input) => input.clone(),
        }
    }

    /// `read` applied to the input fields, borrowed where the instance has them (no copy).
    pub fn read<T>(self, read: impl FnOnce(&InstanceInput) -> T) -> T {
        match self {
            InstanceRef::Input(input) => read(input),
            InstanceRef::Piles(_) => read(&self.to_input()),
        }
    }
}

/// A pile list for people: `[4, 6, 2, 3]`, shortened in the middle when long.
pub fn format_piles(piles: &[i64]) -> String {
    let mut text = String::new();
    write_piles(&mut text, piles).expect("writing to a String cannot fail");
    text
}

/// Writes [`format_piles`]'s text to `out` without building it first (graph exporters write one
/// per node).
pub fn write_piles<W: std::fmt::Write + ?Sized>(out: &mut W, piles: &[i64]) -> std::fmt::Result {
    let join = |out: &mut W, part: &[i64]| -> std::fmt::Result {
        for (index, pile) in part.iter().enumerate() {
            if index > 0 {
                out.write_str(", ")?;
            }
            // Digits written directly: exporters call this for every node of a graph.
            out.write_str(integer_text(*pile, &mut [0; INTEGER_BYTES]))?;
        }
        Ok(())
    };
    out.write_char('[')?;
    if piles.len() <= LONGEST_ROW_SHOWN_WHOLE {
        join(out, piles)?;
    } else {
        join(out, &piles[..SHOWN_AT_EACH_END])?;
        out.write_str(HIDDEN_BEFORE)?;
        let hidden = (piles.len() - 2 * SHOWN_AT_EACH_END) as i64;
        out.write_str(integer_text(hidden, &mut [0; INTEGER_BYTES]))?;
        out.write_str(HIDDEN_AFTER)?;
        join(out, &piles[piles.len() - SHOWN_AT_EACH_END..])?;
    }
    out.write_char(']')
}

/// Piles [`write_piles`] shows at each end of a longer row.
const SHOWN_AT_EACH_END: usize = 6;
/// The longest row [`write_piles`] shows whole.
const LONGEST_ROW_SHOWN_WHOLE: usize = 2 * SHOWN_AT_EACH_END + 1;
/// What [`write_piles`] writes around the count of hidden piles.
const HIDDEN_BEFORE: &str = ", … ";
const HIDDEN_AFTER: &str = " more …, ";

/// The texts [`write_piles`] writes for the windows `piles[left..right]` of one row, copied out
/// of digits written once: the stone-game DAG export labels each of its half million nodes
/// with such a window, and formatting each again cost more than the rest of the export.
pub struct PileWindowText {
    /// `, ` and the digits of each pile, one after another.
    joined: Vec<u8>,
    /// Where each pile's `, ` starts in `joined`, and its length at the end.
    starts: Vec<usize>,
}

impl PileWindowText {
    /// Writes the digits of every pile of `piles` once.
    pub fn new(piles: &[i64]) -> PileWindowText {
        let mut joined = Vec::new();
        let mut starts = Vec::with_capacity(piles.len() + 1);
        for &pile in piles {
            starts.push(joined.len());
            joined.extend_from_slice(b", ");
            joined.extend_from_slice(integer_text(pile, &mut [0; INTEGER_BYTES]).as_bytes());
        }
        starts.push(joined.len());
        PileWindowText { joined, starts }
    }

    /// Appends what [`write_piles`] writes for `piles[left..right]` (`left <= right <= n`).
    /// It holds only digits, signs, spaces, commas, brackets, `…` and `more`.
    pub fn push_window(&self, left: usize, right: usize, out: &mut Vec<u8>) {
        // The piles `from..to` joined by `, `: their run of `joined` without its first `, `.
        let join = |out: &mut Vec<u8>, from: usize, to: usize| {
            if from < to {
                out.extend_from_slice(&self.joined[self.starts[from] + 2..self.starts[to]]);
            }
        };
        out.push(b'[');
        let len = right - left;
        if len <= LONGEST_ROW_SHOWN_WHOLE {
            join(out, left, right);
        } else {
            join(out, left, left + SHOWN_AT_EACH_END);
            out.extend_from_slice(HIDDEN_BEFORE.as_bytes());
            let hidden = (len - 2 * SHOWN_AT_EACH_END) as u64;
            crate::util::digits::push_unsigned(out, hidden);
            out.extend_from_slice(HIDDEN_AFTER.as_bytes());
            join(out, right - SHOWN_AT_EACH_END, right);
        }
        out.push(b']');
    }
}

/// Parses a comma-separated pile list such as `3,9,1,2` or `4, -6, 0`; the list may be written
/// in brackets, as gamelab prints a row and Python and JSON write one (`[3, 9, 1, 2]`).
///
/// ```
/// use gamelab::base::input::parse_piles;
/// assert_eq!(parse_piles("3, 9,1,-2").unwrap(), vec![3, 9, 1, -2]);
/// assert_eq!(parse_piles("[3, 9, 1, 2]").unwrap(), vec![3, 9, 1, 2]);
/// assert!(parse_piles("1,,2").unwrap_err().to_string().contains("pile 2"));
/// ```
pub fn parse_piles(list: &str) -> Result<Vec<i64>, InputError> {
    let list = unbracketed(list);
    if list.trim().is_empty() {
        return Err(InputError::EmptyList {
            what: Setting::Piles,
            example: "3,9,1,2",
        });
    }
    list.split(',')
        .enumerate()
        .map(|(index, text)| parse_pile(index + 1, text.trim(), list))
        .collect()
}

fn parse_pile(position: usize, text: &str, list: &str) -> Result<i64, InputError> {
    if text.is_empty() {
        return Err(InputError::EmptyPileValue {
            position,
            list: list.to_string(),
        });
    }
    text.parse::<i64>().map_err(|_| {
        let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
        let is_integer = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
        if is_integer {
            InputError::PileOutOfRange {
                position,
                list: list.to_string(),
                text: text.to_string(),
            }
        } else {
            InputError::NotAnInteger {
                position,
                list: list.to_string(),
                text: text.to_string(),
            }
        }
    })
}

/// Why text is not a whole number ([`parse_whole_number`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WholeNumberError {
    /// Not digits, `1e6` or `2^30`.
    NotANumber,
    /// A number past 18446744073709551615 (`u64::MAX`).
    TooLarge,
}

/// A whole number from 0 to 18446744073709551615 as gamelab reads counts and sizes: digits,
/// `1e6` (a whole mantissa times a power of ten) or `2^30` (a power, as research-scale limits are
/// often written), with an optional leading `+` and surrounding spaces.
///
/// ```
/// use gamelab::base::input::{WholeNumberError, parse_whole_number};
/// assert_eq!(parse_whole_number("2^30"), Ok(1 << 30));
/// assert_eq!(parse_whole_number(" 1e19 "), Ok(10_000_000_000_000_000_000));
/// assert_eq!(parse_whole_number("2^64"), Err(WholeNumberError::TooLarge));
/// assert_eq!(parse_whole_number("-1"), Err(WholeNumberError::NotANumber));
/// ```
pub fn parse_whole_number(text: &str) -> Result<u64, WholeNumberError> {
    let trimmed = text.trim();
    let number = trimmed.strip_prefix('+').unwrap_or(trimmed);
    let is_power = number.contains('^');
    let (value, exponent) = number
        .split_once(if is_power {
            &['^'][..]
        } else {
            &['e', 'E'][..]
        })
        .unwrap_or((number, "0"));
    let is_digits = |part: &str| !part.is_empty() && part.bytes().all(|byte| byte.is_ascii_digit());
    if !is_digits(value) || !is_digits(exponent) {
        return Err(WholeNumberError::NotANumber);
    }
    let value: u64 = value.parse().map_err(|_| WholeNumberError::TooLarge)?;
    let exponent: u32 = exponent.parse().map_err(|_| WholeNumberError::TooLarge)?;
    let result = if is_power {
        value.checked_pow(exponent)
    } else {
        10u64
            .checked_pow(exponent)
            .and_then(|power| value.checked_mul(power))
    };
    result.ok_or(WholeNumberError::TooLarge)
}

/// Parses a comma-separated subtraction set such as `1,3,4` (positive integers, `2^30` and `1e6`
/// too).
///
/// ```
/// use gamelab::base::input::parse_subtract;
/// assert_eq!(parse_subtract("1, 3,4").unwrap(), vec![1, 3, 4]);
/// assert!(parse_subtract("1,x").unwrap_err().to_string().contains("'x'"));
/// ```
pub fn parse_subtract(list: &str) -> Result<Vec<u64>, InputError> {
    parse_numbers(list, Setting::Subtract)
}

/// Parses comma-separated heaps such as `7,11,30` (whole numbers, `2^30` and `1e6` too; the game
/// checks each against its smallest heap).
///
/// ```
/// use gamelab::base::input::parse_heaps;
/// assert_eq!(parse_heaps("7, 11,30").unwrap(), vec![7, 11, 30]);
/// assert!(parse_heaps("7,-1").unwrap_err().to_string().contains("'-1'"));
/// ```
pub fn parse_heaps(list: &str) -> Result<Vec<u64>, InputError> {
    parse_numbers(list, Setting::Heaps)
}

/// `list` without one pair of enclosing brackets (`[3, 9]` is `3, 9`), so that a list can be
/// given as gamelab prints it.
fn unbracketed(list: &str) -> &str {
    let trimmed = list.trim();
    trimmed
        .strip_prefix('[')
        .and_then(|inner| inner.strip_suffix(']'))
        .unwrap_or(list)
}

/// A comma-separated list of whole numbers (in brackets or not), the errors naming `what`.
fn parse_numbers(list: &str, what: Setting) -> Result<Vec<u64>, InputError> {
    let list = unbracketed(list);
    list.split(',')
        .enumerate()
        .map(|(index, text)| {
            let text = text.trim();
            parse_whole_number(text).map_err(|error| match error {
                WholeNumberError::NotANumber => InputError::NotPositive {
                    what,
                    position: index + 1,
                    list: list.to_string(),
                    text: text.to_string(),
                },
                WholeNumberError::TooLarge => InputError::EntryTooLarge {
                    what,
                    position: index + 1,
                    list: list.to_string(),
                    text: text.to_string(),
                },
            })
        })
        .collect()
}

/// Parses one JSON line into an instance; `line` (1-based) is used in error messages.
pub fn parse_instance_line(text: &str, line: usize) -> Result<InstanceInput, InputError> {
    serde_json::from_str(text).map_err(|error| InputError::JsonLine {
        line,
        message: json_message(&error),
    })
}

/// serde_json's message without its trailing " at line 1 column 9": we report the line of the
/// file ourselves, and a column within it.
fn json_message(error: &serde_json::Error) -> String {
    let message = error.to_string();
    let message = match message.rfind(" at line ") {
        Some(cut) => message[..cut].to_string(),
        None => message,
    };
    let column = error.column();
    let explained = match error.classify() {
        serde_json::error::Category::Syntax | serde_json::error::Category::Eof => format!(
            "not JSON ({message}): each line holds one object such as {{\"piles\": [3, 1, 4]}}"
        ),
        _ => match float_where_integer_expected(&message) {
            Some(number) if number.abs() >= 9.2e18 => format!(
                "a number beyond the 64-bit integer range (about {number:e}): pile values are \
                 64-bit (at most 9223372036854775807 either way), N at most \
                 18446744073709551615"
            ),
            Some(number) if number.fract() == 0.0 => format!(
                "{number} is written as a floating-point number (with a point or an exponent): \
                 piles and N are written as whole numbers such as {number}"
            ),
            Some(number) => {
                format!("{number} is not a whole number (piles and N are whole numbers)")
            }
            None => integer_out_of_range(&message)
                .or_else(|| string_where_number_expected(&message))
                .unwrap_or(message),
        },
    };
    format!("{explained} (column {column})")
}

/// serde's "invalid value: integer `-1`, expected u64" (a negative N or subtraction amount, a
/// pile past the 64-bit range) in the fields' own words.
fn integer_out_of_range(message: &str) -> Option<String> {
    let rest = message.strip_prefix("invalid value: integer `")?;
    let (number, expected) = rest.split_once('`')?;
    if expected.contains("u64") {
        Some(format!(
            "{number} is outside the range of N and of subtraction amounts (whole numbers from 0 \
             to 18446744073709551615)"
        ))
    } else if expected.contains("i64") {
        Some(format!(
            "{number} is outside the range of pile values (whole numbers from \
             -9223372036854775808 to 9223372036854775807)"
        ))
    } else {
        None
    }
}

/// serde's "invalid type: string \"5\", expected u64": a number written in quotes.
fn string_where_number_expected(message: &str) -> Option<String> {
    let rest = message.strip_prefix("invalid type: string ")?;
    let (text, expected) = rest.rsplit_once(", expected ")?;
    (expected.contains("i64") || expected.contains("u64")).then(|| {
        format!("the string {text} where a whole number belongs: write numbers without quotes")
    })
}

/// The number of serde's "invalid type: floating point `2.5`, expected i64": serde reads an
/// integer literal beyond 64 bits as a float, so this is how a too-large integer shows.
fn float_where_integer_expected(message: &str) -> Option<f64> {
    let rest = message.strip_prefix("invalid type: floating point `")?;
    let (number, expected) = rest.split_once('`')?;
    if !(expected.contains("i64") || expected.contains("u64")) {
        return None;
    }
    number.parse().ok()
}

/// Reads JSON lines, one instance per line; blank lines are skipped, and a line longer than
/// [`json_line::MAX_LINE_BYTES`] is refused. Yields each instance with its 1-based line number;
/// after an error it yields nothing more.
pub fn read_instances(
    reader: impl BufRead,
) -> impl Iterator<Item = Result<(usize, InstanceInput), InputError>> {
    let mut lines = json_line::LineReader::new(reader);
    let mut failed = false;
    std::iter::from_fn(move || {
        if failed {
            return None;
        }
        let item = match lines.next_line() {
            Ok(None) => return None,
            Ok(Some((number, bytes))) => {
                json_line::parse_instance_bytes(bytes, number).map(|input| (number, input))
            }
            Err(error) => Err(error),
        };
        failed = item.is_err();
        Some(item)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pile_windows_are_written_as_write_piles_writes_them() {
        // Rows up to 30 piles cover the whole and the shortened forms and the switch between
        // them (13 and 14 piles); values cover signs, zero and every digit count.
        let values = [0, 7, -3, 10, -99, 100, 12_345, i64::MAX, i64::MIN + 1, 42];
        let row: Vec<i64> = (0..30).map(|i| values[(i * 7) % values.len()]).collect();
        let text = PileWindowText::new(&row);
        for left in 0..=row.len() {
            for right in left..=row.len() {
                let mut fast = Vec::new();
                text.push_window(left, right, &mut fast);
                let expected = format_piles(&row[left..right]);
                assert_eq!(
                    String::from_utf8(fast).unwrap(),
                    expected,
                    "{left}..{right}"
                );
            }
        }
        let mut empty = Vec::new();
        PileWindowText::new(&[]).push_window(0, 0, &mut empty);
        assert_eq!(empty, b"[]");
    }

    #[test]
    fn long_pile_lists_are_shortened() {
        assert_eq!(format_piles(&[4, 6, 2, 3]), "[4, 6, 2, 3]");
        let long: Vec<i64> = (1..=20).collect();
        assert_eq!(
            format_piles(&long),
            "[1, 2, 3, 4, 5, 6, … 8 more …, 15, 16, 17, 18, 19, 20]"
        );
    }

    #[test]
    fn piles_parse_with_spaces_and_signs() {
        assert_eq!(parse_piles(" 5,3 ,4,+5").unwrap(), vec![5, 3, 4, 5]);
        assert_eq!(parse_piles("-9").unwrap(), vec![-9]);
    }

    #[test]
    fn bad_pile_lists_name_the_position_and_value() {
        let message = parse_piles("1,,2").unwrap_err().to_string();
        assert!(
            message.contains("pile 2") && message.contains("empty"),
            "{message}"
        );
        let message = parse_piles("a,b").unwrap_err().to_string();
        assert!(
            message.contains("pile 1") && message.contains("'a'"),
            "{message}"
        );
        let message = parse_piles("1,99999999999999999999")
            .unwrap_err()
            .to_string();
        assert!(message.contains("64-bit"), "{message}");
        assert!(parse_piles("").is_err());
        assert!(parse_piles("1,2,").is_err());
    }

    #[test]
    fn json_lines_report_their_line_number() {
        let text = "{\"piles\": [1, 2]}\n\n{\"piles\": [1, }\n";
        let results: Vec<_> = read_instances(text.as_bytes()).collect();
        assert_eq!(results.len(), 2);
        assert_eq!(
            results[0].as_ref().unwrap().1,
            InstanceInput::piles(vec![1, 2])
        );
        let message = results[1].as_ref().unwrap_err().to_string();
        assert!(message.starts_with("line 3:"), "{message}");
    }

    #[test]
    fn unknown_json_fields_are_rejected() {
        let message = parse_instance_line("{\"pile\": [1]}", 1)
            .unwrap_err()
            .to_string();
        assert!(message.contains("unknown field `pile`"), "{message}");
    }
}
