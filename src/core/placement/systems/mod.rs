//! Real systems, byte for byte: where Redis Cluster, Cassandra, Envoy (ring_hash and maglev),
//! nginx, Kafka (the Java client and librdkafka), Elasticsearch and groupcache put a key.
//!
//! Each system is a key hash of its own, a structure (slots, tokens, ring entries, a table,
//! partitions, shards) and one of the lookup families the textbook placements already have:
//! the first point at or after the key's hash (Cassandra, Envoy's ring, nginx, groupcache), a
//! table read (Redis's slots, Envoy's maglev), or a remainder (Kafka, Elasticsearch). Each file
//! holds one system: its [`Spec`](super::Spec), what it computes and where that comes from, and
//! its [`System`]; [`hashes`] holds the hash functions. The systems read a key's label as the
//! bytes a client would send (a key placed by hand, `@52`, is sent as those three characters).
//!
//! Some structure is state, changed only by the system's own verbs: Redis's slot table, the
//! Kafka topic's partitions and their leaders, the Elasticsearch index's shards and where they
//! are, Cassandra tokens read from `nodetool ring` and HAProxy servers' ids. The scenario keeps
//! that state in a [`SystemState`], one part per system, and hands it to the placement through
//! the [`Layout`](super::Layout).
//!
//! This file is the systems' list: their folders, the forms of pasted text they read
//! ([`FORMATS`]), their settings ([`SETTINGS`]), their state in links ([`STATE_LINKS`]), the
//! parts of their state, their own verbs ([`SystemVerb`]) and the command-line flags that ask
//! for some of them. Each system writes the rest in its own folder.

pub mod cassandra;
mod cluster;
pub mod elasticsearch;
pub mod envoy;
pub mod groupcache;
pub mod haproxy;
pub mod hashes;
pub mod kafka;
mod linked;
pub mod nginx;
mod on_points;
pub mod pasting;
pub mod points;
pub mod redis;
pub(in crate::core::placement) mod state;
pub mod strip;
mod structure;
pub(in crate::core::placement) mod system;
pub mod twemproxy;
pub mod units;
#[cfg(not(target_arch = "wasm32"))]
pub mod verb_flags;

pub use cassandra::Tokens;
pub use cluster::{Applied, Cluster};
pub use haproxy::ServerIds;
pub use linked::{Params, StateLink};
pub use state::{StatePart, SystemState};
pub use system::{points_space, units_moved, Coordinate, Located, Shape, System};

use std::fmt;
use std::sync::Arc;

use serde::Serialize;

use super::options::Setting;
use super::system_setting::{SystemSetting, MOST_SYSTEM_SETTINGS};
use crate::core::error::Error;
use pasting::PasteFormat;

/// Every form of pasted text a system's tools print, in the order a picker lists them.
pub static FORMATS: [&PasteFormat; 7] = [
    &redis::pasted::CLUSTER_NODES,
    &redis::pasted::CLUSTER_SLOTS,
    &cassandra::pasted::NODETOOL_RING,
    &nginx::pasted::UPSTREAM,
    &envoy::pasted::HOSTS,
    &haproxy::pasted::BACKEND,
    &twemproxy::pasted::POOL,
];

/// The same forms in the order a text is tried against them when its form is guessed: the
/// forms whose marks another form's text may also hold first (an HAProxy section has
/// `server` lines, as an nginx block does), Envoy's bare host list last.
pub static GUESSED: [&PasteFormat; 7] = [
    &haproxy::pasted::BACKEND,
    &twemproxy::pasted::POOL,
    &nginx::pasted::UPSTREAM,
    &cassandra::pasted::NODETOOL_RING,
    &redis::pasted::CLUSTER_SLOTS,
    &redis::pasted::CLUSTER_NODES,
    &envoy::pasted::HOSTS,
];

/// Each system's part of the state that travels in a link, in the order links write them.
pub static STATE_LINKS: [&StateLink; 5] = [
    &redis::link::SLOT_TABLE,
    &kafka::link::TOPIC,
    &elasticsearch::link::INDEX,
    &cassandra::link::TOKENS,
    &haproxy::link::SERVER_IDS,
];

