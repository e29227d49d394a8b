//! Lessons and questions an instructor writes, on the same ring a learner uses.
//!
//! "New lesson" (in the Teach menu) starts recording: a slim strip of steps appears under the
//! header, and "Add step" keeps what is on screen (the ring, its servers, keys and placement,
//! the view, the selection and the last change) as a step with a caption. Steps are edited,
//! reordered, duplicated, deleted and captured again from the screen in the strip; the lesson
//! is played by the built-in lessons' player, shared as a link when it fits or saved as a file.
//! "Ask about this" poses a question on what is on screen, with the answer worked out by the
//! engine, for the lesson or for an exercise set. The lesson itself is the engine's
//! [`Lesson`](crate::teach::lessons::Lesson): recording only edits that data.

pub mod ask;
mod ask_fields;
pub mod capture;
pub mod menu;
pub mod recording;
pub mod share;
mod step_editor;
pub mod strip;
pub mod worksheet;

use leptos::prelude::*;

use crate::ui::kit::lazy::split_point;
use crate::ui::kit::theme::Theme;
use crate::ui::parts::Plain;

/// The Ask dialog, open while the signal is true, drawn in the page's theme.
pub type AskEntry = fn(RwSignal<bool>, Signal<Theme>) -> AnyView;

split_point! {
    /// "Ask about this", fetched the first time the Teach menu's item is chosen.
    pub fn arrive_ask() -> AskEntry = ask {
        |open, theme| view! { <ask::AskDialog open=open theme=theme /> }.into_any()
    }
}

split_point! {
    /// Print worksheet, fetched the first time the Teach menu's item is chosen.
    pub fn arrive_worksheet() -> fn(crate::ui::state::AppState) = worksheet {
        worksheet::print
    }
}

split_point! {
    /// The recording strip and its step editor, fetched the first time a lesson is recorded.
    pub fn arrive_strip() -> Plain = recording {
        || view! { <strip::RecordingStrip /> }.into_any()
    }
}
