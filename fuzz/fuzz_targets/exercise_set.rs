//! Exercise sets (`?quiz=1.…`): any text decodes to the questions that can be posed and a
//! problem in words for each that cannot; the questions write back to a set that decodes to
//! the same questions, with no problem.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ringlab::teach::quiz::{decode_set, encode_set, Question, MAX_SET};
use ringlab_fuzz::words_about;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let set = decode_set(&text);
    assert!(set.questions.len() <= MAX_SET);
    assert!(set.problems.len() <= MAX_SET + 1);
    for problem in &set.problems {
        words_about(&problem.to_string(), &text);
    }
    let questions: Vec<Question> = set.questions.iter().map(|p| p.question().clone()).collect();
    let written = encode_set(&questions);
    let again = decode_set(&written);
    assert!(again.problems.is_empty(), "{written} decodes with problems: {:?}", again.problems);
    let read: Vec<&Question> = again.questions.iter().map(|p| p.question()).collect();
    assert_eq!(read, questions.iter().collect::<Vec<_>>());
});
