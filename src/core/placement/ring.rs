//! The consistent-hashing ring: each server puts points on the ring (one placed by hand, or
//! `vnodes × weight` hashed from `name#i`), and a key goes to the first point at or after its
//! position, wrapping past the top. The ring itself is the scenario's
//! ([`Ring`](crate::core::Ring)); this file says what the placement is and how it looks a key up.

use std::sync::Arc;

use super::layout::Layout;
use super::measure::{search_steps, Cost, Space, State};
use super::spec::{
    any_may_leave, no_caveat, nothing_ignored, position_hover, Circle, Copies, Lookup, Panel,
    ServersBy, Spec, Weights, SERVER_VERBS,
};
use super::structure::{
    ring_holdings, ring_space, ring_state, ring_stretches, walk_ring, Earlier, Evaluated, LoneKey,
    Lookup as Steps, Structure,
};
use super::trace::{hash_steps, walk_words, Mark};
use crate::core::keys::KeySet;
use crate::core::ring::Ring;
use crate::core::size::RingSize;

/// The ring.
pub static SPEC: Spec = Spec {
    id: "ring",
    name: "Ring",
    phrase: "the ring",
    called: "the ring",
    under: "on the ring",
    summary:
        "A key goes to the first server point clockwise from it; virtual nodes even out the shares.",
    system: false,
    verbs: SERVER_VERBS,
    units: None,
    weights: Weights::Honoured,
    circle: Circle::Positions,
    fixed_ring: false,
    arcs: true,
    lookup: Lookup::Clockwise,
    servers_by: ServersBy::Name,
    settings: &[],
    note: None,
    hover: position_hover,
    picture: |layout, _| format!("Hash ring of {} positions", layout.size),
    listing: "Points per server",
    panel: Panel::None,
    practice: Some(1),
    copies: Copies::Clockwise,
    caveat: no_caveat,
    refuse_leaving: any_may_leave,
    ignored: nothing_ignored,
};

pub(in crate::core::placement) fn evaluate(
    layout: &Layout<'_>,
    _: Option<Earlier<'_>>,
) -> Evaluated {
    Evaluated {
        structure: Arc::new(OnRing(layout.ring.clone())),
        owners: None,
    }
}

/// The scenario's own ring.
#[derive(Debug)]
struct OnRing(Arc<Ring>);

impl Structure for OnRing {
    fn owner_of_key(&self, keys: &KeySet, id: u32, _: usize) -> usize {
        self.0.owner_of(keys.position_of(id))
    }

    fn owner_of_lone(&self, probe: &LoneKey<'_>, _: usize) -> Option<usize> {
        Some(self.0.owner_of(probe.position))
    }

    fn count_keys(&self, keys: &KeySet, _: usize) -> Vec<u64> {
        self.0.count_owned(keys.sorted_positions())
    }

    fn circle(&self, size: RingSize) -> u64 {
        size.get()
    }

    fn key_spot(&self, keys: &KeySet, id: u32) -> u32 {
        keys.position_of(id)
    }

    fn owner_at_spot(&self, spot: u32, _: RingSize, _: usize) -> usize {
        self.0.owner_of(spot)
    }

    fn stretches(&self, _: RingSize) -> Option<Vec<(u64, u64, usize)>> {
        Some(ring_stretches(&self.0))
    }

    fn next_choice(
        &self,
        keys: &KeySet,
        id: u32,
        owner: usize,
        servers: usize,
        accept: &mut dyn FnMut(usize) -> bool,
    ) -> Option<usize> {
        walk_ring(&self.0, keys.position_of(id), owner, servers, accept)
    }

    fn cost(&self, _: &KeySet, _: usize) -> Cost {
        Cost {
            per_key: search_steps(self.0.points().len()),
            unit: "points searched",
        }
    }

    fn state(&self, _: usize) -> State {
        ring_state(&self.0)
    }

    fn holdings(&self, _: usize) -> Vec<u64> {
        ring_holdings(&self.0)
    }

    fn space(&self, _: RingSize, _: usize) -> Option<Space> {
        Some(ring_space(&self.0))
    }

    fn lookup(&self, layout: &Layout<'_>, id: u32, _: usize, names: &[Arc<str>]) -> Steps {
        let mut steps = hash_steps(layout, id);
        let hashing = steps.len();
        let position = layout.keys.position_of(id);
        let point = self.0.points()[self.0.owner_point(position)];
        steps.push(walk_words(
            layout.size.distance(position, point.position),
            position,
            point.position,
            &names[point.server as usize],
        ));
        Steps {
            steps,
            hashing,
            marks: vec![Mark::Walk {
                from: position,
                to: point.position,
            }],
            scores: Vec::new(),
        }
    }

    fn ring(&self) -> Option<&Ring> {
        Some(&self.0)
    }
}
