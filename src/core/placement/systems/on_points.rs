//! What the systems with a circle of points share: Cassandra's tokens, Envoy's ring, nginx's
//! and groupcache's points. Each says how it hashes a key and names a point; finding the point
//! and saying so is the same for all.

use std::sync::Arc;

use super::points::{Point64, Points};
use super::system::{Coordinate, Located};
use crate::core::numbers_and_lists::grouped;

/// Where a key whose position on the circle is `at` goes.
pub fn locate(points: &Points, at: u64, coordinate: Coordinate) -> Located {
    Located {
        owner: points.owner(at),
        spot: points.spot(at),
        coordinate,
    }
}

/// A key's steps: how it is hashed (`hash_words`, one step), then the point it reaches, in the
/// words `point_words` gives for that point and the total number of points.
pub fn steps(
    points: &Points,
    located: Located,
    hash_words: String,
    point_words: impl Fn(&Point64, usize) -> String,
) -> (Vec<String>, usize) {
    let at = located.coordinate.ring_position();
    let p = points.points()[points.owner_point(at)];
    let words = point_words(&p, points.points().len());
    let point = if p.at < at {
        format!("{words}, wrapping past the top.")
    } else {
        format!("{words}.")
    };
    (vec![hash_words, point], 1)
}

/// A line per server: its name and what `line` says of how many points it holds.
pub fn per_server(
    points: &Points,
    names: &[Arc<str>],
    line: impl Fn(&str, u64) -> String,
) -> Vec<String> {
    let counts = points.counts(names.len());
    names
        .iter()
        .zip(counts)
        .map(|(name, count)| line(name, count))
        .collect()
}

/// "48 tokens on 3 nodes".
pub fn headline(count: u64, unit: &str, servers: usize, holders: &str) -> String {
    format!("{} {unit} on {servers} {holders}", grouped(count))
}
