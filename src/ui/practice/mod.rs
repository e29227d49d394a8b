//! Questions to answer: the Practice view (a round from a seed, or an exercise set from a
//! link), the question card every question is shown on (also in lessons), and Predict first,
//! which asks which keys a change will move before it is applied.

pub mod answers;
mod lesson_questions;
pub mod practice_view;
pub mod predict;
pub mod question_card;
pub mod sets;

use leptos::prelude::*;

use crate::ui::kit::lazy::split_point;
use crate::ui::parts::Themed;

split_point! {
    /// The Practice view, fetched the first time it is shown.
    pub fn arrive() -> Themed = practice {
        |theme| view! { <practice_view::PracticeView theme=theme /> }.into_any()
    }
}

split_point! {
    /// Predict first's question, fetched when the switch is first turned on.
    pub fn arrive_predict() -> Themed = predict {
        |theme| view! { <predict::PredictDialog theme=theme /> }.into_any()
    }
}
