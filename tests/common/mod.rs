//! A naive ring the engine is checked against. Every lookup scans every point, so it is slow
//! and plainly right: a position belongs to the smallest point at or after it (ties broken by
//! server name, then virtual-node index), wrapping to the smallest point of all.
#![allow(dead_code)]

#[cfg(not(fuzzing))]
pub mod cases;
#[cfg(not(fuzzing))]
pub mod door;
pub mod oracles;

use std::cmp::Ordering;

use ringlab::core::{HashScheme, Key, Moves, Placement, Scenario, Server, LISTED};

/// One point of the naive ring, carrying its server's name rather than an index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NaivePoint {
    pub position: u64,
    pub name: String,
    pub vnode: u32,
}

impl NaivePoint {
    /// Position first, then server name, then virtual-node index.
    fn order(&self, other: &NaivePoint) -> Ordering {
        (self.position, &self.name, self.vnode).cmp(&(other.position, &other.name, other.vnode))
    }
}

/// Every point of every server, in no particular order.
#[derive(Debug, Clone)]
pub struct NaiveRing {
    pub size: u64,
    /// Server names in list order.
    pub names: Vec<String>,
    pub points: Vec<NaivePoint>,
}

impl NaiveRing {
    /// Places each server's points from scratch: `name#i` hashed for a hashed server, the
    /// chosen position for a server placed by hand.
    pub fn new(size: u64, hash: HashScheme, vnodes: u32, servers: &[Server]) -> NaiveRing {
        let mut points = Vec::new();
        for server in servers {
            match server.placement {
                Placement::At(position) => points.push(NaivePoint {
                    position: u64::from(position),
                    name: server.name.clone(),
                    vnode: 0,
                }),
                Placement::Hashed { weight } => {
                    for vnode in 0..vnodes * weight {
                        let value = hash.hash32(&format!("{}#{}", server.name, vnode));
                        points.push(NaivePoint {
                            position: u64::from(value) % size,
                            name: server.name.clone(),
                            vnode,
                        });
                    }
                }
            }
        }
        NaiveRing {
            size,
            names: servers.iter().map(|s| s.name.clone()).collect(),
            points,
        }
    }

    /// The naive ring of a scenario's servers.
    pub fn of(scenario: &Scenario) -> NaiveRing {
        NaiveRing::new(
            scenario.size().get(),
            scenario.hash(),
            scenario.vnodes(),
            scenario.servers(),
        )
    }

    /// The point owning `position`, by scanning every point.
    pub fn owner_point(&self, position: u64) -> &NaivePoint {
        self.points
            .iter()
            .filter(|p| p.position >= position)
            .min_by(|a, b| a.order(b))
            .or_else(|| self.points.iter().min_by(|a, b| a.order(b)))
            .expect("a ring has at least one point")
    }

    /// The name of the server owning `position`.
    pub fn owner(&self, position: u64) -> &str {
        &self.owner_point(position).name
    }

    /// The first `replicas` distinct servers met walking the sorted points clockwise from the
    /// owner of `position`.
    pub fn preference_list(&self, position: u64, replicas: usize) -> Vec<String> {
        let mut sorted: Vec<&NaivePoint> = self.points.iter().collect();
        sorted.sort_by(|a, b| a.order(b));
        let owner = self.owner_point(position);
        let start = sorted
            .iter()
            .position(|p| *p == owner)
            .expect("the owner is one of the points");
        let mut chosen: Vec<String> = Vec::new();
        for step in 0..sorted.len() {
            let name = &sorted[(start + step) % sorted.len()].name;
            if chosen.len() < replicas && !chosen.contains(name) {
                chosen.push(name.clone());
            }
        }
        chosen
    }

    /// How many positions each server owns, found by asking who owns every single position.
    /// Only for small rings.
    pub fn counted_arcs(&self) -> Vec<u64> {
        let mut arcs = vec![0; self.names.len()];
        for position in 0..self.size {
            arcs[self.index_of(self.owner(position))] += 1;
        }
        arcs
    }

    /// How many positions each server owns, from the gaps between distinct point positions:
    /// each gap `(previous, here]` goes to the owner of `here`.
    pub fn gap_arcs(&self) -> Vec<u64> {
        let mut positions: Vec<u64> = self.points.iter().map(|p| p.position).collect();
        positions.sort_unstable();
        positions.dedup();
        let mut arcs = vec![0; self.names.len()];
        for (i, &here) in positions.iter().enumerate() {
            let length = if positions.len() == 1 {
                self.size
            } else {
                let previous = positions[(i + positions.len() - 1) % positions.len()];
                (here + self.size - previous) % self.size
            };
            arcs[self.index_of(self.owner(here))] += length;
        }
        arcs
    }

    fn index_of(&self, name: &str) -> usize {
        self.names
            .iter()
            .position(|n| n == name)
            .expect("every point belongs to a listed server")
    }
}

