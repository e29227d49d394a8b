//! The Compare view: every placement on the same servers, keys and last change, side by side
//! as small rings with their figures, and a table of the same numbers.

pub mod view;

use leptos::prelude::*;

use crate::ui::kit::lazy::split_point;
use crate::ui::kit::theme::Theme;

split_point! {
    /// The Compare view's code, fetched the first time it is shown: the view, given the theme.
    pub fn arrive() -> fn(Signal<Theme>) -> AnyView = compare {
        |theme| view! { <view::CompareView theme=theme /> }.into_any()
    }
}
