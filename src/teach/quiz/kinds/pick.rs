//! "Choose one", written by the instructor: statements they wrote, with the one they marked
//! right. The engine cannot judge free text, so this is the one kind whose right answer is the
//! author's; it still refuses a question it cannot ask (too few statements, a right one that
//! is not among them, statements that repeat).

use crate::core::{Error, Scenario};
use crate::teach::quiz::answer::{letter, Alternative, Answer};
use crate::teach::quiz::parts::Parts;

/// The fewest and most statements a written choice offers.
pub const STATEMENTS: std::ops::RangeInclusive<usize> = 2..=6;

/// The longest statement, in characters.
pub const MAX_STATEMENT: usize = 300;

/// Poses the instructor's `prompt` with its `statements`, `right` (from 0) marked right.
pub(crate) fn pose(
    _scenario: &Scenario,
    prompt: &str,
    statements: &[String],
    right: usize,
) -> Result<Parts, Error> {
    let refuse = |m: String| Err(Error::Question(m));
    if prompt.trim().is_empty() {
        return refuse("Write the question to ask.".into());
    }
    if !STATEMENTS.contains(&statements.len()) {
        return refuse(format!(
            "A written choice offers from {} to {} statements; this one has {}.",
            STATEMENTS.start(),
            STATEMENTS.end(),
            statements.len()
        ));
    }
    if let Some(i) = statements.iter().position(|s| s.trim().is_empty()) {
        return refuse(format!("Statement {} is empty.", letter(i)));
    }
    if let Some(i) = statements
        .iter()
        .position(|s| s.chars().count() > MAX_STATEMENT)
    {
        return refuse(format!(
            "Statement {} is longer than {MAX_STATEMENT} characters.",
            letter(i)
        ));
    }
    for (i, s) in statements.iter().enumerate() {
        if statements[..i].iter().any(|t| t.trim() == s.trim()) {
            return refuse(format!("Statement {} repeats an earlier one.", letter(i)));
        }
    }
    if right >= statements.len() {
        return refuse(format!(
            "The statement marked right, {}, is not among the {} offered.",
            letter(right),
            statements.len()
        ));
    }
    let alternatives = statements
        .iter()
        .enumerate()
        .map(|(i, s)| Alternative {
            text: s.trim().to_string(),
            why: if i == right {
                "The instructor marked this one right.".into()
            } else {
                "The instructor marked another one right.".into()
            },
        })
        .collect();
    Ok(Parts {
        prompt: prompt.trim().to_string(),
        answer: Answer::Choice {
            alternatives,
            right,
        },
        worked: vec![format!(
            "The instructor marked {}) right: {}",
            letter(right),
            statements[right].trim()
        )],
        then: None,
        select: None,
    })
}
