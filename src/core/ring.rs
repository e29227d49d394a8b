//! The ring: every server's points, sorted by position, and who owns what.
//!
//! A position belongs to the first point at or after it, wrapping past the top of the ring to
//! the first point. So a point owns the arc `(predecessor, point]`. When several points share a
//! position they are ordered by server name, then by virtual-node index; the first of them owns
//! the arc and the others own nothing. That order is the same on every machine.

use std::sync::Arc;

use super::hash::HashScheme;
use super::server::{Placement, Server};
use super::size::RingSize;

/// One point on the ring.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Point {
    /// Where it sits, in `0..M`.
    pub position: u32,
    /// The index of its server in the ring's server list.
    pub server: u32,
    /// Its virtual-node index: the `i` of `name#i` (0 for a point placed by hand).
    pub vnode: u32,
}

/// The points of a set of servers on a ring of a given size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ring {
    size: RingSize,
    names: Vec<Arc<str>>,
    points: Vec<Point>,
    index: Index,
}

/// A shortcut into the sorted points: the ring is cut into equal buckets (a power of two of
/// positions each), and `starts[b]` is the first point at or after bucket `b`'s start. A lookup
/// goes straight to its bucket and searches only the few points inside it, so it costs about
/// the same whatever the number of points.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Index {
    shift: u32,
    starts: Vec<u32>,
}

impl Index {
    fn new(size: RingSize, points: &[Point]) -> Index {
        let bits = 64 - (size.get() - 1).leading_zeros();
        let wanted = points.len().next_power_of_two().clamp(1, 1 << 18);
        let shift = bits.saturating_sub(wanted.trailing_zeros());
        let buckets = ((size.get() - 1) >> shift) as usize + 1;
        let mut starts = Vec::with_capacity(buckets + 1);
        let mut i = 0;
        for bucket in 0..buckets as u64 {
            let start = bucket << shift;
            while i < points.len() && u64::from(points[i].position) < start {
                i += 1;
            }
            starts.push(i as u32);
        }
        starts.push(points.len() as u32);
        Index { shift, starts }
    }
}

impl Ring {
    /// Places every server's points and sorts them.
    ///
    /// ```
    /// use ringlab::core::{HashScheme, Ring, RingSize, Server};
    /// let servers = [Server::at("A", 10), Server::at("B", 40), Server::at("C", 75)];
    /// let ring = Ring::build(RingSize::TEACHING, HashScheme::default(), 1, &servers);
    /// assert_eq!(ring.server_name(ring.owner_of(90)), "A"); // 90 wraps past 99 to A at 10
    /// assert_eq!(ring.owned_arcs(), vec![35, 30, 35]);
    /// ```
    pub fn build(size: RingSize, hash: HashScheme, vnodes: u32, servers: &[Server]) -> Ring {
        let names: Vec<Arc<str>> = servers.iter().map(|s| Arc::from(s.name.as_str())).collect();
        let mut points = Vec::with_capacity(servers.iter().map(|s| s.point_count(vnodes)).sum());
        for (index, server) in servers.iter().enumerate() {
            points.extend(server_points(size, hash, vnodes, server, index as u32));
        }
        Ring::from_points(size, names, points)
    }

    /// A ring of points placed some other way (ketama's, say), sorted here.
    pub fn from_points(size: RingSize, names: Vec<Arc<str>>, mut points: Vec<Point>) -> Ring {
        points.sort_unstable_by(|a, b| point_order(&names, a, b));
        Ring::sorted(size, names, points)
    }

    fn sorted(size: RingSize, names: Vec<Arc<str>>, points: Vec<Point>) -> Ring {
        let index = Index::new(size, &points);
        Ring {
            size,
            names,
            points,
            index,
        }
    }

    /// The ring with one more server, appended to the server list; its points are merged in.
    pub fn with_server(&self, hash: HashScheme, vnodes: u32, server: &Server) -> Ring {
        let index = self.names.len() as u32;
        let mut added: Vec<Point> = server_points(self.size, hash, vnodes, server, index).collect();
        let mut names = self.names.clone();
        names.push(Arc::from(server.name.as_str()));
        added.sort_unstable_by_key(|p| (p.position, p.vnode));
        let mut points = Vec::with_capacity(self.points.len() + added.len());
        let (mut i, mut j) = (0, 0);
        while i < self.points.len() && j < added.len() {
            if point_order(&names, &self.points[i], &added[j]).is_le() {
                points.push(self.points[i]);
                i += 1;
            } else {
                points.push(added[j]);
                j += 1;
            }
        }
        points.extend_from_slice(&self.points[i..]);
        points.extend_from_slice(&added[j..]);
        Ring::sorted(self.size, names, points)
    }

    /// The ring without the server at `index`; later servers move down one place.
    pub fn without_server(&self, index: usize) -> Ring {
        let gone = index as u32;
        let mut names = self.names.clone();
        names.remove(index);
        let points = self
            .points
            .iter()
            .filter(|p| p.server != gone)
            .map(|p| Point {
                server: if p.server > gone {
                    p.server - 1
                } else {
                    p.server
                },
                ..*p
            })
            .collect();
        Ring::sorted(self.size, names, points)
    }

