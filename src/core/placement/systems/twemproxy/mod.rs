//! twemproxy (nutcracker 0.5.0, Debian 12's) with `distribution: ketama`: which server of a
//! pool a memcached or Redis key goes to.
//!
//! **The server's name.** A pool's server line is `host:port:weight [name]` (or
//! `/path/socket:weight [name]`), read from the end: after the last space comes the optional
//! name, after the last colon before that the weight (1 or more), after the colon before that the
//! port. The ring hashes the server's `name` when it has one. Without one it hashes
//! `host:port` as written, except that a server on port 11211 is hashed by its host alone (for
//! compatibility with libmemcached), and a socket path `/p` is hashed as `/p:` (the colon
//! before the weight included).
//!
//! **The continuum.** With `n` servers live and total weight `W`, a server of weight `w` gets
//! `4 × floor(w / W × 160 / 4 × n)` points, computed in single-precision floats left to right:
//! `pct = (float)w / (float)W`, then `pct × 160.0f`, `/ 4.0f`, `× (float)n`, then `+ 1e-10` in
//! double precision rounded back to float, then `floorf`. Rounding can lose a group: weights
//! 1, 1, 3, 10, 10 give 28 points to each server of weight 1 where exact arithmetic gives 32.
//! Group `i` (from 0) of a server is the MD5 of `name-i` (the name, a dash, `i` in decimal,
//! at most 272 bytes in all); its 16 bytes give 4 points, each 4 bytes read little-endian. All
//! points are sorted by value with a stable sort, the servers taken in the order nutcracker
//! keeps them: by the length of their names, then their bytes. That order decides only
//! between equal points.
//!
//! **The lookup.** With a `hash_tag` of two characters `ab`, a key containing an `a` followed
//! later by a `b` with at least one byte between is hashed by the bytes between the first `a`
//! and the first `b` after it. The key is hashed by the pool's `hash` (fnv1a_64 by default);
//! a pool of one server, or an empty key, skips the hash (0). A key goes to the first point
//! whose value is at or above its hash (the first of equal points), wrapping to the first
//! point.
//!
//! **The hashes.** twemproxy's hashkit reads keys as C `char`, signed on x86: `one_at_a_time`,
//! `fnv1_64`, `fnv1a_64`, `fnv1_32`, `fnv1a_32` and the third tail byte of `hsieh` see a byte
//! of 0x80 or more as a negative number, sign-extended. `fnv1a_64` is in fact a 32-bit hash:
//! the 64-bit offset basis and prime cut to their low 32 bits (0x84222325 and 0x1b3). `md5` is
//! the first 4 bytes of the digest, little-endian; `crc32` is libmemcached's (bits 16 to 30 of
//! CRC-32), `crc32a` the true CRC-32; `crc16` is CRC-16/XMODEM kept in 32 bits without
//! masking, so the bytes shifted out stay in the upper half; `murmur` is MurmurHash2 seeded
//! with `0xdeadbeef × length`; `jenkins` is lookup3's `hashlittle` with initial value 13.

mod config;
mod continuum;
pub mod hashkit;
pub mod pasted;
mod settings;

use std::sync::Arc;

use super::on_points;
use super::points::Points;
use super::structure::evaluated;
use super::system::{points_space, Coordinate, Located, Shape, System};
use crate::core::numbers_and_lists::{grouped, plural};
use crate::core::placement::layout::Layout;
use crate::core::placement::measure::Space;
use crate::core::placement::options::Setting;
use crate::core::placement::spec::{
    any_may_leave, drawn_on_circle, hashed_here_hover, no_caveat, nothing_ignored, Circle, Copies,
    Lookup, Panel, ServersBy, Spec, Weights, SERVER_VERBS,
};
use crate::core::placement::structure::{Earlier, Evaluated};

pub use config::parse_pool;
pub use continuum::{
    hash_tagged, points_for, server_points, Continuum, Pool, Server, KETAMA_PORT, MAX_HOST_LEN,
    POINTS_PER_HASH, POINTS_PER_SERVER,
};
pub use hashkit::{
    crc16, crc32, crc32a, fnv1_32, fnv1_64, fnv1a_32, fnv1a_64, hsieh, jenkins, md5, murmur,
    one_at_a_time, Hash,
};
pub use settings::{parse_hash_tag, parse_nc_hash, HASH_TAG, POOL_HASH};

