//! Marking a reply against the engine's answer.

use super::answer::{letter, unit_amount, Answer, Response, Span};
use super::explain::KeyFate;
use crate::core::Error;
use crate::core::Key;
use crate::core::{amount, and_list};

/// How one key was marked in a "which keys move?" reply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grade {
    /// Marked and moved, or unmarked and stayed.
    Right,
    /// Moved, but not marked.
    Missed,
    /// Marked, but stayed.
    WronglyMarked,
}

impl Grade {
    /// The grade in a word or two.
    pub fn words(self) -> &'static str {
        match self {
            Grade::Right => "right",
            Grade::Missed => "missed",
            Grade::WronglyMarked => "wrongly marked",
        }
    }
}

/// One key of a marked "which keys move?" reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyMark {
    /// The key's label.
    pub label: String,
    /// How it was marked.
    pub grade: Grade,
    /// Whether it moved.
    pub moved: bool,
    /// Why it moved or stayed.
    pub why: String,
}

/// A marked reply.
#[derive(Debug, Clone, PartialEq)]
pub struct Marking {
    /// Whether the reply is right as a whole.
    pub right: bool,
    /// What the marking found, in a sentence: `Right: 41 to 60.`
    pub verdict: String,
    /// Key by key, in ring order, for a "which keys move?" question; empty otherwise.
    pub keys: Vec<KeyMark>,
    /// The worked answer.
    pub worked: Vec<String>,
}

/// Marks `response` against `answer`; `worked` is the worked answer to hand back.
pub(super) fn mark(
    answer: &Answer,
    response: &Response,
    worked: &[String],
) -> Result<Marking, Error> {
    let mut keys = Vec::new();
    let (right, verdict) = match (answer, response) {
        (Answer::Moves { keys: fates }, Response::Keys(marked)) => {
            keys = mark_keys(fates, marked)?;
            moves_verdict(&keys)
        }
        (Answer::Owner { server }, Response::Server(picked)) => {
            let picked = picked.trim();
            if picked == server {
                (true, format!("Right: {server} owns it."))
            } else {
                (false, format!("Not {picked}: {server} owns it."))
            }
        }
        (
            Answer::Number {
                value,
                unit,
                low,
                high,
            },
            Response::Number(x),
        ) => {
            let slop = unit.rounding();
            let right = x.is_finite() && *x >= low - slop && *x <= high + slop;
            let said = unit_amount(*value, *unit);
            if right {
                (true, format!("Right: the answer is {said}."))
            } else {
                (
                    false,
                    format!(
                        "Not quite: the answer is {said}, and replies from {} to {} count as right.",
                        unit_amount(*low, *unit),
                        unit_amount(*high, *unit)
                    ),
                )
            }
        }
        (Answer::Arc { span, slack, size }, Response::Span(reply)) => {
            let off = |a: u32, b: u32| {
                let d = (u64::from(a) + size - u64::from(b)) % size;
                d.min(size - d)
            };
            let right = u64::from(reply.first) < *size
                && u64::from(reply.last) < *size
                && off(reply.first, span.first) <= u64::from(*slack)
                && off(reply.last, span.last) <= u64::from(*slack);
            let said = span_words(*span);
            if right {
                (true, format!("Right: {said}."))
            } else {
                (false, format!("Not quite: {said}."))
            }
        }
        (
            Answer::Share {
                percent, low, high, ..
            },
            Response::Percent(x),
        ) => {
            let right = x.is_finite() && *x >= low - 0.05 && *x <= high + 0.05;
            let said = format!("{}%", amount(*percent, 1));
            if right {
                (true, format!("Right: {said}."))
            } else {
                (false, format!("Not quite: the share is {said}."))
            }
        }
        (
            Answer::Choice {
                alternatives,
                right,
            },
            Response::Pick(i),
        ) => {
            if *i >= alternatives.len() {
                return Err(Error::Question(format!(
                    "There are only {} statements to choose from.",
                    alternatives.len()
                )));
            }
            let why = &alternatives[*right].why;
            if i == right {
                (true, format!("Right: {why}"))
            } else {
                (
                    false,
                    format!(
                        "Not {}: {} The true statement is {}): {}",
                        letter(*i),
                        alternatives[*i].why,
                        letter(*right),
                        alternatives[*right].text
                    ),
                )
            }
        }
        _ => {
            return Err(Error::Question(
                "That reply answers another kind of question.".into(),
            ))
        }
    };
    Ok(Marking {
        right,
        verdict,
        keys,
        worked: worked.to_vec(),
    })
}

fn span_words(span: Span) -> String {
    format!("positions {} to {}", span.first, span.last)
}

/// Grades every key; a marked label that names no key of the question is refused.
fn mark_keys(fates: &[KeyFate], marked: &[String]) -> Result<Vec<KeyMark>, Error> {
    let mut wanted: Vec<Key> = Vec::with_capacity(marked.len());
    for label in marked {
        let key = Key::parse(label)?;
        if !fates
            .iter()
            .any(|f| Key::parse(&f.label).ok().as_ref() == Some(&key))
        {
            return Err(Error::NoSuchKey(label.trim().to_string()));
        }
        wanted.push(key);
    }
    Ok(fates
        .iter()
        .map(|f| {
            let on = Key::parse(&f.label)
                .map(|k| wanted.contains(&k))
                .unwrap_or(false);
            let grade = match (on, f.moved) {
                (true, true) | (false, false) => Grade::Right,
                (false, true) => Grade::Missed,
                (true, false) => Grade::WronglyMarked,
            };
            KeyMark {
                label: f.label.clone(),
                grade,
                moved: f.moved,
                why: f.why.clone(),
            }
        })
        .collect())
}

fn moves_verdict(keys: &[KeyMark]) -> (bool, String) {
    let of = |g: Grade| -> Vec<String> {
        keys.iter()
            .filter(|k| k.grade == g)
            .map(|k| k.label.clone())
            .collect()
    };
    let (missed, wrong) = (of(Grade::Missed), of(Grade::WronglyMarked));
    let right = keys.len() - missed.len() - wrong.len();
    if missed.is_empty() && wrong.is_empty() {
        return (
            true,
            format!("Right: all {} keys are marked correctly.", keys.len()),
        );
    }
    let mut parts = vec![format!("{right} of {} keys right", keys.len())];
    if !missed.is_empty() {
        parts.push(format!("missed {}", and_list(&missed)));
    }
    if !wrong.is_empty() {
        parts.push(format!(
            "{} {} not move",
            and_list(&wrong),
            if wrong.len() == 1 { "does" } else { "do" }
        ));
    }
    (false, format!("Not quite: {}.", parts.join("; ")))
}
