//! Failures, restarts and the timeline's settings, applied like every other change.
//!
//! A failed server leaves the server list and the ring, so its keys go to their successors
//! under every placement, but it stays listed as down with its place in the list. It keeps its
//! name and, when placed by hand, its position: no other server may take either while it is
//! down. A restart puts it back at its old place in the list (or at the end, if the list has
//! grown shorter), with the same points, so its arcs move back to it; the partition table deals
//! it partitions as it would a newcomer.

use std::sync::Arc;

use super::down_server::DownServer;
use super::outcome::Outcome;
use super::state::{check_limits, Scenario};
use super::timing::{check_gossip, check_replicas, check_restart_after, check_writes, Timing};
use crate::core::error::Error;
use crate::core::numbers_and_lists::plural;
use crate::core::placement::partitions::PartitionTable;
use crate::core::ring::Ring;
use crate::core::server::Placement;

impl Scenario {
    /// The servers that are down, in the order they failed.
    pub fn down(&self) -> &[DownServer] {
        &self.down
    }

    /// Whether the server called `name` is down.
    pub fn is_down(&self, name: &str) -> bool {
        self.down.iter().any(|d| d.server.name == name.trim())
    }

    /// The timeline's settings.
    pub fn timing(&self) -> Timing {
        self.timing
    }

    /// `fail:NAME`: the server stops; it leaves the ring but stays listed as down.
    pub(super) fn fail(&self, name: &str) -> Result<(Scenario, Outcome), Error> {
        if self.is_down(name) {
            return Err(Error::AlreadyDown(name.trim().to_string()));
        }
        let (index, server) = self.server(name)?;
        if self.servers.len() == 1 {
            return Err(Error::LastServerUp);
        }
        let mut next = self.edited();
        next.servers.remove(index);
        next.ring = Arc::new(self.ring.without_server(index));
        next.table = Arc::new(self.table.without_server(index, &next.weights()).0);
        next.systems = self.systems.left(index, self.servers.len(), None);
        next.closed_up(index);
        next.down.push(DownServer {
            server: server.clone(),
            index,
        });
        let headline = format!(
            "Server {} failed: it is down and owns nothing until it restarts.",
            server.name
        );
        Ok(self.moved(next, headline))
    }

    /// `restart:NAME`: a down server comes back, empty, at its old place.
    pub(super) fn restart(&self, name: &str) -> Result<(Scenario, Outcome), Error> {
        let name = name.trim();
        let Some(at) = self.down.iter().position(|d| d.server.name == name) else {
            return Err(match self.server(name) {
                Ok(_) => Error::NotDown(name.to_string()),
                Err(error) => error,
            });
        };
        let mut next = self.edited();
        let DownServer { server, index } = next.down.remove(at);
        if let Placement::At(position) = server.placement {
            self.size.check(u64::from(position))?;
            next.check_free(position, None)?;
        }
        self.placement.spec().check_weight(server.weight())?;
        let index = index.min(self.servers.len());
        next.servers.insert(index, server);
        for other in &mut next.down {
            if other.index > index {
                other.index += 1;
            }
        }
        check_limits(&next.servers, self.vnodes)?;
        next.ring = Arc::new(Ring::build(
            self.size,
            self.hash,
            self.vnodes,
            &next.servers,
        ));
        next.table = Arc::new(table_with(&self.table, &next.weights(), index));
        next.systems = self.systems.joined(index, next.servers.len());
        let headline = format!("Server {name} restarted, empty: its arcs move back to it.");
        Ok(self.moved(next, headline))
    }

    /// Keeps the down servers' places when the server at `index` leaves the list: the places
    /// after it move down by one, so each down server returns between the same neighbours.
    pub(super) fn closed_up(&mut self, index: usize) {
        for down in &mut self.down {
            if down.index > index {
                down.index -= 1;
            }
        }
    }

