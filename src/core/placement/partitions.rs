//! A fixed partition table: the ring is cut into P equal partitions, and a table says which
//! server holds each one.
//!
//! A key's partition is `⌊position × P / M⌋`, so partition `p` is the arc of positions from
//! `⌈p·M/P⌉` to `⌈(p+1)·M/P⌉ − 1`. Unlike every other placement here the table is state, not
//! a function of the server list: it starts dealt in turns in proportion to the weights
//! ([`PartitionTable::start`]; round-robin, partition `p` on server `p mod N`, when the weights
//! are equal), and each change moves whole partitions, explicitly:
//! - a new server takes the fewest partitions that bring it to its target, one at a time from
//!   the server furthest above its own target (its highest-numbered partition first);
//! - a departing server's partitions go, lowest-numbered first, one at a time to the server
//!   furthest below its target;
//! - a new weight moves partitions from servers above their target to servers below it.
//!
//! Targets divide P in proportion to the weights, by largest remainder (ties to the server
//! listed first).

use std::fmt;

use crate::core::error::Error;
use crate::core::size::RingSize;

/// The most partitions a table holds.
pub const MAX_PARTITIONS: u32 = 4096;

/// The default number of partitions on a ring of `size`: 1,024 on the full ring, a tenth of
/// the positions on a small one (10 on the 0-99 ring), at least 1.
pub fn default_count(size: RingSize) -> u32 {
    (size.get() / 10).clamp(1, 1024) as u32
}

/// Checks a partition count for a ring of `size`.
pub fn check_count(count: u32, size: RingSize) -> Result<u32, Error> {
    let most = u64::from(MAX_PARTITIONS).min(size.get()) as u32;
    if (1..=most).contains(&count) {
        Ok(count)
    } else {
        Err(Error::PartitionsOutOfRange { max: most })
    }
}

/// Which server holds each partition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartitionTable {
    owners: Vec<u16>,
}

/// One partition handed from one server to another (server indices in the list after the
/// change, or before it for a departing server).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Handover {
    /// The partition.
    pub partition: u32,
    /// Its server before, by index in the list before the change.
    pub from: usize,
    /// Its server after, by index in the list after the change.
    pub to: usize,
}

impl PartitionTable {
    /// The table a scenario starts with: `count` partitions dealt in turns over servers of
    /// `weights`, so that each ends with its [`targets`] count. Partition `p` goes to the server
    /// furthest behind its target, the one whose partitions so far over its target is least
    /// (servers at their target are passed over; ties go to the server listed first). With
    /// equal weights this is round-robin: partition `p` on server `p mod N`.
    ///
    /// ```
    /// use ringlab::core::placement::partitions::PartitionTable;
    /// assert_eq!(PartitionTable::start(6, &[2, 1]).owners(), &[0, 1, 0, 0, 1, 0]);
    /// assert_eq!(PartitionTable::start(5, &[1, 1]), PartitionTable::round_robin(5, 2));
    /// ```
    pub fn start(count: u32, weights: &[u32]) -> PartitionTable {
        let targets = targets(count, weights);
        let mut given = vec![0u64; weights.len()];
        let mut owners = Vec::with_capacity(count as usize);
        for _ in 0..count {
            let mut best: Option<usize> = None;
            for (i, (&has, &target)) in given.iter().zip(&targets).enumerate() {
                if has >= target {
                    continue;
                }
                // has / target < best's, without division.
                let behind = best.is_none_or(|b| {
                    u128::from(has) * u128::from(targets[b])
                        < u128::from(given[b]) * u128::from(target)
                });
                if behind {
                    best = Some(i);
                }
            }
            let server = best.expect("the targets add up to the count");
            given[server] += 1;
            owners.push(server as u16);
        }
        PartitionTable { owners }
    }

    /// `count` partitions dealt round-robin over `servers` servers.
    pub fn round_robin(count: u32, servers: usize) -> PartitionTable {
        PartitionTable {
            owners: (0..count).map(|p| (p as usize % servers) as u16).collect(),
        }
    }

    /// A table read from its owners, if every owner is one of `servers` servers.
    pub fn from_owners(owners: Vec<u16>, servers: usize) -> Option<PartitionTable> {
        (!owners.is_empty() && owners.iter().all(|&o| (o as usize) < servers))
            .then_some(PartitionTable { owners })
    }

