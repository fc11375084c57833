//! Reading JSON lines fast and within bounded memory: a line reader that reuses one buffer and
//! refuses over-long lines, and a parser for the common line `{"game": "...", "piles": [...]}`
//! that appends the piles straight to a caller's vector without allocating. Any other line (other
//! fields, escapes, floats, malformed JSON) goes to serde, which gives the exact meaning and the
//! error messages; the fast parser only ever accepts lines serde reads the same way.

use super::InstanceInput;
use crate::error::InputError;
use std::io::BufRead;

/// The longest line accepted, in bytes (128 MiB): room for ten million piles of up to twelve
/// characters each, and a clear refusal instead of unbounded memory when the input is not JSON
/// lines at all (`/dev/zero`, a binary file).
pub const MAX_LINE_BYTES: usize = 128 << 20;

/// Reads lines one at a time into one reused buffer, skipping blank ones, counting line numbers
/// from 1, and refusing a line longer than its limit before reading the rest of it.
pub struct LineReader<R> {
    reader: R,
    line: Vec<u8>,
    number: usize,
    limit: usize,
}

impl<R: BufRead> LineReader<R> {
    /// A reader with the limit [`MAX_LINE_BYTES`].
    pub fn new(reader: R) -> LineReader<R> {
        LineReader::with_limit(reader, MAX_LINE_BYTES)
    }

    /// A reader refusing lines longer than `limit` bytes (the line break not counted).
    pub fn with_limit(reader: R, limit: usize) -> LineReader<R> {
        LineReader {
            reader,
            line: Vec::new(),
            number: 0,
            limit,
        }
    }

    /// The next non-blank line (without its line break) and its 1-based number; `None` at the end.
    pub fn next_line(&mut self) -> Result<Option<(usize, &[u8])>, InputError> {
        loop {
            self.line.clear();
            self.number += 1;
            if !self.read_one()? {
                return Ok(None);
            }
            if !self.line.iter().all(u8::is_ascii_whitespace) {
                return Ok(Some((self.number, &self.line)));
            }
        }
    }

    /// Reads one line into `self.line`; false at the end of the input.
    fn read_one(&mut self) -> Result<bool, InputError> {
        let mut read_any = false;
        loop {
            let available = match self.reader.fill_buf() {
                Ok(bytes) => bytes,
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(error) => {
                    return Err(InputError::JsonLine {
                        line: self.number,
                        message: format!("cannot read: {error}"),
                    });
                }
            };
            if available.is_empty() {
                return Ok(read_any);
            }
            read_any = true;
            let (take, done) = match available.iter().position(|&b| b == b'\n') {
                Some(at) => (at, true),
                None => (available.len(), false),
            };
            if self.line.len() + take > self.limit {
                return Err(InputError::LineTooLong {
                    line: self.number,
                    limit: self.limit,
                });
            }
            self.line.extend_from_slice(&available[..take]);
            self.reader.consume(take + usize::from(done));
            if done {
                if self.line.last() == Some(&b'\r') {
                    self.line.pop();
                }
                return Ok(true);
            }
        }
    }
}

/// What the fast parser found besides the piles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PilesLine<'a> {
    /// The `"game"` value, if the line names one (plain text without escapes).
    pub game: Option<&'a [u8]>,
}

/// Parses a line of the form `{"game": "NAME", "piles": [1, -2, 3]}` (either field optional, in
/// either order, any JSON whitespace), appending the piles to `piles`. Returns `None`, with
/// `piles` as it was, for anything else: the caller then hands the line to
/// [`parse_instance_bytes`], which reads every valid line and explains every invalid one.
///
/// ```
/// use gamelab::input::json_line::parse_piles_line;
/// let mut piles = Vec::new();
/// let line = parse_piles_line(br#"{"game":"stone-game","piles":[4,-6,2]}"#, &mut piles).unwrap();
/// assert_eq!((line.game, piles.as_slice()), (Some(&b"stone-game"[..]), &[4, -6, 2][..]));
/// assert!(parse_piles_line(br#"{"n": 3}"#, &mut piles).is_none());
/// ```
pub fn parse_piles_line<'a>(line: &'a [u8], piles: &mut Vec<i64>) -> Option<PilesLine<'a>> {
    let before = piles.len();
    let parsed = Cursor { bytes: line, at: 0 }.piles_object(piles);
    if parsed.is_none() {
        piles.truncate(before);
    }
    parsed
}

