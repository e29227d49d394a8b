//! A ring that grows one point at a time, keeping each server's arcs up to date.
//!
//! Points are ordered as on [`Ring`](crate::core::Ring): by position, then server name, then
//! virtual-node index, and a point owns `(predecessor, point]`. A new point takes its arc from
//! the point after it and nothing from anyone else, so adding it costs two neighbour lookups in
//! a sorted map and two arc updates, however many points there are.

use std::collections::BTreeMap;
use std::ops::Bound;

use crate::core::size::RingSize;

/// Where a point sorts: position, then its server's name rank, then its virtual-node index.
type Spot = (u32, u32, u32);

/// Points sorted as the ring sorts them, with each server's total arc.
#[derive(Debug, Clone)]
pub(super) struct GrowingRing {
    size: RingSize,
    /// Each server's rank among the names, which is the ring's order between servers.
    ranks: Vec<u32>,
    points: BTreeMap<Spot, u16>,
    arcs: Vec<u64>,
}

impl GrowingRing {
    /// An empty ring for servers whose names, by index, are `names`.
    pub fn new(size: RingSize, names: &[&str]) -> GrowingRing {
        let mut order: Vec<usize> = (0..names.len()).collect();
        order.sort_unstable_by(|&a, &b| names[a].cmp(names[b]).then(a.cmp(&b)));
        let mut ranks = vec![0; names.len()];
        for (rank, &i) in order.iter().enumerate() {
            ranks[i] = rank as u32;
        }
        GrowingRing {
            size,
            ranks,
            points: BTreeMap::new(),
            arcs: vec![0; names.len()],
        }
    }

    /// Each server's total arc, by index; they sum to the ring size once there is a point.
    pub fn arcs(&self) -> &[u64] {
        &self.arcs
    }

    /// Server `server`'s virtual node `vnode` at `position`.
    pub fn spot(&self, server: usize, position: u32, vnode: u32) -> Spot {
        (position, self.ranks[server], vnode)
    }

    /// Adds a point and moves the arc it takes from the point after it.
    pub fn insert(&mut self, server: usize, position: u32, vnode: u32) {
        let spot = self.spot(server, position, vnode);
        if self.points.is_empty() {
            self.points.insert(spot, server as u16);
            self.arcs[server] += self.size.get();
            return;
        }
        let (before, _) = self.before(spot);
        let (after, owner) = self.after(spot);
        self.arcs[owner as usize] -= self.arc(before, after);
        self.arcs[owner as usize] += self.arc(spot, after);
        self.arcs[server] += self.arc(before, spot);
        self.points.insert(spot, server as u16);
    }

    /// The point before `spot`, wrapping past the first to the last.
    pub fn before(&self, spot: Spot) -> (Spot, u16) {
        self.points
            .range(..spot)
            .next_back()
            .or_else(|| self.points.iter().next_back())
            .map(|(&s, &o)| (s, o))
            .expect("the ring has a point")
    }

    /// The point after `spot`, wrapping past the last to the first.
    fn after(&self, spot: Spot) -> (Spot, u16) {
        self.points
            .range((Bound::Excluded(spot), Bound::Unbounded))
            .next()
            .or_else(|| self.points.iter().next())
            .map(|(&s, &o)| (s, o))
            .expect("the ring has a point")
    }

    /// The arc a point at `to` owns when the point before it is at `from`: the distance
    /// between them, except that points sharing a position are ordered, the first owning the
    /// arc and the others nothing; when every point shares one position, the first owns the
    /// whole ring.
    pub fn arc(&self, from: Spot, to: Spot) -> u64 {
        if from.0 == to.0 {
            if from >= to {
                self.size.get()
            } else {
                0
            }
        } else {
            self.size.distance(from.0, to.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{HashScheme, Ring, Server};

    #[test]
    fn growing_a_ring_point_by_point_gives_the_arcs_of_building_it() {
        for size in [
            RingSize::new(7).unwrap(),
            RingSize::TEACHING,
            RingSize::FULL,
        ] {
            let names = ["b", "a", "c"];
            let servers: Vec<Server> = names.iter().map(|n| Server::hashed(n)).collect();
            let hash = HashScheme::default();
            let mut grown = GrowingRing::new(size, &names);
            for v in 1..=30u32 {
                for (i, name) in names.iter().enumerate() {
                    let label = crate::core::vnode_label(name, v - 1);
                    grown.insert(i, size.position_of(hash.hash32(&label)), v - 1);
                }
                let built = Ring::build(size, hash, v, &servers);
                assert_eq!(grown.arcs(), built.owned_arcs().as_slice(), "{size} {v}");
            }
        }
    }

    #[test]
    fn points_sharing_a_position_follow_the_rings_order() {
        let mut ring = GrowingRing::new(RingSize::TEACHING, &["zeta", "alpha"]);
        ring.insert(0, 5, 0);
        assert_eq!(ring.arcs(), &[100, 0]);
        ring.insert(1, 5, 0);
        assert_eq!(ring.arcs(), &[0, 100]);
        ring.insert(0, 50, 1);
        assert_eq!(ring.arcs(), &[45, 55]);
    }
}
