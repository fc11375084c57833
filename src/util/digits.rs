//! Integers written as decimal text without `core::fmt`: exporters and the batch writer print
//! millions of them, and the formatting machinery (a `Formatter`, padding checks, a virtual
//! `write_str` per piece) cost more than the digits.

/// The two-digit numbers "00" to "99", for writing integers two digits at a time.
pub const DIGIT_PAIRS: [u8; 200] = {
    let mut pairs = [0u8; 200];
    let mut value = 0;
    while value < 100 {
        pairs[2 * value] = b'0' + (value / 10) as u8;
        pairs[2 * value + 1] = b'0' + (value % 10) as u8;
        value += 1;
    }
    pairs
};

/// The most bytes an integer takes (`-9223372036854775808`).
pub const INTEGER_BYTES: usize = 20;

/// The digits of `value` as `u64::to_string` writes them, at the end of `buf`.
pub fn unsigned_digits(mut value: u64, buf: &mut [u8; INTEGER_BYTES]) -> &[u8] {
    let mut start = buf.len();
    while value >= 100 {
        let pair = 2 * (value % 100) as usize;
        start -= 2;
        buf[start..start + 2].copy_from_slice(&DIGIT_PAIRS[pair..pair + 2]);
        value /= 100;
    }
    if value >= 10 {
        let pair = 2 * value as usize;
        start -= 2;
        buf[start..start + 2].copy_from_slice(&DIGIT_PAIRS[pair..pair + 2]);
    } else {
        start -= 1;
        buf[start] = b'0' + value as u8;
    }
    &buf[start..]
}

/// The text of `value` as `i64::to_string` writes it, at the end of `buf`.
pub fn integer_digits(value: i64, buf: &mut [u8; INTEGER_BYTES]) -> &[u8] {
    let length = unsigned_digits(value.unsigned_abs(), buf).len();
    let mut start = buf.len() - length;
    if value < 0 {
        start -= 1;
        buf[start] = b'-';
    }
    &buf[start..]
}

/// [`integer_digits`] as text.
pub fn integer_text(value: i64, buf: &mut [u8; INTEGER_BYTES]) -> &str {
    std::str::from_utf8(integer_digits(value, buf)).expect("digits and a sign are ASCII")
}

/// Appends `value` as `i64::to_string` writes it.
pub fn push_integer(out: &mut Vec<u8>, value: i64) {
    out.extend_from_slice(integer_digits(value, &mut [0; INTEGER_BYTES]));
}

/// Appends `value` as `format!("{value:+}")` writes it (`+0` for zero).
pub fn push_signed(out: &mut Vec<u8>, value: i64) {
    if value >= 0 {
        out.push(b'+');
    }
    push_integer(out, value);
}

/// Appends `value` as `u64::to_string` writes it.
pub fn push_unsigned(out: &mut Vec<u8>, value: u64) {
    out.extend_from_slice(unsigned_digits(value, &mut [0; INTEGER_BYTES]));
}

/// Appends `value` to a `String`, as `i64::to_string` writes it.
pub fn push_integer_str(out: &mut String, value: i64) {
    out.push_str(integer_text(value, &mut [0; INTEGER_BYTES]));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every power of ten, its neighbours and both signs, and the extremes.
    fn values() -> Vec<i64> {
        let mut values = vec![i64::MAX, i64::MIN, i64::MIN + 1];
        let mut power: i64 = 1;
        for _ in 0..19 {
            values.extend([power - 1, power, power + 1, -power + 1, -power, -power - 1]);
            power = power.saturating_mul(10);
        }
        values
    }

    #[test]
    fn integers_are_written_as_std_writes_them() {
        for value in values() {
            let mut out = Vec::new();
            push_integer(&mut out, value);
            assert_eq!(out, value.to_string().into_bytes());
            out.clear();
            push_signed(&mut out, value);
            assert_eq!(out, format!("{value:+}").into_bytes());
            let mut text = String::from("x");
            push_integer_str(&mut text, value);
            assert_eq!(text, format!("x{value}"));
        }
        for value in [0, 9, 10, 99, 100, u64::MAX] {
            let mut out = Vec::new();
            push_unsigned(&mut out, value);
            assert_eq!(out, value.to_string().into_bytes());
        }
    }
}
