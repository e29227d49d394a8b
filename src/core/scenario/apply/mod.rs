//! Applying a [`Change`] to a [`Scenario`]: check everything first, then compute the new
//! scenario and what moved. A refused change leaves the scenario exactly as it was.
//!
//! The one door is [`Scenario::apply`]; each kind of change is worked out in the file for its
//! part of the scenario: `servers` (joining, leaving, weights, points), `keys`, `traffic`, and
//! `settings` (the ring's size and hash, the placement and its settings). Failures and the
//! timeline's settings are in `down`, the real systems' verbs in `system_verbs`.

mod keys;
mod servers;
mod settings;
mod traffic;

use std::sync::Arc;

use super::change::Change;
use super::outcome::{Baseline, Outcome};
use super::state::Scenario;
use super::system_verbs::system_outcome;
use crate::core::diff::RingDiff;
use crate::core::error::Error;
use crate::core::numbers_and_lists::percent;
use crate::core::placement::{mod_n_moves, moves_between, ring_moves, theory, Kind, Placed};
use crate::core::ring::Ring;
use crate::core::server::{Placement, Server};
use crate::core::size::RingSize;

impl Scenario {
    /// Applies `change`, returning what it did; on error nothing changes.
    ///
    /// ```
    /// use ringlab::core::{Change, Scenario};
    /// let mut s = Scenario::teaching();
    /// let out = s.apply(Change::AddServer { name: "D".into(), at: Some(60), weight: None }).unwrap();
    /// assert_eq!(out.summary(), "Server D added. 1 of 5 keys moved (20%). mod N would move 4 (80%).");
    /// let before = s.clone();
    /// assert!(s.apply(Change::AddServer { name: "E".into(), at: Some(60), weight: None }).is_err());
    /// assert_eq!(s, before);
    /// ```
    pub fn apply(&mut self, change: Change) -> Result<Outcome, Error> {
        let (next, outcome) = self.after(change)?;
        *self = next;
        Ok(outcome)
    }

    /// The scenario `change` would make, and what it did, leaving this one as it is.
    pub fn after(&self, change: Change) -> Result<(Scenario, Outcome), Error> {
        let (next, mut outcome) = self.applied(&change)?;
        outcome.change = Some(change);
        Ok((next, outcome))
    }

    fn applied(&self, change: &Change) -> Result<(Scenario, Outcome), Error> {
        match change {
            Change::AddServer { name, at, weight } => self.add_server(name, *at, *weight),
            Change::SetServers { servers } => self.set_servers(servers),
            Change::RemoveServer { name } => self.remove_server(name),
            Change::SetVnodes { vnodes } => self.set_vnodes(*vnodes),
            Change::SetWeight { name, weight } => self.set_weight(name, *weight),
            Change::MovePoint { name, to } => self.move_point(name, *to),
            Change::HashPlaced => self.hash_placed(),
            Change::AddKeys { keys } => self.add_keys(keys),
            Change::GenerateKeys { count } => self.generate_keys(*count),
            Change::DropKey { label } => self.drop_key(label),
            Change::ClearKeys => self.clear_keys(),
            Change::SetPopularity { popularity } => self.set_popularity(*popularity),
            Change::MakeHot { key, times } => self.make_hot(key, *times),
            Change::SetRemedy { remedy } => self.set_remedy(*remedy),
            Change::SetRingSize { size } => self.set_ring_size(*size),
            Change::SetHash { hash } => self.set_hash(*hash),
            Change::SetPlacement { placement } => self.set_placement(*placement),
            Change::Set { setting, value } => self.set(*setting, value),
            Change::FailServer { name } => self.fail(name),
            Change::RestartServer { name } => self.restart(name),
            Change::SetReplicas { count } => self.set_replicas(*count),
            Change::SetRestartDelay { seconds } => self.set_restart_after(*seconds),
            Change::SetGossip { seconds } => self.set_gossip(*seconds),
            Change::SetWrites { per_second } => self.set_writes(*per_second),
            Change::System(verb) => self.system_verb(verb),
        }
    }

