//! The one vocabulary of changes: every button, click, shortcut, link, lesson step, host-page
//! message and command-line flag becomes one of these.

use std::fmt::Display;

use serde::ser::SerializeMap;
use serde::{Deserialize, Serialize, Serializer};

use crate::core::decimal::parse_hundredths;
use crate::core::error::Error;
use crate::core::hash::HashScheme;
use crate::core::placement::systems::SystemVerb;
use crate::core::placement::{Kind, Setting};
use crate::core::traffic::{Popularity, Remedy};

/// One change to a scenario.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Change {
    /// Add a server: hashed (with an optional weight), or placed by hand at `at`.
    AddServer {
        /// Its name.
        name: String,
        /// A position chosen by hand, for a one-point server.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
        /// Its weight, for a hashed server (1 when absent).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        weight: Option<u32>,
    },
    /// Put these servers in place of the ones on the ring (a pasted server list), in this
    /// order; servers that are down are forgotten.
    SetServers {
        /// The servers, each hashed (with an optional weight) or placed by hand.
        servers: Vec<NewServer>,
    },
    /// Remove a server and its points.
    RemoveServer {
        /// Its name.
        name: String,
    },
    /// Set the number of virtual nodes per (weight-1) hashed server.
    SetVnodes {
        /// Points per server.
        vnodes: u32,
    },
    /// Set a hashed server's weight.
    SetWeight {
        /// The server.
        name: String,
        /// Its new weight.
        weight: u32,
    },
    /// Move a hand-placed server's point.
    MovePoint {
        /// The server.
        name: String,
        /// Its new position.
        to: u64,
    },
    /// Hash every server placed by hand: each takes its points from its name's hash, as a
    /// server added without a position does, so virtual nodes and weights apply to it.
    HashPlaced,
    /// Add keys by label: `@52` places a key at 52, anything else is a name to hash.
    AddKeys {
        /// The labels.
        keys: Vec<String>,
    },
    /// Add `count` generated keys, continuing `key-0`, `key-1`, ...
    GenerateKeys {
        /// How many.
        count: usize,
    },
    /// Remove one key.
    DropKey {
        /// Its label.
        label: String,
    },
    /// Remove every key.
    ClearKeys,
    /// Change the ring's size; hashed points and keys are placed again.
    SetRingSize {
        /// The new number of positions.
        size: u64,
    },
    /// Change the hash scheme; hashed points and keys are placed again.
    SetHash {
        /// The new scheme.
        hash: HashScheme,
    },
    /// Choose the placement the panels speak of.
    SetPlacement {
        /// The placement.
        placement: Kind,
    },

    /// Set how popular keys are by rank.
    SetPopularity {
        /// Uniform or Zipf.
        #[serde(serialize_with = "as_text")]
        popularity: Popularity,
    },
    /// Make a key `times` hotter than its popularity (1 makes it ordinary again).
    MakeHot {
        /// The key's label.
        key: String,
        /// The multiplier.
        times: u32,
    },
    /// Turn a remedy for hot keys on or off, or set how many of the hottest keys they treat.
    SetRemedy {
        /// The remedy and its setting.
        #[serde(serialize_with = "as_text")]
        remedy: Remedy,
    },
    /// A server fails: it leaves the ring, so its keys go to their successors, but it stays
    /// listed as down and can restart.
    FailServer {
        /// Its name.
        name: String,
    },
    /// A down server restarts, empty, at its old place: its arcs move back to it.
    RestartServer {
        /// Its name.
        name: String,
    },
    /// Set how many servers hold a copy of each key (1 to 5).
    SetReplicas {
        /// Copies per key.
        count: u32,
    },
    /// Set how long after a failure the failed server restarts, for the timeline.
    SetRestartDelay {
        /// Seconds (1 to 86,400); `None` leaves it down.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seconds: Option<u32>,
    },
    /// Set how long a membership change takes to reach every client (0 to 600 seconds).
    SetGossip {
        /// Seconds.
        seconds: u32,
    },
    /// Set the writes per second, spread over the keys like the reads.
    SetWrites {
        /// Writes per second (0 to 10^12).
        per_second: u64,
    },
    /// Set one of the placements' settings to the value `value` says (checked when the
    /// change is applied).
    #[serde(untagged, serialize_with = "set_as_before")]
    Set {
        /// The setting.
        setting: Setting,
        /// Its value as change text writes it: `65537`, `1.25`, `sdbm avalanche`.
        value: String,
    },
    /// One of a real system's own verbs: Redis's rebalance and reshard, a Kafka topic's
    /// partitions, an Elasticsearch index's split and shrink.
    #[serde(untagged)]
    System(SystemVerb),
}

/// A server joining, leaving or failing in a change ([`Change::membership`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Membership<'a> {
    /// A server added: its name, and its position when placed by hand.
    Joins {
        /// Its name.
        name: &'a str,
        /// Its position, when placed by hand.
        at: Option<u64>,
    },
    /// A server removed.
    Leaves(&'a str),
    /// A server that fails.
    Fails(&'a str),
}

/// A server in a [`Change::SetServers`] list: hashed (with an optional weight), or placed by
/// hand at `at`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewServer {
    /// Its name.
    pub name: String,
    /// A position chosen by hand, for a one-point server.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<u64>,
    /// Its weight, for a hashed server (1 when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weight: Option<u32>,
}

