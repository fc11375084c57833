//! Reading JSON lines fast and within bounded memory: a line reader that reuses one buffer and
//! refuses over-long lines, and a parser for the common line `{"game": "...", "piles": [...]}`
//! that appends the piles straight to a caller's vector without allocating. Any other line (other
//! fields, escapes, floats, malformed JSON) goes to serde, which gives the exact meaning and the
//! error messages; the fast parser only ever accepts lines serde reads the same way.

use crate::base::error::InputError;
use crate::base::input::InstanceInput;
use serde::Deserialize;
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
/// use gamelab::base::input::json_line::parse_piles_line;
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

/// Lines longer than this (bytes) are parsed while they are read, by [`parse_long_line`], instead
/// of being held whole first: above it the line's text would cost as much memory as its values.
pub const LONG_LINE_BYTES: usize = 4 << 20;

/// Parses one line as it streams in: `start` is the beginning of the line, already read; the
/// rest comes from `reader`, up to and including the line break (or the end of the input). The
/// line's text is never held whole: serde reads the numbers straight into the pile vector, so a
/// line of ten million piles costs their 80 MB and no text besides. Same meaning and messages as
/// [`parse_instance_bytes`] on the whole line (a message's column may be one further: serde's
/// reader counts the byte it looked ahead at); `Ok(None)` for a line of blanks only; a line
/// longer than `limit` bytes (the line break not counted) is refused. `line` (1-based) is used in
/// error messages.
pub fn parse_long_line<R: BufRead>(
    start: &[u8],
    reader: &mut R,
    line: usize,
    limit: usize,
) -> Result<Option<InstanceInput>, InputError> {
    let mut rest = LineRest {
        start,
        reader,
        length: 0,
        limit,
        blank: true,
        too_long: false,
        read_error: None,
        done: false,
    };
    let parsed = {
        // serde reads one byte at a time; std reads those from a BufReader's buffer without a
        // call each, and the BufReader cannot read past the line: `rest` ends there.
        let buffered = std::io::BufReader::with_capacity(1 << 16, &mut rest);
        let mut deserializer = serde_json::Deserializer::from_reader(buffered);
        InstanceInput::deserialize(&mut deserializer)
            .and_then(|input| deserializer.end().map(|()| input))
    };
    if rest.too_long {
        return Err(InputError::LineTooLong { line, limit });
    }
    if let Some(error) = rest.read_error {
        return Err(InputError::JsonLine {
            line,
            message: format!("cannot read: {error}"),
        });
    }
    match parsed {
        Ok(input) => Ok(Some(input)),
        Err(_) if rest.blank && rest.done => Ok(None),
        Err(error) => Err(InputError::JsonLine {
            line,
            message: crate::base::input::json_message(&error),
        }),
    }
}

/// The rest of one line as a reader: the part already read, then the input up to the line break,
/// which it consumes and does not return. It notes what the caller's messages need: a read error,
/// a line over the limit, whether the line was blank.
struct LineRest<'a, R> {
    start: &'a [u8],
    reader: &'a mut R,
    length: usize,
    limit: usize,
    blank: bool,
    too_long: bool,
    read_error: Option<std::io::Error>,
    done: bool,
}

impl<R: BufRead> LineRest<'_, R> {
    /// Copies the next bytes of the line into `buf`; 0 at its end.
    fn next_bytes(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if !self.start.is_empty() {
            let count = buf.len().min(self.start.len());
            buf[..count].copy_from_slice(&self.start[..count]);
            self.start = &self.start[count..];
            return Ok(count);
        }
        let available = loop {
            match self.reader.fill_buf() {
                Ok(bytes) => break bytes,
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            }
        };
        let take = buf.len().min(available.len());
        let (count, consumed) = match available[..take].iter().position(|&b| b == b'\n') {
            Some(at) => {
                self.done = true;
                (at, at + 1)
            }
            None => {
                self.done = take == 0;
                (take, take)
            }
        };
        buf[..count].copy_from_slice(&available[..count]);
        self.reader.consume(consumed);
        Ok(count)
    }
}

impl<R: BufRead> std::io::Read for LineRest<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.done || buf.is_empty() {
            return Ok(0);
        }
        let count = match self.next_bytes(buf) {
            Ok(count) => count,
            Err(error) => {
                let message = std::io::Error::other(error.to_string());
                self.read_error = Some(error);
                self.done = true;
                return Err(message);
            }
        };
        self.length += count;
        if self.length > self.limit {
            self.too_long = true;
            self.done = true;
            return Err(std::io::Error::other("line too long"));
        }
        self.blank = self.blank && buf[..count].iter().all(u8::is_ascii_whitespace);
        Ok(count)
    }
}

