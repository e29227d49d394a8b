//! Applying a [`Change`] to a [`Scenario`]: check everything first, then compute the new
//! scenario and what moved. A refused change leaves the scenario exactly as it was.

use std::sync::Arc;

use super::by_hand::vnodes_headline;
use super::systems::system_outcome;
use super::{check_limits, Baseline, Cache, Change, NewServer, Outcome, Scenario};
use crate::core::decimal::hundredths_text;
use crate::core::diff::RingDiff;
use crate::core::error::{shown, Error};
use crate::core::hash::HashScheme;
use crate::core::keys::{Commas, Key, KeySet};
use crate::core::placement::partitions::{self as table, PartitionTable};
use crate::core::placement::{
    check_load, check_maglev_size, check_probes, mod_n_moves, moves_between, theory, unused, Kind,
    Placed,
};
use crate::core::ring::Ring;
use crate::core::server::{check_vnodes, check_weight, clean_name, Placement, Server};
use crate::core::size::RingSize;
use crate::core::traffic::{check_heat, check_remedy, check_zipf, Popularity, Remedy, Traffic};
use crate::core::words::{and_list, percent, plural};

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
            Change::RemoveServer { name } => {
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
                    .left(index, self.servers.len(), Some(&server.name))
                    .0;
                next.closed_up(index);
                Ok(self.moved(next, format!("Server {} removed.", server.name)))
            }
            Change::SetVnodes { vnodes } => {
                self.refuse_under_ketama()?;
                let vnodes = check_vnodes(*vnodes)?;
                check_limits(&self.servers, vnodes)?;
                let mut next = self.edited();
                next.vnodes = vnodes;
                next.ring = Arc::new(Ring::build(self.size, self.hash, vnodes, &self.servers));
                Ok(self.moved(next, vnodes_headline(&self.servers, vnodes)))
            }
            Change::SetWeight { name, weight } => {
                let (index, server) = self.server(name)?;
                let weight = check_weight(*weight)?;
                if let Placement::At(_) = server.placement {
                    return Err(Error::WeightOfPlacedServer(server.name.clone()));
                }
                if self.placement == Kind::Jump && weight != 1 {
                    return Err(Error::WeightsUnderJump);
                }
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
            Change::MovePoint { name, to } => {
                let (index, server) = self.server(name)?;
                if let Placement::Hashed { .. } = server.placement {
                    return Err(Error::MoveOfHashedServer(server.name.clone()));
                }
                let to = self.size.check(*to)?;
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
            Change::HashPlaced => self.hash_placed(),
            Change::AddKeys { keys } => {
                let parsed = keys
                    .iter()
                    .map(|k| Key::parse(k))
                    .collect::<Result<Vec<_>, _>>()?;
                if parsed.is_empty() {
                    return Err(Error::EmptyKey);
                }
                let headline = match parsed.as_slice() {
                    [one] => format!("Key {} added.", shown(&one.label())),
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
            Change::DropKey { label } => {
                let (mut next, outcome) = self
                    .with_keys(format!("Key {} removed.", shown(label.trim())), |set| {
                        set.remove(label).map(|_| ())
                    })?;
                // A key that is gone is hot no more, and has no count.
                if let (Some(measured), Some(id)) = (&self.traffic.measured, self.keys.find(label))
                {
                    next.traffic.measured = Some(measured.without(id));
                }
                let key = Key::read(label, Commas::Kept)?;
                next.traffic
                    .hot
                    .retain(|(l, _)| Key::parse(l).ok().as_ref() != Some(&key));
                Ok((next, outcome))
            }
            Change::ClearKeys => {
                let (mut next, outcome) = self.with_keys("All keys removed.".into(), |set| {
                    set.clear();
                    Ok(())
                })?;
                next.traffic.hot.clear();
                next.forget_data();
                Ok((next, outcome))
            }
            Change::SetPopularity { popularity } => {
                let popularity = match *popularity {
                    Popularity::Zipf { s } => Popularity::Zipf { s: check_zipf(s)? },
                    Popularity::Measured if self.traffic.measured.is_none() => {
                        return Err(Error::NoCounts)
                    }
                    other => other,
                };
                let headline = match popularity {
                    Popularity::Uniform => "Every key is now read equally often.".to_string(),
                    Popularity::Zipf { s } => format!(
                        "Keys are now read by Zipf's law, s = {}: the key added first is the most read.",
                        hundredths_text(s)
                    ),
                    Popularity::Measured => {
                        let fit = self
                            .traffic
                            .measured
                            .as_ref()
                            .and_then(|m| m.zipf_fit())
                            .map(|s| format!(" (the nearest Zipf's law has s = {s:.2})"))
                            .unwrap_or_default();
                        format!("Keys are now read as often as your data says{fit}.")
                    }
                };
                self.with_traffic(headline, |t| {
                    t.popularity = popularity;
                    Ok(())
                })
            }
            Change::MakeHot { key, times } => {
                let times = check_heat(*times)?;
                let wanted = Key::parse(key)?;
                let label = wanted.label();
                if self.keys.find(&label).is_none() {
                    return Err(Error::NoSuchKey(label));
                }
                let headline = if times == 1 {
                    format!("Key {} is read like any other again.", shown(&label))
                } else {
                    format!("Key {} is now read {times} times as often.", shown(&label))
                };
                self.with_traffic(headline, |t| {
                    let at = t
                        .hot
                        .iter()
                        .position(|(l, _)| Key::parse(l).ok().as_ref() == Some(&wanted));
                    match (at, times) {
                        (Some(i), 1) => {
                            t.hot.remove(i);
                        }
                        (None, 1) => return Err(Error::NotHot(label.clone())),
                        (Some(i), m) => t.hot[i].1 = m,
                        (None, m) => t.hot.push((label.clone(), m)),
                    }
                    Ok(())
                })
            }
            Change::SetRemedy { remedy } => {
                let remedy = check_remedy(*remedy)?;
                let headline = match remedy {
                    Remedy::Bounded(Some(c)) => format!(
                        "Bounded loads on requests: no server takes more than {} times its share.",
                        hundredths_text(c)
                    ),
                    Remedy::Bounded(None) => "Bounded loads on requests are off.".to_string(),
                    Remedy::Copies(Some(r)) => {
                        format!("The hottest keys are kept on {r} servers each.")
                    }
                    Remedy::Copies(None) => "The hottest keys have one copy again.".to_string(),
                    Remedy::Near(Some(f)) => format!(
                        "A near cache in the app servers answers {} of the hottest keys' reads.",
                        percent(f64::from(f) / 100.0)
                    ),
                    Remedy::Near(None) => "The near cache is off.".to_string(),
                    Remedy::Top(h) => format!("The remedies treat the {h} hottest keys."),
                };
                self.with_traffic(headline, |t| {
                    t.set(remedy);
                    Ok(())
                })
            }
            Change::SetRingSize { size } => {
                self.refuse_under_ketama()?;
                let size = RingSize::new(*size)?;
                if let Some(count) = self.options.partitions {
                    table::check_count(count, size)?;
                }
                self.replaced(
                    size,
                    self.hash,
                    format!("The ring now has {} positions.", size_words(size)),
                )
            }
            Change::SetHash { hash } => {
                self.refuse_under_ketama()?;
                self.replaced(
                    self.size,
                    *hash,
                    format!("Hashing with {}.", hash.describe()),
                )
            }
            Change::SetPlacement { placement } => {
                let down = self.down.iter().map(|d| &d.server);
                if *placement == Kind::Jump
                    && self.servers.iter().chain(down).any(|s| s.weight() != 1)
                {
                    return Err(Error::WeightsUnderJump);
                }
                let mut next = self.edited();
                next.placement = *placement;
                let mut outcome = Outcome::quiet(
                    format!("Placing keys with {}.", placement.name()),
                    self.keys.len(),
                    self.servers.len(),
                    *placement,
                );
                outcome.notes = unused(*placement, &next.layout());
                Ok((next, outcome))
            }
            Change::SetMaglevSize { size } => {
                let size = check_maglev_size(*size)?;
                let mut next = self.edited();
                next.options.maglev_size = size;
                Ok(self.moved(next, format!("Maglev's table now has {size} entries.")))
            }
            Change::SetPartitions { count } => {
                let count = table::check_count(*count, self.size)?;
                let mut next = self.edited();
                next.options.partitions = Some(count);
                let weights = self.weights();
                next.table = Arc::new(PartitionTable::start(count, &weights));
                let dealt = if weights.iter().all(|&w| w == weights[0]) {
                    "dealt round-robin"
                } else {
                    "dealt in proportion to the weights"
                };
                Ok(self.moved(next, format!("{count} partitions, {dealt}.")))
            }
            Change::SetLoadFactor { hundredths } => {
                let load = check_load(*hundredths)?;
                let mut next = self.edited();
                next.options.load = load;
                Ok(self.moved(
                    next,
                    format!(
                        "Bounded loads now cap each server at {} times its share.",
                        hundredths_text(load)
                    ),
                ))
            }
            Change::SetProbes { count } => {
                let probes = check_probes(*count)?;
                let mut next = self.edited();
                next.options.probes = probes;
                let words = plural(probes as usize, "probe", "probes");
                Ok(self.moved(
                    next,
                    format!("Multi-probe now looks {probes} times ({words})."),
                ))
            }
            Change::FailServer { name } => self.fail(name),
            Change::RestartServer { name } => self.restart(name),
            Change::SetReplicas { count } => self.set_replicas(*count),
            Change::SetRestartDelay { seconds } => self.set_restart_after(*seconds),
            Change::SetGossip { seconds } => self.set_gossip(*seconds),
            Change::SetWrites { per_second } => self.set_writes(*per_second),
            system => self.system_change(system),
        }
    }

    fn refuse_under_ketama(&self) -> Result<(), Error> {
        if self.placement == Kind::Ketama {
            Err(Error::FixedByKetama)
        } else {
            Ok(())
        }
    }

    fn add_server(
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
        if self.placement == Kind::Jump && weight.unwrap_or(1) != 1 {
            return Err(Error::WeightsUnderJump);
        }
        let server = Server { name, placement };
        let mut next = self.edited();
        next.servers.push(server.clone());
        check_limits(&next.servers, self.vnodes)?;
        next.ring = Arc::new(self.ring.with_server(self.hash, self.vnodes, &server));
        next.table = Arc::new(self.table.with_server(&next.weights()).0);
        next.systems = self
            .systems
            .joined(self.servers.len(), next.servers.len())
            .0;
        let headline = format!("Server {} added.", server.name);
        Ok(self.moved(next, headline))
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
    pub(super) fn moved(&self, next: Scenario, headline: String) -> (Scenario, Outcome) {
        let kind = self.placement;
        let diff = (kind == Kind::Ring && self.size == next.size && self.hash == next.hash)
            .then(|| RingDiff::between(&self.ring, &next.ring));
        let moved = match &diff {
            Some(diff) => diff.moves(&self.keys, &next.keys, self.ring.names(), next.ring.names()),
            None => moves_between(
                &self.layout(),
                &self.placed(),
                &next.layout(),
                &next.placed(),
            ),
        };
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

    /// The servers of `list` in place of the ring's, checked as a new scenario checks its
    /// servers; the keys stay, and whatever moved is counted as for any change.
    fn set_servers(&self, list: &[NewServer]) -> Result<(Scenario, Outcome), Error> {
        let mut servers = Vec::with_capacity(list.len());
        for new in list {
            let placement = match (new.at, new.weight) {
                (Some(_), Some(_)) => return Err(Error::WeightOfPlacedServer(new.name.clone())),
                (Some(at), None) => Placement::At(self.size.check(at)?),
                (None, weight) => Placement::Hashed {
                    weight: weight.unwrap_or(1),
                },
            };
            if self.placement == Kind::Jump && placement != (Placement::Hashed { weight: 1 }) {
                return Err(Error::WeightsUnderJump);
            }
            servers.push(Server {
                name: new.name.clone(),
                placement,
            });
        }
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

    /// A change to the traffic model: the keys and servers stay, so the evaluated placement is
    /// kept too.
    fn with_traffic(
        &self,
        headline: String,
        edit: impl FnOnce(&mut Traffic) -> Result<(), Error>,
    ) -> Result<(Scenario, Outcome), Error> {
        let mut next = self.clone();
        edit(&mut next.traffic)?;
        let outcome = Outcome::quiet(
            headline,
            self.keys.len(),
            self.servers.len(),
            self.placement,
        );
        Ok((next, outcome))
    }

    fn with_keys(
        &self,
        headline: String,
        edit: impl FnOnce(&mut KeySet) -> Result<(), Error>,
    ) -> Result<(Scenario, Outcome), Error> {
        let mut set = (*self.keys).clone();
        edit(&mut set)?;
        let mut next = self.edited();
        next.keys = Arc::new(set);
        next.count_new_keys(self.keys.len());
        let mut outcome = Outcome::quiet(
            headline,
            next.keys.len(),
            self.servers.len(),
            self.placement,
        );
        if self.placement == Kind::Bounded {
            outcome.notes.extend(bounded_note(self, &next));
        }
        Ok((next, outcome))
    }

    /// A new size or hash: every hashed point and key is placed again, and every point placed
    /// by hand keeps its share of the ring (see [`by_hand`](super::by_hand)), so moved keys are
    /// found by comparing each key's owner before and after.
    fn replaced(
        &self,
        size: RingSize,
        hash: HashScheme,
        headline: String,
    ) -> Result<(Scenario, Outcome), Error> {
        let carried = self.carried_to(size, hash)?;
        let ring = Ring::build(size, hash, self.vnodes, &carried.servers);
        let count = self.options.partition_count(size);
        let table = if count == self.table.count() {
            self.table.clone()
        } else {
            Arc::new(PartitionTable::start(count, &self.weights()))
        };
        let next = Scenario {
            size,
            hash,
            vnodes: self.vnodes,
            servers: carried.servers,
            ring: Arc::new(ring),
            keys: Arc::new(carried.keys),
            placement: self.placement,
            options: self.options,
            table,
            systems: self.systems.clone(),
            traffic: Traffic {
                hot: carried.hot,
                ..self.traffic.clone()
            },
            down: carried.down,
            timing: self.timing,
            source: self.source.clone(),
            placed: Cache::default(),
        };
        let (next, mut outcome) = self.moved(next, headline);
        outcome.notes.splice(0..0, carried.note);
        outcome.theory = None;
        if let Some(baseline) = &mut outcome.baseline {
            baseline.theory = None;
        }
        Ok((next, outcome))
    }
}

/// What the compared placement would have moved: mod N, or the ring when mod N is chosen.
fn baseline(before: &Scenario, after: &Scenario, chosen: Kind) -> Baseline {
    let kind = if chosen == Kind::ModN {
        Kind::Ring
    } else {
        Kind::ModN
    };
    let moved = if kind == Kind::ModN {
        mod_n_moves(&before.layout(), &after.layout())
    } else {
        let (b, a) = (before.layout(), after.layout());
        moves_between(&b, &Placed::new(&b, kind), &a, &Placed::new(&a, kind))
    };
    Baseline {
        kind,
        moved,
        theory: theory(kind, &before.layout(), &after.layout()),
    }
}

/// Under bounded loads the caps grow and shrink with the number of keys, so adding or removing
/// keys can move keys that were already there; says how many.
fn bounded_note(before: &Scenario, after: &Scenario) -> Option<String> {
    let (b, a) = (before.placed(), after.placed());
    let common = before.keys.len().min(after.keys.len());
    if after.keys.len() < before.keys.len() {
        return None;
    }
    let moved = (0..common as u32)
        .filter(|&id| {
            b.names()[b.owner_of_key(&before.keys, id)]
                != a.names()[a.owner_of_key(&after.keys, id)]
        })
        .count();
    (moved > 0).then(|| {
        format!(
            "The caps grew with the keys, so {moved} {} that were already there changed server.",
            plural(moved, "key", "keys")
        )
    })
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
