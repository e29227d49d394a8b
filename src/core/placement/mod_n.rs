//! hash mod N: a key goes to `servers[hash mod N]`, the server list's order deciding who is
//! who. Every server gets an even share, but changing N changes almost every key's remainder.

use std::sync::Arc;

use super::layout::Layout;
use super::measure::{Cost, Space, State};
use super::spec::{
    any_may_leave, hash_hover, no_caveat, nothing_ignored, on_the_ring, Circle, Copies, Lookup,
    Panel, ServersBy, Spec, Weights, SERVER_VERBS,
};
use super::structure::{Earlier, Evaluated, LoneKey, Lookup as Steps, Structure};
use super::trace::hash_steps;
use crate::core::keys::KeySet;
use crate::core::modn::mod_n_owner;
use crate::core::size::RingSize;

/// hash mod N.
pub static SPEC: Spec = Spec {
    id: "mod-n",
    name: "hash mod N",
    phrase: "hash mod N",
    called: "mod N",
    under: "under mod N",
    summary:
        "A key goes to servers[hash mod N]: perfectly even, but changing N moves almost every key.",
    system: false,
    verbs: SERVER_VERBS,
    units: None,
    weights: Weights::Equal,
    circle: Circle::Positions,
    fixed_ring: false,
    arcs: false,
    lookup: Lookup::Remainder,
    servers_by: ServersBy::ListPlace,
    settings: &[],
    note: None,
    hover: hash_hover,
    picture: |layout, _| on_the_ring(SPEC.name, layout),
    listing: "Points per server",
    panel: Panel::None,
    practice: Some(2),
    copies: Copies::Unsaid,
    caveat: no_caveat,
    refuse_leaving: any_may_leave,
    ignored: nothing_ignored,
};

pub(in crate::core::placement) fn evaluate(_: &Layout<'_>, _: Option<Earlier<'_>>) -> Evaluated {
    Evaluated {
        structure: Arc::new(ModN),
        owners: None,
    }
}

/// hash mod N keeps nothing but the server count, which every call is given.
#[derive(Debug)]
struct ModN;

impl Structure for ModN {
    fn owner_of_key(&self, keys: &KeySet, id: u32, servers: usize) -> usize {
        mod_n_owner(keys.hash_of(id), servers)
    }

    fn owner_of_lone(&self, probe: &LoneKey<'_>, servers: usize) -> Option<usize> {
        Some(mod_n_owner(probe.hash, servers))
    }

    fn count_keys(&self, keys: &KeySet, servers: usize) -> Vec<u64> {
        // The counts of the remainders stay with the keys: a change that keeps the keys (or
        // counted the remainders of a multiple of N to see what it moved) counts nothing again.
        match u32::try_from(servers) {
            Ok(n) if n > 0 => keys
                .residue_counts(n)
                .iter()
                .map(|&c| u64::from(c))
                .collect(),
            _ => vec![0; servers],
        }
    }

    fn circle(&self, size: RingSize) -> u64 {
        size.get()
    }

    fn key_spot(&self, keys: &KeySet, id: u32) -> u32 {
        keys.position_of(id)
    }

    fn owner_at_spot(&self, spot: u32, _: RingSize, servers: usize) -> usize {
        mod_n_owner(spot, servers)
    }

    fn cost(&self, _: &KeySet, _: usize) -> Cost {
        Cost {
            per_key: 1.0,
            unit: "remainder",
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

    fn space(&self, _: RingSize, servers: usize) -> Option<Space> {
        // Hash values h in 0..2^32 with h mod N = i: ⌊(2^32 − 1 − i) / N⌋ + 1.
        let total = RingSize::FULL.get();
        let n = servers as u64;
        Some(Space {
            amounts: (0..n).map(|i| (total - 1 - i) / n + 1).collect(),
            total,
            unit: "hash values",
            exact: true,
        })
    }

    fn lookup(&self, layout: &Layout<'_>, id: u32, _: usize, names: &[Arc<str>]) -> Steps {
        let mut steps = hash_steps(layout, id);
        let hashing = steps.len();
        let hash = layout.keys.hash_of(id);
        let n = names.len();
        let i = mod_n_owner(hash, n);
        steps.push(format!(
            "{hash} mod {n} = {i}, so servers[{i}]: {}.",
            names[i]
        ));
        Steps {
            steps,
            hashing,
            ..Steps::default()
        }
    }
}
