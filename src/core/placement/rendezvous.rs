//! Rendezvous hashing, or highest random weight (Thaler and Ravishankar, 1996).
//!
//! Every server gives every key a score from a hash of the pair; the highest score wins. A new
//! server takes exactly the keys it now outscores, and a departing server's keys each go to
//! their second-best server, so nothing else moves. The price is a lookup that scores every
//! server: O(N) per key.
//!
//! The pair's hash is `mix64(widen(server_hash, 0) ^ widen(key_hash, 0))`, 64 bits, turned into
//! `u` in (0, 1) from its top 53 bits. With weights the score is `−w / ln(u)`, which gives each
//! server a share of keys proportional to its weight; with equal weights that is plain highest
//! random weight, and the code compares the 64-bit values directly. Ties go to the server whose
//! name sorts first.

use std::any::Any;
use std::sync::Arc;

use super::layout::Layout;
use super::measure::{Cost, State};
use super::spec::{
    any_may_leave, hash_hover, no_caveat, nothing_ignored, on_the_ring, Circle, Copies, Lookup,
    Panel, ServersBy, Spec, Weights, SERVER_VERBS,
};
use super::structure::{Earlier, Evaluated, LoneKey, Lookup as Steps, Structure};
use super::trace::hash_steps;
use crate::core::keys::KeySet;
use crate::core::mix::{mix64, widen};
use crate::core::par::map_ids;
use crate::core::size::RingSize;

/// Rendezvous hashing over a list of servers.
#[derive(Debug, Clone, PartialEq)]
pub struct Rendezvous {
    names: Vec<Arc<str>>,
    seeds: Vec<u64>,
    weights: Vec<f64>,
    weighted: bool,
}

impl Rendezvous {
    /// Servers named `names`, whose names hash to `name_hashes`, with `weights`.
    pub fn new(names: &[Arc<str>], name_hashes: &[u32], weights: &[u32]) -> Rendezvous {
        Rendezvous {
            names: names.to_vec(),
            seeds: name_hashes.iter().map(|&h| widen(h, 0)).collect(),
            weights: weights.iter().map(|&w| f64::from(w)).collect(),
            weighted: weights.iter().any(|&w| w != weights[0]),
        }
    }

    /// The 64-bit value server `server` draws for a key hash.
    pub fn draw(&self, server: usize, hash: u32) -> u64 {
        mix64(self.seeds[server] ^ widen(hash, 0))
    }

    /// Server `server`'s score for a key hash: `−w / ln(u)`.
    pub fn score(&self, server: usize, hash: u32) -> f64 {
        let u = ((self.draw(server, hash) >> 11) as f64 + 0.5) / (1u64 << 53) as f64;
        -self.weights[server] / u.ln()
    }

    /// The winning server for a key hash.
    pub fn owner(&self, hash: u32) -> usize {
        if self.seeds.is_empty() {
            return 0;
        }
        self.best_of(hash, 0, 1..self.seeds.len())
    }

    /// Whether these servers are `before`'s, unchanged and in the same order, followed by any
    /// newcomers: then a key's winner here is its winner under `before` unless a newcomer
    /// outscores it (see [`Rendezvous::owner_after`]).
    pub fn extends(&self, before: &Rendezvous) -> bool {
        let n = before.seeds.len();
        self.seeds.len() >= n
            && self.weighted == before.weighted
            && self.names[..n] == before.names[..]
            && self.seeds[..n] == before.seeds[..]
            && self.weights[..n] == before.weights[..]
    }

    /// The winning server for a key hash whose winner under `before` was `before_owner`, when
    /// these servers extend `before`'s: only the newcomers are scored. The answer is
    /// [`Rendezvous::owner`]'s, since the winner is the best of all servers in one fixed order
    /// (higher score, then the name that sorts first).
    pub fn owner_after(&self, hash: u32, before_owner: usize, before: &Rendezvous) -> usize {
        debug_assert!(self.extends(before));
        self.best_of(hash, before_owner, before.seeds.len()..self.seeds.len())
    }

