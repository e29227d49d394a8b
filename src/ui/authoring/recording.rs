//! The recording strip as the first screen has it: nothing until a lesson is being recorded;
//! then the strip, whose code ([`super::strip`], with the step editor and the lesson's link and
//! file) arrives the first time.

use leptos::prelude::*;

use crate::ui::kit::lazy::{arrive, Lazy};
use crate::ui::state::AppState;

/// The strip under the header while a lesson is being recorded.
#[component]
pub fn Recording() -> impl IntoView {
    let app = expect_context::<AppState>();
    // Quiet: what the Teach menu says as recording starts ("Recording a lesson. …") is what a
    // screen reader should hear, not that the strip's code is loading. A failure still shows,
    // as an alert with Retry, where the strip goes.
    let strip = Lazy::quiet("the recording strip", || Box::pin(super::arrive_strip()));
    let recording = move || app.teaching.draft.with(Option::is_some);
    view! {
        <Show when=recording>
            {arrive(strip, "strip-part", |show| show())}
        </Show>
    }
}
