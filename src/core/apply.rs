//! Applying a [`Change`] to a [`Scenario`]: check everything first, then compute the new
//! scenario and what moved. A refused change leaves the scenario exactly as it was.

use std::sync::Arc;

use super::change::Change;
use super::diff::{KeyMove, RingDiff};
use super::error::Error;
use super::keys::{Key, KeySet};
use super::modn::{mod_n_expected, mod_n_moves};
use super::outcome::{percent, plural, Outcome};
use super::ring::Ring;
use super::scenario::{check_limits, Scenario};
use super::server::{check_vnodes, check_weight, clean_name, Placement, Server};
use super::size::RingSize;

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
        let (next, mut outcome) = self.applied(&change)?;
        *self = next;
        outcome.change = Some(change);
        Ok(outcome)
    }

    fn applied(&self, change: &Change) -> Result<(Scenario, Outcome), Error> {
        match change {
            Change::AddServer { name, at, weight } => self.add_server(name, *at, *weight),
            Change::RemoveServer { name } => {
                let (index, server) = self.server(name)?;
                if self.servers.len() == 1 {
                    return Err(Error::LastServer);
                }
                let mut next = self.clone();
                next.servers.remove(index);
                next.ring = Arc::new(self.ring.without_server(index));
                let expected = server.weight() as f64 / self.total_weight() as f64;
                Ok(self.moved(
                    next,
                    format!("Server {} removed.", server.name),
                    Some(expected),
                ))
            }
            Change::SetVnodes { vnodes } => {
                let vnodes = check_vnodes(*vnodes)?;
                check_limits(&self.servers, vnodes)?;
                let mut next = self.clone();
                next.vnodes = vnodes;
                next.ring = Arc::new(Ring::build(self.size, self.hash, vnodes, &self.servers));
                let words = plural(vnodes as usize, "point", "points");
                Ok(self.moved(next, format!("Now {vnodes} {words} per server."), None))
            }
            Change::SetWeight { name, weight } => {
                let (index, server) = self.server(name)?;
                let weight = check_weight(*weight)?;
                if let Placement::At(_) = server.placement {
                    return Err(Error::WeightOfPlacedServer(server.name.clone()));
                }
                let mut next = self.clone();
                next.servers[index].placement = Placement::Hashed { weight };
                check_limits(&next.servers, self.vnodes)?;
                next.ring = Arc::new(Ring::build(
                    self.size,
                    self.hash,
                    self.vnodes,
                    &next.servers,
                ));
                Ok(self.moved(
                    next,
                    format!("{} now has weight {weight}.", server.name),
                    None,
                ))
            }
            Change::MovePoint { name, to } => {
                let (index, server) = self.server(name)?;
                if let Placement::Hashed { .. } = server.placement {
                    return Err(Error::MoveOfHashedServer(server.name.clone()));
                }
                let to = self.size.check(*to)?;
                self.check_free(to, Some(index))?;
                let mut next = self.clone();
                next.servers[index].placement = Placement::At(to);
                next.ring = Arc::new(Ring::build(
                    self.size,
                    self.hash,
                    self.vnodes,
                    &next.servers,
                ));
                Ok(self.moved(next, format!("{} moved to {to}.", server.name), None))
            }
            Change::AddKeys { keys } => {
                let parsed = keys
                    .iter()
                    .map(|k| Key::parse(k))
                    .collect::<Result<Vec<_>, _>>()?;
                if parsed.is_empty() {
                    return Err(Error::EmptyKey);
                }
                let headline = match parsed.as_slice() {
                    [one] => format!("Key {} added.", one.label()),
                    many => format!("{} keys added.", many.len()),
                };
                self.with_keys(headline, |set| set.insert(parsed))
            }
            Change::GenerateKeys { count } => {
                let words = plural(*count, "key", "keys");
                self.with_keys(format!("{count} {words} added."), |set| {
                    set.generate(*count).map(|_| ())
                })
            }
            Change::DropKey { label } => self
                .with_keys(format!("Key {} removed.", label.trim()), |set| {
                    set.remove(label).map(|_| ())
                }),
            Change::ClearKeys => self.with_keys("All keys removed.".into(), |set| {
                set.clear();
                Ok(())
            }),
            Change::SetRingSize { size } => {
                let size = RingSize::new(*size)?;
                for server in &self.servers {
                    if let Placement::At(position) = server.placement {
                        size.check(u64::from(position))?;
                    }
                }
                self.replaced(
                    size,
                    self.hash,
                    format!("The ring now has {} positions.", size_words(size)),
                )
            }
            Change::SetHash { hash } => self.replaced(
                self.size,
                *hash,
                format!("Hashing with {}.", hash.describe()),
            ),
        }
    }

    fn add_server(
        &self,
        name: &str,
        at: Option<u64>,
        weight: Option<u32>,
    ) -> Result<(Scenario, Outcome), Error> {
        let name = clean_name(name)?;
        if self.servers.iter().any(|s| s.name == name) {
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
        let server = Server { name, placement };
        let mut next = self.clone();
        next.servers.push(server.clone());
        check_limits(&next.servers, self.vnodes)?;
        next.ring = Arc::new(self.ring.with_server(self.hash, self.vnodes, &server));
        let expected = server.weight() as f64 / next.total_weight() as f64;
        let headline = format!("Server {} added.", server.name);
        Ok(self.moved(next, headline, Some(expected)))
    }

    /// Refuses a hand-placed position that another server's point already holds.
    fn check_free(&self, position: u32, mover: Option<usize>) -> Result<(), Error> {
        match self.ring.occupant(position) {
            Some(by) if Some(by) != mover => Err(Error::PositionTaken {
                position,
                by: self.servers[by].name.clone(),
            }),
            _ => Ok(()),
        }
    }

    fn total_weight(&self) -> u64 {
        self.servers.iter().map(|s| u64::from(s.weight())).sum()
    }

    /// The outcome of a server change on a ring of unchanged size and hash: moved keys come
    /// from the arcs of the diff.
    fn moved(
        &self,
        next: Scenario,
        headline: String,
        ring_expected: Option<f64>,
    ) -> (Scenario, Outcome) {
        let diff = RingDiff::between(&self.ring, &next.ring);
        let ring_moves = diff.moved_keys(&self.keys);
        let mod_n = mod_n_moves(
            self.ring.names(),
            self.keys.hashes(),
            next.ring.names(),
            next.keys.hashes(),
        );
        let outcome = Outcome {
            change: None,
            headline,
            moves_keys: true,
            keys: self.keys.len(),
            servers: (self.servers.len(), next.servers.len()),
            diff: Some(diff),
            ring_moves,
            ring_expected,
            mod_n_moves: mod_n,
            mod_n_expected: mod_n_expected(self.servers.len(), next.servers.len()),
            notes: crowding_note(&self.ring, &next.ring),
        };
        (next, outcome)
    }

    fn with_keys(
        &self,
        headline: String,
        edit: impl FnOnce(&mut KeySet) -> Result<(), Error>,
    ) -> Result<(Scenario, Outcome), Error> {
        let mut set = (*self.keys).clone();
        edit(&mut set)?;
        let mut next = self.clone();
        next.keys = Arc::new(set);
        let outcome = Outcome::quiet(headline, next.keys.len(), self.servers.len());
        Ok((next, outcome))
    }

    /// A new size or hash: every hashed point and key is placed again, so moved keys are found
    /// by comparing each key's owner before and after.
    fn replaced(
        &self,
        size: RingSize,
        hash: super::hash::HashScheme,
        headline: String,
    ) -> Result<(Scenario, Outcome), Error> {
        let keys = self.keys.rehashed(size, hash)?;
        let ring = Ring::build(size, hash, self.vnodes, &self.servers);
        let next = Scenario {
            size,
            hash,
            vnodes: self.vnodes,
            servers: self.servers.clone(),
            ring: Arc::new(ring),
            keys: Arc::new(keys),
        };
        let ring_moves: Vec<KeyMove> = (0..self.keys.len() as u32)
            .filter_map(|id| {
                let from = self.owner_of_key(id);
                let to = next.owner_of_key(id);
                (from != to).then(|| KeyMove {
                    key: id,
                    from: self.ring.names()[from].clone(),
                    to: next.ring.names()[to].clone(),
                })
            })
            .collect();
        let mod_n = mod_n_moves(
            self.ring.names(),
            self.keys.hashes(),
            next.ring.names(),
            next.keys.hashes(),
        );
        let outcome = Outcome {
            change: None,
            headline,
            moves_keys: true,
            keys: self.keys.len(),
            servers: (self.servers.len(), self.servers.len()),
            diff: None,
            ring_moves,
            ring_expected: None,
            mod_n_moves: mod_n,
            mod_n_expected: None,
            notes: crowding_note(&self.ring, &next.ring),
        };
        Ok((next, outcome))
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

fn size_words(size: RingSize) -> String {
    if size.is_full() {
        "2^32".to_string()
    } else {
        size.get().to_string()
    }
}
