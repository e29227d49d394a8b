//! A reshard plan: what a change moves from server to server, in keys and bytes, with the slots
//! or ranges that change hands, and how long it takes at a given rate.
//!
//! The plan is worked out from the two scenarios (before and after the change) without their
//! keys: each key is looked up on its own on both sides ([`LoneKey`](crate::core::placement::LoneKey)),
//! so keys can be streamed through a [`Planner`] a batch at a time, in memory that does not grow
//! with them, or taken from the scenario that holds them ([`Plan::of_keys`]); both give the same
//! plan. A system that groups keys (a Kafka topic's partitions, an index's shards) moves a key
//! when its group changes, even on the same server; its rows name the group.

mod planner;
mod ranges;
mod rate;
mod rows;
#[cfg(test)]
mod tests;

pub use planner::{Planner, Tallies};
pub use rate::{bytes_words, duration_words, parse_rate, rate_words};
pub use rows::{Plan, PlanRow};
