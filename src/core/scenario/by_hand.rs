//! Points placed by hand (the teaching ring's "A at 10", a key at `@52`) when the ring changes,
//! and the change that hashes the servers placed by hand.
//!
//! **The rule.** A position chosen by hand keeps its share of the circle when the ring's size
//! changes: on a ring of M positions, position p goes to `round(p × M′ / M)` on a ring of M′
//! ([`RingSize::rescaled`]). A at 10, B at 40 and C at 75 of the 0–99 ring sit at 429,496,730,
//! 1,717,986,918 and 3,221,225,472 of the 2^32 ring, so each server keeps its share (35%, 30%,
//! 35%) and the picture stays the same; going back gives 10, 40 and 75 again. Keys placed by
//! hand move the same way, so each keeps its owner. When the new ring is too small to keep two
//! of those points apart, the change is refused, naming them: hashing the servers placed by hand
//! (`hash-placed`) or a larger ring is the way out.
//!
//! **Virtual nodes** apply to hashed servers only: a server placed by hand has one point.
//! `vnodes:100` says so in its headline instead of claiming points it did not make, and
//! `hash-placed` turns the servers placed by hand into hashed ones, each with the scenario's
//! virtual nodes.

use std::sync::Arc;

use super::down_server::DownServer;
use super::outcome::Outcome;
use super::state::{check_limits, Scenario};
use crate::core::error::Error;
use crate::core::hash::HashScheme;
use crate::core::keys::{Key, KeySet};
use crate::core::numbers_and_lists::{and_list, grouped, plural};
use crate::core::ring::Ring;
use crate::core::server::{Placement, Server};
use crate::core::size::RingSize;

/// The servers, down servers, keys and hot keys of a scenario carried onto another ring, with a
/// note saying what the rule moved.
pub(super) struct Carried {
    pub servers: Vec<Server>,
    pub down: Vec<DownServer>,
    pub keys: KeySet,
    pub hot: Vec<(String, u32)>,
    pub note: Option<String>,
}

impl Scenario {
    /// Carries everything placed by hand onto a ring of `size` positions hashed with `hash`
    /// (see the module's rule); hashed points and keys are placed again by the caller. Refused
    /// when two points placed by hand would share a position.
    pub(super) fn carried_to(&self, size: RingSize, hash: HashScheme) -> Result<Carried, Error> {
        let from = self.size;
        let move_server = |server: &Server| match server.placement {
            Placement::At(p) => Server {
                name: server.name.clone(),
                placement: Placement::At(size.rescaled(p, from)),
            },
            Placement::Hashed { .. } => server.clone(),
        };
        let servers: Vec<Server> = self.servers.iter().map(move_server).collect();
        let down: Vec<DownServer> = self
            .down
            .iter()
            .map(|d| DownServer {
                server: move_server(&d.server),
                index: d.index,
            })
            .collect();
        let mut spots: Vec<(u32, String)> = servers
            .iter()
            .chain(down.iter().map(|d| &d.server))
            .filter_map(|s| match s.placement {
                Placement::At(p) => Some((p, s.name.clone())),
                Placement::Hashed { .. } => None,
            })
            .collect();
        refuse_shared_spots(&mut spots, size)?;

        let placed_keys: Vec<u32> = (0..self.keys.len() as u32)
            .filter_map(|id| self.keys.placed_at(id))
            .collect();
        let keys = if placed_keys.is_empty() || size == from {
            self.keys.rehashed(size, hash)?
        } else {
            let mut spots: Vec<(u32, String)> = placed_keys
                .iter()
                .map(|&p| (size.rescaled(p, from), format!("@{p}")))
                .collect();
            refuse_shared_spots(&mut spots, size)?;
            let mut set = KeySet::new(size, hash);
            set.insert(
                self.keys
                    .iter()
                    .map(|key| match key {
                        Key::At(p) => Key::At(size.rescaled(p, from)),
                        other => other,
                    })
                    .collect(),
            )?;
            set
        };
        let hot = self
            .traffic
            .hot
            .iter()
            .map(|(label, times)| match Key::parse(label) {
                Ok(Key::At(p)) => (Key::At(size.rescaled(p, from)).label(), *times),
                _ => (label.clone(), *times),
            })
            .collect();
        let note = (size != from)
            .then(|| moved_words(&self.servers, &servers, placed_keys.len(), size))
            .flatten();
        Ok(Carried {
            servers,
            down,
            keys,
            hot,
            note,
        })
    }

