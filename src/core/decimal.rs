//! Decimal numbers as people type them (`0.25`, `1.5`, `12`, `1e6`), read without the
//! standard library's float parser.
//!
//! The standard parser is exact for every input, which takes a 10 KB table of powers of five
//! that compresses hardly at all; the page never needs that. Every number the app reads is a
//! setting or an answer of a few digits, and for those this reader is exact too: a mantissa of
//! at most 15 significant digits with a power of ten up to 10^22 is read with one rounding,
//! the same double the standard parser gives. Longer inputs are read to within a few parts in
//! 10^15.

use super::error::Error;

/// Exact powers of ten as doubles: every one up to 10^22 is representable.
const POWERS: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// Significant digits kept in the 64-bit mantissa; digits after them change nothing a double
/// can hold.
const KEPT_DIGITS: u32 = 19;

/// Reads `[+-]digits[.digits][e[+-]digits]` (a digit on at least one side of the point), or
/// nothing. Words such as `inf` or `NaN`, spaces and any other character are refused.
pub fn parse_decimal(text: &str) -> Option<f64> {
    let bytes = text.as_bytes();
    let mut at = 0;
    let negative = match bytes.first() {
        Some(b'-') => {
            at = 1;
            true
        }
        Some(b'+') => {
            at = 1;
            false
        }
        _ => false,
    };
    let mut mantissa: u64 = 0;
    let mut kept = 0;
    // The power of ten the mantissa is multiplied by.
    let mut exponent: i64 = 0;
    let mut digits = 0;
    let mut seen_point = false;
    while let Some(&byte) = bytes.get(at) {
        match byte {
            b'0'..=b'9' => {
                digits += 1;
                if mantissa == 0 && byte == b'0' {
                    // A leading zero: only its place counts.
                    exponent -= i64::from(seen_point);
                } else if kept < KEPT_DIGITS {
                    mantissa = mantissa * 10 + u64::from(byte - b'0');
                    kept += 1;
                    exponent -= i64::from(seen_point);
                } else {
                    // Past the kept digits: a digit before the point still scales the number.
                    exponent += i64::from(!seen_point);
                }
            }
            b'.' if !seen_point => seen_point = true,
            _ => break,
        }
        at += 1;
    }
    if digits == 0 {
        return None;
    }
    if let Some(b'e' | b'E') = bytes.get(at) {
        at += 1;
        let sign = match bytes.get(at) {
            Some(b'-') => {
                at += 1;
                -1
            }
            Some(b'+') => {
                at += 1;
                1
            }
            _ => 1,
        };
        let start = at;
        let mut power: i64 = 0;
        while let Some(byte @ b'0'..=b'9') = bytes.get(at) {
            // Saturates well past where every double is zero or infinite.
            power = (power * 10 + i64::from(byte - b'0')).min(100_000);
            at += 1;
        }
        if at == start {
            return None;
        }
        exponent += sign * power;
    }
    if at != bytes.len() {
        return None;
    }
    // Trailing zeros kept as digits could take the mantissa past 2^53, where turning it into a
    // double rounds once before the scaling rounds again: they go to the exponent instead.
    while mantissa != 0 && mantissa % 10 == 0 {
        mantissa /= 10;
        exponent += 1;
    }
    let magnitude = scale(mantissa as f64, exponent);
    Some(if negative { -magnitude } else { magnitude })
}

/// `value` × 10^`exponent`, with one rounding when the power is exact.
fn scale(mut value: f64, mut exponent: i64) -> f64 {
    if value == 0.0 {
        return 0.0;
    }
    let last = POWERS.len() as i64 - 1;
    while exponent > last {
        value *= POWERS[last as usize];
        exponent -= last;
        if value.is_infinite() {
            return value;
        }
    }
    while exponent < -last {
        value /= POWERS[last as usize];
        exponent += last;
        if value == 0.0 {
            return value;
        }
    }
    if exponent >= 0 {
        value * POWERS[exponent as usize]
    } else {
        value / POWERS[(-exponent) as usize]
    }
}

/// A count of hundredths written with two decimals, as settings are shown and linked: 125 is
/// "1.25".
///
/// ```
/// use ringlab::core::hundredths_text;
/// assert_eq!(hundredths_text(125), "1.25");
/// assert_eq!(hundredths_text(90), "0.90");
/// ```
pub fn hundredths_text(hundredths: u32) -> String {
    format!("{}.{:02}", hundredths / 100, hundredths % 100)
}

/// A decimal of at least 0 such as `1.1` or `0.9`, as hundredths (rounded to the nearest).
pub fn parse_hundredths(text: &str) -> Result<u32, Error> {
    let text = text.trim();
    let value = parse_decimal(text).ok_or_else(|| Error::NotADecimal(text.to_string()))?;
    if value < 0.0 {
        return Err(Error::BelowZero(text.to_string()));
    }
    // Past every double is past every setting: the setting's own check refuses it.
    Ok((value * 100.0).round().min(1e9) as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_decimals_read_as_the_standard_parser_reads_them() {
        for text in [
            "0",
            "12",
            "0.25",
            "1.5",
            ".5",
            "5.",
            "-3.75",
            "+2",
            "1e6",
            "2.5E-3",
            "007.10",
            "1e0",
            "99.99",
            "0.1",
            "0.3",
            "123456789012345",
        ] {
            assert_eq!(parse_decimal(text), text.parse::<f64>().ok(), "{text}");
        }
    }

    #[test]
    fn words_spaces_and_stray_characters_are_refused() {
        for text in [
            "", "-", "+", ".", "e5", "1e", "1e+", "inf", "NaN", "infinity", " 1", "1 ", "1..2",
            "1.2.3", "1,5", "12%", "0x10", "1_000",
        ] {
            assert_eq!(parse_decimal(text), None, "{text:?}");
        }
    }

    #[test]
    fn huge_and_tiny_exponents_give_infinity_and_zero() {
        assert_eq!(parse_decimal("1e400"), Some(f64::INFINITY));
        assert_eq!(parse_decimal("1e-400"), Some(0.0));
        assert_eq!(parse_decimal("1e99999999999"), Some(f64::INFINITY));
        assert_eq!(parse_decimal("0e99999"), Some(0.0));
    }
}
