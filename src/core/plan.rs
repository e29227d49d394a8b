//! A reshard plan: what a change moves from server to server, in keys and bytes, and for a
//! system whose structure is a table of units (Redis's slots) which units change hands, with
//! the time it takes at a given rate.
//!
//! The plan is worked out from the two scenarios (before and after the change) without their
//! keys: each key is looked up on its own on both ([`LoneKey`]), so keys can be streamed
//! through a [`Planner`] a batch at a time, in memory that does not grow with them, or taken
//! from a scenario that holds them ([`Plan::of_keys`]). Both give the same plan. A system that
//! groups keys (a Kafka topic's partitions, an index's shards) moves a key when its group
//! changes, even on the same server; its rows name the group.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::core::error::Error;
use crate::core::keys::Key;
use crate::core::par::{each, threads};
use crate::core::placement::systems::{Coordinate, Shape};
use crate::core::placement::{LoneKey, Placed};
use crate::core::scenario::Scenario;
use crate::core::words::{grouped, plural};

/// One row of a plan: what goes from one server (or group) to another.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlanRow {
    /// Where the keys were: a server's name, with its group for systems that group keys.
    pub from: String,
    /// Where they go.
    pub to: String,
    /// The units (slots) that change hands, as ranges `first..=last`, for systems with them.
    pub units: Vec<(u32, u32)>,
    /// How many keys move.
    pub keys: u64,
    /// How many bytes they hold, where sizes were given.
    pub bytes: u64,
}

/// What a change moves, row by row, and in all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// The rows, biggest first (by bytes where sizes were given, by keys otherwise).
    pub rows: Vec<PlanRow>,
    /// The keys looked at.
    pub keys_seen: u64,
    /// The bytes they hold.
    pub bytes_seen: u64,
    /// Whether any key came with its size.
    pub sized: bool,
    /// What the units are (`slots`), for systems that move units.
    pub units: Option<&'static str>,
}

/// Keys moved and their bytes, between two servers (or groups).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Tally {
    keys: u64,
    bytes: u64,
}

/// Where a key is on one side of the change: its server, and its group where keys are grouped.
type Place = (u32, Option<u32>);

/// One side of the change: the placement evaluated without keys, and its servers' names.
struct Side {
    placed: Arc<Placed>,
    size: crate::core::size::RingSize,
    hash: crate::core::hash::HashScheme,
    grouped: bool,
}

impl Side {
    fn of(scenario: &Scenario) -> Side {
        let bare = scenario.without_keys();
        let placed = bare.placed();
        let grouped = placed.system().is_some_and(|s| s.regroups());
        Side {
            placed,
            size: scenario.size(),
            hash: scenario.hash(),
            grouped,
        }
    }

    /// Where `key`, labelled `label`, goes.
    fn place(&self, key: &Key, label: &str) -> Option<Place> {
        let hash = key.hash32(self.hash);
        let lone = LoneKey {
            label,
            hash,
            position: self.size.position_of(hash),
        };
        let owner = self.placed.owner_of_lone(&lone)? as u32;
        let group = match (self.grouped, self.placed.system()) {
            (true, Some(system)) => match system.locate(label).coordinate {
                Coordinate::Partition(p) | Coordinate::Shard(p) | Coordinate::Slot(p) => Some(p),
                Coordinate::Token(_) | Coordinate::Hash(_) => None,
            },
            _ => None,
        };
        Some((owner, group))
    }

    fn name(&self, (server, group): Place) -> String {
        let name = &self.placed.names()[server as usize];
        match (group, self.placed.kind().units()) {
            (Some(g), Some(units)) => format!("{name}, {} {g}", singular(units)),
            _ => name.to_string(),
        }
    }
}

/// "partitions" → "partition", for a group's name.
fn singular(units: &str) -> &str {
    units.strip_suffix('s').unwrap_or(units)
}

/// Keys streamed through a change, a batch at a time: the moves tallied by where they go, in
/// memory that does not grow with the keys.
pub struct Planner {
    before: Side,
    after: Side,
    tallies: BTreeMap<(Place, Place), Tally>,
    keys_seen: u64,
    bytes_seen: u64,
    sized: bool,
}

impl Planner {
    /// A planner for the change from `before` to `after` (their keys, if any, are not looked
    /// at). Refused when the two place keys differently, or when the placement needs every key
    /// to place one (bounded loads).
    pub fn new(before: &Scenario, after: &Scenario) -> Result<Planner, Error> {
        if before.placement() != after.placement() {
            return Err(Error::Plan(format!(
                "a plan compares one placement before and after a change, not {} and {}",
                before.placement().name(),
                after.placement().name()
            )));
        }
        let (b, a) = (Side::of(before), Side::of(after));
        let probe = Key::Generated(0);
        if b.place(&probe, &probe.label()).is_none() {
            return Err(Error::Plan(format!(
                "{} places a key only knowing every other key, so its moves cannot be planned a key at a time",
                before.placement().name()
            )));
        }
        Ok(Planner {
            before: b,
            after: a,
            tallies: BTreeMap::new(),
            keys_seen: 0,
            bytes_seen: 0,
            sized: false,
        })
    }

