//! What `redis-cli --cluster` does to a Redis Cluster's slot table, float for float as
//! redis-cli 7.0 (`src/redis-cli.c`) does it:
//!
//! - `create` splits the slots in 32-bit floats: with `per = 16384 / N`, master `i` gets
//!   `first ..= round(cursor + per − 1)` (rounding half away from zero), the last one ends at
//!   16383, and `cursor` grows by `per` (3 masters: 0-5460, 5461-10922, 10923-16383);
//! - `add-node` adds an empty master and moves no slot;
//! - `reshard` and `rebalance` compute a "reshard table": sources sorted by slots held,
//!   most first, each giving a share of the slots in proportion to what it holds (the first
//!   rounded up, the others down), its **lowest-numbered** slots first;
//! - `rebalance` gives every master an expected count, `(int)(16384 / Σweight × weight)`, moves
//!   nothing when every master is within the threshold (2% by default), and otherwise pairs the
//!   masters most short of slots with those holding the most extra;
//! - `del-node` refuses a master that still holds slots.

use super::super::units::{UnitMove, Units};
use crate::core::numbers_and_lists::grouped;

/// The number of hash slots.
pub const SLOTS: u32 = 16_384;

/// The default rebalance threshold, in hundredths of a percent (2%).
pub const THRESHOLD: u32 = 200;

/// The slots `redis-cli --cluster create` gives each of `masters` masters: `(first, last)`.
///
/// ```
/// use ringlab::core::placement::systems::redis::create_split;
/// assert_eq!(create_split(3), vec![(0, 5460), (5461, 10922), (10923, 16383)]);
/// ```
pub fn create_split(masters: usize) -> Vec<(u32, u32)> {
    let per = SLOTS as f32 / masters.max(1) as f32;
    let mut cursor = 0.0f32;
    let mut first: i64 = 0;
    let mut out = Vec::with_capacity(masters);
    for i in 0..masters {
        // f32 arithmetic as in C, rounded half away from zero as lround does.
        let mut last = (cursor + per - 1.0).round() as i64;
        if last > i64::from(SLOTS) || i == masters - 1 {
            last = i64::from(SLOTS) - 1;
        }
        if last < first {
            last = first;
        }
        out.push((first.min(i64::from(SLOTS) - 1) as u32, last as u32));
        first = last + 1;
        cursor += per;
    }
    out
}

/// The slot table `create` makes for `masters` masters.
pub fn created(masters: usize) -> Units {
    let mut owners = vec![0u16; SLOTS as usize];
    for (i, (first, last)) in create_split(masters).into_iter().enumerate() {
        for slot in first..=last {
            owners[slot as usize] = i as u16;
        }
    }
    Units::new(owners)
}

/// redis-cli's reshard table: which slots `sources` (server indices, in the tool's order)
/// give up for a move of `numslots` slots. Sources are sorted by slots held, most first (a
/// stable sort: ties keep their order); each gives `numslots / total × held` slots, the first
/// rounded up and the others down, its lowest-numbered first. Because of the rounding the
/// table can hold fewer than `numslots` slots.
pub fn reshard_table(table: &Units, sources: &[usize], numslots: u32) -> Vec<(u32, usize)> {
    let servers = sources.iter().copied().max().map_or(0, |m| m + 1);
    let counts = table.counts(servers);
    let total: u64 = sources.iter().map(|&s| counts[s]).sum();
    let mut sorted: Vec<usize> = sources.to_vec();
    sorted.sort_by(|&a, &b| counts[b].cmp(&counts[a]));
    let mut moved: Vec<(u32, usize)> = Vec::new();
    if total == 0 {
        return moved;
    }
    for (i, &source) in sorted.iter().enumerate() {
        let n = numslots as f32 / total as f32 * counts[source] as f32;
        let max = if i == 0 { n.ceil() } else { n.floor() } as i64;
        let mut count = 0i64;
        for slot in 0..table.len() {
            if table.owner(slot) != source {
                continue;
            }
            if count >= max || moved.len() >= numslots as usize {
                break;
            }
            moved.push((slot, source));
            count += 1;
        }
    }
    moved
}

