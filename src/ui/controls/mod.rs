//! The controls on the left of the ring: the placement and its settings, the servers, virtual
//! nodes, keys (with the generation of many keys in steps and "Your data", keys read from a
//! file), copies per key and the ring's size and hash. Each turns what a person did into a
//! `Change` for `AppState::dispatch`.

pub mod data;
pub mod generation;
pub mod keys;
pub mod placement;
pub mod replicas;
pub mod ring;
pub mod servers;
pub mod vnodes;
pub mod your_data;

use leptos::prelude::*;

use crate::ui::kit::lazy::split_point;
use crate::ui::parts::Plain;
use crate::ui::state::AppState;
use data::DataPanel;

split_point! {
    /// Copies per key, fetched after the first screen is up.
    pub fn arrive_replicas() -> Plain = replicas {
        || view! { <replicas::ReplicaControls /> }.into_any()
    }
}

split_point! {
    /// The ring's size and hash, fetched after the first screen is up.
    pub fn arrive_ring() -> Plain = ringsize {
        || view! { <ring::RingControls /> }.into_any()
    }
}

/// What the "Your data" panel's split point hands back.
#[derive(Clone, Copy)]
pub struct DataEntry {
    /// What the unfolded panel shows.
    pub form: fn(DataPanel) -> AnyView,
    /// Reads a file dropped anywhere on the page.
    pub dropped: fn(AppState, DataPanel, web_sys::File),
}

split_point! {
    /// What the "Your data" panel holds, fetched the first time it opens or a file is dropped.
    pub fn arrive_data() -> DataEntry = data {
        DataEntry {
            form: |panel| view! { <data::DataForm panel=panel /> }.into_any(),
            dropped: data::dropped,
        }
    }
}