    /// `hash-placed`: every server placed by hand (down ones too) is hashed from now on, with
    /// the scenario's virtual nodes.
    pub(super) fn hash_placed(&self) -> Result<(Scenario, Outcome), Error> {
        let by_hand = placed_names(&self.servers);
        let down_by_hand = self
            .down
            .iter()
            .any(|d| matches!(d.server.placement, Placement::At(_)));
        if by_hand.is_empty() && !down_by_hand {
            return Err(Error::NothingPlacedByHand);
        }
        let hashed = |server: &mut Server| {
            if let Placement::At(_) = server.placement {
                server.placement = Placement::Hashed { weight: 1 };
            }
        };
        let mut next = self.edited();
        next.servers.iter_mut().for_each(hashed);
        next.down.iter_mut().for_each(|d| hashed(&mut d.server));
        check_limits(&next.servers, self.vnodes)?;
        next.ring = Arc::new(Ring::build(
            self.size,
            self.hash,
            self.vnodes,
            &next.servers,
        ));
        let headline = match by_hand.as_slice() {
            [] => "The servers that are down will come back hashed.".to_string(),
            [one] => format!("{one} is hashed now, with {}.", points_words(self.vnodes)),
            many => format!(
                "{} are hashed now, with {} each.",
                names_words(many),
                points_words(self.vnodes)
            ),
        };
        Ok(self.moved(next, headline))
    }
}

/// The headline of `vnodes:N`: "Now 100 points per server" only when it is true of every
/// server; servers placed by hand keep one point, and the headline says so.
pub(super) fn vnodes_headline(servers: &[Server], vnodes: u32) -> String {
    let by_hand = placed_names(servers);
    let points = points_words(vnodes);
    if by_hand.is_empty() || vnodes == 1 {
        return format!("Now {points} per server.");
    }
    let (are, keep) = if by_hand.len() == 1 {
        ("is", "keeps")
    } else {
        ("are", "keep")
    };
    let names = names_words(&by_hand);
    if by_hand.len() == servers.len() {
        format!(
            "Virtual nodes set to {}, but {names} {are} placed by hand and {keep} one point: hash them to give each {points}.",
            grouped(u64::from(vnodes))
        )
    } else {
        format!("Now {points} per hashed server; {names}, placed by hand, {keep} one point.")
    }
}

/// The names of the servers placed by hand, in list order.
fn placed_names(servers: &[Server]) -> Vec<&str> {
    servers
        .iter()
        .filter(|s| matches!(s.placement, Placement::At(_)))
        .map(|s| s.name.as_str())
        .collect()
}

fn points_words(vnodes: u32) -> String {
    format!(
        "{} {}",
        grouped(u64::from(vnodes)),
        plural(vnodes as usize, "point", "points")
    )
}

/// A few names in full, more as "A, B, C and 7 others".
fn names_words(names: &[&str]) -> String {
    if names.len() <= 4 {
        and_list(names)
    } else {
        format!("{} and {} others", names[..3].join(", "), names.len() - 3)
    }
}

/// Refuses two points (position, name) that land on one position.
fn refuse_shared_spots(spots: &mut [(u32, String)], size: RingSize) -> Result<(), Error> {
    spots.sort();
    match spots.windows(2).find(|w| w[0].0 == w[1].0) {
        Some(pair) => Err(Error::PlacedTooClose {
            size: size.get(),
            first: pair[0].1.clone(),
            second: pair[1].1.clone(),
            position: pair[0].0,
        }),
        None => Ok(()),
    }
}