/// twemproxy's `distribution: ketama`.
pub static SPEC: Spec = Spec {
    id: "twemproxy",
    name: "twemproxy ketama",
    phrase: "twemproxy's ketama",
    called: "twemproxy",
    under: "under twemproxy",
    summary: "The key's hash (fnv1a_64 by default, 32 bits) goes to the first of the servers' points at or after it; each server has 160 points at equal weights, counted in single-precision floats.",
    system: true,
    verbs: SERVER_VERBS,
    units: Some("points"),
    weights: Weights::Honoured,
    circle: Circle::Own,
    fixed_ring: false,
    arcs: true,
    lookup: Lookup::Clockwise,
    servers_by: ServersBy::Name,
    settings: &[Setting::System(&POOL_HASH), Setting::System(&HASH_TAG)],
    note: Some("A server's points are made from its name as nutcracker hashes it: the name after the weight when the pool gives one, else host:port (the host alone on port 11211)."),
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
    let servers: Vec<Server> = layout
        .servers
        .iter()
        .map(|s| Server {
            name: Some(s.name.clone()),
            ..Server::new(&s.name, 0, s.weight())
        })
        .collect();
    let options = layout.options;
    let pool = Pool::new(servers, options.nc_hash(), options.hash_tag());
    let points = pool.continuum().circle();
    evaluated(layout, "points", Placed { pool, points })
}

/// A pool as Ringlab places keys on it, with its continuum's points.
#[derive(Debug)]
struct Placed {
    pool: Pool,
    points: Points,
}

impl System for Placed {
    fn locate(&self, key: &str) -> Located {
        let h = self.pool.key_hash(key.as_bytes());
        Located {
            owner: self.pool.locate(key.as_bytes()).unwrap_or(0),
            spot: h,
            coordinate: Coordinate::Hash(u64::from(h)),
        }
    }

    fn owner_at_spot(&self, spot: u32) -> usize {
        self.pool.continuum().dispatch(spot).unwrap_or(0)
    }

    fn shape(&self) -> Shape<'_> {
        Shape::Points(&self.points)
    }

    fn steps(&self, key: &str, names: &[Arc<str>]) -> (Vec<String>, usize) {
        let located = self.locate(key);
        let h = located.spot;
        let owner = names.get(located.owner).map_or("?", |n| n);
        let hash = self.pool.hash.name();
        let hashed = match self.pool.hash_tag {
            Some(tag) if hash_tagged(key.as_bytes(), tag) != key.as_bytes() => format!(
                "{hash} of {:?}, the part between its {} and {}",
                String::from_utf8_lossy(hash_tagged(key.as_bytes(), tag)),
                char::from(tag[0]),
                char::from(tag[1])
            ),
            _ => format!("{hash}({key:?})"),
        };
        on_points::steps(
            &self.points,
            located,
            format!("{hashed} = {h} (0x{h:08x})."),
            |p, total| {
                format!(
                    "The first of the {} points at or after it is {owner}'s point {}, at {}",
                    grouped(total as u64),
                    p.index,
                    p.at
                )
            },
        )
    }

    fn listing(&self, names: &[Arc<str>]) -> Vec<String> {
        on_points::per_server(&self.points, names, |name, count| {
            format!(
                "{name}: {} {}",
                grouped(count),
                plural(count as usize, "point", "points")
            )
        })
    }

    fn headline(&self, servers: usize) -> String {
        format!(
            "{} points on {servers} {}, hashed with {}",
            grouped(self.points.points().len() as u64),
            plural(servers, "server", "servers"),
            self.pool.hash.name()
        )
    }

    fn space(&self, servers: usize) -> Space {
        points_space(&self.points, servers)
    }
}

#[cfg(test)]
mod tests {
    use md5::{Digest, Md5};

    use super::*;

    #[test]
    fn every_hash_gives_twemproxys_own_vector_for_apple() {
        // twemproxy 0.5.0's src/test_all.c (the values of libmemcached's tests/hash_results.h).
        let want: [(Hash, u32); 12] = [
            (Hash::OneAtATime, 2297466611),
            (Hash::Md5, 3195025439),
            (Hash::Crc16, 3662830516),
            (Hash::Crc32, 10542),
            (Hash::Crc32a, 2838417488),
            (Hash::Fnv1_64, 473199127),
            (Hash::Fnv1a64, 1488911807),
            (Hash::Fnv1_32, 67176023),
            (Hash::Fnv1a32, 280767167),
            (Hash::Hsieh, 3738850110),
            (Hash::Murmur, 4142305122),
            (Hash::Jenkins, 1442444624),
        ];
        for (hash, value) in want {
            assert_eq!(hash.hash(b"apple"), value, "{}", hash.name());
        }
        // And its ketama_hash vectors: "server1-8", points 0 and 3.
        let p = server_points("server1", 36);
        assert_eq!((p[32], p[35]), (3853726576, 2667054752));
    }

