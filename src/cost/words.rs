//! Amounts for people and from people: bytes, counts and durations in words, the budget
//! settings a refusal suggests, and `--max-memory` and `--max-time` values parsed.

use std::time::Duration;

/// A byte count for people, in the binary units `--max-memory` takes: `512 B`, `3.2 MiB`,
/// `4.7 GiB`; beyond 2^70 bytes a plain count (`3.4e38 bytes`).
pub fn bytes(amount: u128) -> String {
    Bytes(amount).to_string()
}

/// [`bytes`] as a `Display`: written without allocating below 10^21 bytes, so that the
/// command line's allocator can name a refused allocation when no memory is left.
pub struct Bytes(pub u128);

impl std::fmt::Display for Bytes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        const UNITS: [(&str, f64); 5] = [
            ("PiB", (1u64 << 50) as f64),
            ("TiB", (1u64 << 40) as f64),
            ("GiB", (1u64 << 30) as f64),
            ("MiB", (1u64 << 20) as f64),
            ("KiB", (1u64 << 10) as f64),
        ];
        let amount = self.0;
        if amount >= 1_000_000_000_000_000_000_000 {
            return write!(f, "{} bytes", count(amount));
        }
        let value = amount as f64;
        // One decimal unless the caller asks for more (`{:.2}`).
        let decimals = f.precision().unwrap_or(1);
        for (unit, size) in UNITS {
            if value >= size {
                return write!(f, "{:.decimals$} {unit}", value / size);
            }
        }
        write!(f, "{amount} B")
    }
}

/// A count for people: exact below a million, else in scientific notation (`3.4e19`).
pub fn count(amount: u128) -> String {
    if amount < 1_000_000 {
        amount.to_string()
    } else if amount == u128::MAX {
        "more than 3.4e38".to_string()
    } else {
        format!("{:.1e}", amount as f64)
    }
}

/// A duration for people: `2.5 ns`, `3.0 µs`, `12.5 ms`, `0.4 s`, `45 s`, `3.2 min`, `2.5 h`, `3.1 days`,
/// `4.0e6 years`.
pub fn duration(seconds: f64) -> String {
    const MINUTE: f64 = 60.0;
    const HOUR: f64 = 3600.0;
    const DAY: f64 = 86_400.0;
    const YEAR: f64 = 365.25 * DAY;
    if !seconds.is_finite() {
        return "forever".to_string();
    }
    if seconds < 1e-6 {
        format!("{:.1} ns", seconds * 1e9)
    } else if seconds < 0.001 {
        format!("{:.1} µs", seconds * 1e6)
    } else if seconds < 0.1 {
        format!("{:.1} ms", seconds * 1e3)
    } else if seconds < 10.0 {
        format!("{seconds:.1} s")
    } else if seconds < 2.0 * MINUTE {
        format!("{seconds:.0} s")
    } else if seconds < 2.0 * HOUR {
        format!("{:.1} min", seconds / MINUTE)
    } else if seconds < 2.0 * DAY {
        format!("{:.1} h", seconds / HOUR)
    } else if seconds < YEAR {
        format!("{:.1} days", seconds / DAY)
    } else if seconds < 1000.0 * YEAR {
        format!("{:.0} years", seconds / YEAR)
    } else {
        format!("{:.1e} years", seconds / YEAR)
    }
}

/// A `--max-time` value that admits `seconds`, rounded up to a round figure (`90s`, `4m`, `2h`),
/// or `None` past a month (nobody means to wait that long: the advice is then the only way).
pub(super) fn time_setting(seconds: f64) -> Option<String> {
    let steps: [(f64, &str, &[u64]); 3] = [
        (1.0, "s", &[10, 15, 20, 30, 45, 60, 90]),
        (60.0, "m", &[2, 3, 4, 5, 10, 15, 20, 30, 45, 60, 90]),
        (3600.0, "h", &[2, 3, 4, 6, 8, 12, 24, 48, 72, 168, 336, 720]),
    ];
    for (unit_seconds, unit, values) in steps {
        for &value in values {
            if seconds <= value as f64 * unit_seconds {
                return Some(format!("{value}{unit}"));
            }
        }
    }
    None
}