    /// Takes a batch of keys, each with its size in bytes where known, spreading the work over
    /// the machine's cores.
    pub fn add(&mut self, batch: &[(Key, Option<u64>)]) {
        let chunk = batch.len().div_ceil(threads()).max(1);
        let (before, after) = (&self.before, &self.after);
        let parts = each(batch.chunks(chunk).collect(), |keys| {
            let mut tallies: BTreeMap<(Place, Place), Tally> = BTreeMap::new();
            let (mut seen, mut bytes, mut sized) = (0u64, 0u64, false);
            for (key, size) in keys {
                let label = key.label();
                let (Some(from), Some(to)) = (before.place(key, &label), after.place(key, &label))
                else {
                    continue;
                };
                seen += 1;
                sized |= size.is_some();
                let size = size.unwrap_or(0);
                bytes += size;
                if before.name(from) != after.name(to) {
                    let t = tallies.entry((from, to)).or_default();
                    t.keys += 1;
                    t.bytes += size;
                }
            }
            (tallies, seen, bytes, sized)
        });
        for (tallies, seen, bytes, sized) in parts {
            self.keys_seen += seen;
            self.bytes_seen += bytes;
            self.sized |= sized;
            for (pair, t) in tallies {
                let into = self.tallies.entry(pair).or_default();
                into.keys += t.keys;
                into.bytes += t.bytes;
            }
        }
    }

    /// The plan: a row for each pair of servers (or groups) keys moved between, and the units
    /// that changed hands between them.
    pub fn finish(self) -> Plan {
        let mut rows: BTreeMap<(String, String), PlanRow> = BTreeMap::new();
        for ((from, to), t) in &self.tallies {
            let (f, d) = (self.before.name(*from), self.after.name(*to));
            let row = rows.entry((f.clone(), d.clone())).or_insert(PlanRow {
                from: f,
                to: d,
                units: Vec::new(),
                keys: 0,
                bytes: 0,
            });
            row.keys += t.keys;
            row.bytes += t.bytes;
        }
        let units = unit_moves(&self.before, &self.after);
        let unit_name = units
            .as_ref()
            .and_then(|_| self.before.placed.kind().units());
        for ((from, to), ranges) in units.unwrap_or_default() {
            rows.entry((from.clone(), to.clone()))
                .or_insert(PlanRow {
                    from,
                    to,
                    units: Vec::new(),
                    keys: 0,
                    bytes: 0,
                })
                .units = ranges;
        }
        let mut rows: Vec<PlanRow> = rows.into_values().collect();
        let sized = self.sized;
        rows.sort_by(|a, b| {
            let big = |r: &PlanRow| if sized { r.bytes } else { r.keys };
            big(b)
                .cmp(&big(a))
                .then_with(|| a.from.cmp(&b.from))
                .then_with(|| a.to.cmp(&b.to))
        });
        Plan {
            rows,
            keys_seen: self.keys_seen,
            bytes_seen: self.bytes_seen,
            sized,
            units: unit_name,
        }
    }
}

/// For a system whose units keep their number (Redis's slots), the units that change server,
/// as ranges by pair of servers; `None` for any other structure.
fn unit_moves(before: &Side, after: &Side) -> Option<BTreeMap<(String, String), Vec<(u32, u32)>>> {
    let (b, a) = (before.placed.system()?, after.placed.system()?);
    if before.grouped {
        return None;
    }
    let (Shape::Units(ub), Shape::Units(ua)) = (b.shape(), a.shape()) else {
        return None;
    };
    if ub.len() != ua.len() {
        return None;
    }
    let (nb, na) = (before.placed.names(), after.placed.names());
    let mut out: BTreeMap<(String, String), Vec<(u32, u32)>> = BTreeMap::new();
    for unit in 0..ub.len() {
        let (from, to) = (&nb[ub.owner(unit)], &na[ua.owner(unit)]);
        if from == to {
            continue;
        }
        let ranges = out.entry((from.to_string(), to.to_string())).or_default();
        match ranges.last_mut() {
            Some((_, last)) if *last + 1 == unit => *last = unit,
            _ => ranges.push((unit, unit)),
        }
    }
    Some(out)
}

impl Plan {
    /// The plan for the keys `before` holds, moved by the change that made `after` (the same
    /// keys).
    pub fn of_keys(before: &Scenario, after: &Scenario) -> Result<Plan, Error> {
        let mut planner = Planner::new(before, after)?;
        let keys = before.keys();
        let batch: Vec<(Key, Option<u64>)> = (0..keys.len() as u32)
            .map(|id| (keys.key(id), None))
            .collect();
        planner.add(&batch);
        Ok(planner.finish())
    }