/// The slot table after `redis-cli --cluster reshard` moves `numslots` slots from `sources`
/// to `target`, and the slots it moved, in the order it moves them.
pub fn reshard(
    table: &Units,
    sources: &[usize],
    target: usize,
    numslots: u32,
) -> (Units, Vec<UnitMove>) {
    let moves: Vec<UnitMove> = reshard_table(table, sources, numslots)
        .into_iter()
        .map(|(slot, from)| UnitMove {
            unit: slot,
            from,
            to: target,
        })
        .collect();
    (table.moved(&moves), moves)
}

/// What `redis-cli --cluster rebalance` is asked to do.
#[derive(Debug, Clone, PartialEq)]
pub struct Rebalance {
    /// Each master's weight, in list order (1.0 unless `--cluster-weight` says otherwise).
    pub weights: Vec<f32>,
    /// `--cluster-use-empty-masters`: masters holding no slot take part.
    pub use_empty_masters: bool,
    /// `--cluster-threshold`, in percent.
    pub threshold: f32,
}

/// What a rebalance did.
#[derive(Debug, Clone, PartialEq)]
pub enum Rebalanced {
    /// Every master is within the threshold: "No rebalancing needed!".
    NotNeeded,
    /// The table after, the moves as redis-cli prints them (`Moving n slots from a to b`:
    /// `(from, to, n)`), and every slot moved.
    Moved {
        /// The slot table after.
        table: Units,
        /// `(from, to, count)` in the order redis-cli moves them.
        steps: Vec<(usize, usize, u32)>,
        /// Every slot moved.
        slots: Vec<UnitMove>,
    },
}

/// Rebalances `table` over `servers` masters as redis-cli 7.0 does.
pub fn rebalance(table: &Units, servers: usize, plan: &Rebalance) -> Rebalanced {
    let counts = table.counts(servers);
    let weight = |i: usize| plan.weights.get(i).copied().unwrap_or(1.0);
    // The masters taking part, in list order.
    let involved: Vec<usize> = (0..servers)
        .filter(|&i| plan.use_empty_masters || counts[i] > 0)
        .collect();
    let total_weight: f32 = involved.iter().map(|&i| weight(i)).sum();
    if total_weight <= 0.0 {
        // Nowhere to put slots: redis-cli would divide by zero; nothing can move.
        return Rebalanced::NotNeeded;
    }
    let mut balance: Vec<i64> = vec![0; servers];
    let mut reached = false;
    let mut total_balance: i64 = 0;
    for &i in &involved {
        let expected = ((SLOTS as f32 / total_weight) * weight(i)) as i64;
        balance[i] = counts[i] as i64 - expected;
        total_balance += balance[i];
        let over = if plan.threshold > 0.0 {
            if counts[i] > 0 {
                let err = (100.0 - (100.0 * expected as f64 / counts[i] as f64)).abs();
                err > f64::from(plan.threshold)
            } else {
                expected > 1
            }
        } else {
            false
        };
        reached |= over;
    }
    if !reached {
        return Rebalanced::NotNeeded;
    }
    // Rounding can leave more to give than to take: the masters due slots take one more each,
    // pass by pass, until the two sides match.
    while total_balance > 0 && involved.iter().any(|&i| balance[i] <= 0) {
        for &i in &involved {
            if balance[i] <= 0 && total_balance > 0 {
                balance[i] -= 1;
                total_balance -= 1;
            }
        }
    }
    let mut sorted = involved.clone();
    sorted.sort_by_key(|&i| balance[i]);
    let mut next = table.clone();
    let mut steps = Vec::new();
    let mut slots = Vec::new();
    let (mut dst, mut src) = (0usize, sorted.len().saturating_sub(1));
    while dst < src {
        let (d, s) = (sorted[dst], sorted[src]);
        let n = balance[d].unsigned_abs().min(balance[s].unsigned_abs()) as u32;
        if n > 0 {
            let (after, moved) = reshard(&next, &[s], d, n);
            next = after;
            steps.push((s, d, moved.len() as u32));
            slots.extend(moved);
        }
        balance[d] += i64::from(n);
        balance[s] -= i64::from(n);
        if balance[d] == 0 {
            dst += 1;
        }
        if balance[s] == 0 {
            src -= 1;
        }
    }
    Rebalanced::Moved {
        table: next,
        steps,
        slots,
    }
}