/// A position in a line, for the fast parser. Every method returns `None` on anything it does
/// not accept.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    fn skip_space(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.bytes.get(self.at) {
            self.at += 1;
        }
    }

    /// Skips whitespace, then consumes `byte` if it is next.
    fn eat(&mut self, byte: u8) -> bool {
        self.skip_space();
        if self.bytes.get(self.at) == Some(&byte) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    /// A string without escapes or control characters.
    fn plain_string(&mut self) -> Option<&'a [u8]> {
        if !self.eat(b'"') {
            return None;
        }
        let start = self.at;
        loop {
            match *self.bytes.get(self.at)? {
                b'"' => break,
                b'\\' | 0..0x20 => return None,
                _ => self.at += 1,
            }
        }
        self.at += 1;
        Some(&self.bytes[start..self.at - 1])
    }

    /// A JSON integer that fits in 64 bits (no fraction, no exponent, no leading zeros).
    #[inline(always)]
    fn integer(&mut self) -> Option<i64> {
        self.skip_space();
        let bytes = self.bytes;
        let negative = bytes.get(self.at) == Some(&b'-');
        let start = self.at + usize::from(negative);
        let mut at = start;
        // Up to 18 digits cannot overflow; longer numbers take the checked loop below.
        let mut magnitude: u64 = 0;
        while at < bytes.len() && at - start < 18 {
            let digit = bytes[at].wrapping_sub(b'0');
            if digit > 9 {
                break;
            }
            magnitude = magnitude * 10 + u64::from(digit);
            at += 1;
        }
        while let Some(&digit @ b'0'..=b'9') = bytes.get(at) {
            magnitude = magnitude
                .checked_mul(10)?
                .checked_add(u64::from(digit - b'0'))?;
            at += 1;
        }
        let digits = at - start;
        if digits == 0 || (digits > 1 && bytes[start] == b'0') {
            return None;
        }
        if let Some(b'.' | b'e' | b'E') = bytes.get(at) {
            return None;
        }
        self.at = at;
        // serde_json reads `-0` as a float, which no pile field accepts.
        if negative && magnitude == 0 {
            return None;
        }
        if negative {
            0i64.checked_sub_unsigned(magnitude)
        } else {
            i64::try_from(magnitude).ok()
        }
    }

    fn pile_array(&mut self, piles: &mut Vec<i64>) -> Option<()> {
        if !self.eat(b'[') {
            return None;
        }
        if self.eat(b']') {
            return Some(());
        }
        loop {
            piles.push(self.integer()?);
            // The common case first: the separator right after the number.
            match self.bytes.get(self.at) {
                Some(b',') => self.at += 1,
                Some(b']') => {
                    self.at += 1;
                    return Some(());
                }
                _ => {
                    if self.eat(b']') {
                        return Some(());
                    }
                    if !self.eat(b',') {
                        return None;
                    }
                }
            }
        }
    }

    fn piles_object(mut self, piles: &mut Vec<i64>) -> Option<PilesLine<'a>> {
        if !self.eat(b'{') {
            return None;
        }
        let mut game = None;
        let mut seen_piles = false;
        if !self.eat(b'}') {
            loop {
                match self.plain_string()? {
                    b"game" if game.is_none() => {
                        if !self.eat(b':') {
                            return None;
                        }
                        game = Some(self.plain_string()?);
                    }
                    b"piles" if !seen_piles => {
                        if !self.eat(b':') {
                            return None;
                        }
                        self.pile_array(piles)?;
                        seen_piles = true;
                    }
                    _ => return None,
                }
                if self.eat(b'}') {
                    break;
                }
                if !self.eat(b',') {
                    return None;
                }
            }
        }
        self.skip_space();
        // An object without piles means something else to the games (a missing field): serde's
        // reading of it is the one to use.
        (self.at == self.bytes.len() && seen_piles).then_some(PilesLine { game })
    }
}