/// Each system's settings, in the order links write them (after the textbook placements').
pub static SETTINGS: [&SystemSetting; 7] = [
    &cassandra::TOKENS_PER_NODE,
    &cassandra::TOKEN_SEED,
    &envoy::MINIMUM_RING_SIZE,
    &groupcache::POINTS_PER_NODE,
    &haproxy::HASH_TYPE,
    &twemproxy::POOL_HASH,
    &twemproxy::HASH_TAG,
];

// A scenario holds a value for each of the settings listed.
const _: () = assert!(SETTINGS.len() <= MOST_SYSTEM_SETTINGS);

impl Setting {
    /// Every setting, in the order links write them: the textbook placements', then the
    /// systems'.
    pub const ALL: [Setting; Setting::TEXTBOOK.len() + SETTINGS.len()] = {
        let mut all = [Setting::Load; Setting::TEXTBOOK.len() + SETTINGS.len()];
        let mut i = 0;
        while i < Setting::TEXTBOOK.len() {
            all[i] = Setting::TEXTBOOK[i];
            i += 1;
        }
        while i < all.len() {
            all[i] = Setting::System(SETTINGS[i - Setting::TEXTBOOK.len()]);
            i += 1;
        }
        all
    };
}

state::system_state_parts! {
    redis::SlotTable,
    kafka::TopicLeaders,
    elasticsearch::ShardedIndex,
    Arc<cassandra::Tokens>,
    Arc<haproxy::ServerIds>,
}

/// The systems' verbs the command line asks for with flags, in the order their changes apply.
#[cfg(not(target_arch = "wasm32"))]
pub static VERB_FLAGS: [&dyn verb_flags::AsksForVerb<SystemVerb>; 2] = [
    &kafka::topic_flags::TOPIC_FLAGS,
    &elasticsearch::index_flags::INDEX_FLAGS,
];

/// One of a real system's own verbs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum SystemVerb {
    /// `redis-cli --cluster rebalance` and `reshard`.
    Redis(redis::Verb),
    /// A Kafka topic created again, or partitions added to it.
    Kafka(kafka::Verb),
    /// An Elasticsearch index created again, split or shrunk.
    Elasticsearch(elasticsearch::Verb),
}

impl SystemVerb {
    /// Does the verb to `cluster`; on error nothing changes.
    pub fn apply(&self, cluster: &Cluster<'_>) -> Result<Applied, Error> {
        match self {
            SystemVerb::Redis(verb) => verb.apply(cluster),
            SystemVerb::Kafka(verb) => verb.apply(cluster),
            SystemVerb::Elasticsearch(verb) => verb.apply(cluster),
        }
    }

    /// Reads a verb's text (`verb:rest`): `None` when `verb` names no system's verb.
    pub fn read(verb: &str, rest: &str) -> Option<Result<SystemVerb, Error>> {
        let rest = rest.trim();
        redis::Verb::read(verb, rest)
            .map(|r| r.map(SystemVerb::Redis))
            .or_else(|| kafka::Verb::read(verb, rest).map(|r| r.map(SystemVerb::Kafka)))
            .or_else(|| {
                elasticsearch::Verb::read(verb, rest).map(|r| r.map(SystemVerb::Elasticsearch))
            })
    }
}

impl fmt::Display for SystemVerb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SystemVerb::Redis(verb) => verb.fmt(f),
            SystemVerb::Kafka(verb) => verb.fmt(f),
            SystemVerb::Elasticsearch(verb) => verb.fmt(f),
        }
    }
}

impl From<redis::Verb> for SystemVerb {
    fn from(verb: redis::Verb) -> Self {
        SystemVerb::Redis(verb)
    }
}

impl From<kafka::Verb> for SystemVerb {
    fn from(verb: kafka::Verb) -> Self {
        SystemVerb::Kafka(verb)
    }
}

impl From<elasticsearch::Verb> for SystemVerb {
    fn from(verb: elasticsearch::Verb) -> Self {
        SystemVerb::Elasticsearch(verb)
    }
}
