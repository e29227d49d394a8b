//! Changes to the servers: joining, leaving, a new list, virtual nodes, weights and points
//! placed by hand.

use std::sync::Arc;

use super::super::by_hand::vnodes_headline;
use super::super::change::NewServer;
use super::super::outcome::Outcome;
use super::super::state::{check_limits, Scenario};
use crate::core::error::Error;
use crate::core::numbers_and_lists::{and_list, plural};
use crate::core::ring::Ring;
use crate::core::server::{check_vnodes, check_weight, clean_name, Placement, Server};

impl Scenario {
    pub(super) fn refuse_fixed_ring(&self) -> Result<(), Error> {
        self.placement.spec().check_ring_settings()
    }

    pub(super) fn add_server(
        &self,
        name: &str,
        at: Option<u64>,
        weight: Option<u32>,
    ) -> Result<(Scenario, Outcome), Error> {
        let name = clean_name(name)?;
        if self.servers.iter().any(|s| s.name == name) || self.is_down(&name) {
            return Err(Error::DuplicateServer(name));
        }
        let placement = match (at, weight) {
            (Some(_), Some(_)) => return Err(Error::WeightOfPlacedServer(name)),
            (Some(at), None) => {
                let position = self.size.check(at)?;
                self.check_free(position, None)?;
                Placement::At(position)
            }
            (None, weight) => Placement::Hashed {
                weight: check_weight(weight.unwrap_or(1))?,
            },
        };
        self.placement.spec().check_weight(weight.unwrap_or(1))?;
        let server = Server { name, placement };
        let mut next = self.edited();
        next.servers.push(server.clone());
        check_limits(&next.servers, self.vnodes)?;
        next.ring = Arc::new(self.ring.with_server(self.hash, self.vnodes, &server));
        next.table = Arc::new(self.table.with_server(&next.weights()).0);
        next.systems = self.systems.joined(self.servers.len(), next.servers.len());
        let headline = format!("Server {} added.", server.name);
        Ok(self.moved(next, headline))
    }

    /// Removes server `name` and its points; its keys go to the servers that follow.
    pub(super) fn remove_server(&self, name: &str) -> Result<(Scenario, Outcome), Error> {
        if let Some(forgotten) = self.forget(name) {
            return Ok(forgotten);
        }
        let (index, server) = self.server(name)?;
        if self.servers.len() == 1 {
            return Err(Error::LastServer);
        }
        self.refuse_del_node(index)?;
        let mut next = self.edited();
        next.servers.remove(index);
        next.ring = Arc::new(self.ring.without_server(index));
        next.table = Arc::new(self.table.without_server(index, &next.weights()).0);
        next.systems = self
            .systems
            .left(index, self.servers.len(), Some(&server.name));
        next.closed_up(index);
        Ok(self.moved(next, format!("Server {} removed.", server.name)))
    }

    /// Sets the points per (weight-1) hashed server.
    pub(super) fn set_vnodes(&self, vnodes: u32) -> Result<(Scenario, Outcome), Error> {
        self.refuse_fixed_ring()?;
        let vnodes = check_vnodes(vnodes)?;
        check_limits(&self.servers, vnodes)?;
        let mut next = self.edited();
        next.vnodes = vnodes;
        next.ring = Arc::new(Ring::build(self.size, self.hash, vnodes, &self.servers));
        Ok(self.moved(next, vnodes_headline(&self.servers, vnodes)))
    }

    /// Sets hashed server `name`'s weight.
    pub(super) fn set_weight(&self, name: &str, weight: u32) -> Result<(Scenario, Outcome), Error> {
        let (index, server) = self.server(name)?;
        let weight = check_weight(weight)?;
        if let Placement::At(_) = server.placement {
            return Err(Error::WeightOfPlacedServer(server.name.clone()));
        }
        self.placement.spec().check_weight(weight)?;
        let mut next = self.edited();
        next.servers[index].placement = Placement::Hashed { weight };
        check_limits(&next.servers, self.vnodes)?;
        next.ring = Arc::new(Ring::build(
            self.size,
            self.hash,
            self.vnodes,
            &next.servers,
        ));
        next.table = Arc::new(self.table.reweighed(&next.weights()).0);
        Ok(self.moved(next, format!("{} now has weight {weight}.", server.name)))
    }

    /// Moves hand-placed server `name`'s point to `to`.
    pub(super) fn move_point(&self, name: &str, to: u64) -> Result<(Scenario, Outcome), Error> {
        let (index, server) = self.server(name)?;
        if let Placement::Hashed { .. } = server.placement {
            return Err(Error::MoveOfHashedServer(server.name.clone()));
        }
        let to = self.size.check(to)?;
        self.check_free(to, Some(index))?;
        let mut next = self.edited();
        next.servers[index].placement = Placement::At(to);
        next.ring = Arc::new(Ring::build(
            self.size,
            self.hash,
            self.vnodes,
            &next.servers,
        ));
        Ok(self.moved(next, format!("{} moved to {to}.", server.name)))
    }

    /// The servers of `list` in place of the ring's, checked as a new scenario checks its
    /// servers; the keys stay, and whatever moved is counted as for any change.
    pub(super) fn set_servers(&self, list: &[NewServer]) -> Result<(Scenario, Outcome), Error> {
        let mut servers = Vec::with_capacity(list.len());
        for new in list {
            let placement = match (new.at, new.weight) {
                (Some(_), Some(_)) => return Err(Error::WeightOfPlacedServer(new.name.clone())),
                (Some(at), None) => Placement::At(self.size.check(at)?),
                (None, weight) => Placement::Hashed {
                    weight: weight.unwrap_or(1),
                },
            };
            servers.push(Server {
                name: new.name.clone(),
                placement,
            });
        }
        self.placement.spec().check_servers(servers.iter())?;
        let checked = Scenario::new(self.size, self.hash, self.vnodes, servers)?;
        let mut next = self.edited();
        next.servers = checked.servers;
        next.ring = checked.ring;
        next.table = checked.table;
        // The systems' tables name servers by their place in the list: those that no longer
        // fit start afresh, as the placements already read them, so a link or a file holds
        // the state in use.
        next.systems = self.systems.fitted(next.servers.len());
        next.down = Vec::new();
        let names: Vec<&str> = next.servers.iter().map(|s| s.name.as_str()).collect();
        let headline = format!(
            "{} {} now: {}.",
            names.len(),
            plural(names.len(), "server", "servers"),
            and_list(&names)
        );
        Ok(self.moved(next, headline))
    }
}