    /// Refuses a hand-placed position that another server's point already holds, or that a
    /// down server will take back when it restarts.
    pub(super) fn check_free(&self, position: u32, mover: Option<usize>) -> Result<(), Error> {
        if let Some(down) = self
            .down
            .iter()
            .find(|d| d.server.placement == Placement::At(position))
        {
            return Err(Error::PositionTaken {
                position,
                by: down.server.name.clone(),
            });
        }
        match self.ring.occupant(position) {
            Some(by) if Some(by) != mover => Err(Error::PositionTaken {
                position,
                by: self.servers[by].name.clone(),
            }),
            _ => Ok(()),
        }
    }

    /// Each server's weight, in list order.
    pub(super) fn weights(&self) -> Vec<u32> {
        self.servers.iter().map(Server::weight).collect()
    }

    /// The outcome of a change to the servers or to a placement's settings: the keys that moved
    /// under the chosen placement, and under the one it is compared with.
    ///
    /// On the ring, with the same keys, what the change costs grows with the arcs that changed
    /// owner, not with the keys: the moved keys are runs of the sorted keys, and when this
    /// scenario's keys per server are known, the next scenario's are worked out from them and
    /// the arcs (see [`RingDiff::counts_after`]) rather than counted again.
    pub(super) fn moved(&self, next: Scenario, headline: String) -> (Scenario, Outcome) {
        let kind = self.placement;
        let diff = (kind == Kind::Ring && self.size == next.size && self.hash == next.hash)
            .then(|| RingDiff::between(&self.ring, &next.ring));
        let same_keys = Arc::ptr_eq(&self.keys, &next.keys);
        let (names_b, names_a) = (self.ring.names(), next.ring.names());
        let moved = match &diff {
            Some(diff) if same_keys => diff.moved_spans(&next.keys, names_b, names_a),
            Some(diff) => diff.moves(&self.keys, &next.keys, names_b, names_a),
            None => moves_between(
                &self.layout(),
                &self.placed(),
                &next.layout(),
                &next.placed(),
            ),
        };
        if let (Some(diff), Some(placed)) = (&diff, self.placed.0.get()) {
            if same_keys && placed.kind() == Kind::Ring && next.placement == Kind::Ring {
                let counts = diff.counts_after(&self.keys, placed.counts(), names_b, names_a);
                let placed = Placed::counted(&next.layout(), Kind::Ring, counts);
                // `next` was made without an evaluation, so the cache is empty.
                let _ = next.placed.0.set(Arc::new(placed));
            }
        }
        let (before_n, after_n) = (self.servers.len(), next.servers.len());
        let theory = theory(kind, &self.layout(), &next.layout());
        let baseline = baseline(self, &next, kind);
        let outcome = Outcome {
            change: None,
            headline,
            moves_keys: true,
            keys: self.keys.len(),
            servers: (before_n, after_n),
            placement: kind,
            diff,
            moved,
            theory,
            baseline: Some(baseline),
            notes: crowding_note(&self.ring, &next.ring),
            system: system_outcome(self, &next, kind),
        };
        (next, outcome)
    }
}

/// What the compared placement would have moved: mod N, or the ring when mod N is chosen.
fn baseline(before: &Scenario, after: &Scenario, chosen: Kind) -> Baseline {
    let kind = if chosen == Kind::ModN {
        Kind::Ring
    } else {
        Kind::ModN
    };
    let (b, a) = (before.layout(), after.layout());
    let moved = if kind == Kind::ModN {
        mod_n_moves(&b, &a)
    } else if before.size == after.size && before.hash == after.hash {
        // The ring's moves need only the two rings, not every key placed.
        ring_moves(&b, &a)
    } else {
        moves_between(&b, &Placed::new(&b, kind), &a, &Placed::new(&a, kind))
    };
    Baseline {
        kind,
        moved,
        theory: theory(kind, &before.layout(), &after.layout()),
    }
}

/// Says so when points run out of positions: on a small ring, many points must share.
fn crowding_note(before: &Ring, after: &Ring) -> Vec<String> {
    let shared = after.collisions();
    if shared == 0
        || shared <= before.collisions()
            && before.size() == after.size()
            && before.points().len() >= after.points().len()
    {
        return Vec::new();
    }
    let points = after.points().len();
    vec![format!(
        "{points} points on {} positions: {shared} of them share a position with another point ({} of points).",
        size_words(after.size()),
        percent(shared as f64 / points as f64)
    )]
}

pub(super) fn size_words(size: RingSize) -> String {
    if size.is_full() {
        "2^32".to_string()
    } else {
        size.get().to_string()
    }
}
