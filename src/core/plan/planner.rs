//! Keys streamed through a change a batch at a time, each looked up on its own before and after
//! it ([`LoneKey`]), the moves tallied by where they come from and go.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::Arc;

use super::ranges::moved_ranges;
use super::rows::{Plan, PlanRow};
use crate::core::error::Error;
use crate::core::hash::{generated_label, HashScheme};
use crate::core::keys::{Key, KeyRef, KeySet};
use crate::core::par::{each, threads};
use crate::core::placement::systems::Coordinate;
use crate::core::placement::{LoneKey, Placed};
use crate::core::ring::Ring;
use crate::core::scenario::Scenario;
use crate::core::size::RingSize;

/// Where a key is on one side of the change: its server, and its group (partition, shard)
/// where the system groups keys.
type Place = (u32, Option<u32>);

/// Keys moved between two places, and the bytes they hold.
#[derive(Debug, Clone, Copy, Default)]
struct Tally {
    keys: u64,
    bytes: u64,
}

/// Moves tallied by (from, to), and what was seen: what [`Planner::measure`] makes of some
/// keys, for [`Planner::merge`].
#[derive(Debug, Default)]
pub struct Tallies {
    moved: BTreeMap<(Place, Place), Tally>,
    keys: u64,
    bytes: u64,
    sized: bool,
}

impl Tallies {
    /// Adds the moves `other` tallied.
    pub fn merge(&mut self, other: Tallies) {
        self.keys += other.keys;
        self.bytes += other.bytes;
        self.sized |= other.sized;
        for (pair, t) in other.moved {
            let into = self.moved.entry(pair).or_default();
            into.keys += t.keys;
            into.bytes += t.bytes;
        }
    }
}

/// One side of the change: its placement evaluated without keys.
struct Side {
    placed: Arc<Placed>,
    size: RingSize,
    hash: HashScheme,
    grouped: bool,
    /// The ring of points, where the placement owns arcs of it.
    ring: Option<Ring>,
}

impl Side {
    fn of(scenario: &Scenario) -> Side {
        let placed = scenario.without_keys().placed();
        let grouped = placed.system().is_some_and(|s| s.regroups());
        let kind = scenario.placement();
        let ring = (placed.system().is_none() && kind.spec().arcs && !kind.spec().fixed_ring)
            .then(|| scenario.ring().clone());
        Side {
            placed,
            size: scenario.size(),
            hash: scenario.hash(),
            grouped,
            ring,
        }
    }

    /// Where the key labelled `label` goes; `hash` gives its hash under a scheme, for the
    /// placements that read it (a real system hashes the label its own way).
    fn place(&self, label: &str, hash: impl FnOnce(HashScheme) -> u32) -> Option<Place> {
        if let Some(system) = self.placed.system() {
            let located = system.locate(label);
            let group = match located.coordinate {
                Coordinate::Partition(p) | Coordinate::Shard(p) if self.grouped => Some(p),
                _ => None,
            };
            return Some((located.owner as u32, group));
        }
        let hash = hash(self.hash);
        let lone = LoneKey {
            label,
            hash,
            position: self.size.position_of(hash),
        };
        Some((self.placed.owner_of_lone(&lone)? as u32, None))
    }

    /// A place in words: a server's name, with its group where keys are grouped.
    fn name(&self, (server, group): Place) -> String {
        let name = &self.placed.names()[server as usize];
        match (group, self.placed.kind().units()) {
            (Some(g), Some(units)) => {
                format!("{name}, {} {g}", units.strip_suffix('s').unwrap_or(units))
            }
            _ => name.to_string(),
        }
    }
}

/// Keys streamed through a change, a batch at a time: the moves tallied by where they come
/// from and go, in memory that does not grow with the keys.
pub struct Planner {
    before: Side,
    after: Side,
    /// For each server before, its index after (`None` when it left).
    kept: Vec<Option<u32>>,
    tallies: Tallies,
}