/// A key's 32-bit hash, worked out without the engine's key type helpers.
pub fn key_hash(key: &Key, hash: HashScheme) -> u32 {
    match key {
        Key::Generated(n) => hash.hash32(&format!("key-{n}")),
        Key::Named(name) => hash.hash32(name),
        Key::At(position) => *position,
    }
}

/// A key's position on a ring of `size` positions.
pub fn key_position(key: &Key, hash: HashScheme, size: u64) -> u64 {
    u64::from(key_hash(key, hash)) % size
}

/// Every key's ring owner by name, in key id order, from the naive ring.
pub fn ring_owners(scenario: &Scenario) -> Vec<String> {
    let ring = NaiveRing::of(scenario);
    scenario
        .keys()
        .iter()
        .map(|key| {
            let position = key_position(&key, scenario.hash(), ring.size);
            ring.owner(position).to_string()
        })
        .collect()
}

/// Every key's `hash mod N` owner by name, in key id order.
pub fn mod_n_owners(scenario: &Scenario) -> Vec<String> {
    let servers = scenario.servers();
    scenario
        .keys()
        .iter()
        .map(|key| {
            let index = u64::from(key_hash(&key, scenario.hash())) % servers.len() as u64;
            servers[index as usize].name.clone()
        })
        .collect()
}

/// A move as plain data: key id, old owner, new owner.
pub type Move = (u32, String, String);

/// The keys whose owner differs between two owner lists of the same keys, by key id.
pub fn compare_owners(before: &[String], after: &[String]) -> Vec<Move> {
    assert_eq!(before.len(), after.len(), "the same keys before and after");
    before
        .iter()
        .zip(after)
        .enumerate()
        .filter(|(_, (old, new))| old != new)
        .map(|(id, (old, new))| (id as u32, old.clone(), new.clone()))
        .collect()
}

/// The moves the engine names (every move, when few keys moved), sorted by key id.
pub fn listed(moves: &Moves) -> Vec<Move> {
    let mut plain: Vec<Move> = moves
        .listed
        .iter()
        .map(|m| (m.key, m.from.to_string(), m.to.to_string()))
        .collect();
    plain.sort();
    plain
}

/// Checks the engine's moves against the moves found from scratch (sorted by key id): the
/// same keys, the same servers losing and gaining keys, and, when few keys moved, the same
/// moves by name.
pub fn moves_match(moves: &Moves, expected: &[Move]) -> Result<(), String> {
    let ids: Vec<u32> = moves.keys.iter().collect();
    let wanted: Vec<u32> = expected.iter().map(|m| m.0).collect();
    if ids != wanted {
        return Err(format!("moved keys {ids:?}, expected {wanted:?}"));
    }
    let set = |names: Vec<String>| {
        let mut names = names;
        names.sort();
        names.dedup();
        names
    };
    let from = set(moves.from.iter().map(|n| n.to_string()).collect());
    let to = set(moves.to.iter().map(|n| n.to_string()).collect());
    if from != set(expected.iter().map(|m| m.1.clone()).collect())
        || to != set(expected.iter().map(|m| m.2.clone()).collect())
    {
        return Err(format!(
            "servers losing {from:?} and gaining {to:?} keys, expected {expected:?}"
        ));
    }
    if expected.len() <= LISTED {
        let mut listed: Vec<Move> = moves
            .listed
            .iter()
            .map(|m| (m.key, m.from.to_string(), m.to.to_string()))
            .collect();
        listed.sort();
        if listed != expected {
            return Err(format!("listed {listed:?}, expected {expected:?}"));
        }
    }
    Ok(())
}

/// The name of the server owning the key labelled `label`, as the engine says.
pub fn owner_of(scenario: &Scenario, label: &str) -> String {
    let id = scenario
        .keys()
        .find(label)
        .unwrap_or_else(|| panic!("no key {label}"));
    scenario.servers()[scenario.owner_of_key(id)].name.clone()
}

/// A server of a generated scenario: placed by hand (if its position is free) or hashed, a seed
/// for its position, and its weight when hashed.
pub type ServerSpec = (bool, u64, u32);

/// The servers `specs` describe on a ring of `size`, named in order from `names`: a server
/// placed by hand at a position another already took is hashed instead.
pub fn servers_of(size: u64, names: &[&str], specs: &[ServerSpec]) -> Vec<Server> {
    let mut taken = std::collections::HashSet::new();
    specs
        .iter()
        .zip(names)
        .map(|(&(by_hand, seed, weight), name)| {
            let position = seed % size;
            if by_hand && taken.insert(position) {
                Server::at(name, position as u32)
            } else {
                Server {
                    name: name.to_string(),
                    placement: Placement::Hashed { weight },
                }
            }
        })
        .collect()
}
