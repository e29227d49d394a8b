//! groupcache's `consistenthash` (Go): `replicas` points per node (50 in groupcache's HTTP
//! pool), point `i` of node `n` being CRC-32 of the decimal `i` followed by the node's name
//! (`"0Bill"`, `"1Bill"`: no separator, so replica 11 of `x` and replica 1 of `1x` collide).
//! The points are sorted as integers; a key goes to the first point at or after CRC-32 of the
//! key, wrapping. Where two points are equal, the node added last owns the value.

use super::hashes::crc32;
use super::points::{Point64, Points};

/// Points per node in groupcache's HTTP pool.
pub const REPLICAS: u32 = 50;

/// The circle for nodes `names`, added in order, with `replicas` points each.
pub fn circle(names: &[&str], replicas: u32) -> Points {
    let mut points: Vec<Point64> = Vec::with_capacity(names.len() * replicas as usize);
    for (server, name) in names.iter().enumerate() {
        for i in 0..replicas {
            points.push(Point64 {
                at: u64::from(crc32(format!("{i}{name}").as_bytes())),
                server: server as u16,
                index: i,
            });
        }
    }
    // The map from point to node is overwritten by later nodes: of equal points the one added
    // last answers.
    points.sort_by_key(|p| (p.at, std::cmp::Reverse((p.server, p.index))));
    points.dedup_by_key(|p| p.at);
    Points::sorted(points, 32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::placement::systems::hashes::crc32;

    #[test]
    fn ben_goes_to_bonny_with_one_replica_each() {
        let c = circle(&["Bill", "Bob", "Bonny"], 1);
        assert_eq!(crc32(b"0Bill"), 2622760538);
        assert_eq!(c.owner(u64::from(crc32(b"Ben"))), 2);
        let again = circle(&["Bob", "Bonny", "Bill"], 1);
        assert_eq!(again.owner(u64::from(crc32(b"Ben"))), 1);
    }
}
