//! Lessons an instructor wrote, as a text file (`ringlab lesson 1`, `step:`, `link:`, …) or as
//! the value of `lesson=` in a link (`L1.…`). Reading never fails: what cannot be used is left
//! out and said, each time in a sentence. Whatever is read keeps to the limits (steps,
//! questions a step, caption length) and writes to a text, and to a link, that read back with
//! nothing left out; a lesson read with nothing left out reads back to the same lesson.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ringlab::teach::lessons::{
    lesson_from_link, lesson_link, read_text, write_text, Lesson, ReadLesson, MAX_CAPTION,
    MAX_STEPS, MAX_STEP_QUESTIONS,
};
use ringlab_fuzz::{first_difference, words_about};

/// Checks what was read from `input`: its notes are sentences, the lesson within the limits.
fn check(read: &ReadLesson, input: &str) {
    for note in &read.skipped {
        words_about(note, input);
    }
    let lesson = &read.lesson;
    assert!(
        lesson.steps.len() <= MAX_STEPS,
        "{} steps",
        lesson.steps.len()
    );
    for step in &lesson.steps {
        assert!(step.questions.len() <= MAX_STEP_QUESTIONS);
        assert!(step.caption.chars().count() <= MAX_CAPTION);
        assert!(!step.link.trim().is_empty(), "a step without a link");
        let _ = step.paragraphs();
        let _ = step.replicas();
    }
}

/// The lesson, written as a text and as a link, reads back with nothing left out; to the same
/// lesson when `exact` (it was read with nothing left out itself).
fn round_trip(lesson: &Lesson, exact: bool) {
    let text = write_text(lesson);
    let again = read_text(&text);
    assert!(
        again.skipped.is_empty(),
        "{text:?} reads with notes: {:?}",
        again.skipped
    );
    if exact {
        assert!(
            again.lesson == *lesson,
            "its text reads to another lesson, {}",
            first_difference(lesson, &again.lesson)
        );
    }

    let link = lesson_link(lesson);
    let again = lesson_from_link(&link);
    assert!(
        again.skipped.is_empty(),
        "{link} reads with notes: {:?}",
        again.skipped
    );
    if exact {
        assert_eq!(
            again.lesson.title, lesson.title,
            "{link} reads to another title"
        );
        assert_eq!(
            again.lesson.steps, lesson.steps,
            "{link} reads to other steps"
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let read = if mode & 1 == 0 {
        read_text(&text)
    } else {
        lesson_from_link(&text)
    };
    check(&read, &text);
    round_trip(&read.lesson, read.skipped.is_empty());
});