/// The table after the master at `index` leaves the way an operator takes one out: a
/// rebalance with its weight at 0 moves its slots to the others (`--cluster-weight X=0
/// --cluster-use-empty-masters`), then `del-node`. The master keeps its place in the list; renumber with [`Units::removed`].
pub fn emptied(table: &Units, servers: usize, index: usize) -> (Units, Vec<UnitMove>) {
    if table.counts(servers)[index] == 0 {
        return (table.clone(), Vec::new());
    }
    let mut weights = vec![1.0f32; servers];
    weights[index] = 0.0;
    let plan = Rebalance {
        weights,
        use_empty_masters: true,
        threshold: THRESHOLD as f32 / 100.0,
    };
    match rebalance(table, servers, &plan) {
        Rebalanced::Moved { table, slots, .. } if table.counts(servers)[index] == 0 => {
            (table, slots)
        }
        // With every other master empty the rebalance has nowhere to put them: hand them out.
        _ => table.handed_out(index, servers),
    }
}

/// The slot ranges as `CLUSTER SLOTS` lists them: one line per run of slots held by one master,
/// `0-5460 127.0.0.1:30001`.
pub fn slot_lines(table: &Units, names: &[impl AsRef<str>]) -> Vec<String> {
    table
        .runs()
        .into_iter()
        .map(|(first, last, owner)| {
            let name = names.get(owner).map_or("?", AsRef::as_ref);
            if first == last {
                format!("{first} {name}")
            } else {
                format!("{first}-{last} {name}")
            }
        })
        .collect()
}

/// A master's slots written as `CLUSTER NODES` does: ranges `a-b` and single slots, ascending.
pub fn slot_ranges(table: &Units, server: usize) -> String {
    let ranges: Vec<String> = table
        .runs()
        .into_iter()
        .filter(|r| r.2 == server)
        .map(|(a, b, _)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}-{b}")
            }
        })
        .collect();
    ranges.join(" ")
}

/// "5,461 slots" in words.
pub fn slots_words(count: u64) -> String {
    format!(
        "{} {}",
        grouped(count),
        if count == 1 { "slot" } else { "slots" }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rebalancing_onto_an_empty_fourth_master_moves_what_redis_cli_moved() {
        let table = created(3);
        let plan = Rebalance {
            weights: vec![1.0; 4],
            use_empty_masters: true,
            threshold: 2.0,
        };
        let Rebalanced::Moved { table, steps, .. } = rebalance(&table, 4, &plan) else {
            panic!("a rebalance was due");
        };
        assert_eq!(steps, vec![(1, 3, 1366), (2, 3, 1365), (0, 3, 1365)]);
        assert_eq!(slot_ranges(&table, 3), "0-1364 5461-6826 10923-12287");
    }

    #[test]
    fn without_empty_masters_the_new_master_is_left_out() {
        let plan = Rebalance {
            weights: vec![1.0; 4],
            use_empty_masters: false,
            threshold: 2.0,
        };
        assert_eq!(rebalance(&created(3), 4, &plan), Rebalanced::NotNeeded);
    }

    #[test]
    fn a_reshard_of_a_hundred_slots_from_all_takes_each_sources_lowest() {
        let table = created(4);
        let table_after = reshard_table(&table, &[1, 2, 0], 100);
        let from = |s: usize| table_after.iter().filter(|(_, f)| *f == s).count();
        assert_eq!((from(1), from(2), from(0)), (34, 33, 33));
        assert_eq!(table_after[0], (4096, 1));
        // Three equal sources asked for 101 slots give 34 + 33 + 33.
        assert_eq!(reshard_table(&created(3), &[0, 1, 2], 101).len(), 100);
    }

    #[test]
    fn emptying_a_master_leaves_it_with_nothing_and_the_rest_even() {
        let (table, moves) = emptied(&created(4), 4, 1);
        assert_eq!(moves.len(), 4096);
        let counts = table.counts(4);
        assert_eq!(counts[1], 0);
        assert_eq!(counts.iter().sum::<u64>(), 16_384);
    }
}