/// Parses one JSON line with serde; `line` (1-based) is used in error messages. A line that is
/// not an object is refused by what it is, not by serde's wording ("invalid type: integer `1`,
/// expected a string" for `[1, 2]`, "expected struct InstanceInput" for a number).
pub fn parse_instance_bytes(bytes: &[u8], line: usize) -> Result<InstanceInput, InputError> {
    if bytes.starts_with(&[0xEF, 0xBB, 0xBF]) {
        return Err(InputError::JsonLine {
            line,
            message:
                "starts with a UTF-8 byte-order mark (BOM); save the file as UTF-8 without one"
                    .to_string(),
        });
    }
    let word = bytes.trim_ascii();
    if word.first() != Some(&b'{') {
        // A line that is no JSON value at all (`not json`, `nul`, `12abc`) is refused as such;
        // one that is, by what it is.
        if let Err(error) = serde_json::from_slice::<serde::de::IgnoredAny>(word) {
            return Err(InputError::JsonLine {
                line,
                message: crate::base::input::json_message(&error),
            });
        }
        let found = match word.first() {
            Some(b'[') => "an array (put the piles in an object, as above)",
            Some(b'"') => "a string",
            Some(b't' | b'f') => "true or false",
            Some(b'n') => "null",
            _ => "a number (a number game's N goes in an object: {\"n\": 10})",
        };
        return Err(InputError::JsonLine {
            line,
            message: format!(
                "expected a JSON object such as {{\"piles\": [3, 1, 4]}}, found {found}"
            ),
        });
    }
    serde_json::from_slice(bytes).map_err(|error| InputError::JsonLine {
        line,
        message: crate::base::input::json_message(&error),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_that_is_not_an_object_is_refused_by_what_it_is() {
        let refusal = |text: &str| {
            parse_instance_bytes(text.as_bytes(), 3)
                .unwrap_err()
                .to_string()
        };
        assert!(refusal("[1, 2]").contains("line 3: expected a JSON object"));
        assert!(refusal(" [1, 2]").contains("found an array (put the piles in an object"));
        assert!(refusal("5").contains("found a number"));
        assert!(refusal("\"x\"").contains("found a string"));
        assert!(refusal("null").contains("found null"));
        assert!(refusal("true").contains("found true or false"));
        for not_json in ["not json", "nul", "12abc", "tru"] {
            assert!(
                refusal(not_json).contains("line 3: not JSON ("),
                "{not_json}"
            );
        }
        assert!(
            refusal("{\"piles\": [1, 123456789012345678901234567890]}")
                .contains("a number beyond the 64-bit integer range (about 1.2345678901234568e29)"),
        );
        assert!(refusal("{\"piles\": [1, 2.5]}").contains("is not a whole number"));
        assert!(refusal("\u{feff}{\"piles\": [1]}").contains("byte-order mark (BOM)"));
        // Objects still reach serde, whose wording names the field.
        assert!(refusal("{\"piles\": \"x\"}").contains("column"));
    }

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

    /// Every way a line can end, read by the streaming parser from every split point, against
    /// serde on the whole line.
    #[test]
    fn long_lines_parse_as_the_whole_line_does() {
        let lines = [
            r#"{"piles": [1, 2, 3]}"#,
            r#"{"game":"stone-game-iii","piles":[13,-66,67]}  "#,
            r#"{"piles": [1, 2, x]}"#,
            r#"{"piles": [1, 2"#,
            r#"{"piles": [1], "n": 3}"#,
            r#"{"n": 4}"#,
            r#"{"piles": [99999999999999999999]}"#,
            r#"{"piles": [1]} 2"#,
        ];
        // serde's reader-based parser may count one byte further (the byte it peeked at) than
        // its slice parser: messages are compared up to the column, columns within one.
        let split_column = |message: String| -> (String, usize) {
            let at = message.rfind(" (column ").expect("a column");
            let column = message[at + 9..message.len() - 1]
                .parse()
                .expect("a number");
            (message[..at].to_string(), column)
        };
        for text in lines {
            let expected =
                parse_instance_bytes(text.as_bytes(), 7).map_err(|e| split_column(e.to_string()));
            for split in 0..=text.len() {
                let (start, rest) = text.as_bytes().split_at(split);
                let input = [rest, &b"\n{\"piles\": [5]}\n"[..]].concat();
                let mut reader = &input[..];
                let parsed = parse_long_line(start, &mut reader, 7, 1000)
                    .map(|input| input.expect("not blank"))
                    .map_err(|e| split_column(e.to_string()));
                match (&parsed, &expected) {
                    (Err((message, column)), Err((expected, expected_column))) => {
                        assert_eq!(message, expected, "{text} split at {split}");
                        assert!(column.abs_diff(*expected_column) <= 1, "{text}: {column}");
                    }
                    _ => assert_eq!(parsed, expected, "{text} split at {split}"),
                }
                if parsed.is_ok() {
                    assert_eq!(reader, b"{\"piles\": [5]}\n", "the line break is consumed");
                }
            }
        }
        let mut reader = &b"   \t \r\nnext"[..];
        assert_eq!(parse_long_line(b"  ", &mut reader, 1, 100).unwrap(), None);
        assert_eq!(reader, b"next");
        let mut reader = &b"{\"piles\": [1, 2, 3, 4]}"[..];
        let message = parse_long_line(b"", &mut reader, 3, 10)
            .unwrap_err()
            .to_string();
        assert!(message.starts_with("line 3:"), "{message}");
        assert!(message.contains("longer than 10 bytes"), "{message}");
    }

    #[test]
    fn a_bad_pile_in_a_long_line_is_named_by_line_and_column() {
        let mut text = String::from("{\"piles\": [");
        for pile in 0..200_000 {
            text.push_str(&format!("{pile}, "));
        }
        let column = text.len() + 1;
        text.push_str("seven]}\n");
        let (start, rest) = text.as_bytes().split_at(1000);
        let mut reader = rest;
        let message = parse_long_line(start, &mut reader, 2, MAX_LINE_BYTES)
            .unwrap_err()
            .to_string();
        assert!(message.starts_with("line 2: "), "{message}");
        assert!(message.contains(&format!("column {column}")), "{message}");
        assert!(!message.contains('\n'), "one line: {message}");
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
