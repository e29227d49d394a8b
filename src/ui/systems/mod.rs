//! The real systems on the page: each system's structure in its own words (Redis's slot strip
//! and `CLUSTER SLOTS` ranges, Cassandra's tokens, Envoy's entries, Kafka's partitions,
//! Elasticsearch's shards), its own verbs (rebalance, reshard, add partitions, split, shrink),
//! and the dialog that reads a pasted cluster. Nothing of it shows until a system is chosen or
//! the dialog is opened.

pub mod panel;
pub mod paste;
mod strip;
mod verbs;
