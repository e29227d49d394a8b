//! The ring view: the canvas (drawn by the kit's painter), the arrow keys that step round it,
//! the stage around it (the click mode, the selected server, the position under the pointer),
//! and the readout beside it: the selected key, the last change (with its reshard plan) and the
//! ownership table, the canvas's text alternative.

pub mod arrow_keys;
pub mod canvas;
pub mod key_detail;
pub mod last_change;
pub mod ownership;
pub mod plan;
pub mod plan_table;
pub mod stage;

use leptos::prelude::*;

use crate::ui::kit::lazy::split_point;
use crate::ui::parts::Plain;

split_point! {
    /// The selected key's panel, fetched the first time a key is selected.
    pub fn arrive_key() -> Plain = key {
        || view! { <key_detail::KeyDetailPanel /> }.into_any()
    }
}

/// The reshard plan's contents, worked out while the signal is true.
pub type PlanEntry = fn(Signal<bool>) -> AnyView;

split_point! {
    /// The reshard plan, fetched the first time its fold is opened.
    pub fn arrive_plan() -> PlanEntry = plan {
        |open| view! { <plan_table::PlanBody open=open /> }.into_any()
    }
}
