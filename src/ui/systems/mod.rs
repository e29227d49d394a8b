//! The real systems on the page: each system's structure in its own words (Redis's slot strip
//! and `CLUSTER SLOTS` ranges, Cassandra's tokens, Envoy's entries, Kafka's partitions,
//! Elasticsearch's shards), its own verbs (rebalance, reshard, add partitions, split, shrink),
//! and the dialog that reads a pasted cluster. Nothing of it shows until a system is chosen or
//! the dialog is opened.

pub mod panel;
pub mod paste;
mod strip;
mod verbs;

use leptos::prelude::*;

use crate::ui::kit::lazy::split_point;
use crate::ui::parts::Plain;

split_point! {
    /// The dialog that reads a pasted cluster, fetched the first time it is opened.
    pub fn arrive_paste() -> Plain = paste {
        || view! { <paste::PasteDialog /> }.into_any()
    }
}
