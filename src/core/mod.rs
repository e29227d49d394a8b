//! The ring engine: pure Rust, no web dependency.
//!
//! A [`Scenario`] is plain data (ring size, hash scheme, servers, keys). Every alteration is a
//! [`Change`]; [`Scenario::apply`] checks it, and either refuses it with an [`Error`] (leaving
//! the scenario untouched) or returns an [`Outcome`]: which arcs changed owner (a [`RingDiff`]),
//! which keys moved on the ring, which keys `hash mod N` would have moved, and the words to
//! announce. The browser app, the native test suite and the `ringlab` command all go through
//! this one door.
//!
//! Around that door: [`timeline`] follows database reads over time after a change (failures,
//! restarts, gossip windows, hinted handoff), and [`sweep`] runs series over virtual nodes and
//! server counts in steps a page can spread over frames.

mod apply;
mod cache;
mod change;
mod decimal;
mod diff;
mod error;
mod generate;
mod hash;
mod keys;
mod link;
mod mix;
mod modn;
mod moves;
mod outcome;
mod par;
pub mod placement;
pub mod quiz;
mod replicas;
mod ring;
mod scenario;
mod server;
mod size;
mod stats;
pub mod sweep;
mod text;
pub mod timeline;
mod traffic;

pub use cache::CacheLoad;
pub use change::Change;
pub use decimal::parse_decimal;
pub use diff::{MovedArc, RingDiff};
pub use error::Error;
pub use generate::Generation;
pub use hash::{HashScheme, HashSteps};
pub use keys::{generated_hashes, generated_name, Key, KeySet, LinesRefused, MAX_KEYS};
pub use link::{read_link, write_link, Link, SCENARIO_PARAMS, SHARED_PARAMS};
pub use mix::{mix64, widen};
pub use modn::{mod_n_expected, mod_n_owner, Remainder};
pub use moves::{KeyIds, KeyMove, MoveCollector, Moves, LISTED};
pub use outcome::{percent, plural, Baseline, Outcome};
pub use placement::{Kind, Options, Placed};
pub use replicas::{failover, Failover, Promotion, MAX_REPLICAS};
pub use ring::{vnode_label, Point, Ring};
pub use scenario::Scenario;
pub use server::{
    check_vnodes, check_weight, clean_name, Placement, Server, MAX_NAME_CHARS, MAX_POINTS,
    MAX_SERVERS, VNODES, WEIGHTS,
};
pub use size::{parse_number, RingSize};
pub use stats::{Balance, Ownership, ServerShare};

pub use sweep::{SizePoint, SizeSweep, VnodePoint, VnodeSweep};
pub use text::ServerSpec;
pub use timeline::{DownServer, Summation, TimeUnit, Timeline, Timing};
pub use traffic::{
    check_heat, check_zipf, share_of, Loads, MovedReads, Popularity, Remedy, ServerLoad, Sum,
    Traffic, Weights, MAX_HEAT,
};