    /// The best of server `current` and the servers `rest`, for a key hash.
    fn best_of(&self, hash: u32, current: usize, rest: std::ops::Range<usize>) -> usize {
        let mut best = current;
        if self.weighted {
            let mut top = self.score(current, hash);
            for i in rest {
                let s = self.score(i, hash);
                if s > top || (s == top && self.names[i] < self.names[best]) {
                    top = s;
                    best = i;
                }
            }
        } else {
            let key = widen(hash, 0);
            let mut top = mix64(self.seeds[current] ^ key);
            let first = rest.start;
            for (i, seed) in self.seeds[rest].iter().enumerate() {
                let i = first + i;
                let d = mix64(seed ^ key);
                if d > top || (d == top && self.names[i] < self.names[best]) {
                    top = d;
                    best = i;
                }
            }
        }
        best
    }

    /// Every server's score for a key hash, in list order.
    pub fn scores(&self, hash: u32) -> Vec<f64> {
        (0..self.seeds.len()).map(|i| self.score(i, hash)).collect()
    }
}

/// Rendezvous hashing.
pub static SPEC: Spec = Spec {
    id: "rendezvous",
    name: "Rendezvous",
    phrase: "rendezvous hashing",
    called: "Rendezvous",
    under: "under Rendezvous",
    summary: "Every server scores the key; the highest score wins. Even and minimal, but every lookup scores every server.",
    system: false,
    verbs: SERVER_VERBS,
    units: None,
    weights: Weights::Honoured,
    circle: Circle::Positions,
    fixed_ring: false,
    arcs: false,
    lookup: Lookup::Scores,
    servers_by: ServersBy::Name,
    settings: &[],
    note: None,
    hover: hash_hover,
    picture: |layout, _| on_the_ring(SPEC.name, layout),
    listing: "Points per server",
    panel: Panel::None,
    practice: Some(4),
    copies: Copies::Unsaid,
    caveat: no_caveat,
    refuse_leaving: any_may_leave,
    ignored: nothing_ignored,
};

pub(in crate::core::placement) fn evaluate(
    layout: &Layout<'_>,
    previous: Option<Earlier<'_>>,
) -> Evaluated {
    let keys = layout.keys;
    let r = Rendezvous::new(layout.names(), &layout.name_hashes(), &layout.weights());
    // The same keys' winners among the servers before, when only servers joined.
    let winners = previous.and_then(|earlier| {
        let old = (earlier.structure as &dyn Any).downcast_ref::<Rendezvous>()?;
        let owners = earlier.owners?;
        (Arc::ptr_eq(earlier.layout.keys, layout.keys) && r.extends(old)).then_some((old, owners))
    });
    let owners = match winners {
        Some((old, was)) => map_ids(keys.len(), |id| {
            r.owner_after(keys.hash_of(id), was[id as usize] as usize, old) as u16
        }),
        None => map_ids(keys.len(), |id| r.owner(keys.hash_of(id)) as u16),
    };
    Evaluated {
        structure: Arc::new(r),
        owners: Some(owners),
    }
}

impl Rendezvous {
    /// The servers in falling order of their scores for a key hash (ties to the first listed).
    fn ranked(&self, hash: u32) -> (Vec<usize>, Vec<f64>) {
        let scores = self.scores(hash);
        let mut ranked: Vec<usize> = (0..scores.len()).collect();
        ranked.sort_unstable_by(|&a, &b| scores[b].total_cmp(&scores[a]).then(a.cmp(&b)));
        (ranked, scores)
    }
}

impl Structure for Rendezvous {
    fn owner_of_key(&self, keys: &KeySet, id: u32, _: usize) -> usize {
        self.owner(keys.hash_of(id))
    }

    fn owner_of_lone(&self, probe: &LoneKey<'_>, _: usize) -> Option<usize> {
        Some(self.owner(probe.hash))
    }

    fn circle(&self, size: RingSize) -> u64 {
        size.get()
    }

    fn key_spot(&self, keys: &KeySet, id: u32) -> u32 {
        keys.position_of(id)
    }

