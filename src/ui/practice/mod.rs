//! Questions to answer: the Practice view (a round from a seed, or an exercise set from a
//! link), the question card every question is shown on (also in lessons), and Predict first,
//! which asks which keys a change will move before it is applied.

pub mod answers;
mod lesson_questions;
pub mod predict;
pub mod question_card;
pub mod sets;
pub mod view;