/// What the rule moved, in words: "A, B and C keep their share of the ring: A goes from 10 to
/// 429,496,730, ...; the 5 keys placed by hand move with them."
fn moved_words(before: &[Server], after: &[Server], keys: usize, size: RingSize) -> Option<String> {
    let moves: Vec<String> = before
        .iter()
        .zip(after)
        .filter_map(|(b, a)| match (b.placement, a.placement) {
            (Placement::At(from), Placement::At(to)) => Some(format!(
                "{} goes from {} to {}",
                a.name,
                grouped(u64::from(from)),
                grouped(u64::from(to))
            )),
            _ => None,
        })
        .collect();
    let names = placed_names(after);
    let keys_words = match keys {
        0 => String::new(),
        1 => "; the key placed by hand moves with them".to_string(),
        n => format!(
            "; the {} keys placed by hand move with them",
            grouped(n as u64)
        ),
    };
    let ring = if size.is_full() {
        "2^32".to_string()
    } else {
        grouped(size.get())
    };
    match moves.len() {
        0 if keys == 0 => None,
        0 => Some(format!(
            "Keys placed by hand keep their share of the ring of {ring}: {} of them moved.",
            grouped(keys as u64)
        )),
        n => {
            let listed = if n <= 4 {
                and_list(&moves)
            } else {
                format!("{} and {} more", moves[..3].join(", "), n - 3)
            };
            let (keep, their) = if names.len() == 1 {
                ("keeps", "its")
            } else {
                ("keep", "their")
            };
            Some(format!(
                "{} {keep} {their} share of the ring of {ring}: {listed}{keys_words}.",
                names_words(&names)
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::core::{Change, Scenario};

    #[test]
    fn the_teaching_servers_keep_their_shares_on_the_full_ring_and_come_back() {
        // 0 ....10.........40..................75.......99
        //       A          B                   C
        let mut s = Scenario::teaching();
        let out = s.apply(Change::SetRingSize { size: 1 << 32 }).unwrap();
        assert_eq!(
            out.notes[0],
            "A, B and C keep their share of the ring of 2^32: A goes from 10 to 429,496,730, B goes from 40 to 1,717,986,918 and C goes from 75 to 3,221,225,472; the 5 keys placed by hand move with them."
        );
        let shares: Vec<String> = s
            .ownership()
            .servers
            .iter()
            .map(|r| format!("{:.4}", r.share))
            .collect();
        assert_eq!(shares, ["0.3500", "0.3000", "0.3500"]);
        // Every key keeps its owner: none moved.
        assert_eq!(out.moved.len(), 0);
        s.apply(Change::SetRingSize { size: 100 }).unwrap();
        assert_eq!(s, Scenario::teaching());
    }

    #[test]
    fn a_ring_too_small_to_keep_two_servers_apart_is_refused_and_changes_nothing() {
        let mut s = Scenario::teaching();
        let before = s.clone();
        let refused = s.apply(Change::SetRingSize { size: 2 }).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "On a ring of 2 positions, B and C would both land on 1: each point placed by hand keeps its share of the ring, and this ring is too small to keep them apart. Choose a larger ring, or hash the servers placed by hand first."
        );
        assert_eq!(s, before);
        s.apply(Change::HashPlaced).unwrap();
        s.apply(Change::ClearKeys).unwrap();
        assert!(s.apply(Change::SetRingSize { size: 2 }).is_ok());
    }

    #[test]
    fn virtual_nodes_never_claim_points_that_servers_placed_by_hand_did_not_take() {
        let mut s = Scenario::teaching();
        let out = s.apply(Change::SetVnodes { vnodes: 100 }).unwrap();
        assert_eq!(
            out.headline,
            "Virtual nodes set to 100, but A, B and C are placed by hand and keep one point: hash them to give each 100 points."
        );
        assert_eq!(s.ring().points().len(), 3);
        s.apply(Change::AddServer {
            name: "D".into(),
            at: None,
            weight: None,
        })
        .unwrap();
        let out = s.apply(Change::SetVnodes { vnodes: 10 }).unwrap();
        assert_eq!(
            out.headline,
            "Now 10 points per hashed server; A, B and C, placed by hand, keep one point."
        );
        let out = s.apply(Change::HashPlaced).unwrap();
        assert_eq!(
            out.headline,
            "A, B and C are hashed now, with 10 points each."
        );
        assert_eq!(s.ring().points().len(), 40);
        let out = s.apply(Change::SetVnodes { vnodes: 100 }).unwrap();
        assert_eq!(out.headline, "Now 100 points per server.");
        assert_eq!(
            s.apply(Change::HashPlaced).unwrap_err().to_string(),
            "No server is placed by hand: every server is hashed already."
        );
    }
}
