//! Every system as the placements see it: one [`Structure`] over any [`System`], with each
//! key's server and its place on the system's circle found once, when it is evaluated.

use std::sync::Arc;

use super::system::{Shape, System};
use crate::core::keys::KeySet;
use crate::core::par::map_ids;
use crate::core::placement::layout::Layout;
use crate::core::placement::measure::{Cost, Space, State};
use crate::core::placement::structure::{Evaluated, LoneKey, Lookup, Structure};
use crate::core::placement::trace::Mark;
use crate::core::size::RingSize;

/// `system` evaluated on `layout`: every key located. Its structure is made of `units`
/// (`slots`, `tokens`).
pub fn evaluated(layout: &Layout<'_>, units: &'static str, system: impl System) -> Evaluated {
    let keys = layout.keys;
    let located = map_ids(keys.len(), |id| {
        keys.with_label(id, |label| {
            let l = system.locate(label);
            (l.owner as u16, l.spot)
        })
    });
    let owners = located.iter().map(|l| l.0).collect();
    Evaluated {
        structure: Arc::new(Placed {
            system: Box::new(system),
            spots: located.into_iter().map(|l| l.1).collect(),
            units,
        }),
        owners: Some(owners),
    }
}

/// A system and where each key sits on its circle.
#[derive(Debug)]
struct Placed {
    system: Box<dyn System>,
    spots: Vec<u32>,
    units: &'static str,
}

impl Structure for Placed {
    fn owner_of_key(&self, keys: &KeySet, id: u32, _: usize) -> usize {
        keys.with_label(id, |label| self.system.locate(label).owner)
    }

    fn owner_of_lone(&self, probe: &LoneKey<'_>, _: usize) -> Option<usize> {
        Some(self.system.locate(probe.label).owner)
    }

    fn circle(&self, _: RingSize) -> u64 {
        self.system.circle()
    }

    fn key_spot(&self, _: &KeySet, id: u32) -> u32 {
        self.spots[id as usize]
    }

    fn owner_at_spot(&self, spot: u32, _: RingSize, _: usize) -> usize {
        self.system.owner_at_spot(spot)
    }

    fn next_choice(
        &self,
        keys: &KeySet,
        id: u32,
        _: usize,
        servers: usize,
        accept: &mut dyn FnMut(usize) -> bool,
    ) -> Option<usize> {
        let list = keys.with_label(id, |label| self.system.preference(label, servers, servers));
        list.into_iter().skip(1).find(|&s| accept(s))
    }

    fn cost(&self, _: &KeySet, _: usize) -> Cost {
        self.system.cost()
    }

    fn state(&self, _: usize) -> State {
        State {
            count: self.system.unit_count(),
            unit: self.units,
        }
    }

    fn holdings(&self, servers: usize) -> Vec<u64> {
        self.system.holdings(servers)
    }

    fn space(&self, _: RingSize, servers: usize) -> Option<Space> {
        Some(self.system.space(servers))
    }

    fn lookup(&self, layout: &Layout<'_>, id: u32, _: usize, names: &[Arc<str>]) -> Lookup {
        let keys = layout.keys;
        let (steps, hashing) = keys.with_label(id, |label| self.system.steps(label, names));
        let spot = self.spots[id as usize];
        let mark = match self.system.shape() {
            Shape::Points(points) => {
                let at = keys.with_label(id, |l| self.system.locate(l).coordinate.ring_position());
                let p = points.points()[points.owner_point(at)];
                Mark::Walk {
                    from: spot,
                    to: points.spot(p.at),
                }
            }
            Shape::Units(_) | Shape::Entries(_) => Mark::Span {
                from: spot,
                to: spot,
            },
        };
        Lookup {
            steps,
            hashing,
            marks: vec![mark],
            scores: Vec::new(),
        }
    }

    fn system(&self) -> Option<&dyn System> {
        Some(&*self.system)
    }
}