/// Parses one JSON line with serde; `line` (1-based) is used in error messages.
pub fn parse_instance_bytes(bytes: &[u8], line: usize) -> Result<InstanceInput, InputError> {
    serde_json::from_slice(bytes).map_err(|error| InputError::JsonLine {
        line,
        message: super::json_message(&error),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fast(text: &str) -> Option<(Option<String>, Vec<i64>)> {
        let mut piles = vec![99];
        let parsed = parse_piles_line(text.as_bytes(), &mut piles);
        match parsed {
            None => {
                assert_eq!(piles, vec![99], "a refused line leaves the piles alone");
                None
            }
            Some(line) => Some((
                line.game.map(|g| String::from_utf8(g.to_vec()).unwrap()),
                piles[1..].to_vec(),
            )),
        }
    }

    #[test]
    fn the_fast_parser_agrees_with_serde_on_every_line_it_accepts() {
        let lines = [
            r#"{"piles": [1, 2, 3]}"#,
            r#"{"game":"stone-game","piles":[13,66,-67]}"#,
            r#" { "piles" : [ -9223372036854775808 , 9223372036854775807 ] , "game" : "x" } "#,
            r#"{"piles": []}"#,
            r#"{"piles": [0, -1]}"#,
        ];
        for text in lines {
            let (game, piles) = fast(text).unwrap_or_else(|| panic!("fast path refused {text}"));
            let expected = parse_instance_bytes(text.as_bytes(), 1).unwrap();
            assert_eq!(game, expected.game, "{text}");
            assert_eq!(Some(piles), expected.piles, "{text}");
        }
    }

    #[test]
    fn the_fast_parser_leaves_everything_else_to_serde() {
        for text in [
            r#"{"piles": [1, 2], "n": 3}"#,
            r#"{"n": 3}"#,
            r#"{}"#,
            r#"{"piles": [01]}"#,
            r#"{"piles": [-0]}"#,
            r#"{"piles": [1.0]}"#,
            r#"{"piles": [1e3]}"#,
            r#"{"piles": [9223372036854775808]}"#,
            r#"{"piles": [1, 2}"#,
            r#"{"piles": [1,]}"#,
            r#"{"piles": [1] } x"#,
            r#"{"game": "stone\u002dgame", "piles": [1]}"#,
            r#"{"piles": [1], "piles": [2]}"#,
            r#"{"piles": null}"#,
            r#"[1, 2]"#,
        ] {
            assert_eq!(fast(text), None, "{text}");
        }
    }

    #[test]
    fn lines_are_numbered_blank_ones_skipped_and_long_ones_refused() {
        let text = "{\"piles\": [1]}\r\n\n  \n{\"n\": 2}";
        let mut reader = LineReader::new(text.as_bytes());
        assert_eq!(
            reader.next_line().unwrap(),
            Some((1, &b"{\"piles\": [1]}"[..]))
        );
        assert_eq!(reader.next_line().unwrap(), Some((4, &b"{\"n\": 2}"[..])));
        assert_eq!(reader.next_line().unwrap(), None);

        let mut reader = LineReader::with_limit(&b"12345\n123456\n"[..], 5);
        assert_eq!(reader.next_line().unwrap(), Some((1, &b"12345"[..])));
        let message = reader.next_line().unwrap_err().to_string();
        assert!(message.starts_with("line 2:"), "{message}");
        assert!(message.contains("longer than 5 bytes"), "{message}");
    }

    #[test]
    fn an_endless_line_is_refused_without_reading_it_all() {
        let endless = std::io::BufReader::new(std::io::repeat(0));
        let mut reader = LineReader::with_limit(endless, 1 << 16);
        assert!(matches!(
            reader.next_line(),
            Err(InputError::LineTooLong { line: 1, .. })
        ));
    }
}
