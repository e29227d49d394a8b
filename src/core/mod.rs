//! The ring engine: pure Rust, no web dependency.
//!
//! A [`Scenario`] is plain data (ring size, hash scheme, servers, keys). Every alteration is a
//! [`Change`]; [`Scenario::apply`] checks it, and either refuses it with an [`Error`] (leaving
//! the scenario untouched) or returns an [`Outcome`]: which arcs changed owner (a [`RingDiff`]),
//! which keys moved on the ring, which keys `hash mod N` would have moved, and the words to
//! announce. The browser app, the native test suite and the `ringlab` command all go through
//! this one door.
//!
//! The engine is built in floors, each importing only from the floors below it (and from its
//! own floor, without a circle); `tests/layers.rs` lists them and fails when an import runs up:
//!
//! | floor | modules |
//! |---|---|
//! | 0 base | `error`, `decimal`, `mix`, `modn`, `par`, `sum`, `numbers_and_lists` |
//! | 1 the ring's nouns | `hash`, `size`, `server`, `naming`, `keys`, `ring`, `diff`, `moves`, `cache` |
//! | 2 placements | [`placement`] (each algorithm reads a borrowed [`Layout`], never a scenario) |
//! | 3 figures | `traffic`, `stats` |
//! | 4 the scenario | `scenario` ([`Scenario`], [`Change`], [`Outcome`], `apply`, timing and failures) |
//! | 5 analyses | [`compare`], `replicas`, `moved_reads`, [`sweep`], [`timeline`] |
//! | 6 text forms | `text` (change text), `link`, [`message`] (a host page's messages), [`data`] (your own keys and counts), `file` (a scenario as a file), [`pasted`] (a cluster pasted as its tools print it) |
//!
//! Around the door: [`timeline`] follows database reads over time after a change (failures,
//! restarts, gossip windows, hinted handoff), and [`sweep`] runs series over virtual nodes and
//! server counts in steps a page can spread over frames.

// Floor 0: base.
mod decimal;
mod error;
mod mix;
mod modn;
mod numbers_and_lists;
mod par;
mod sum;

// Floor 1: the ring's nouns.
mod cache;
mod diff;
mod hash;
mod keys;
mod moves;
pub mod naming;
mod ring;
mod server;
mod size;

// Floor 2: placements.
pub mod placement;

// Floor 3: figures over a placement.
mod stats;
mod traffic;

// Floor 4: the scenario and its one door.
mod scenario;

// Floor 5: analyses over scenarios.
pub mod compare;
mod moved_reads;
pub mod plan;
mod replicas;
mod selected;
pub mod sweep;
pub mod timeline;

// Floor 6: text forms.
pub mod data;
mod file;
mod link;
pub mod message;
pub mod pasted;
mod text;

pub use cache::CacheLoad;
pub use compare::{compare, compare_kinds, Best, Column, Comparison};
pub use decimal::{hundredths_text, parse_decimal, parse_hundredths};
pub use diff::{MovedArc, RingDiff};
pub use error::{in_range, quoted, quoted_within, shown, Error};
pub use file::{read_scenario, write_scenario, FILE_KIND, FILE_NAME};
pub use hash::{HashScheme, HashSteps};
pub use keys::{
    check_key, check_label, generated_hashes, generated_name, BulkKeys, Commas, Key, KeySet,
    LinesRefused, Loaded, ResidueCounter, MAX_KEYS, MAX_KEY_BYTES,
};
pub use link::{
    change_names_placement_away, defer_generation, gives_param, names_a_scenario,
    names_placement_away, read_link, read_panels, reads_param, write_link, Deferred, Finished,
    Link, DEFAULT_PANELS, MAX_NOTES, PANELS, SCENARIO_PARAMS, SHARED_PARAMS,
};
pub use mix::{mix64, widen};
pub use modn::{mod_n_expected, mod_n_owner, Remainder};
pub use moved_reads::MovedReads;
pub use moves::{KeyIds, KeyMove, KeyRemainders, KeySpans, MoveCollector, Moves, LISTED};
pub use numbers_and_lists::{amount, and_list, grouped, percent, plural};
pub use placement::{Kind, Layout, Options, Placed};
pub use replicas::{copies_note, failover, Failover, Promotion};
pub use ring::{vnode_label, Point, Ring};
pub use scenario::{
    check_gossip, check_replicas, check_restart_after, check_writes, Baseline, Change, DataSource,
    DownServer, Generation, Membership, MoveCounts, NewServer, Outcome, Scenario, SystemOutcome,
    Timing, GOSSIP, MAX_REPLICAS, REPLICAS, RESTART_AFTER, WRITES,
};
pub use selected::{key_lookup, KeyLookup};
pub use server::{
    check_vnodes, check_weight, clean_name, Placement, Server, MAX_NAME_CHARS, MAX_POINTS,
    MAX_SERVERS, VNODES, WEIGHTS,
};
pub use size::{parse_number, RingSize, Whole};
pub use stats::{Balance, Ownership, ServerShare};
pub use sum::Sum;
pub use sweep::{SizePoint, SizeSweep, VnodePoint, VnodeSweep};
pub use text::ServerSpec;
pub use timeline::{Summation, TimeUnit, Timeline};
pub use traffic::{
    check_heat, check_zipf, fit_zipf, share_of, Loads, Measured, Popularity, Ranking, Remedy,
    ServerLoad, Traffic, Weights, MAX_HEAT,
};