    fn owner_at_spot(&self, spot: u32, _: RingSize, _: usize) -> usize {
        self.owner(spot)
    }

    fn next_choice(
        &self,
        keys: &KeySet,
        id: u32,
        _: usize,
        _: usize,
        accept: &mut dyn FnMut(usize) -> bool,
    ) -> Option<usize> {
        let (ranked, _) = self.ranked(keys.hash_of(id));
        ranked.into_iter().skip(1).find(|&s| accept(s))
    }

    fn cost(&self, _: &KeySet, servers: usize) -> Cost {
        Cost {
            per_key: servers as f64,
            unit: "servers scored",
        }
    }

    fn state(&self, servers: usize) -> State {
        State {
            count: servers as u64,
            unit: "servers",
        }
    }

    fn holdings(&self, servers: usize) -> Vec<u64> {
        vec![0; servers]
    }

    fn lookup(&self, layout: &Layout<'_>, id: u32, owner: usize, names: &[Arc<str>]) -> Steps {
        let mut steps = hash_steps(layout, id);
        let hashing = steps.len();
        let (ranked, scores) = self.ranked(layout.keys.hash_of(id));
        let shown: Vec<String> = ranked
            .iter()
            .take(6)
            .map(|&i| format!("{} {:.3}", names[i], scores[i]))
            .collect();
        let more = ranked.len().saturating_sub(6);
        steps.push(format!(
            "Every server scores the key; highest first: {}{}.",
            shown.join(", "),
            if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            }
        ));
        steps.push(format!("The highest score wins: {}.", names[owner]));
        Steps {
            steps,
            hashing,
            marks: Vec::new(),
            scores,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn servers(n: usize) -> (Vec<Arc<str>>, Vec<u32>) {
        let names: Vec<Arc<str>> = (0..n).map(|i| Arc::from(format!("s{i}"))).collect();
        let hashes = (0..n as u32).map(|i| i.wrapping_mul(0x9E37_79B9)).collect();
        (names, hashes)
    }

    #[test]
    fn with_equal_weights_the_highest_draw_and_the_highest_score_agree() {
        let (names, hashes) = servers(7);
        let plain = Rendezvous::new(&names, &hashes, &[1; 7]);
        for key in 0..500u32 {
            let hash = key.wrapping_mul(2_654_435_761);
            let scores = plain.scores(hash);
            let best = (0..7)
                .max_by(|&a, &b| scores[a].total_cmp(&scores[b]))
                .unwrap();
            assert_eq!(plain.owner(hash), best);
        }
    }

    #[test]
    fn scoring_only_the_newcomers_finds_the_same_winner_as_scoring_everyone() {
        let (names, hashes) = servers(8);
        for weights in [[1; 8], [1, 2, 1, 3, 1, 1, 2, 1]] {
            let before = Rendezvous::new(&names[..7], &hashes[..7], &weights[..7]);
            let after = Rendezvous::new(&names, &hashes, &weights);
            assert!(after.extends(&before) && before.extends(&before));
            for key in 0..5000u32 {
                let hash = key.wrapping_mul(2_654_435_761);
                let was = before.owner(hash);
                assert_eq!(after.owner_after(hash, was, &before), after.owner(hash));
            }
        }
        let reweighed = Rendezvous::new(&names[..7], &hashes[..7], &[2, 1, 1, 1, 1, 1, 1]);
        let plain = Rendezvous::new(&names[..7], &hashes[..7], &[1; 7]);
        assert!(!reweighed.extends(&plain));
        assert!(!plain.extends(&Rendezvous::new(&names, &hashes, &[1; 8])));
    }

    #[test]
    fn a_server_of_weight_three_gets_about_three_times_the_keys() {
        let (names, hashes) = servers(2);
        let r = Rendezvous::new(&names, &hashes, &[3, 1]);
        let heavy = (0..40_000u32)
            .filter(|k| r.owner(k.wrapping_mul(2_654_435_761)) == 0)
            .count();
        let share = heavy as f64 / 40_000.0;
        assert!((share - 0.75).abs() < 0.02, "{share}");
    }
}