    /// The ring's size.
    pub fn size(&self) -> RingSize {
        self.size
    }

    /// The points, sorted by position, then server name, then virtual-node index.
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// The server names, in the servers' list order.
    pub fn names(&self) -> &[Arc<str>] {
        &self.names
    }

    /// The name of the server at `index`.
    pub fn server_name(&self, index: usize) -> &str {
        &self.names[index]
    }

    /// The index of the point that owns `position`: the first at or after it, wrapping.
    /// O(log V). The ring must have at least one point.
    pub fn owner_point(&self, position: u32) -> usize {
        let bucket = (u64::from(position) >> self.index.shift) as usize;
        let (from, to) = (
            self.index.starts[bucket] as usize,
            self.index.starts[bucket + 1] as usize,
        );
        let i = from + self.points[from..to].partition_point(|p| p.position < position);
        if i == self.points.len() {
            0
        } else {
            i
        }
    }

    /// The index of the server that owns `position`.
    pub fn owner_of(&self, position: u32) -> usize {
        self.points[self.owner_point(position)].server as usize
    }

    /// The length of the arc `(predecessor, point]` owned by the point at `index`.
    pub fn point_arc(&self, index: usize) -> u64 {
        let here = self.points[index].position;
        let prev = if index == 0 {
            self.points[self.points.len() - 1].position
        } else {
            self.points[index - 1].position
        };
        if index == 0 && here == prev {
            // Every point shares one position: the first of them owns the whole ring.
            self.size.get()
        } else {
            self.size.distance(prev, here)
        }
    }

    /// The length of ring each server owns, in the servers' list order. Sums to `M` exactly.
    pub fn owned_arcs(&self) -> Vec<u64> {
        let mut arcs = vec![0u64; self.names.len()];
        for (index, point) in self.points.iter().enumerate() {
            arcs[point.server as usize] += self.point_arc(index);
        }
        arcs
    }

    /// How many of the sorted `positions` each server owns, by merging the two sorted lists:
    /// O(K + V).
    pub fn count_owned(&self, positions: &[u32]) -> Vec<u64> {
        let mut counts = vec![0u64; self.names.len()];
        if self.points.len() * 16 < positions.len() {
            // Few points among many keys: find where each point's keys end by galloping on
            // from where the last point's ended, which stays close in memory.
            let mut below = 0;
            for point in &self.points {
                let upto = below + gallop(&positions[below..], point.position);
                counts[point.server as usize] += (upto - below) as u64;
                below = upto;
            }
            // Keys past the last point wrap round to the first.
            counts[self.points[0].server as usize] += (positions.len() - below) as u64;
            return counts;
        }
        let mut p = 0;
        for &position in positions {
            while p < self.points.len() && self.points[p].position < position {
                p += 1;
            }
            let owner = if p == self.points.len() { 0 } else { p };
            counts[self.points[owner].server as usize] += 1;
        }
        counts
    }

    /// The first `replicas` distinct servers met walking clockwise from `position`, owner
    /// first. Asking for more replicas than there are servers gives every server once.
    pub fn preference_list(&self, position: u32, replicas: usize) -> Vec<usize> {
        self.preference_points(position, replicas)
            .into_iter()
            .map(|p| self.points[p].server as usize)
            .collect()
    }

    /// The points where the walk of [`Ring::preference_list`] meets each chosen server.
    pub fn preference_points(&self, position: u32, replicas: usize) -> Vec<usize> {
        let want = replicas.min(self.names.len());
        let mut chosen: Vec<usize> = Vec::with_capacity(want);
        let mut servers: Vec<u32> = Vec::with_capacity(want);
        let start = self.owner_point(position);
        for step in 0..self.points.len() {
            if chosen.len() == want {
                break;
            }
            let index = (start + step) % self.points.len();
            let server = self.points[index].server;
            if !servers.contains(&server) {
                servers.push(server);
                chosen.push(index);
            }
        }
        chosen
    }

    /// The server with a point at exactly `position`, if any.
    pub fn occupant(&self, position: u32) -> Option<usize> {
        let i = self.points.partition_point(|p| p.position < position);
        self.points
            .get(i)
            .filter(|p| p.position == position)
            .map(|p| p.server as usize)
    }

    /// How many points share their position with the point before them.
    pub fn collisions(&self) -> usize {
        self.points
            .windows(2)
            .filter(|w| w[0].position == w[1].position)
            .count()
    }

    /// How many points each server has, in list order.
    pub fn point_counts(&self) -> Vec<usize> {
        let mut counts = vec![0; self.names.len()];
        for point in &self.points {
            counts[point.server as usize] += 1;
        }
        counts
    }
}

