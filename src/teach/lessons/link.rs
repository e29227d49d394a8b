//! A lesson in a link: the value of `lesson=` for a lesson an instructor wrote.
//!
//! The value is `L1.HEAD.STEP1.STEP2...`: the format's version, then the header (the title and
//! the number of steps) and each step's block of the [text form](super::file), each in base64
//! with the URL-safe alphabet, separated by dots. Each step is encoded on its own and ends with
//! a line `end`, so a damaged or cut-off link loses only the steps it damaged (a step cut inside
//! its link is never opened with half a scenario), and the header's count says how many were
//! cut off. A built-in lesson travels by its id instead (`lesson=teaching-ring`).
//!
//! # The length limit
//!
//! A link to a lesson is offered only when the whole address stays within
//! [`MAX_LINK_CHARS`], 8,000 characters. Browsers take far longer addresses, but the server a
//! page is hosted on reads the address as one request line, and common ones refuse lines
//! past 8 KB (nginx by default, Apache at 8,190 bytes), as do many proxies; chat and mail
//! programs also cut long links. A longer lesson is saved as a file instead.

use super::file::{read_text, write_step, ReadLesson, MAX_STEPS};
use super::lesson::Lesson;
use crate::core::quoted;
use crate::teach::quiz::base64;

/// The most characters a whole address holding a lesson may have.
pub const MAX_LINK_CHARS: usize = 8_000;

/// The line each step's piece ends with, so a piece cut anywhere, even inside its link, is
/// known to be cut.
const END: &str = "end\n";

/// What a written lesson's `lesson=` value starts with; a built-in lesson's id never does.
pub const LINK_PREFIX: &str = "L1.";

/// Writes `lesson` as the value of `lesson=`.
///
/// ```
/// use ringlab::teach::lessons::{lesson, lesson_from_link, lesson_link};
/// let l = lesson("teaching-ring").unwrap();
/// let value = lesson_link(l);
/// assert!(value.starts_with("L1."));
/// let read = lesson_from_link(&value);
/// assert!(read.skipped.is_empty());
/// assert_eq!(read.lesson.steps, l.steps);
/// ```
pub fn lesson_link(lesson: &Lesson) -> String {
    let head = format!("title: {}\nsteps: {}\n", lesson.title, lesson.steps.len());
    let mut out = format!("{LINK_PREFIX}{}", base64::encode(head.as_bytes()));
    for step in &lesson.steps {
        out.push('.');
        out.push_str(&base64::encode(
            format!("{}{END}", write_step(step)).as_bytes(),
        ));
    }
    out
}

/// Whether `value` is a written lesson (rather than a built-in lesson's id).
pub fn is_lesson_link(value: &str) -> bool {
    value.trim().starts_with(LINK_PREFIX)
}

/// Reads the value of `lesson=` written by [`lesson_link`]. Never fails: a step that cannot be
/// read is left out and named, and so are steps a cut-off link lost.
pub fn lesson_from_link(value: &str) -> ReadLesson {
    let mut read = ReadLesson::default();
    let value = value.trim();
    let Some(rest) = value.strip_prefix(LINK_PREFIX) else {
        read.skipped.push(format!(
            "This is not a lesson link: it does not start with {LINK_PREFIX:?}."
        ));
        return read;
    };
    let mut pieces = rest.split('.');
    let mut expected = None;
    match pieces.next().map(decode) {
        Some(Ok(head)) => {
            for line in head.lines() {
                if let Some(title) = line.strip_prefix("title:") {
                    read.lesson.title = title.trim().to_string();
                } else if let Some(count) = line.strip_prefix("steps:") {
                    expected = count.trim().parse::<usize>().ok();
                }
            }
        }
        Some(Err(e)) => read
            .skipped
            .push(format!("The lesson's title could not be read: {e}.")),
        None => {}
    }
    let mut found = 0;
    for (i, piece) in pieces.enumerate() {
        let number = i + 1;
        found = number;
        if number > MAX_STEPS {
            read.skipped.push(format!(
                "The link holds more than {MAX_STEPS} steps; only the first {MAX_STEPS} are read."
            ));
            break;
        }
        let text = match decode(piece) {
            Ok(text) => text,
            Err(e) => {
                read.skipped
                    .push(format!("Step {number} could not be read: {e}."));
                continue;
            }
        };
        let Some(text) = text.strip_suffix(END) else {
            read.skipped
                .push(format!("Step {number} was cut short, so it was left out."));
            continue;
        };
        let mut one = read_text(text);
        one.skipped.retain(|s| !s.contains("does not start with"));
        match (one.lesson.steps.pop(), one.lesson.steps.is_empty()) {
            (Some(step), true) => {
                read.skipped.extend(
                    one.skipped
                        .into_iter()
                        .map(|s| s.replacen("Step 1", &format!("Step {number}"), 1)),
                );
                read.lesson.steps.push(step);
            }
            _ => read.skipped.push(format!(
                "Step {number} could not be read: {}",
                one.skipped
                    .first()
                    .map(|s| s.replacen("Step 1", "it", 1))
                    .unwrap_or_else(|| format!("{} is not a step.", quoted(text.trim())))
            )),
        }
    }
    if let Some(expected) = expected.filter(|&e| e > found) {
        let lost = expected - found;
        read.skipped.push(format!(
            "The link was cut short: it holds {found} of the lesson's {expected} steps, so {lost} {} missing.",
            if lost == 1 { "step is" } else { "steps are" }
        ));
    }
    read
}

/// One piece's text.
fn decode(piece: &str) -> Result<String, String> {
    if piece.is_empty() {
        return Err("it is empty".into());
    }
    let bytes = base64::decode(piece)?;
    String::from_utf8(bytes).map_err(|_| "it does not decode to text".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::teach::lessons::builtin::LESSONS;

    #[test]
    fn every_built_in_lesson_round_trips_through_its_link() {
        for l in LESSONS.iter() {
            let read = lesson_from_link(&lesson_link(l));
            assert!(read.skipped.is_empty(), "{}: {:?}", l.id, read.skipped);
            assert_eq!(read.lesson.title, l.title);
            assert_eq!(read.lesson.steps, l.steps, "{}", l.id);
        }
    }

    #[test]
    fn a_cut_off_link_keeps_its_whole_steps_and_counts_the_lost_ones() {
        let l = &LESSONS[0];
        let value = lesson_link(l);
        // Cut in the middle of the fourth step's piece.
        let starts: Vec<usize> = value.match_indices('.').map(|(i, _)| i).collect();
        let cut = &value[..starts[4] + 7];
        let read = lesson_from_link(cut);
        assert_eq!(read.lesson.steps[..3], l.steps[..3]);
        let all = read.skipped.join(" ");
        assert!(all.contains("cut short"), "{all}");
        assert!(
            all.contains(&format!("of the lesson's {} steps", l.steps.len())),
            "{all}"
        );
    }

    #[test]
    fn a_tampered_step_is_named_and_the_others_open() {
        let l = &LESSONS[0];
        let value = lesson_link(l);
        let mut pieces: Vec<String> = value.split('.').map(str::to_string).collect();
        pieces[3] = "!!not-base64!!".into();
        let read = lesson_from_link(&pieces.join("."));
        assert_eq!(read.lesson.steps.len(), l.steps.len() - 1);
        assert!(
            read.skipped[0].starts_with("Step 2 could not be read"),
            "{:?}",
            read.skipped
        );
        assert!(!lesson_from_link("teaching-ring").skipped.is_empty());
    }
}
