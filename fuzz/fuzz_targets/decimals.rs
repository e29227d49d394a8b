//! Decimals and whole numbers as people type them: the small decimal reader agrees with the
//! standard library's wherever both read a number (exactly, up to 15 significant digits and a
//! power of ten up to 22); settings read in hundredths and whole numbers write back to a text
//! that reads to the same value; and anything refused is refused in words.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ringlab::core::placement::parse_load;
use ringlab::core::{hundredths_text, parse_decimal, parse_hundredths, parse_number, Error, RingSize};
use ringlab_fuzz::words_about;

/// Whether `text` is in the reader's grammar and small enough to be read exactly:
/// `[+-]digits[.digits][e[+-]digits]` with at most 15 significant digits and a power of ten
/// of at most 22 either way.
fn exact(text: &str) -> bool {
    let body = text.strip_prefix(['+', '-']).unwrap_or(text);
    let (mantissa, exponent) = match body.split_once(['e', 'E']) {
        Some((m, e)) => (m, Some(e)),
        None => (body, None),
    };
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || mantissa.matches('.').count() > 1 {
        return false;
    }
    let significant = digits.trim_start_matches('0').trim_end_matches('0').len();
    let after_point = mantissa.split_once('.').map_or(0, |(_, f)| f.len()) as i64;
    let power = match exponent {
        None => 0,
        Some(e) => match e.parse::<i64>() {
            Ok(p) if e.len() < 6 => p,
            _ => return false,
        },
    };
    let trailing = digits.len() - digits.trim_end_matches('0').len();
    // The power of ten the significant digits are scaled by.
    let scale = power - after_point + trailing as i64;
    significant <= 15 && scale.abs() <= 22
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let text = text.as_ref();

    let ours = parse_decimal(text);
    let standard = text.parse::<f64>().ok();
    match (ours, standard) {
        (Some(v), Some(s)) => {
            if exact(text) {
                assert_eq!(v.to_bits(), s.to_bits(), "{text:?}: {v} against {s}");
            } else if s.is_finite() && s != 0.0 && v.is_finite() {
                assert!(((v - s) / s).abs() < 1e-13, "{text:?}: {v} against {s}");
            }
        }
        (Some(v), None) => panic!("{text:?} read as {v}, which the standard reader refuses"),
        (None, Some(_)) => {
            // Only words (inf, NaN) and the standard reader's own forms.
            assert!(
                text.bytes().any(|b| b.is_ascii_alphabetic() && !matches!(b, b'e' | b'E')),
                "{text:?} refused, but the standard reader takes it"
            );
        }
        (None, None) => {}
    }

    match parse_hundredths(text) {
        Ok(h) => assert_eq!(parse_hundredths(&hundredths_text(h)), Ok(h.min(1_000_000_000))),
        Err(error) => words_about(&error.to_string(), text),
    }
    match parse_load(text) {
        Ok(h) => {
            assert!((100..=300).contains(&h));
            assert_eq!(parse_load(&hundredths_text(h)), Ok(h));
        }
        Err(error) => {
            words_about(&error.to_string(), text);
            assert!(!matches!(error, Error::NotANumber(_)), "a decimal refused as not a whole number");
        }
    }
    match parse_number::<u32>(text) {
        Ok(n) => assert_eq!(parse_number::<u32>(&n.to_string()), Ok(n)),
        Err(error) => {
            words_about(&error.to_string(), text);
            let digits: String = text.trim().chars().filter(|c| *c != '_').collect();
            let digits = digits.strip_prefix('+').unwrap_or(&digits);
            if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                assert!(matches!(error, Error::TooLarge { max: 4_294_967_295, .. }), "{text:?}: {error}");
            }
        }
    }
    match parse_number::<u64>(text) {
        Ok(n) => assert_eq!(parse_number::<u64>(&n.to_string()), Ok(n)),
        Err(error) => words_about(&error.to_string(), text),
    }
    match text.parse::<RingSize>() {
        Ok(size) => assert_eq!(size.to_string().parse::<RingSize>(), Ok(size)),
        Err(error) => words_about(&error.to_string(), text),
    }
});
