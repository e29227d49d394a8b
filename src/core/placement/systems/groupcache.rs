//! groupcache's `consistenthash` (Go): `replicas` points per node (50 in groupcache's HTTP
//! pool), point `i` of node `n` being CRC-32 of the decimal `i` followed by the node's name
//! (`"0Bill"`, `"1Bill"`: no separator, so replica 11 of `x` and replica 1 of `1x` collide).
//! The points are sorted as integers; a key goes to the first point at or after CRC-32 of the
//! key, wrapping. Where two points are equal, the node added last owns the value.

use std::sync::Arc;

use super::hashes::crc32;
use super::on_points;
use super::points::{Point64, Points};
use super::structure::evaluated;
use super::system::{points_space, Coordinate, Located, Shape, System};
use crate::core::error::{in_range, Error};
use crate::core::numbers_and_lists::{grouped, plural};
use crate::core::placement::layout::Layout;
use crate::core::placement::measure::Space;
use crate::core::placement::options::{Options, Setting};
use crate::core::placement::spec::{
    any_may_leave, drawn_on_circle, hashed_here_hover, no_caveat, nothing_ignored, Circle, Copies,
    Lookup, Panel, ServersBy, Spec, Verbs, Weights,
};
use crate::core::placement::structure::{Earlier, Evaluated};
#[cfg(not(target_arch = "wasm32"))]
use crate::core::placement::system_setting::Flag;
use crate::core::placement::system_setting::SystemSetting;
use crate::core::size::parse_number;

/// Points per node in groupcache's HTTP pool.
pub const REPLICAS: u32 = 50;

/// Checks groupcache's points per node: 1 to 1,000.
pub fn check_replicas(count: u32) -> Result<u32, Error> {
    in_range(
        count,
        1..=1000,
        "groupcache's replicas (points per node) go from 1 to 1,000.",
    )
}

/// groupcache's `replicas`: points per node.
pub static POINTS_PER_NODE: SystemSetting = SystemSetting {
    param: "gc-replicas",
    verb: Some("groupcache-replicas"),
    field: Some("groupcache-replicas"),
    label: "Replicas (points per node)",
    numeric: true,
    json: ("set_groupcache_replicas", "count"),
    called_replicas: true,
    #[cfg(not(target_arch = "wasm32"))]
    flag: Flag {
        long: "groupcache-replicas",
        value_name: "N",
        help: "groupcache's points (\"replicas\") per node, from 1 to 1000 (default 50).\n\
               Example: --groupcache-replicas 3",
    },
    default: REPLICAS as u64,
    normalized: |text| Ok(parse_number::<u32>(text)?.to_string()),
    read: |text| Ok(u64::from(check_replicas(parse_number(text)?)?)),
    text: |code| code.to_string(),
    said: |code| {
        format!(
            "groupcache now puts {code} {} per node.",
            plural(code as usize, "point", "points")
        )
    },
};

impl Options {
    /// groupcache's points ("replicas") per node.
    pub fn groupcache_replicas(&self) -> u32 {
        // Every value held was checked by `check_replicas`.
        u32::try_from(self.systems.get(&POINTS_PER_NODE)).unwrap_or(REPLICAS)
    }
}

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

/// groupcache's `consistenthash`.
pub static SPEC: Spec = Spec {
    id: "groupcache",
    name: "groupcache",
    phrase: "groupcache",
    called: "groupcache",
    under: "under groupcache",
    summary: "CRC32 of the key on a ring of 50 points per node, each the CRC32 of a number followed by the node's name.",
    system: true,
    verbs: Verbs {
        add: "Add peer",
        remove: "Remove peer",
    },
    units: Some("points"),
    weights: Weights::Equal,
    circle: Circle::Own,
    fixed_ring: false,
    arcs: true,
    lookup: Lookup::Clockwise,
    servers_by: ServersBy::Name,
    settings: &[Setting::System(&POINTS_PER_NODE)],
    note: None,
    hover: hashed_here_hover,
    picture: |_, places| drawn_on_circle(SPEC.name, places),
    listing: "Points per server",
    panel: Panel::None,
    practice: None,
    copies: Copies::Unsaid,
    caveat: no_caveat,
    refuse_leaving: any_may_leave,
    ignored: nothing_ignored,
};

pub(in crate::core::placement) fn evaluate(
    layout: &Layout<'_>,
    _: Option<Earlier<'_>>,
) -> Evaluated {
    let names: Vec<&str> = layout.servers.iter().map(|s| s.name.as_str()).collect();
    let points = circle(&names, layout.options.groupcache_replicas());
    evaluated(layout, "points", Peers(points))
}

/// groupcache's circle of points.
#[derive(Debug)]
struct Peers(Points);

impl System for Peers {
    fn locate(&self, key: &str) -> Located {
        let h = u64::from(crc32(key.as_bytes()));
        on_points::locate(&self.0, h, Coordinate::Hash(h))
    }

    fn shape(&self) -> Shape<'_> {
        Shape::Points(&self.0)
    }

    fn steps(&self, key: &str, names: &[Arc<str>]) -> (Vec<String>, usize) {
        let located = self.locate(key);
        let h = located.coordinate.ring_position();
        let owner = names.get(located.owner).map_or("?", |n| n);
        on_points::steps(
            &self.0,
            located,
            format!("CRC32({key:?}) = {h} (0x{h:08x})."),
            |p, total| {
                format!(
                    "The first of the {} points at or after it is {owner}'s, CRC32(\"{}{owner}\") = {}",
                    grouped(total as u64),
                    p.index,
                    p.at
                )
            },
        )
    }

    fn listing(&self, names: &[Arc<str>]) -> Vec<String> {
        on_points::per_server(&self.0, names, |name, count| {
            format!(
                "{name}: {} {}",
                grouped(count),
                plural(count as usize, "point", "points")
            )
        })
    }

    fn headline(&self, servers: usize) -> String {
        on_points::headline(
            self.0.points().len() as u64,
            "points",
            servers,
            plural(servers, "peer", "peers"),
        )
    }

    fn space(&self, servers: usize) -> Space {
        points_space(&self.0, servers)
    }
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