    /// Removing a server that is down: it is forgotten, and no key moves.
    pub(super) fn forget(&self, name: &str) -> Option<(Scenario, Outcome)> {
        let at = self
            .down
            .iter()
            .position(|d| d.server.name == name.trim())?;
        let mut next = self.clone();
        let gone = next.down.remove(at);
        let outcome = Outcome::quiet(
            format!("Server {}, which was down, removed.", gone.server.name),
            self.keys.len(),
            self.servers.len(),
            self.placement,
        );
        Some((next, outcome))
    }

    /// A change to the timeline's settings: nothing on the ring moves.
    pub(super) fn with_timing(
        &self,
        edit: impl FnOnce(&mut Timing) -> Result<String, Error>,
    ) -> Result<(Scenario, Outcome), Error> {
        let mut next = self.clone();
        let headline = edit(&mut next.timing)?;
        let outcome = Outcome::quiet(
            headline,
            self.keys.len(),
            self.servers.len(),
            self.placement,
        );
        Ok((next, outcome))
    }

    /// `replicas:R`.
    pub(super) fn set_replicas(&self, count: u32) -> Result<(Scenario, Outcome), Error> {
        let count = check_replicas(count)?;
        self.with_timing(|t| {
            t.replicas = count;
            Ok(if count == 1 {
                "Each key now has one copy.".to_string()
            } else {
                format!("Each key is now kept on {count} servers.")
            })
        })
    }

    /// `restart-after:SECONDS` or `restart-after:off`.
    pub(super) fn set_restart_after(
        &self,
        seconds: Option<u32>,
    ) -> Result<(Scenario, Outcome), Error> {
        let seconds = seconds.map(check_restart_after).transpose()?;
        self.with_timing(|t| {
            t.restart_after = seconds;
            Ok(match seconds {
                Some(s) => format!(
                    "A failed server now restarts {s} {} after it fails.",
                    plural(s as usize, "second", "seconds")
                ),
                None => "A failed server now stays down.".to_string(),
            })
        })
    }

    /// `gossip:SECONDS`.
    pub(super) fn set_gossip(&self, seconds: u32) -> Result<(Scenario, Outcome), Error> {
        let seconds = check_gossip(seconds)?;
        self.with_timing(|t| {
            t.gossip = seconds;
            Ok(if seconds == 0 {
                "A membership change now reaches every client at once.".to_string()
            } else {
                format!(
                    "A membership change now takes {seconds} {} to reach every client.",
                    plural(seconds as usize, "second", "seconds")
                )
            })
        })
    }

    /// `writes:PER_SECOND`.
    pub(super) fn set_writes(&self, per_second: u64) -> Result<(Scenario, Outcome), Error> {
        let per_second = check_writes(per_second)?;
        self.with_timing(|t| {
            t.writes = per_second;
            Ok(if per_second == 0 {
                "No writes.".to_string()
            } else {
                format!("{per_second} writes per second, spread like the reads.")
            })
        })
    }
}

/// The partition table with a server joining at `index` of a list whose weights are `weights`
/// (the newcomer's among them): dealt as a newcomer at the end of the list, then renumbered.
fn table_with(table: &PartitionTable, weights: &[u32], index: usize) -> PartitionTable {
    let last = weights.len() - 1;
    let mut at_end: Vec<u32> = weights.to_vec();
    let newcomer = at_end.remove(index);
    at_end.push(newcomer);
    let (dealt, _) = table.with_server(&at_end);
    let owners: Vec<u16> = dealt
        .owners()
        .iter()
        .map(|&o| {
            let o = o as usize;
            if o == last {
                index as u16
            } else if o >= index {
                o as u16 + 1
            } else {
                o as u16
            }
        })
        .collect();
    PartitionTable::from_owners(owners, weights.len())
        .unwrap_or_else(|| PartitionTable::start(table.count(), weights))
}

#[cfg(test)]
mod tests {
    use crate::core::placement::ServersBy;
    use crate::core::{Change, Error, Kind, Scenario};

    fn fail(name: &str) -> Change {
        Change::FailServer { name: name.into() }
    }

    fn restart(name: &str) -> Change {
        Change::RestartServer { name: name.into() }
    }