    /// The keys that move, in all.
    pub fn keys(&self) -> u64 {
        self.rows.iter().map(|r| r.keys).sum()
    }

    /// The bytes that move, in all.
    pub fn bytes(&self) -> u64 {
        self.rows.iter().map(|r| r.bytes).sum()
    }

    /// How long moving the bytes takes at `bytes_per_second`.
    pub fn seconds_at(&self, bytes_per_second: f64) -> f64 {
        self.bytes() as f64 / bytes_per_second
    }

    /// The plan in one sentence: "3 moves: 250 of 1,000 keys (25%), 1.2 MB".
    pub fn summary(&self) -> String {
        let mut text = format!(
            "{} of {} {} move",
            grouped(self.keys()),
            grouped(self.keys_seen),
            plural(self.keys_seen as usize, "key", "keys")
        );
        if self.sized {
            text.push_str(&format!(
                ", {} of {}",
                bytes_words(self.bytes()),
                bytes_words(self.bytes_seen)
            ));
        }
        if let Some(units) = self.units {
            let moved: u64 = self
                .rows
                .iter()
                .flat_map(|r| &r.units)
                .map(|(a, b)| u64::from(b - a + 1))
                .sum();
            text.push_str(&format!(", in {} {units}", grouped(moved)));
        }
        text.push('.');
        text
    }

    /// The plan as JSON: `{"moves":[{"from","to","slots":[[first,last],…],"keys","bytes"}…],
    /// "total":{"keys","bytes"}}`, with the units named by the system (`slots`) and only where
    /// it has them, and bytes only where sizes were given.
    pub fn json(&self) -> serde_json::Value {
        let moves: Vec<serde_json::Value> = self
            .rows
            .iter()
            .map(|r| {
                let mut row = serde_json::json!({ "from": r.from, "to": r.to, "keys": r.keys });
                if let Some(units) = self.units {
                    let ranges: Vec<[u32; 2]> = r.units.iter().map(|&(a, b)| [a, b]).collect();
                    row[units] = serde_json::json!(ranges);
                }
                if self.sized {
                    row["bytes"] = serde_json::json!(r.bytes);
                }
                row
            })
            .collect();
        let mut total = serde_json::json!({ "keys": self.keys() });
        if self.sized {
            total["bytes"] = serde_json::json!(self.bytes());
        }
        serde_json::json!({ "moves": moves, "total": total })
    }
}

/// A byte count as people read it: "950 B", "12.3 kB", "4.56 MB", "1.2 GB" (powers of 1,000).
pub fn bytes_words(bytes: u64) -> String {
    let b = bytes as f64;
    let (value, unit) = match bytes {
        0..=999 => return format!("{bytes} B"),
        1_000..=999_999 => (b / 1e3, "kB"),
        1_000_000..=999_999_999 => (b / 1e6, "MB"),
        1_000_000_000..=999_999_999_999 => (b / 1e9, "GB"),
        _ => (b / 1e12, "TB"),
    };
    let decimals = if value < 10.0 {
        2
    } else if value < 100.0 {
        1
    } else {
        0
    };
    format!("{value:.decimals$} {unit}")
}

/// Reads a transfer rate: `50MB/s`, `1.5 GB/s`, `800kB/s`, `100 MiB/s`, a bare number of bytes a
/// second.
pub fn parse_rate(text: &str) -> Result<f64, Error> {
    let t = text.trim();
    let body = t.strip_suffix("/s").unwrap_or(t).trim();
    let split = body
        .find(|c: char| c.is_ascii_alphabetic())
        .unwrap_or(body.len());
    let (number, unit) = body.split_at(split);
    let value: f64 = crate::core::decimal::parse_decimal(number.trim()).ok_or_else(|| {
        Error::Plan(format!(
            "the rate {} is not a number of bytes a second, such as 50MB/s",
            crate::core::error::shown(t)
        ))
    })?;
    let scale = match unit.trim() {
        "" | "B" => 1.0,
        "kB" | "KB" => 1e3,
        "MB" => 1e6,
        "GB" => 1e9,
        "KiB" => 1024.0,
        "MiB" => 1024.0 * 1024.0,
        "GiB" => 1024.0 * 1024.0 * 1024.0,
        other => {
            return Err(Error::Plan(format!(
                "the rate's unit {} is none of B, kB, MB, GB, KiB, MiB, GiB (a second)",
                crate::core::error::shown(other)
            )))
        }
    };
    let rate = value * scale;
    if rate.is_finite() && rate > 0.0 {
        Ok(rate)
    } else {
        Err(Error::Plan(format!(
            "the rate {} is not above zero",
            crate::core::error::shown(t)
        )))
    }
}
