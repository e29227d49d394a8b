//! The decimal reader against the standard library's float parser, its oracle: the same double
//! for every number a person types, close to it for long ones, and never a number where the
//! standard parser sees none.

use proptest::prelude::*;
use ringlab::core::parse_decimal;

#[path = "common/cases.rs"]
mod cases;

/// Texts in the reader's grammar, some with more digits than a double holds.
fn decimal_text() -> impl Strategy<Value = String> {
    "[+-]?[0-9]{0,24}(\\.[0-9]{0,24})?([eE][+-]?[0-9]{1,3})?"
}

/// Two doubles equal to within a few parts in 10^15, or a few of the smallest steps below
/// the normal range (or both infinite, or both zero).
fn close(a: f64, b: f64) -> bool {
    let gap = (a - b).abs();
    a == b || gap <= 16.0 * f64::EPSILON * a.abs().max(b.abs()) || gap <= 16.0 * 5e-324
}

proptest! {
    #![proptest_config(cases::cases(2000))]

    #[test]
    fn a_number_of_up_to_fifteen_digits_reads_as_the_standard_parser_reads_it(
        mantissa in 0u64..1_000_000_000_000_000,
        point in 0usize..16,
        exponent in -7i32..8,
        negative in any::<bool>(),
    ) {
        let digits = mantissa.to_string();
        let point = point.min(digits.len());
        let (whole, fraction) = digits.split_at(digits.len() - point);
        let sign = if negative { "-" } else { "" };
        for text in [
            format!("{sign}{whole}.{fraction}"),
            format!("{sign}{whole}.{fraction}e{exponent}"),
            format!("{sign}{mantissa}E{exponent}"),
            format!("{sign}{mantissa}"),
        ] {
            prop_assert_eq!(parse_decimal(&text), text.parse::<f64>().ok(), "{}", text);
        }
    }

    #[test]
    fn any_text_in_the_grammar_reads_close_to_the_standard_parser(text in decimal_text()) {
        match (parse_decimal(&text), text.parse::<f64>().ok()) {
            (Some(ours), Some(theirs)) => prop_assert!(close(ours, theirs), "{} read {} not {}", text, ours, theirs),
            (None, None) => {}
            (ours, theirs) => prop_assert!(false, "{:?}: {:?} against {:?}", text, ours, theirs),
        }
    }

    #[test]
    fn any_text_the_reader_takes_is_a_number_to_the_standard_parser(text in "[-+.eE0-9a-z ]{0,10}") {
        if let Some(ours) = parse_decimal(&text) {
            let theirs = text.parse::<f64>();
            prop_assert!(theirs.is_ok(), "{:?} is no number", text);
            prop_assert!(close(ours, theirs.unwrap()), "{:?}", text);
        }
    }
}
