//! nginx's `hash $key consistent` (the upstream hash module), compatible with
//! Cache::Memcached::Fast's ketama.
//!
//! Each server (in configuration order; `backup` servers get none) puts `weight × 160` points
//! on a 32-bit circle. Its name, exactly as written after `server`, is split into host and port:
//! a name starting `unix:` is all host; otherwise, reading back from the end over digits, a `:`
//! splits it, and anything else leaves the whole name as host and the port empty (`example.com`
//! has no port even though nginx connects to 80). Point `j` is CRC-32 of
//! `host ‖ 0x00 ‖ port ‖ previous point as 4 little-endian bytes`, the previous point starting at
//! 0. The points are sorted and equal ones dropped; a key goes to the first point at or after
//! CRC-32 of the key, wrapping.

pub mod pasted;
use std::sync::Arc;

use super::hashes::{crc32, crc32_digest};
use super::on_points;
use super::points::{Point64, Points};
use super::structure::evaluated;
use super::system::{points_space, Coordinate, Located, Shape, System};
use crate::core::numbers_and_lists::{grouped, plural};
use crate::core::placement::layout::Layout;
use crate::core::placement::measure::Space;
use crate::core::placement::spec::{
    any_may_leave, drawn_on_circle, hashed_here_hover, no_caveat, nothing_ignored, Circle, Copies,
    Lookup, Panel, ServersBy, Spec, Weights, SERVER_VERBS,
};
use crate::core::placement::structure::{Earlier, Evaluated};

/// Points per unit of weight.
pub const POINTS_PER_WEIGHT: u32 = 160;

/// A server name split as nginx splits it: `(host, port)`.
///
/// ```
/// use ringlab::core::placement::systems::nginx::split;
/// assert_eq!(split("127.0.0.1:8081"), ("127.0.0.1", "8081"));
/// assert_eq!(split("backend.example.com"), ("backend.example.com", ""));
/// assert_eq!(split("[::1]:8080"), ("[::1]", "8080"));
/// ```
pub fn split(name: &str) -> (&str, &str) {
    // Compared as bytes: a name's fifth byte may be inside a character.
    if name
        .as_bytes()
        .get(..5)
        .is_some_and(|start| start.eq_ignore_ascii_case(b"unix:"))
    {
        return (&name[5..], "");
    }
    let bytes = name.as_bytes();
    let mut i = bytes.len();
    while i > 0 {
        let c = bytes[i - 1];
        if c == b':' {
            return (&name[..i - 1], &name[i..]);
        }
        if !c.is_ascii_digit() {
            break;
        }
        i -= 1;
    }
    (name, "")
}

/// The points of a server called `name` with `weight`, in the order nginx makes them.
pub fn server_points(name: &str, weight: u32) -> Vec<u32> {
    let (host, port) = split(name);
    let mut base = crc32_digest();
    base.update(host.as_bytes());
    base.update(&[0]);
    base.update(port.as_bytes());
    let mut prev: u32 = 0;
    (0..weight * POINTS_PER_WEIGHT)
        .map(|_| {
            let mut d = base.clone();
            d.update(&prev.to_le_bytes());
            prev = d.finalize();
            prev
        })
        .collect()
}

/// nginx's circle for servers `names` with `weights`, in configuration order: sorted, with
/// repeated values dropped (the first kept; nginx's qsort leaves which one unspecified).
pub fn circle(names: &[&str], weights: &[u32]) -> Points {
    let mut points: Vec<Point64> = names
        .iter()
        .zip(weights)
        .enumerate()
        .flat_map(|(server, (name, &w))| {
            server_points(name, w)
                .into_iter()
                .enumerate()
                .map(move |(index, at)| Point64 {
                    at: u64::from(at),
                    server: server as u16,
                    index: index as u32,
                })
        })
        .collect();
    points.sort_by_key(|p| (p.at, p.server, p.index));
    points.dedup_by_key(|p| p.at);
    Points::sorted(points, 32)
}

/// nginx's `hash $key consistent`.
pub static SPEC: Spec = Spec {
    id: "nginx",
    name: "nginx hash consistent",
    phrase: "nginx's hash consistent",
    called: "nginx hash consistent",
    under: "under nginx hash consistent",
    summary: "CRC32 of the key on a 32-bit ring where each server has 160 points per unit of weight, as ketama clients do.",
    system: true,
    verbs: SERVER_VERBS,
    units: Some("points"),
    weights: Weights::Honoured,
    circle: Circle::Own,
    fixed_ring: false,
    arcs: true,
    lookup: Lookup::Clockwise,
    servers_by: ServersBy::Name,
    settings: &[],
    note: Some("Each server gets 160 points per unit of weight. Servers are named as written after server in the upstream block, host and port split at the last colon."),
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
    evaluated(
        layout,
        "points",
        Circle32(circle(&names, &layout.weights())),
    )
}

/// nginx's circle of points.
#[derive(Debug)]
struct Circle32(Points);

impl System for Circle32 {
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
                let (host, port) = split(owner);
                format!(
                    "The first of the {} points at or after it is {owner}'s point {} (CRC32 of {host:?}, a zero byte, {port:?} and its point before), at {}",
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
            plural(servers, "server", "servers"),
        )
    }

    fn space(&self, servers: usize) -> Space {
        points_space(&self.0, servers)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_two_points_of_a_loopback_server_are_the_observed_ones() {
        let p = server_points("127.0.0.1:8081", 1);
        assert_eq!(&p[..2], &[1353366775, 3101462538]);
        assert_eq!(p.len(), 160);
    }

    #[test]
    fn names_split_at_the_last_colon_before_digits() {
        assert_eq!(split("unix:/tmp/s"), ("/tmp/s", ""));
        assert_eq!(split("[::1]"), ("[::1]", ""));
        assert_eq!(split("host:80x"), ("host:80x", ""));
        assert_eq!(split("a:"), ("a", ""));
    }
}
