//! The lessons: one format for the built-in lessons and the ones an instructor writes.
//!
//! A [`Lesson`] is a title and a list of [`Step`]s. Each step is a scenario (a link read with
//! [`read_link`](crate::core::read_link): the ring, the servers, the keys, the change to replay
//! with `then=`, the key to highlight with `select=`, the view with `view=` and, on the
//! Timeline, the event it follows with `event=`), a caption in plain text with paragraphs,
//! `**bold**` and `` `code` `` ([`caption`]), optionally something to point at ([`Pointer`]: a
//! key, a server or a panel), and the questions asked on it ([`StepQuestion`]), whose answers
//! the engine works out. Showing a step, or going back to one, is reading its link; nothing
//! else carries over.
//!
//! A lesson is data, never code. It is written as a text file ([`write_text`],
//! [`read_text`]), as the value of `lesson=` in an address ([`lesson_link`],
//! [`lesson_from_link`]) and as Markdown for a text ([`markdown`]). The nine built-in lessons
//! are text files in `builtin/` read when first asked for ([`LESSONS`]); the tests in `tests.rs`
//! check every number their captions state against what the engine computes for that step.

mod builtin;
pub mod caption;
mod exercise_set;
mod file;
mod lesson;
mod link;
mod markdown;
mod worksheet;

pub use builtin::{lesson, questions_for, LessonQuestion, LESSONS, QUESTIONS};
pub use caption::{paragraphs, plain, Paragraph, Run, Style, MAX_CAPTION};
pub use exercise_set::lesson_from_set;
pub use file::{
    read_text, write_step, write_text, ReadLesson, MAGIC, MAX_STEPS, MAX_STEP_QUESTIONS, VERSION,
};
pub use lesson::{Lesson, Panel, Pointer, Step, StepQuestion};
pub use link::{is_lesson_link, lesson_from_link, lesson_link, LINK_PREFIX, MAX_LINK_CHARS};
pub use markdown::markdown;
pub use worksheet::{worksheet, Sheet, WORKSHEET_CSS};

#[cfg(test)]
mod real_systems;
#[cfg(test)]
mod tests;