    /// Whether every partition is held by one of `servers` servers.
    pub fn fits(&self, servers: usize) -> bool {
        self.owners.iter().all(|&o| (o as usize) < servers)
    }

    /// The number of partitions, P.
    pub fn count(&self) -> u32 {
        self.owners.len() as u32
    }

    /// The owner of each partition, by server index.
    pub fn owners(&self) -> &[u16] {
        &self.owners
    }

    /// The server holding `partition`.
    pub fn owner(&self, partition: u32) -> usize {
        self.owners[partition as usize] as usize
    }

    /// The partition holding `position` on a ring of `size`.
    pub fn partition_of(&self, position: u32, size: RingSize) -> u32 {
        ((u128::from(position) * u128::from(self.count())) / u128::from(size.get())) as u32
    }

    /// The first position of `partition` on a ring of `size`.
    pub fn start_of(&self, partition: u32, size: RingSize) -> u64 {
        (u128::from(partition) * u128::from(size.get())).div_ceil(u128::from(self.count())) as u64
    }

    /// How many partitions each of `servers` servers holds.
    pub fn counts(&self, servers: usize) -> Vec<u64> {
        let mut counts = vec![0u64; servers];
        for &o in &self.owners {
            counts[o as usize] += 1;
        }
        counts
    }

    /// Whether this is the round-robin table for `servers` servers.
    pub fn is_round_robin(&self, servers: usize) -> bool {
        self.owners
            .iter()
            .enumerate()
            .all(|(p, &o)| o as usize == p % servers)
    }

    /// Whether this is the table servers of `weights` start with ([`PartitionTable::start`]).
    pub fn is_start(&self, weights: &[u32]) -> bool {
        *self == PartitionTable::start(self.count(), weights)
    }

    /// The table after a server of weight `weights.last()` joins the end of the list
    /// (`weights` is the new list's weights), and the partitions it took.
    pub fn with_server(&self, weights: &[u32]) -> (PartitionTable, Vec<Handover>) {
        let newcomer = weights.len() - 1;
        let targets = targets(self.count(), weights);
        let mut next = self.clone();
        let mut counts = self.counts(weights.len());
        let mut moves = Vec::new();
        for _ in 0..targets[newcomer] {
            let donor = (0..newcomer)
                .filter(|&i| counts[i] > 0)
                .max_by(|&a, &b| {
                    let surplus = |i: usize| counts[i] as i64 - targets[i] as i64;
                    surplus(a)
                        .cmp(&surplus(b))
                        .then(counts[a].cmp(&counts[b]))
                        .then(b.cmp(&a))
                })
                .expect("partitions to take exist while the newcomer is below its target");
            let partition = next.highest_of(donor);
            next.owners[partition as usize] = newcomer as u16;
            counts[donor] -= 1;
            counts[newcomer] += 1;
            moves.push(Handover {
                partition,
                from: donor,
                to: newcomer,
            });
        }
        (next, moves)
    }

    /// The table after the server at `index` leaves (`weights` is the list's weights after it
    /// left), and where its partitions went.
    pub fn without_server(&self, index: usize, weights: &[u32]) -> (PartitionTable, Vec<Handover>) {
        let targets = targets(self.count(), weights);
        let renumber = |old: usize| if old > index { old - 1 } else { old };
        let mut owners: Vec<u16> = Vec::with_capacity(self.owners.len());
        let mut orphans = Vec::new();
        let mut counts = vec![0u64; weights.len()];
        for (p, &o) in self.owners.iter().enumerate() {
            if o as usize == index {
                orphans.push(p as u32);
                owners.push(0);
            } else {
                let kept = renumber(o as usize);
                counts[kept] += 1;
                owners.push(kept as u16);
            }
        }
        let mut moves = Vec::new();
        for partition in orphans {
            let taker = (0..weights.len())
                .min_by(|&a, &b| {
                    let surplus = |i: usize| counts[i] as i64 - targets[i] as i64;
                    surplus(a)
                        .cmp(&surplus(b))
                        .then(counts[a].cmp(&counts[b]))
                        .then(a.cmp(&b))
                })
                .expect("a server remains");
            owners[partition as usize] = taker as u16;
            counts[taker] += 1;
            moves.push(Handover {
                partition,
                from: index,
                to: taker,
            });
        }
        (PartitionTable { owners }, moves)
    }