    #[test]
    fn a_failed_server_leaves_the_ring_but_stays_listed_as_down() {
        let mut s = Scenario::teaching();
        let out = s.apply(fail("C")).unwrap();
        assert_eq!(out.moved.len(), 2); // 52 and 68 go on to A at 10
        assert_eq!(s.servers().len(), 2);
        assert_eq!(s.down().len(), 1);
        assert_eq!(s.down()[0].index, 2);
        assert!(s.is_down("C"));
        assert_eq!(s.server("C").unwrap_err(), Error::ServerDown("C".into()));
    }

    #[test]
    fn a_restart_gives_back_the_same_servers_ring_and_owners_on_every_placement() {
        for kind in Kind::ALL {
            let mut s = Scenario::teaching();
            s.apply(Change::GenerateKeys { count: 200 }).unwrap();
            s.apply(Change::SetPlacement { placement: kind }).unwrap();
            let before = s.clone();
            s.apply(fail("B")).unwrap();
            s.apply(restart("B")).unwrap();
            assert_eq!(s.servers(), before.servers(), "{kind}");
            assert_eq!(s.ring(), before.ring(), "{kind}");
            assert!(s.down().is_empty());
            let (now, then) = (s.placed(), before.placed());
            let owners_kept = (0..s.keys().len() as u32)
                .all(|id| now.owner_of_key(s.keys(), id) == then.owner_of_key(s.keys(), id));
            // The partition table deals the returning server partitions as a newcomer's.
            assert_eq!(
                owners_kept,
                kind.spec().servers_by != ServersBy::Table,
                "{kind}"
            );
            assert_eq!(s.table().counts(3), vec![4, 3, 3], "{kind}");
        }
    }

    #[test]
    fn bad_failures_and_restarts_are_refused_and_change_nothing() {
        let mut s = Scenario::teaching();
        let before = s.clone();
        assert_eq!(
            s.apply(fail("Z")).unwrap_err(),
            Error::NoSuchServer("Z".into())
        );
        assert_eq!(
            s.apply(restart("A")).unwrap_err(),
            Error::NotDown("A".into())
        );
        assert_eq!(s, before);
        s.apply(fail("A")).unwrap();
        s.apply(fail("B")).unwrap();
        let down = s.clone();
        assert_eq!(s.apply(fail("C")).unwrap_err(), Error::LastServerUp);
        assert_eq!(
            s.apply(fail("A")).unwrap_err(),
            Error::AlreadyDown("A".into())
        );
        // A down server keeps its name and its position.
        assert!(matches!(
            s.apply("add:A@20".parse().unwrap()),
            Err(Error::DuplicateServer(_))
        ));
        assert!(matches!(
            s.apply("add:E@10".parse().unwrap()),
            Err(Error::PositionTaken { .. })
        ));
        assert_eq!(s, down);
    }

    #[test]
    fn removing_a_down_server_forgets_it_and_moves_nothing() {
        let mut s = Scenario::teaching();
        s.apply(fail("B")).unwrap();
        let out = s.apply(Change::RemoveServer { name: "B".into() }).unwrap();
        assert!(!out.moves_keys);
        assert!(s.down().is_empty());
        assert_eq!(s.servers().len(), 2);
    }

    #[test]
    fn settings_are_checked_and_a_refused_one_changes_nothing() {
        let mut s = Scenario::teaching();
        s.apply(Change::SetReplicas { count: 3 }).unwrap();
        s.apply(Change::SetGossip { seconds: 30 }).unwrap();
        s.apply(Change::SetWrites { per_second: 500 }).unwrap();
        s.apply(Change::SetRestartDelay { seconds: Some(60) })
            .unwrap();
        let set = s.clone();
        for bad in [
            Change::SetReplicas { count: 6 },
            Change::SetGossip { seconds: 601 },
            Change::SetRestartDelay { seconds: Some(0) },
            Change::SetWrites {
                per_second: u64::MAX,
            },
        ] {
            assert!(matches!(s.apply(bad), Err(Error::OutOfRange(_))));
        }
        assert_eq!(s, set);
        let t = s.timing();
        assert_eq!(
            (t.replicas, t.gossip, t.writes, t.restart_after),
            (3, 30, 500, Some(60))
        );
    }
}
