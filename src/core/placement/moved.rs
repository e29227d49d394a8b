//! Which keys a change moved under one placement, and how many the ideal placement would.

use std::sync::Arc;

use super::{Kind, Layout, Placed};
use crate::core::diff::RingDiff;
use crate::core::keys::KeySet;
use crate::core::modn::Remainder;
use crate::core::moves::{KeyIds, KeyRemainders, MoveCollector, Moves, LISTED};
use crate::core::server::Server;

/// The keys that changed server between `before` and `after` (the same keys, by id), each
/// scenario under its own evaluated placement.
///
/// On the ring, when size and hash stay, the keys come from the arcs that changed owner (see
/// [`RingDiff`]), kept as runs of the sorted keys when the keys are the very same set; under
/// mod N, from the counts of the hashes' remainders ([`mod_n_moves`]); otherwise by comparing
/// every key's server before and after.
pub fn moves_between(
    before: &Layout<'_>,
    placed_before: &Placed,
    after: &Layout<'_>,
    placed_after: &Placed,
) -> Moves {
    let (names_b, names_a) = (placed_before.names(), placed_after.names());
    let same_ring = before.size == after.size && before.hash == after.hash;
    if placed_before.kind() == Kind::Ring && placed_after.kind() == Kind::Ring && same_ring {
        return ring_moves(before, after);
    }
    let mut collector = MoveCollector::new(names_b, names_a, after.keys.len());
    let place_after = place_after(names_b, names_a);
    let (kb, ka): (&KeySet, &KeySet) = (before.keys, after.keys);
    if placed_before.kind() == Kind::ModN && placed_after.kind() == Kind::ModN {
        return mod_n_moves(before, after);
    }
    for id in 0..kb.len().min(ka.len()) as u32 {
        let from = placed_before.owner_of_key(kb, id);
        let to = placed_after.owner_of_key(ka, id);
        if place_after[from] != to {
            collector.push(id, from, to);
        }
    }
    collector.finish(ka)
}

/// The keys whose ring owner changed between `before` and `after` (the same keys, by id, on
/// rings of one size and hash): the keys inside the arcs that changed owner, kept as runs of
/// the sorted keys when both hold the very same key set.
pub fn ring_moves(before: &Layout<'_>, after: &Layout<'_>) -> Moves {
    let diff = RingDiff::between(before.ring, after.ring);
    let (names_b, names_a) = (before.ring.names(), after.ring.names());
    if Arc::ptr_eq(before.keys, after.keys) {
        diff.moved_spans(after.keys, names_b, names_a)
    } else {
        diff.moves(before.keys, after.keys, names_b, names_a)
    }
}

/// The keys whose `hash mod N` server changed between `before` and `after` (the same keys, by
/// id).
///
/// When only the servers changed (the very same key set), whether a key moves depends on its
/// hash modulo lcm(N before, N after) alone: the counts of the keys by that remainder
/// ([`KeySet::residue_counts`], worked out once per set and divisor) give how many moved and
/// which servers lost and gained keys, with no look at any key, and the moved keys are kept as
/// the remainders that move. Otherwise, or when the divisor is large beside the keys, one pass
/// over the packed hashes, 64 keys to a word of "moved" bits, with no branch and no division
/// per key. Both give the same keys.
pub fn mod_n_moves(before: &Layout<'_>, after: &Layout<'_>) -> Moves {
    if let Some(moves) = mod_n_by_counts(before, after) {
        return moves;
    }
    mod_n_by_pass(before, after)
}

