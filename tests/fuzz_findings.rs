//! Every input the fuzz targets (fuzz/, run by scripts/fuzz.sh) found a fault with, kept as a
//! plain test so that it stays fixed without the fuzzer. Each test names its target.

use ringlab::core::MAX_KEYS;
use ringlab::teach::quiz::decode_set;

/// A refusal repeats at most the start of what it refuses: a sentence, not the input.
fn short(message: &str) {
    assert!(
        message.chars().count() <= 300,
        "{} characters: {message:?}",
        message.chars().count()
    );
}

// exercise_set: a set whose first piece (its version) was long junk was refused with the whole
// piece repeated back.
#[test]
fn a_set_with_a_long_unknown_version_is_refused_in_a_sentence() {
    let junk = format!("\u{13}{}", "\u{13}\0".repeat(5_000));
    let set = decode_set(&format!("{junk}.cmluZz0xMDA"));
    assert!(set.questions.is_empty());
    assert_eq!(set.problems.len(), 1);
    let message = set.problems[0].to_string();
    short(&message);
    assert!(
        message.starts_with("This exercise set starts with"),
        "{message}"
    );
    let _ = MAX_KEYS;
}
