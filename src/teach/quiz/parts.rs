//! What posing one kind of question gives, before it becomes a [`Posed`](super::Posed)
//! question.

use super::answer::Answer;
use crate::core::Change;

/// The prompt, the answer and the working of one question, from its kind's `pose`.
pub(crate) struct Parts {
    /// The question in words.
    pub prompt: String,
    /// The engine's answer.
    pub answer: Answer,
    /// The worked answer, a step a line.
    pub worked: Vec<String>,
    /// The change to replay when showing the answer.
    pub then: Option<Change>,
    /// The key to highlight when showing the answer.
    pub select: Option<String>,
}