/// The deterministic order of points: position, then server name, then virtual-node index.
fn point_order(names: &[Arc<str>], a: &Point, b: &Point) -> std::cmp::Ordering {
    a.position
        .cmp(&b.position)
        .then_with(|| names[a.server as usize].cmp(&names[b.server as usize]))
        .then_with(|| a.vnode.cmp(&b.vnode))
}

/// The points of one server: hashed labels `name#i`, or its one hand-placed position.
fn server_points<'a>(
    size: RingSize,
    hash: HashScheme,
    vnodes: u32,
    server: &'a Server,
    index: u32,
) -> impl Iterator<Item = Point> + 'a {
    let count = server.point_count(vnodes) as u32;
    (0..count).map(move |vnode| {
        let position = match server.placement {
            Placement::At(position) => position,
            Placement::Hashed { .. } => {
                size.position_of(hash.hash32(&vnode_label(&server.name, vnode)))
            }
        };
        Point {
            position,
            server: index,
            vnode,
        }
    })
}

/// The label hashed for a server's `i`-th virtual node: `name#i`.
pub fn vnode_label(name: &str, vnode: u32) -> String {
    format!("{name}#{vnode}")
}

/// How many of the sorted `positions` are at most `limit`: steps of 1, 2, 4, … from the
/// start, then a binary search in the last step, so a short answer costs little.
fn gallop(positions: &[u32], limit: u32) -> usize {
    let mut end = 1;
    while end < positions.len() && positions[end - 1] <= limit {
        end *= 2;
    }
    let start = end / 2;
    let end = end.min(positions.len());
    start + positions[start..end].partition_point(|&p| p <= limit)
}

#[cfg(test)]
mod tests {
    proptest::proptest! {
        #![proptest_config(crate::cases::cases(256))]

        #[test]
        fn galloping_counts_the_same_positions_as_a_binary_search(
            mut positions in proptest::collection::vec(0u32..1000, 0..300),
            limit in 0u32..1100,
        ) {
            positions.sort_unstable();
            proptest::prop_assert_eq!(
                super::gallop(&positions, limit),
                positions.partition_point(|&p| p <= limit)
            );
        }
    }

    use super::*;

    fn teaching() -> Ring {
        let servers = [
            Server::at("A", 10),
            Server::at("B", 40),
            Server::at("C", 75),
        ];
        Ring::build(RingSize::TEACHING, HashScheme::default(), 1, &servers)
    }

    #[test]
    fn a_position_on_a_point_belongs_to_that_point() {
        let ring = teaching();
        assert_eq!(ring.owner_of(10), 0);
        assert_eq!(ring.owner_of(11), 1);
        assert_eq!(ring.owner_of(0), 0);
        assert_eq!(ring.owner_of(76), 0);
    }

    #[test]
    fn points_at_one_position_are_ordered_by_server_name_then_vnode() {
        let servers = [Server::at("zeta", 5), Server::at("alpha", 5)];
        let ring = Ring::build(RingSize::TEACHING, HashScheme::default(), 1, &servers);
        assert_eq!(ring.server_name(ring.owner_of(5)), "alpha");
        assert_eq!(ring.owned_arcs(), vec![0, 100]);
        assert_eq!(ring.collisions(), 1);
    }

    #[test]
    fn a_lone_point_owns_the_whole_ring() {
        let ring = Ring::build(
            RingSize::FULL,
            HashScheme::default(),
            1,
            &[Server::at("A", 7)],
        );
        assert_eq!(ring.owned_arcs(), vec![1 << 32]);
    }

    #[test]
    fn merging_a_server_in_gives_the_same_ring_as_building_it() {
        let servers: Vec<Server> = ["a", "b", "c", "d"]
            .iter()
            .map(|n| Server::hashed(n))
            .collect();
        let built = Ring::build(
            RingSize::new(50).unwrap(),
            HashScheme::default(),
            20,
            &servers,
        );
        let merged = Ring::build(
            RingSize::new(50).unwrap(),
            HashScheme::default(),
            20,
            &servers[..3],
        )
        .with_server(HashScheme::default(), 20, &servers[3]);
        assert_eq!(built, merged);
        let removed = built.without_server(1);
        let rebuilt = Ring::build(
            RingSize::new(50).unwrap(),
            HashScheme::default(),
            20,
            &[servers[0].clone(), servers[2].clone(), servers[3].clone()],
        );
        assert_eq!(removed, rebuilt);
    }

    #[test]
    fn the_preference_list_skips_servers_already_chosen() {
        let servers: Vec<Server> = ["A", "B", "C"].iter().map(|n| Server::hashed(n)).collect();
        let ring = Ring::build(RingSize::FULL, HashScheme::default(), 50, &servers);
        let list = ring.preference_list(12345, 3);
        assert_eq!(list.len(), 3);
        assert_eq!(list[0], ring.owner_of(12345));
        let mut sorted = list.clone();
        sorted.sort();
        assert_eq!(sorted, vec![0, 1, 2]);
        assert_eq!(ring.preference_list(12345, 9).len(), 3);
    }
}
