//! A scenario: the ring size, the hash, the servers and the keys, as plain data, plus the
//! sorted structures derived from them (shared, so cloning a scenario for history is cheap).
//!
//! Every alteration is a [`Change`], and [`Scenario::apply`] is the one door: it checks the
//! change and either refuses it with an [`Error`], leaving the scenario untouched, or returns
//! the new scenario's [`Outcome`]. The fields (in `state`) are private to this folder: the
//! files here apply changes ([`apply`], [`down`] for failures and the timeline's settings,
//! [`generate`] for keys in steps, [`data`] for keys from your own file), and readers set
//! checked parts through the setters in `build`.
//!
//! [`Error`]: crate::core::Error

mod apply;
mod build;
mod by_hand;
mod change;
mod data;
mod data_source;
mod down;
mod down_server;
mod generate;
mod outcome;
mod state;
mod system_verbs;
mod timing;

pub use change::{Change, Membership, NewServer};
pub use data_source::DataSource;
pub use down_server::DownServer;
pub use generate::Generation;
pub use outcome::{Baseline, MoveCounts, Outcome, SystemOutcome};
pub use state::Scenario;
pub use timing::{
    check_gossip, check_replicas, check_restart_after, check_writes, Timing, GOSSIP, MAX_REPLICAS,
    REPLICAS, RESTART_AFTER, WRITES,
};
