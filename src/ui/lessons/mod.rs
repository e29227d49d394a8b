//! Lessons on the page: the picker in the header and the player (the current step's words,
//! its questions, Back and Next), which arrives the first time a lesson opens. The lessons
//! themselves are data in `crate::teach::lessons`.

pub mod caption;
pub mod panel;

use leptos::prelude::*;

use crate::ui::kit::lazy::{self, split_point};
use crate::ui::kit::theme::Theme;
use crate::ui::parts::{Parts, Player};
use crate::ui::state::AppState;

split_point! {
    /// The lesson player, fetched when a lesson is first opened.
    pub fn arrive() -> Player = lesson {
        |theme, numbers| match numbers {
            Some(numbers) => view! { <panel::LessonPanel theme=theme numbers=numbers /> }.into_any(),
            None => view! { <panel::LessonPanel theme=theme /> }.into_any(),
        }
    }
}

/// The lesson player where the page shows it: nothing while no lesson is open, and the player
/// (its code arriving the first time a lesson opens) while one is, with `numbers` after the
/// step's words.
#[component]
pub fn LessonStep(
    theme: Signal<Theme>,
    /// What follows the step's words in the player (the ring's readout, on a wide screen).
    #[prop(optional)]
    numbers: Option<ViewFn>,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let parts = expect_context::<Parts>();
    view! {
        <Show when=move || app.teaching.lesson.with(Option::is_some)>
            {
                let numbers = numbers.clone();
                lazy::arrive(parts.lesson, "lesson-part", move |show| show(theme, numbers.clone()))
            }
        </Show>
    }
}