/// A `--max-memory` value that admits `memory` bytes, in whole MiB or GiB rounded up.
pub(super) fn memory_setting(memory: u128) -> String {
    const MIB: u128 = 1 << 20;
    const GIB: u128 = 1 << 30;
    if memory < GIB {
        format!("{}M", memory.div_ceil(MIB))
    } else {
        format!("{}G", memory.div_ceil(GIB))
    }
}

/// Parses a memory size: a number of bytes with an optional unit `K`, `M`, `G`, `T` (powers of
/// 1024; `KB`, `KiB`, `k` alike), e.g. `8G`, `512M`, `1.5G`, `1073741824`; a fraction of a byte
/// rounds up.
pub fn parse_bytes(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let split = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let form = || format!("'{text}' is not a memory size such as 512M, 1.5G or 1073741824");
    let shift = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        "t" | "tb" | "tib" => 40,
        _ => return Err(form()),
    };
    let too_large = || format!("'{text}' is 16 EiB or more, past any memory size");
    let bytes: u128 = if number.contains('.') {
        let value: f64 = number.parse().map_err(|_| form())?;
        let bytes = (value * (1u64 << shift) as f64).ceil();
        if bytes >= u64::MAX as f64 {
            return Err(too_large());
        }
        bytes as u128
    } else {
        // Digits past u128 are past any size too.
        let whole: u128 = match number.parse() {
            Ok(whole) => whole,
            Err(_) if !number.is_empty() => return Err(too_large()),
            Err(_) => return Err(form()),
        };
        whole.saturating_mul(1 << shift)
    };
    match u64::try_from(bytes) {
        Err(_) => Err(too_large()),
        Ok(0) => Err(format!(
            "'{text}' is no memory at all: give a positive size such as 512M"
        )),
        Ok(bytes) => Ok(bytes),
    }
}

/// Parses a time budget: `none` (no limit), or a number with an optional unit `s` (the
/// default), `ms`, `us`, `ns`, `m`/`min`, `h`, `d`, e.g. `90`, `90s`, `10m`, `1.5h`, `2d`.
pub fn parse_time(text: &str) -> Result<Option<Duration>, String> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    let form = || format!("'{text}' is not a time such as 90s, 10m, 2h or none");
    let split = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let number: f64 = number.parse().map_err(|_| form())?;
    if unit.trim() == "M" {
        return Err(format!(
            "'{text}' is ambiguous: write {number}m or {number}min for minutes (M is mebibytes \
             in --max-memory)"
        ));
    }
    let unit_seconds = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "s" | "sec" | "secs" | "second" | "seconds" => 1.0,
        "ms" => 1e-3,
        "us" | "µs" => 1e-6,
        "ns" => 1e-9,
        "m" | "min" | "mins" | "minute" | "minutes" => 60.0,
        "h" | "hour" | "hours" => 3600.0,
        "d" | "day" | "days" => 86_400.0,
        _ => return Err(form()),
    };
    seconds_budget(number * unit_seconds, text).map(Some)
}

/// A time budget of `seconds` (written `text` by the user, for messages): positive, at least a
/// nanosecond (a `Duration`'s resolution, below which it would be no time at all) and at most
/// what a `Duration` holds.
pub fn seconds_budget(seconds: f64, text: &str) -> Result<Duration, String> {
    if seconds.is_nan() || seconds <= 0.0 {
        return Err(format!(
            "'{text}' is no time at all: give a positive time, or none"
        ));
    }
    match Duration::try_from_secs_f64(seconds) {
        Ok(duration) if duration.is_zero() => Err(format!(
            "'{text}' is less than a nanosecond: give a longer time, or none"
        )),
        Ok(duration) => Ok(duration),
        Err(_) => Err(format!(
            "'{text}' is longer than any time budget (at most about 5.8e11 years): give a \
             shorter time, or none"
        )),
    }
}
