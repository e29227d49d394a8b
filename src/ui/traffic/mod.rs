//! Requests rather than keys: the Traffic view's readout (popularity, hot keys, the remedies and
//! each server's share of the requests) and the cache-impact panel, what the last change did to
//! the database's reads.

pub mod cache;
pub mod panel;
pub mod remedies;
pub mod requests;

use leptos::prelude::*;

use crate::ui::kit::lazy::split_point;
use crate::ui::parts::Themed;

split_point! {
    /// The Traffic view's readout, fetched the first time it is shown.
    pub fn arrive() -> Themed = traffic {
        |theme| view! { <panel::TrafficPanel theme=theme /> }.into_any()
    }
}

split_point! {
    /// The cache-impact panel, fetched after the first screen is up.
    pub fn arrive_cache() -> crate::ui::parts::Plain = cache {
        || view! { <cache::CachePanel /> }.into_any()
    }
}
