//! Sizes and rates as people write them: bytes in words ("4.56 MB"), a transfer rate read from
//! text ("50MB/s"), and how long a move takes at it ("6 min 40 s").

use crate::core::decimal::parse_decimal;
use crate::core::error::{shown, Error};

/// A byte count as people read it: "950 B", "12.3 kB", "4.56 MB", "1.20 GB" (powers of 1,000,
/// three significant figures).
pub fn bytes_words(bytes: u64) -> String {
    let b = bytes as f64;
    let (value, unit) = match bytes {
        0..=999 => return format!("{bytes} B"),
        1_000..=999_999 => (b / 1e3, "kB"),
        1_000_000..=999_999_999 => (b / 1e6, "MB"),
        1_000_000_000..=999_999_999_999 => (b / 1e9, "GB"),
        _ => (b / 1e12, "TB"),
    };
    let decimals = if value < 10.0 {
        2
    } else if value < 100.0 {
        1
    } else {
        0
    };
    format!("{value:.decimals$} {unit}")
}

/// Reads a transfer rate in bytes a second: `50MB/s`, `1.5 GB/s`, `800kB/s`, `100 MiB/s`, or a
/// bare number of bytes.
pub fn parse_rate(text: &str) -> Result<f64, Error> {
    let t = text.trim();
    let body = t.strip_suffix("/s").unwrap_or(t).trim();
    let split = body
        .find(|c: char| c.is_ascii_alphabetic())
        .unwrap_or(body.len());
    let (number, unit) = body.split_at(split);
    let value = parse_decimal(number.trim()).ok_or_else(|| {
        Error::Plan(format!(
            "the rate {} is not a number of bytes a second, such as 50MB/s",
            shown(t)
        ))
    })?;
    let scale = match unit.trim() {
        "" | "B" => 1.0,
        "kB" | "KB" => 1e3,
        "MB" => 1e6,
        "GB" => 1e9,
        "KiB" => 1024.0,
        "MiB" => 1024.0 * 1024.0,
        "GiB" => 1024.0 * 1024.0 * 1024.0,
        other => {
            return Err(Error::Plan(format!(
                "the rate's unit {} is none of B, kB, MB, GB, KiB, MiB and GiB (a second)",
                shown(other)
            )))
        }
    };
    let rate = value * scale;
    if rate.is_finite() && rate > 0.0 {
        Ok(rate)
    } else {
        Err(Error::Plan(format!(
            "the rate {} is not above zero",
            shown(t)
        )))
    }
}

/// A rate read by [`parse_rate`] written back: "50 MB/s".
pub fn rate_words(bytes_per_second: f64) -> String {
    let whole = bytes_per_second.round();
    if whole >= 1.0 && whole < u64::MAX as f64 {
        format!("{}/s", bytes_words(whole as u64))
    } else {
        format!("{bytes_per_second:.2} B/s")
    }
}

/// A span of time as people say it: "0.4 s", "42 s", "6 min 40 s", "2 h 5 min", "3 d 4 h".
pub fn duration_words(seconds: f64) -> String {
    if !seconds.is_finite() || seconds < 0.0 {
        return "no time".to_string();
    }
    if seconds < 10.0 {
        return format!("{seconds:.1} s");
    }
    let s = seconds.round() as u64;
    let (d, h, m, sec) = (s / 86_400, s / 3_600 % 24, s / 60 % 60, s % 60);
    match (d, h, m) {
        (0, 0, 0) => format!("{sec} s"),
        (0, 0, _) => format!("{m} min {sec} s"),
        (0, _, _) => format!("{h} h {m} min"),
        _ => format!("{d} d {h} h"),
    }
}