    /// The table after the weights change to `weights`: partitions move from servers above
    /// their new target to servers below it.
    pub fn reweighed(&self, weights: &[u32]) -> (PartitionTable, Vec<Handover>) {
        let targets = targets(self.count(), weights);
        let mut next = self.clone();
        let mut counts = self.counts(weights.len());
        let mut moves = Vec::new();
        let surplus = |counts: &[u64], i: usize| counts[i] as i64 - targets[i] as i64;
        loop {
            let short = (0..weights.len()).min_by(|&a, &b| {
                surplus(&counts, a)
                    .cmp(&surplus(&counts, b))
                    .then(a.cmp(&b))
            });
            let Some(taker) = short.filter(|&i| surplus(&counts, i) < 0) else {
                break;
            };
            let donor = (0..weights.len())
                .max_by(|&a, &b| {
                    surplus(&counts, a)
                        .cmp(&surplus(&counts, b))
                        .then(b.cmp(&a))
                })
                .expect("a server above its target exists while one is below");
            let partition = next.highest_of(donor);
            next.owners[partition as usize] = taker as u16;
            counts[donor] -= 1;
            counts[taker] += 1;
            moves.push(Handover {
                partition,
                from: donor,
                to: taker,
            });
        }
        (next, moves)
    }

    fn highest_of(&self, server: usize) -> u32 {
        self.owners
            .iter()
            .rposition(|&o| o as usize == server)
            .expect("the server holds a partition") as u32
    }
}

/// P divided among servers in proportion to `weights`, by largest remainder; ties go to the
/// server listed first.
///
/// ```
/// use ringlab::core::placement::partitions::targets;
/// assert_eq!(targets(10, &[1, 1, 1]), vec![4, 3, 3]);
/// assert_eq!(targets(1024, &[1, 1, 2]), vec![256, 256, 512]);
/// ```
pub fn targets(count: u32, weights: &[u32]) -> Vec<u64> {
    let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
    let count = u64::from(count);
    let mut out: Vec<u64> = weights
        .iter()
        .map(|&w| count * u64::from(w) / total)
        .collect();
    let mut rest = count - out.iter().sum::<u64>();
    let mut order: Vec<usize> = (0..weights.len()).collect();
    // Largest remainder first: compare count·w mod total.
    order.sort_unstable_by_key(|&i| (std::cmp::Reverse(count * u64::from(weights[i]) % total), i));
    for i in order {
        if rest == 0 {
            break;
        }
        out[i] += 1;
        rest -= 1;
    }
    out
}

