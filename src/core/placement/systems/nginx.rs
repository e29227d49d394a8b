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

use super::hashes::crc32_digest;
use super::points::{Point64, Points};

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
