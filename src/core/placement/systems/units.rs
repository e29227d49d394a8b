//! A table of units (Redis's slots, Kafka's partitions, Elasticsearch's shards) and the server
//! holding each: state that the system's own verbs change, never a function of the server list.
//!
//! Servers are named by their index in the scenario's list of servers that are up, so the table
//! follows that list: [`Units::inserted`] and [`Units::removed`] renumber it when a server joins
//! at a place or leaves.

use std::fmt;

use crate::core::error::Error;

/// Which server holds each unit.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Units {
    owners: Vec<u16>,
}

/// One unit handed from one server to another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnitMove {
    /// The unit.
    pub unit: u32,
    /// Its holder before.
    pub from: usize,
    /// Its holder after.
    pub to: usize,
}

impl Units {
    /// A table read from its owners.
    pub fn new(owners: Vec<u16>) -> Units {
        Units { owners }
    }

    /// `count` units dealt round-robin: unit `u` on server `u mod servers`.
    pub fn round_robin(count: u32, servers: usize) -> Units {
        let servers = servers.max(1);
        Units {
            owners: (0..count).map(|u| (u as usize % servers) as u16).collect(),
        }
    }

    /// The number of units.
    pub fn len(&self) -> u32 {
        self.owners.len() as u32
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.owners.is_empty()
    }

    /// The holder of every unit, by server index.
    pub fn owners(&self) -> &[u16] {
        &self.owners
    }

    /// The holder of `unit`.
    pub fn owner(&self, unit: u32) -> usize {
        self.owners[unit as usize] as usize
    }

    /// Whether every holder is one of `servers` servers.
    pub fn fits(&self, servers: usize) -> bool {
        self.owners.iter().all(|&o| (o as usize) < servers)
    }

    /// How many units each of `servers` servers holds.
    pub fn counts(&self, servers: usize) -> Vec<u64> {
        let mut counts = vec![0u64; servers];
        for &o in &self.owners {
            if let Some(c) = counts.get_mut(o as usize) {
                *c += 1;
            }
        }
        counts
    }

    /// The units `server` holds, lowest first.
    pub fn held_by(&self, server: usize) -> Vec<u32> {
        (0..self.len())
            .filter(|&u| self.owner(u) == server)
            .collect()
    }

    /// Maximal runs of consecutive units on one server: `(first, last, server)`.
    pub fn runs(&self) -> Vec<(u32, u32, usize)> {
        let mut runs: Vec<(u32, u32, usize)> = Vec::new();
        for (u, &o) in self.owners.iter().enumerate() {
            match runs.last_mut() {
                Some(run) if run.2 == o as usize && run.1 + 1 == u as u32 => run.1 = u as u32,
                _ => runs.push((u as u32, u as u32, o as usize)),
            }
        }
        runs
    }

    /// The table with `moves` applied.
    pub fn moved(&self, moves: &[UnitMove]) -> Units {
        let mut next = self.clone();
        for m in moves {
            next.owners[m.unit as usize] = m.to as u16;
        }
        next
    }

    /// The table after a server joins the list at `index`: the servers from there on move up
    /// by one, and the newcomer holds nothing.
    pub fn inserted(&self, index: usize) -> Units {
        Units {
            owners: self
                .owners
                .iter()
                .map(|&o| if o as usize >= index { o + 1 } else { o })
                .collect(),
        }
    }

    /// The table after the server at `index`, which must hold nothing, leaves the list.
    pub fn removed(&self, index: usize) -> Units {
        debug_assert!(self.owners.iter().all(|&o| o as usize != index));
        Units {
            owners: self
                .owners
                .iter()
                .map(|&o| if o as usize > index { o - 1 } else { o })
                .collect(),
        }
    }

    /// Hands each unit of the server at `index` to the server (of `servers`, itself excluded)
    /// holding the fewest, one at a time, lowest unit first; ties go to the server listed
    /// first. The server keeps its place in the list (see [`Units::removed`]).
    pub fn handed_out(&self, index: usize, servers: usize) -> (Units, Vec<UnitMove>) {
        let mut counts = self.counts(servers);
        let mut moves = Vec::new();
        for unit in self.held_by(index) {
            let Some(taker) = (0..servers)
                .filter(|&s| s != index)
                .min_by_key(|&s| (counts[s], s))
            else {
                break;
            };
            counts[taker] += 1;
            counts[index] -= 1;
            moves.push(UnitMove {
                unit,
                from: index,
                to: taker,
            });
        }
        (self.moved(&moves), moves)
    }