    #[test]
    fn single_precision_loses_a_group_where_exact_arithmetic_would_not() {
        let servers: Vec<Server> = [1, 1, 3, 10, 10]
            .iter()
            .enumerate()
            .map(|(i, &w)| Server::new("10.0.0.1", 7000 + i as u16, w))
            .collect();
        let c = Continuum::new(&servers);
        assert_eq!(c.counts(), &[28, 28, 92, 320, 320]);
        assert_eq!(c.points().len(), 788);
        let even = Continuum::new(&servers[..3]);
        assert_eq!(even.counts(), &[96, 96, 288]);
    }

    #[test]
    fn ketama_points_are_md5_of_name_dash_group_read_little_endian() {
        let p = server_points("a", 4);
        let d = Md5::digest(b"a-0");
        assert_eq!(p[0], u32::from_le_bytes([d[0], d[1], d[2], d[3]]));
        assert_eq!(p[3], u32::from_le_bytes([d[12], d[13], d[14], d[15]]));
        // A name long enough is cut at 272 bytes before hashing.
        let long = "x".repeat(300);
        assert_eq!(
            server_points(&long, 8)[4..],
            server_points(&long, 8)[..4].to_vec()[..]
        );
    }

    #[test]
    fn the_lookup_takes_the_first_point_at_or_above_and_wraps() {
        let c = Continuum::new(&[Server::new("h", 1, 1), Server::new("h", 2, 1)]);
        let pts = c.points();
        assert_eq!(c.dispatch(pts[5].0), Some(pts[5].1));
        assert_eq!(c.dispatch(pts[5].0 + 1), Some(pts[6].1));
        assert_eq!(c.dispatch(pts[pts.len() - 1].0 + 1), Some(pts[0].1));
        assert_eq!(c.dispatch(0), Some(pts[0].1));
    }

    #[test]
    fn a_one_server_pool_and_an_empty_key_skip_the_hash() {
        let one = Pool::new(vec![Server::new("h", 1, 1)], Hash::Md5, None);
        assert_eq!(one.key_hash(b"anything"), 0);
        let two = Pool::new(
            vec![Server::new("h", 1, 1), Server::new("h", 2, 1)],
            Hash::Md5,
            None,
        );
        assert_eq!(two.key_hash(b""), 0);
        assert_eq!(two.locate(b""), two.continuum().dispatch(0));
    }

    #[test]
    fn ejected_servers_leave_the_continuum_and_the_others_regrow() {
        let servers: Vec<Server> = (0..3).map(|i| Server::new("h", 100 + i, 1)).collect();
        let pool = Pool::new(servers, Hash::Fnv1a64, None);
        let ejected = pool.with_live(&[true, false, true]);
        assert_eq!(ejected.continuum().counts(), &[160, 0, 160]);
        for i in 0..500 {
            let key = format!("k{i}");
            let before = pool.locate(key.as_bytes()).unwrap();
            let after = ejected.locate(key.as_bytes()).unwrap();
            assert_ne!(after, 1);
            if before != 1 {
                assert_eq!(before, after);
            }
        }
    }

    #[test]
    fn the_pool_reader_refuses_what_nutcracker_refuses() {
        assert!(parse_pool("a:\n  distribution: modula\n  servers:\n   - h:1:1\n").is_err());
        assert!(parse_pool("a:\n  hash: sha1\n  servers:\n   - h:1:1\n").is_err());
        assert!(parse_pool("a:\n  servers:\n   - h:1:0\n").is_err());
        assert!(parse_pool("a:\n  servers:\n   - h:1:1 x\n   - h:2:1 x\n").is_err());
        assert!(parse_pool("a:\n  hash_tag: \"{\"\n  servers:\n   - h:1:1\n").is_err());
        let p = parse_pool("a:\n  hash_tag: \"{}\"\n  servers:\n   - h:1:1\n   - h:2:2\n").unwrap();
        assert_eq!(p.hash, Hash::Fnv1a64);
        assert_eq!(p.hash_tag, Some(*b"{}"));
        assert_eq!(p.servers[1].weight, 2);
    }
}