/// [`mod_n_moves`] from the counts of the remainders, when the keys are the same set and the
/// divisor is small enough.
fn mod_n_by_counts(before: &Layout<'_>, after: &Layout<'_>) -> Option<Moves> {
    let (names_b, names_a) = (before.ring.names(), after.ring.names());
    let keys = after.keys;
    if !Arc::ptr_eq(before.keys, keys) || names_b.is_empty() || names_a.is_empty() {
        return None;
    }
    let period = counted_period(names_b.len(), names_a.len())?;
    if !keys.has_residue_counts(period) && (keys.len() as u64) < u64::from(period) {
        return None;
    }
    let place_after = place_after(names_b, names_a);
    let (by_b, by_a) = (
        Remainder::new(names_b.len() as u32),
        Remainder::new(names_a.len() as u32),
    );
    let counts = keys.residue_counts(period);
    let mut lost = vec![false; names_b.len()];
    let mut gained = vec![false; names_a.len()];
    let mut count = 0usize;
    let moves: Arc<[bool]> = (0..period)
        .map(|r| {
            let (from, to) = (by_b.of(r) as usize, by_a.of(r) as usize);
            let moves = place_after[from] != to;
            if moves && counts[r as usize] > 0 {
                count += counts[r as usize] as usize;
                lost[from] = true;
                gained[to] = true;
            }
            moves
        })
        .collect();
    // A short list names each move, found by a look at the keys: only when few moved.
    let mut first = Vec::new();
    if count <= LISTED {
        let by_period = Remainder::new(period);
        for (id, &hash) in keys.hashes().iter().enumerate() {
            if first.len() == count {
                break;
            }
            if moves[by_period.of(hash) as usize] {
                first.push((id as u32, by_b.of(hash) as usize, by_a.of(hash) as usize));
            }
        }
    }
    let ids = KeyIds::Remainders(KeyRemainders::new(keys.clone(), moves, count));
    Some(Moves::gathered(
        ids,
        first,
        keys,
        (names_b, &lost),
        (names_a, &gained),
    ))
}

/// The keys whose `hash mod N` server changed between `before` and `after` (the same keys, by
/// id): one pass over the packed hashes, 64 keys to a word of "moved" bits, with no branch and
/// no division per key.
pub fn mod_n_by_pass(before: &Layout<'_>, after: &Layout<'_>) -> Moves {
    let names_b: Vec<Arc<str>> = before.ring.names().to_vec();
    let names_a: Vec<Arc<str>> = after.ring.names().to_vec();
    let mut collector = MoveCollector::new(&names_b, &names_a, after.keys.len());
    // Each old server's index in the new list; one that left maps past every new index.
    let place_after: Vec<u32> = place_after(&names_b, &names_a)
        .into_iter()
        .map(|i| u32::try_from(i).unwrap_or(u32::MAX))
        .collect();
    let (hashes_b, hashes_a) = (before.keys.hashes(), after.keys.hashes());
    if names_b.is_empty() || names_a.is_empty() {
        // With no server on one side no key had or has an owner to move from or to.
        return collector.finish(after.keys);
    }
    let (by_b, by_a) = (
        Remainder::new(names_b.len() as u32),
        Remainder::new(names_a.len() as u32),
    );
    let servers = |id: u32| {
        let (b, a) = (hashes_b[id as usize], hashes_a[id as usize]);
        (by_b.of(b) as usize, by_a.of(a) as usize)
    };
    // The same keys before and after (only servers changed): whether a key stays depends on
    // its hash mod lcm(N before, N after) alone, so one remainder and a table say it.
    let same_keys = std::ptr::eq(hashes_b, hashes_a);
    let period = lcm(names_b.len() as u64, names_a.len() as u64);
    if same_keys && period <= STAYS_TABLE {
        let by_period = Remainder::new(period as u32);
        let stays: Vec<bool> = (0..period as u32)
            .map(|r| place_after[by_b.of(r) as usize] == by_a.of(r))
            .collect();
        for (word, chunk) in hashes_b.chunks(64).enumerate() {
            let mut moved = 0u64;
            for (bit, &h) in chunk.iter().enumerate() {
                moved |= u64::from(!stays[by_period.of(h) as usize]) << bit;
            }
            collector.push_word(word as u32 * 64, moved, servers);
        }
        return collector.finish(after.keys);
    }
    let pairs = hashes_b.chunks(64).zip(hashes_a.chunks(64));
    for (word, (chunk_b, chunk_a)) in pairs.enumerate() {
        let mut moved = 0u64;
        for (bit, (&b, &a)) in chunk_b.iter().zip(chunk_a).enumerate() {
            let stays = place_after[by_b.of(b) as usize] == by_a.of(a);
            moved |= u64::from(!stays) << bit;
        }
        collector.push_word(word as u32 * 64, moved, servers);
    }
    collector.finish(after.keys)
}

