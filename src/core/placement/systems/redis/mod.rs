//! Redis Cluster: 16,384 hash slots, each held by one master, moved only by an operator.
//!
//! A key's slot is CRC-16/XMODEM of the key, `& 0x3FFF`. When the key holds a hash tag (the
//! bytes between its first `{` and the first `}` after it, at least one byte), only the tag is
//! hashed, so `{user1}.following` and `{user1}.followers` share a slot. The slots belong to
//! masters by a table, which `redis-cli --cluster` sets and changes (see [`cli`]);
//! `del-node` refuses a master that still holds slots.

pub mod link;
pub mod pasted;
mod slot_table;
use std::sync::Arc;

use super::hashes::crc16_xmodem;
use super::strip::Strip;
use super::structure::evaluated;
use super::system::{Coordinate, Located, Shape, System};
use super::units::Units;
use crate::core::error::Error;
use crate::core::numbers_and_lists::{grouped, plural};
use crate::core::placement::layout::Layout;
use crate::core::placement::measure::Space;
use crate::core::placement::spec::{
    drawn_on_circle, no_caveat, nothing_ignored, Circle, Copies, Lookup, Panel, ServersBy, Spec,
    Verbs, Weights,
};
use crate::core::placement::structure::{Earlier, Evaluated};

pub mod cli;
mod verbs;

pub use slot_table::SlotTable;
pub use verbs::Verb;

pub use cli::{
    create_split, created, emptied, rebalance, reshard, reshard_table, slot_lines, slot_ranges,
    slots_words, Rebalance, Rebalanced, SLOTS, THRESHOLD,
};

/// The bytes of `key` that are hashed: the hash tag's, when it has one.
///
/// ```
/// use ringlab::core::placement::systems::redis::hashed_part;
/// assert_eq!(hashed_part(b"{user1}.following"), b"user1");
/// assert_eq!(hashed_part(b"foo{}{bar}"), b"foo{}{bar}");
/// assert_eq!(hashed_part(b"foo{{bar}}zap"), b"{bar");
/// ```
pub fn hashed_part(key: &[u8]) -> &[u8] {
    match tag(key) {
        Some((start, end)) => &key[start..end],
        None => key,
    }
}

/// Where the hash tag of `key` lies, `start..end` in bytes, when it has one.
pub fn tag(key: &[u8]) -> Option<(usize, usize)> {
    let open = key.iter().position(|&b| b == b'{')?;
    let close = key[open + 1..].iter().position(|&b| b == b'}')? + open + 1;
    (close > open + 1).then_some((open + 1, close))
}

/// The slot of `key`, as `CLUSTER KEYSLOT` answers.
///
/// ```
/// use ringlab::core::placement::systems::redis::key_slot;
/// assert_eq!(key_slot(b"somekey"), 11058);
/// assert_eq!(key_slot(b"foo{hash_tag}"), 2515);
/// ```
pub fn key_slot(key: &[u8]) -> u32 {
    u32::from(crc16_xmodem(hashed_part(key))) & (SLOTS - 1)
}

/// Redis Cluster.
pub static SPEC: Spec = Spec {
    id: "redis-cluster",
    name: "Redis Cluster",
    phrase: "Redis Cluster",
    called: "Redis Cluster",
    under: "under Redis Cluster",
    summary: "CRC16 of the key (or of its {hash tag}) picks one of 16,384 slots; a table says which master holds each, and only an operator moves them.",
    system: true,
    verbs: Verbs {
        add: "add-node",
        remove: "del-node",
    },
    units: Some("slots"),
    weights: Weights::Equal,
    circle: Circle::Own,
    fixed_ring: false,
    arcs: true,
    lookup: Lookup::Table,
    servers_by: ServersBy::Operator,
    settings: &[],
    note: None,
    hover: |spot, owner| format!("Slot {spot} belongs to master {owner}"),
    picture: |_, places| drawn_on_circle(SPEC.name, places),
    listing: "Slot ranges, as CLUSTER SLOTS lists them",
    panel: Panel::Slots,
    practice: None,
    copies: Copies::Unsaid,
    caveat: no_caveat,
    refuse_leaving,
    ignored: nothing_ignored,
};

pub(in crate::core::placement) fn evaluate(
    layout: &Layout<'_>,
    _: Option<Earlier<'_>>,
) -> Evaluated {
    let slots = layout.systems.slots_for(layout.servers.len());
    evaluated(layout, "slots", Slots(slots))
}

/// `del-node` refuses a master that holds slots.
fn refuse_leaving(layout: &Layout<'_>, index: usize) -> Result<(), Error> {
    let held = layout.systems.slots().counts(layout.servers.len())[index];
    if held > 0 {
        return Err(Error::System(format!(
            "[ERR] Node {} is not empty! Reshard data away and try again. (It holds {}: move them with reshard or a rebalance that gives it weight 0 first.)",
            layout.servers[index].name,
            slots_words(held)
        )));
    }
    Ok(())
}

/// The slot table.
#[derive(Debug)]
struct Slots(Arc<Units>);

impl System for Slots {
    fn locate(&self, key: &str) -> Located {
        let slot = key_slot(key.as_bytes());
        Located {
            owner: self.0.owner(slot),
            spot: slot,
            coordinate: Coordinate::Slot(slot),
        }
    }

    fn shape(&self) -> Shape<'_> {
        Shape::Units(&self.0)
    }

    fn steps(&self, key: &str, names: &[Arc<str>]) -> (Vec<String>, usize) {
        let bytes = key.as_bytes();
        let located = self.locate(key);
        let owner = names.get(located.owner).map_or("?", |n| n);
        let part = hashed_part(bytes);
        let mut steps = vec![match tag(bytes) {
            Some(_) => format!(
                "It holds a hash tag: only {:?}, between the first {{ and the next }}, is hashed.",
                String::from_utf8_lossy(part)
            ),
            None if key.contains('{') => format!(
                "Its braces hold no tag (nothing between the first {{ and the next }}), so the whole key {key:?} is hashed."
            ),
            None => format!("No hash tag: the whole key {key:?} is hashed."),
        }];
        let crc = crc16_xmodem(part);
        let slot = located.spot;
        steps.push(format!(
            "CRC16 (XMODEM) = 0x{crc:04X} = {crc}; {crc} & 0x3FFF (mod 16,384) = slot {slot}."
        ));
        let (first, last, _) = self
            .0
            .runs()
            .into_iter()
            .find(|r| r.0 <= slot && slot <= r.1)
            .unwrap_or((slot, slot, located.owner));
        steps.push(format!(
            "Slot {slot} is in {first}-{last}, held by master {owner}."
        ));
        (steps, 2)
    }

    fn listing(&self, names: &[Arc<str>]) -> Vec<String> {
        slot_lines(&self.0, names)
    }

    fn headline(&self, servers: usize) -> String {
        format!(
            "{} slots on {servers} {}",
            grouped(u64::from(self.0.len())),
            plural(servers, "master", "masters")
        )
    }

    fn strip(&self) -> Option<Strip> {
        Some(Strip::of_runs(&self.0, "slots"))
    }

    fn space(&self, servers: usize) -> Space {
        Space {
            amounts: self.0.counts(servers),
            total: u64::from(self.0.len()),
            unit: "slots",
            exact: true,
        }
    }
}
