//! Which keys a change moved under one placement, and how many the ideal placement would.

use std::sync::Arc;

use super::{Kind, Placed};
use crate::core::diff::RingDiff;
use crate::core::moves::{MoveCollector, Moves};
use crate::core::scenario::Scenario;

/// The keys that changed server between `before` and `after` (the same keys, by id), each
/// scenario under its own evaluated placement.
///
/// On the ring, when size and hash stay, the keys come from the arcs that changed owner (see
/// [`RingDiff`]); under mod N, from one pass over the hashes; otherwise by comparing every key's
/// server before and after.
pub fn moves_between(
    before: &Scenario,
    placed_before: &Placed,
    after: &Scenario,
    placed_after: &Placed,
) -> Moves {
    let (names_b, names_a) = (placed_before.names(), placed_after.names());
    let same_ring = before.size() == after.size() && before.hash() == after.hash();
    if placed_before.kind() == Kind::Ring && placed_after.kind() == Kind::Ring && same_ring {
        let diff = RingDiff::between(before.ring(), after.ring());
        return diff.moves(before.keys(), after.keys(), names_b, names_a);
    }
    let mut collector = MoveCollector::new(names_b, names_a, after.keys().len());
    let place_after = place_after(names_b, names_a);
    let (kb, ka) = (before.keys(), after.keys());
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

/// The keys whose `hash mod N` server changed between `before` and `after` (the same keys, by
/// id): one pass over the hashes, with no per-key state.
pub fn mod_n_moves(before: &Scenario, after: &Scenario) -> Moves {
    let names_b: Vec<Arc<str>> = before.ring().names().to_vec();
    let names_a: Vec<Arc<str>> = after.ring().names().to_vec();
    let mut collector = MoveCollector::new(&names_b, &names_a, after.keys().len());
    let place_after = place_after(&names_b, &names_a);
    let (kb, ka) = (before.keys(), after.keys());
    let (nb, na) = (names_b.len() as u32, names_a.len() as u32);
    for (id, (&hb, &ha)) in kb.hashes().iter().zip(ka.hashes()).enumerate() {
        let (from, to) = ((hb % nb) as usize, (ha % na) as usize);
        if place_after[from] != to {
            collector.push(id as u32, from, to);
        }
    }
    collector.finish(ka)
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
pub fn ideal_movement(kind: Kind, before: &Scenario, after: &Scenario) -> Option<f64> {
    let weight = |s: &Scenario, name: &str| -> f64 {
        if kind.uses_weights() {
            s.server(name).map_or(0.0, |(_, s)| f64::from(s.weight()))
        } else {
            1.0
        }
    };
    let total = |s: &Scenario| -> f64 { s.servers().iter().map(|x| weight(s, &x.name)).sum() };
    let joined: f64 = after
        .servers()
        .iter()
        .filter(|s| before.server(&s.name).is_err())
        .map(|s| weight(after, &s.name))
        .sum();
    let left: f64 = before
        .servers()
        .iter()
        .filter(|s| after.server(&s.name).is_err())
        .map(|s| weight(before, &s.name))
        .sum();
    match (joined > 0.0, left > 0.0) {
        (true, false) => Some(joined / total(after)),
        (false, true) => Some(left / total(before)),
        _ => None,
    }
}