/// Popularities and remedies travel in JSON as their link text.
fn as_text<T: Display, S: Serializer>(value: &T, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// A setting travels in JSON as it always has: `{"type": "set_maglev_size", "size": 65537}`,
/// its value a number when it is one (the load factor in hundredths).
fn set_as_before<S: Serializer>(
    setting: &Setting,
    value: &str,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let (kind, field) = setting.json();
    let number = if *setting == Setting::Load {
        parse_hundredths(value).ok().map(u64::from)
    } else if setting.numeric() {
        value.parse::<u64>().ok()
    } else {
        None
    };
    let mut map = serializer.serialize_map(Some(2))?;
    map.serialize_entry("type", kind)?;
    match number {
        Some(n) => map.serialize_entry(field, &n)?,
        None => map.serialize_entry(field, value)?,
    }
    map.end()
}

impl Change {
    /// The change that sets `setting` to the value `text` says. What can be read without the
    /// scenario is checked here (a number is a number); the rest when the change is applied.
    pub fn setting(setting: Setting, text: &str) -> Result<Change, Error> {
        Ok(Change::Set {
            setting,
            value: setting.normalized(text)?,
        })
    }

    /// The change that sets `setting` to `value`, read when the change is applied.
    pub fn set(setting: Setting, value: impl Display) -> Change {
        Change::Set {
            setting,
            value: value.to_string(),
        }
    }

    /// One of a real system's own verbs, as a change.
    pub fn system(verb: impl Into<SystemVerb>) -> Change {
        Change::System(verb.into())
    }

    /// The server this change adds, removes or fails, if it is one of those.
    pub fn membership(&self) -> Option<Membership<'_>> {
        match self {
            Change::AddServer { name, at, .. } => Some(Membership::Joins { name, at: *at }),
            Change::RemoveServer { name } => Some(Membership::Leaves(name)),
            Change::FailServer { name } => Some(Membership::Fails(name)),
            Change::SetServers { .. }
            | Change::SetVnodes { .. }
            | Change::SetWeight { .. }
            | Change::MovePoint { .. }
            | Change::HashPlaced
            | Change::AddKeys { .. }
            | Change::GenerateKeys { .. }
            | Change::DropKey { .. }
            | Change::ClearKeys
            | Change::SetRingSize { .. }
            | Change::SetHash { .. }
            | Change::SetPlacement { .. }
            | Change::SetPopularity { .. }
            | Change::MakeHot { .. }
            | Change::SetRemedy { .. }
            | Change::RestartServer { .. }
            | Change::SetReplicas { .. }
            | Change::SetRestartDelay { .. }
            | Change::SetGossip { .. }
            | Change::SetWrites { .. }
            | Change::Set { .. }
            | Change::System(_) => None,
        }
    }

    /// Whether this change can move keys between servers (as opposed to adding or removing keys).
    pub fn can_move_keys(&self) -> bool {
        match self {
            Change::AddServer { .. }
            | Change::SetServers { .. }
            | Change::RemoveServer { .. }
            | Change::SetVnodes { .. }
            | Change::SetWeight { .. }
            | Change::MovePoint { .. }
            | Change::HashPlaced
            | Change::SetRingSize { .. }
            | Change::SetHash { .. }
            | Change::SetPlacement { .. }
            | Change::FailServer { .. }
            | Change::RestartServer { .. }
            | Change::Set { .. }
            | Change::System(_) => true,
            Change::AddKeys { .. }
            | Change::GenerateKeys { .. }
            | Change::DropKey { .. }
            | Change::ClearKeys
            | Change::SetPopularity { .. }
            | Change::MakeHot { .. }
            | Change::SetRemedy { .. }
            | Change::SetReplicas { .. }
            | Change::SetRestartDelay { .. }
            | Change::SetGossip { .. }
            | Change::SetWrites { .. } => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(text: &str) -> String {
        let change: Change = text.parse().unwrap();
        serde_json::to_string(&change).unwrap()
    }

    #[test]
    fn a_change_travels_in_json_in_the_shape_each_kind_always_had() {
        let cases = [
            ("add:D@60", r#"{"type":"add_server","name":"D","at":60}"#),
            ("maglev:7", r#"{"type":"set_maglev_size","size":7}"#),
            (
                "load:1.25",
                r#"{"type":"set_load_factor","hundredths":125}"#,
            ),
            ("token-seed:9", r#"{"type":"set_token_seed","seed":9}"#),
            (
                "groupcache-replicas:5",
                r#"{"type":"set_groupcache_replicas","count":5}"#,
            ),
            (
                "hash-type:sdbm avalanche",
                r#"{"type":"set_hash_type","hash_type":"consistent sdbm avalanche"}"#,
            ),
            (
                "nc-hash:md5",
                r#"{"type":"set_nutcracker_hash","hash":"md5"}"#,
            ),
            ("hash-tag:{}", r#"{"type":"set_hash_tag","tag":"{}"}"#),
            (
                "rebalance",
                r#"{"type":"rebalance","use_empty_masters":false,"threshold":200}"#,
            ),
            (
                "reshard:A,B>D=100",
                r#"{"type":"reshard","slots":100,"from":["A","B"],"to":"D"}"#,
            ),
            ("topic:6", r#"{"type":"create_topic","partitions":6}"#),
            ("index:3/768", r#"{"type":"create_index","index":"3"}"#),
            ("split:6", r#"{"type":"split_index","shards":6}"#),
        ];
        for (text, expected) in cases {
            assert_eq!(json(text), expected, "{text}");
        }
    }

    #[test]
    fn a_setting_reads_back_from_the_text_it_writes() {
        for setting in Setting::ALL {
            let value = crate::core::placement::Options::default();
            let text = setting.value(&value, crate::core::size::RingSize::new(100).unwrap());
            let change = Change::setting(setting, &text).unwrap();
            assert_eq!(change.to_string().parse::<Change>().unwrap(), change);
        }
    }
}
