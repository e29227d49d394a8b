//! Guided lessons on the page: the picker in the header and the current step's narration with
//! Back and Next, which arrives the first time a lesson opens. The lessons themselves are data in
//! `crate::teach::lessons`.

pub mod panel;

use leptos::prelude::*;

use crate::ui::kit::lazy::{self, split_point};
use crate::ui::kit::theme::Theme;
use crate::ui::parts::{Parts, Themed};
use crate::ui::state::AppState;

split_point! {
    /// The open lesson's step, with its questions, fetched when a lesson is first opened.
    pub fn arrive() -> Themed = lesson {
        |theme| view! { <panel::LessonPanel theme=theme /> }.into_any()
    }
}

/// The open lesson's step where a view shows it: nothing while no lesson is open, and the step
/// (its code arriving the first time a lesson opens) while one is.
#[component]
pub fn LessonStep(theme: Signal<Theme>) -> impl IntoView {
    let app = expect_context::<AppState>();
    let parts = expect_context::<Parts>();
    view! {
        <Show when=move || app.lesson.with(Option::is_some)>
            {lazy::arrive(parts.lesson, "lesson-part", move |show| show(theme))}
        </Show>
    }
}