/// The longest table of "stays" by remainder that [`mod_n_by_pass`] builds (64 KB).
const STAYS_TABLE: u64 = 1 << 16;

/// The largest divisor whose remainders [`mod_n_by_counts`] counts: lcm(N, N ± 1) for every
/// server count a scenario allows (at most 500 × 501).
const COUNTED_TABLE: u64 = 1 << 18;

/// The divisor whose remainder counts tell what going from `before` to `after` servers moves
/// under mod N, lcm(before, after), when it is small enough to count by. The counts cost a pass
/// over the keys the first time and a table as long as the divisor: for fewer keys than the
/// divisor, the pass alone is cheaper, so they are only worth counting ahead for at least as
/// many keys ([`counts_ahead`]).
fn counted_period(before: usize, after: usize) -> Option<u32> {
    let period = lcm(before as u64, after as u64);
    (period > 0 && period <= COUNTED_TABLE).then_some(period as u32)
}

/// The divisors whose remainder counts the next change of one server (one joining, one leaving)
/// will ask `keys` for under mod N, with `servers` servers now, that are not at hand yet and
/// are worth counting: a page counts them ahead, a slice at a time when it is idle
/// ([`crate::core::ResidueCounter`]), so that the change itself finds them ready.
pub fn counts_ahead(keys: &KeySet, servers: usize) -> Vec<u32> {
    let mut wanted: Vec<u32> = [servers + 1, servers.saturating_sub(1)]
        .into_iter()
        .filter(|&next| next > 0 && servers > 0)
        .filter_map(|next| counted_period(servers, next))
        .filter(|&period| (keys.len() as u64) >= u64::from(period))
        .filter(|&period| !keys.has_residue_counts(period))
        .collect();
    wanted.dedup();
    wanted
}

fn lcm(a: u64, b: u64) -> u64 {
    let gcd = |mut a: u64, mut b: u64| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    };
    a / gcd(a, b) * b
}

/// For each server of the old list, its index in the new list (`usize::MAX` when it left).
fn place_after(before: &[Arc<str>], after: &[Arc<str>]) -> Vec<usize> {
    before
        .iter()
        .map(|name| after.iter().position(|n| n == name).unwrap_or(usize::MAX))
        .collect()
}

/// The least a placement could move when servers join or leave: the newcomers' share of the
/// new total (1/(N+1) for one equal server) or the leavers' share of the old total. Weights
/// count only where the placement honours them. `None` when the server list stays.
pub fn ideal_movement(kind: Kind, before: &Layout<'_>, after: &Layout<'_>) -> Option<f64> {
    let weight = |s: &Server| -> f64 {
        if kind.uses_weights() {
            f64::from(s.weight())
        } else {
            1.0
        }
    };
    let total = |l: &Layout<'_>| -> f64 { l.servers.iter().map(weight).sum() };
    let joined: f64 = after
        .servers
        .iter()
        .filter(|s| before.server(&s.name).is_none())
        .map(weight)
        .sum();
    let left: f64 = before
        .servers
        .iter()
        .filter(|s| after.server(&s.name).is_none())
        .map(weight)
        .sum();
    match (joined > 0.0, left > 0.0) {
        (true, false) => Some(joined / total(after)),
        (false, true) => Some(left / total(before)),
        _ => None,
    }
}
