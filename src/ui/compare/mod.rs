//! The Compare view: every placement on the same servers, keys and last change, side by side
//! as small rings with their figures, and a table of the same numbers.

pub mod compare_view;

use leptos::prelude::*;

use crate::ui::kit::lazy::split_point;
use crate::ui::parts::Themed;

split_point! {
    /// The Compare view's code, fetched the first time it is shown.
    pub fn arrive() -> Themed = compare {
        |theme| view! { <compare_view::CompareView theme=theme /> }.into_any()
    }
}