impl Planner {
    /// A planner for the change from `before` to `after` (their keys, if any, are not looked
    /// at). Refused when the two use different placements, or when the placement needs every
    /// key to place one (bounded loads).
    pub fn new(before: &Scenario, after: &Scenario) -> Result<Planner, Error> {
        if before.placement() != after.placement() {
            return Err(Error::Plan(format!(
                "a plan follows one placement through a change, and this change goes from {} to {}",
                before.placement().name(),
                after.placement().name()
            )));
        }
        let (b, a) = (Side::of(before), Side::of(after));
        if b.place("key-0", |h| h.generated_hash(0)).is_none() {
            return Err(Error::Plan(format!(
                "{} places a key only knowing every other key, so its moves cannot be planned a key at a time",
                before.placement().name()
            )));
        }
        let kept = b
            .placed
            .names()
            .iter()
            .map(|n| {
                a.placed
                    .names()
                    .iter()
                    .position(|m| m == n)
                    .map(|i| i as u32)
            })
            .collect();
        Ok(Planner {
            before: b,
            after: a,
            kept,
            tallies: Tallies::default(),
        })
    }

    /// Notes one key, `size` bytes where known, whose hash under a scheme `hash` gives.
    fn note(
        &self,
        into: &mut Tallies,
        label: &str,
        size: Option<u64>,
        hash: impl Fn(HashScheme) -> u32,
    ) {
        // Both sides mostly hash alike: the key is hashed once.
        let last = std::cell::Cell::new(None);
        let hash_once = |scheme: HashScheme| match last.get() {
            Some((s, h)) if s == scheme => h,
            _ => {
                let h = hash(scheme);
                last.set(Some((scheme, h)));
                h
            }
        };
        let (Some(from), Some(to)) = (
            self.before.place(label, hash_once),
            self.after.place(label, hash_once),
        ) else {
            return;
        };
        into.keys += 1;
        into.sized |= size.is_some();
        let size = size.unwrap_or(0);
        into.bytes += size;
        if self.kept[from.0 as usize] != Some(to.0) || from.1 != to.1 {
            let t = into.moved.entry((from, to)).or_default();
            t.keys += 1;
            t.bytes += size;
        }
    }

    /// Takes a batch of keys, each with its size in bytes where known, spread over the
    /// machine's cores.
    pub fn add(&mut self, batch: &[(Key, Option<u64>)]) {
        let chunk = batch.len().div_ceil(threads()).max(1);
        let parts = each(batch.chunks(chunk).collect(), |keys| self.measure(keys));
        for part in parts {
            self.merge(part);
        }
    }

    /// The moves of a batch of keys, each with its size in bytes where known, tallied on this
    /// thread alone, for [`Planner::merge`]: batches may be measured side by side.
    pub fn measure(&self, batch: &[(Key, Option<u64>)]) -> Tallies {
        let mut tallies = Tallies::default();
        for (key, size) in batch {
            match key {
                Key::Generated(n) => self.note_generated(&mut tallies, *n, *size),
                Key::Named(name) => {
                    self.note(&mut tallies, name, *size, |scheme| scheme.hash32(name));
                }
                other => {
                    let label = Cow::<str>::Owned(other.label());
                    self.note(&mut tallies, &label, *size, |scheme| other.hash32(scheme));
                }
            }
        }
        tallies
    }

    /// Notes one key, borrowed from where it was read, `size` bytes where known.
    pub(crate) fn note_key(&self, into: &mut Tallies, key: KeyRef<'_>, size: Option<u64>) {
        match key {
            KeyRef::Generated(n) => self.note_generated(into, n, size),
            KeyRef::Named(name) => self.note(into, name, size, |scheme| scheme.hash32(name)),
            KeyRef::At(_) => self.note(into, &key.label(), size, |scheme| key.hash32(scheme)),
        }
    }