/// The table as link text: runs of one server, `index` or `index*length`, joined by `.`;
/// `0*342.3*86.1` is 342 partitions on the first server, 86 on the fourth, one on the second.
impl fmt::Display for PartitionTable {
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

impl PartitionTable {
    /// Reads the link text of a table for `servers` servers.
    pub fn parse(text: &str, servers: usize) -> Result<PartitionTable, Error> {
        let bad = || Error::BadTable(text.chars().take(40).collect());
        let mut owners = Vec::new();
        for run in text.split('.') {
            let (owner, length) = match run.split_once('*') {
                Some((o, n)) => (o, n.parse::<usize>().map_err(|_| bad())?),
                None => (run, 1),
            };
            let owner: u16 = owner.parse().map_err(|_| bad())?;
            if owners.len() + length > MAX_PARTITIONS as usize {
                return Err(bad());
            }
            owners.extend(std::iter::repeat_n(owner, length));
        }
        PartitionTable::from_owners(owners, servers).ok_or_else(bad)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_starts_round_robin() {
        let t = PartitionTable::round_robin(10, 3);
        assert_eq!(t.owners(), &[0, 1, 2, 0, 1, 2, 0, 1, 2, 0]);
        assert!(t.is_round_robin(3));
        assert_eq!(t.counts(3), vec![4, 3, 3]);
    }

    #[test]
    fn the_starting_table_is_round_robin_under_equal_weights() {
        for count in 1..=70 {
            for servers in 1..=9 {
                let start = PartitionTable::start(count, &vec![1; servers]);
                assert_eq!(
                    start,
                    PartitionTable::round_robin(count, servers),
                    "{count}, {servers}"
                );
            }
        }
    }

    #[test]
    fn the_starting_table_gives_each_server_its_weighted_target() {
        let start = PartitionTable::start(1024, &[10, 1]);
        assert_eq!(start.counts(2), vec![931, 93]);
        assert_eq!(start.counts(2), targets(1024, &[10, 1]));
        for weights in [
            vec![1, 2, 3],
            vec![5, 1, 1, 1],
            vec![10, 10, 1],
            vec![1, 1, 1, 10],
        ] {
            for count in [1, 7, 10, 100, 1024, 4096] {
                let start = PartitionTable::start(count, &weights);
                assert_eq!(start.counts(weights.len()), targets(count, &weights));
                assert!(start.is_start(&weights));
            }
        }
    }

    #[test]
    fn partitions_are_equal_arcs_of_the_ring() {
        let t = PartitionTable::round_robin(10, 3);
        assert_eq!(t.partition_of(0, RingSize::TEACHING), 0);
        assert_eq!(t.partition_of(9, RingSize::TEACHING), 0);
        assert_eq!(t.partition_of(10, RingSize::TEACHING), 1);
        assert_eq!(t.partition_of(99, RingSize::TEACHING), 9);
        assert_eq!(t.start_of(3, RingSize::TEACHING), 30);
        let odd = PartitionTable::round_robin(3, 2);
        let size = RingSize::new(10).unwrap();
        // 10 positions in 3 partitions: 0-3, 4-6, 7-9.
        let starts: Vec<u64> = (0..3).map(|p| odd.start_of(p, size)).collect();
        assert_eq!(starts, vec![0, 4, 7]);
        for position in 0..10 {
            let p = odd.partition_of(position, size);
            assert!(u64::from(position) >= odd.start_of(p, size));
        }
    }

    #[test]
    fn a_new_server_takes_its_share_from_the_fullest_servers_and_nothing_else_moves() {
        let t = PartitionTable::round_robin(1024, 3);
        let (next, moves) = t.with_server(&[1, 1, 1, 1]);
        assert_eq!(next.counts(4), vec![256, 256, 256, 256]);
        assert_eq!(moves.len(), 256);
        assert!(moves.iter().all(|m| m.to == 3));
        let changed = (0..1024).filter(|&p| t.owner(p) != next.owner(p)).count();
        assert_eq!(changed, 256);
    }

    #[test]
    fn a_departing_servers_partitions_go_to_the_emptiest_and_no_others_move() {
        let t = PartitionTable::round_robin(12, 4);
        let (next, moves) = t.without_server(1, &[1, 1, 1]);
        assert_eq!(next.counts(3), vec![4, 4, 4]);
        assert_eq!(moves.len(), 3);
        for p in 0..12 {
            if t.owner(p) != 1 {
                let old = t.owner(p);
                assert_eq!(next.owner(p), if old > 1 { old - 1 } else { old });
            }
        }
    }

    #[test]
    fn a_new_weight_moves_only_what_the_targets_demand() {
        let t = PartitionTable::round_robin(12, 3);
        let (next, moves) = t.reweighed(&[2, 1, 1]);
        assert_eq!(next.counts(3), vec![6, 3, 3]);
        assert_eq!(moves.len(), 2);
    }

    #[test]
    fn tables_read_back_from_their_text() {
        let t = PartitionTable::round_robin(1024, 3)
            .with_server(&[1, 1, 1, 1])
            .0;
        let text = t.to_string();
        assert_eq!(PartitionTable::parse(&text, 4).unwrap(), t);
        assert_eq!(
            PartitionTable::parse("0*2.1", 2).unwrap().owners(),
            &[0, 0, 1]
        );
        assert!(PartitionTable::parse("0*2.5", 2).is_err());
        assert!(PartitionTable::parse("x", 2).is_err());
        assert!(PartitionTable::parse("0*99999", 2).is_err());
    }
}