    /// The server at `index` takes units until no server holds more than one unit above it:
    /// each time one unit, the highest, from the server holding the most (ties to the server
    /// listed first), as a balancing allocator evens out counts.
    pub fn balanced_onto(&self, index: usize, servers: usize) -> (Units, Vec<UnitMove>) {
        let mut next = self.clone();
        let mut counts = self.counts(servers);
        let mut moves = Vec::new();
        while let Some(donor) = (0..servers)
            .filter(|&s| s != index)
            .max_by_key(|&s| (counts[s], std::cmp::Reverse(s)))
        {
            if counts[donor] <= counts[index] + 1 {
                break;
            }
            let unit = next
                .owners
                .iter()
                .rposition(|&o| o as usize == donor)
                .expect("the donor holds a unit") as u32;
            next.owners[unit as usize] = index as u16;
            counts[donor] -= 1;
            counts[index] += 1;
            moves.push(UnitMove {
                unit,
                from: donor,
                to: index,
            });
        }
        (next, moves)
    }

    /// Reads the text [`Units`] writes: runs `server` or `server*length` joined by `.`, which
    /// must make `count` units held by `servers` servers.
    pub fn parse(text: &str, count: u32, servers: usize) -> Result<Units, Error> {
        let bad = || Error::BadTable(text.chars().take(40).collect());
        let mut owners: Vec<u16> = Vec::new();
        for run in text.split('.') {
            let (owner, length) = match run.split_once('*') {
                Some((o, n)) => (o, n.trim().parse::<u32>().map_err(|_| bad())?),
                None => (run, 1),
            };
            let owner: u16 = owner.trim().parse().map_err(|_| bad())?;
            if owners.len() as u64 + u64::from(length) > u64::from(count) {
                return Err(bad());
            }
            owners.extend(std::iter::repeat_n(owner, length as usize));
        }
        let units = Units { owners };
        if units.len() != count || !units.fits(servers) {
            return Err(bad());
        }
        Ok(units)
    }
}

/// Runs of one server, `index` or `index*length`, joined by `.`: `0*5461.1*5462.2*5461`.
impl fmt::Display for Units {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        let mut i = 0;
        while i < self.owners.len() {
            let owner = self.owners[i];
            let run = self.owners[i..].iter().take_while(|&&o| o == owner).count();
            if !first {
                f.write_str(".")?;
            }
            first = false;
            if run == 1 {
                write!(f, "{owner}")?;
            } else {
                write!(f, "{owner}*{run}")?;
            }
            i += run;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_reads_back_from_its_text_and_refuses_the_wrong_count() {
        let t = Units::round_robin(7, 3);
        assert_eq!(t.to_string(), "0.1.2.0.1.2.0");
        assert_eq!(Units::parse(&t.to_string(), 7, 3).unwrap(), t);
        assert!(Units::parse("0*3", 7, 3).is_err());
        assert!(Units::parse("0*7", 7, 0).is_err());
        assert!(Units::parse("0*99999999999", 7, 3).is_err());
    }

    #[test]
    fn a_departing_servers_units_go_to_the_emptiest_and_renumbering_closes_the_gap() {
        let t = Units::new(vec![0, 0, 1, 2, 2, 2]);
        let (handed, moves) = t.handed_out(2, 3);
        assert_eq!(moves.len(), 3);
        assert_eq!(handed.counts(3), vec![3, 3, 0]);
        let gone = handed.removed(2);
        assert!(gone.fits(2));
        assert_eq!(gone.inserted(1).owners()[2], 2);
    }

    #[test]
    fn a_newcomer_takes_units_until_the_counts_are_even() {
        let t = Units::round_robin(10, 3);
        let (next, moves) = t.balanced_onto(3, 4);
        let counts = next.counts(4);
        assert_eq!(counts.iter().sum::<u64>(), 10);
        assert!(counts.iter().max().unwrap() - counts.iter().min().unwrap() <= 1);
        assert!(moves.iter().all(|m| m.to == 3));
    }
}