    /// Takes the generated keys `key-n` for every `n` of `keys`, spread over the machine's
    /// cores, each label written on the stack.
    pub fn add_generated(&mut self, keys: Range<u32>) {
        let per = (keys.len()).div_ceil(threads()).max(1) as u32;
        let mut ranges = Vec::new();
        let mut first = keys.start;
        while first < keys.end {
            let last = first.saturating_add(per).min(keys.end);
            ranges.push(first..last);
            first = last;
        }
        let parts = each(ranges, |range| {
            let mut tallies = Tallies::default();
            for n in range {
                self.note_generated(&mut tallies, n, None);
            }
            tallies
        });
        for part in parts {
            self.merge(part);
        }
    }

    /// Notes the generated key `key-n` (a line `key-7` of a keyspace is one too), `size` bytes
    /// where known.
    fn note_generated(&self, into: &mut Tallies, n: u32, size: Option<u64>) {
        let (buffer, len) = generated_label(n);
        // The label is ASCII: "key-" and digits.
        let label = std::str::from_utf8(&buffer[..len]).unwrap_or_default();
        self.note(into, label, size, |scheme| scheme.hash32(label));
    }

    /// Adds the moves [`Planner::measure`] tallied.
    pub fn merge(&mut self, part: Tallies) {
        self.tallies.merge(part);
    }

    /// Takes every key of `keys`, without sizes, reading the hashes the set already holds.
    pub fn add_set(&mut self, keys: &KeySet) {
        let ids: Vec<u32> = (0..keys.len() as u32).collect();
        let chunk = ids.len().div_ceil(threads()).max(1);
        let parts = each(ids.chunks(chunk).collect(), |ids| {
            let mut tallies = Tallies::default();
            for &id in ids {
                keys.with_label(id, |label| {
                    self.note(&mut tallies, label, None, |scheme| {
                        if scheme == keys.scheme() {
                            keys.hash_of(id)
                        } else {
                            keys.label_hash(id, scheme)
                        }
                    })
                });
            }
            tallies
        });
        for part in parts {
            self.tallies.merge(part);
        }
    }

    /// The plan: a row for each pair of places keys moved between, with the slots or ranges
    /// that changed hands between them, biggest first.
    pub fn finish(self) -> Plan {
        let mut rows: BTreeMap<(String, String), PlanRow> = BTreeMap::new();
        for (&(from, to), t) in &self.tallies.moved {
            let r = row(&mut rows, self.before.name(from), self.after.name(to));
            r.keys += t.keys;
            r.bytes += t.bytes;
        }
        let ranges = moved_ranges(
            (&self.before.placed, self.before.ring.as_ref()),
            (&self.after.placed, self.after.ring.as_ref()),
        );
        if let Some((_, by_pair)) = &ranges {
            for ((from, to), spans) in by_pair {
                row(&mut rows, from.clone(), to.clone()).ranges = spans.clone();
            }
        }
        let sized = self.tallies.sized;
        let mut rows: Vec<PlanRow> = rows.into_values().collect();
        rows.sort_by(|a, b| {
            let big = |r: &PlanRow| {
                if sized {
                    (r.bytes, r.keys)
                } else {
                    (r.keys, 0)
                }
            };
            big(b)
                .cmp(&big(a))
                .then_with(|| a.from.cmp(&b.from))
                .then_with(|| a.to.cmp(&b.to))
        });
        Plan {
            rows,
            keys_seen: self.tallies.keys,
            bytes_seen: self.tallies.bytes,
            sized,
            ranges: ranges.map(|(name, _)| name),
        }
    }
}

/// The row from `from` to `to`, added empty if there is none yet.
fn row(rows: &mut BTreeMap<(String, String), PlanRow>, from: String, to: String) -> &mut PlanRow {
    rows.entry((from.clone(), to.clone())).or_insert(PlanRow {
        from,
        to,
        ranges: Vec::new(),
        keys: 0,
        bytes: 0,
    })
}

impl Plan {
    /// The plan for the keys `before` holds, moved by the change that made `after`.
    pub fn of_keys(before: &Scenario, after: &Scenario) -> Result<Plan, Error> {
        let mut planner = Planner::new(before, after)?;
        planner.add_set(before.keys());
        Ok(planner.finish())
    }
}
