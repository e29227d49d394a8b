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

use md5::{Digest, Md5};

use super::hashes::crc32 as zlib_crc32;
use super::points::{Point64, Points};

/// Points per server at equal weights (`KETAMA_POINTS_PER_SERVER`).
pub const POINTS_PER_SERVER: u32 = 160;

/// Points per MD5 digest.
pub const POINTS_PER_HASH: u32 = 4;

/// The longest `name-i` string hashed, in bytes (`KETAMA_MAX_HOSTLEN` less one).
pub const MAX_HOST_LEN: usize = 272;

/// The port at which a server without a name is hashed by its host alone.
pub const KETAMA_PORT: u16 = 11211;

/// A key byte as twemproxy's `(uint32_t)key[x]` sees it: a signed `char`, sign-extended.
fn signed(c: u8) -> u32 {
    c as i8 as i32 as u32
}

/// Bob Jenkins' one-at-a-time, over signed bytes.
///
/// ```
/// use ringlab::core::placement::systems::twemproxy::one_at_a_time;
/// assert_eq!(one_at_a_time(b""), 0);
/// ```
pub fn one_at_a_time(key: &[u8]) -> u32 {
    let mut v = 0u32;
    for &c in key {
        v = v.wrapping_add(signed(c));
        v = v.wrapping_add(v << 10);
        v ^= v >> 6;
    }
    v = v.wrapping_add(v << 3);
    v ^= v >> 11;
    v.wrapping_add(v << 15)
}

/// The first 4 bytes of the key's MD5, little-endian.
///
/// ```
/// use ringlab::core::placement::systems::twemproxy::md5;
/// // MD5("") = d41d8cd9…
/// assert_eq!(md5(b""), 0xd98c1dd4);
/// ```
pub fn md5(key: &[u8]) -> u32 {
    let d = Md5::digest(key);
    u32::from_le_bytes([d[0], d[1], d[2], d[3]])
}

const fn crc16_table() -> [u16; 256] {
    let mut table = [0u16; 256];
    let mut i = 0;
    while i < 256 {
        let mut crc = (i as u16) << 8;
        let mut bit = 0;
        while bit < 8 {
            crc = if crc & 0x8000 != 0 {
                (crc << 1) ^ 0x1021
            } else {
                crc << 1
            };
            bit += 1;
        }
        table[i] = crc;
        i += 1;
    }
    table
}

const CRC16: [u16; 256] = crc16_table();

/// twemproxy's `crc16`: CRC-16/XMODEM in the low 16 bits, with the bytes shifted out kept in
/// the upper 16.
///
/// ```
/// use ringlab::core::placement::systems::twemproxy::crc16;
/// assert_eq!(crc16(b"123456789") & 0xffff, 0x31c3);
/// ```
pub fn crc16(key: &[u8]) -> u32 {
    key.iter().fold(0u32, |crc, &c| {
        (crc << 8) ^ u32::from(CRC16[(((crc >> 8) ^ u32::from(c)) & 0xff) as usize])
    })
}

/// libmemcached's `crc32`: bits 16 to 30 of CRC-32.
///
/// ```
/// use ringlab::core::placement::systems::twemproxy::crc32;
/// assert_eq!(crc32(b"123456789"), (0xcbf43926 >> 16) & 0x7fff);
/// ```
pub fn crc32(key: &[u8]) -> u32 {
    (zlib_crc32(key) >> 16) & 0x7fff
}

/// `crc32a`: CRC-32 as zlib computes it.
pub fn crc32a(key: &[u8]) -> u32 {
    zlib_crc32(key)
}

/// `fnv1_64`: FNV-1 in 64 bits over signed bytes, the low 32 bits returned.
pub fn fnv1_64(key: &[u8]) -> u32 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &c in key {
        h = h.wrapping_mul(0x0100_0000_01b3);
        h ^= c as i8 as i64 as u64;
    }
    h as u32
}

/// `fnv1a_64`: FNV-1a in 32 bits with the 64-bit basis and prime cut to 32 bits, over signed
/// bytes.
///
/// ```
/// use ringlab::core::placement::systems::twemproxy::fnv1a_64;
/// assert_eq!(fnv1a_64(b""), 0x84222325);
/// assert_eq!(fnv1a_64(b"a"), (0x84222325u32 ^ 0x61).wrapping_mul(0x1b3));
/// assert_eq!(fnv1a_64(&[0xe9]), (0x84222325u32 ^ 0xffffffe9).wrapping_mul(0x1b3));
/// ```
pub fn fnv1a_64(key: &[u8]) -> u32 {
    key.iter()
        .fold(0x8422_2325u32, |h, &c| (h ^ signed(c)).wrapping_mul(0x1b3))
}

/// `fnv1_32`: FNV-1 in 32 bits over signed bytes.
pub fn fnv1_32(key: &[u8]) -> u32 {
    key.iter().fold(0x811c_9dc5u32, |h, &c| {
        h.wrapping_mul(16_777_619) ^ signed(c)
    })
}

/// `fnv1a_32`: FNV-1a in 32 bits over signed bytes.
pub fn fnv1a_32(key: &[u8]) -> u32 {
    key.iter().fold(0x811c_9dc5u32, |h, &c| {
        (h ^ signed(c)).wrapping_mul(16_777_619)
    })
}

/// Paul Hsieh's SuperFastHash (0 for an empty key); the third byte of a 3-byte tail is read
/// signed.
pub fn hsieh(key: &[u8]) -> u32 {
    if key.is_empty() {
        return 0;
    }
    let get16 = |b: &[u8]| u32::from(b[0]) | (u32::from(b[1]) << 8);
    let mut hash = 0u32;
    let mut chunks = key.chunks_exact(4);
    for c in &mut chunks {
        hash = hash.wrapping_add(get16(c));
        let tmp = (get16(&c[2..]) << 11) ^ hash;
        hash = (hash << 16) ^ tmp;
        hash = hash.wrapping_add(hash >> 11);
    }
    let rest = chunks.remainder();
    match rest.len() {
        3 => {
            hash = hash.wrapping_add(get16(rest));
            hash ^= hash << 16;
            hash ^= signed(rest[2]) << 18;
            hash = hash.wrapping_add(hash >> 11);
        }
        2 => {
            hash = hash.wrapping_add(get16(rest));
            hash ^= hash << 11;
            hash = hash.wrapping_add(hash >> 17);
        }
        1 => {
            hash = hash.wrapping_add(u32::from(rest[0]));
            hash ^= hash << 10;
            hash = hash.wrapping_add(hash >> 1);
        }
        _ => {}
    }
    hash ^= hash << 3;
    hash = hash.wrapping_add(hash >> 5);
    hash ^= hash << 4;
    hash = hash.wrapping_add(hash >> 17);
    hash ^= hash << 25;
    hash.wrapping_add(hash >> 6)
}

/// MurmurHash2 with seed `0xdeadbeef × length`.
pub fn murmur(key: &[u8]) -> u32 {
    const M: u32 = 0x5bd1_e995;
    let len = key.len() as u32;
    let mut h = 0xdead_beef_u32.wrapping_mul(len) ^ len;
    let mut chunks = key.chunks_exact(4);
    for c in &mut chunks {
        let mut k = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
        k = k.wrapping_mul(M);
        k ^= k >> 24;
        k = k.wrapping_mul(M);
        h = h.wrapping_mul(M) ^ k;
    }
    let rest = chunks.remainder();
    if rest.len() >= 3 {
        h ^= u32::from(rest[2]) << 16;
    }
    if rest.len() >= 2 {
        h ^= u32::from(rest[1]) << 8;
    }
    if !rest.is_empty() {
        h ^= u32::from(rest[0]);
        h = h.wrapping_mul(M);
    }
    h ^= h >> 13;
    h = h.wrapping_mul(M);
    h ^ (h >> 15)
}

/// Bob Jenkins' lookup3 `hashlittle` with initial value 13 (the key's length added to
/// `0xdeadbeef + 13`).
pub fn jenkins(key: &[u8]) -> u32 {
    fn mix(a: &mut u32, b: &mut u32, c: &mut u32) {
        *a = a.wrapping_sub(*c);
        *a ^= c.rotate_left(4);
        *c = c.wrapping_add(*b);
        *b = b.wrapping_sub(*a);
        *b ^= a.rotate_left(6);
        *a = a.wrapping_add(*c);
        *c = c.wrapping_sub(*b);
        *c ^= b.rotate_left(8);
        *b = b.wrapping_add(*a);
        *a = a.wrapping_sub(*c);
        *a ^= c.rotate_left(16);
        *c = c.wrapping_add(*b);
        *b = b.wrapping_sub(*a);
        *b ^= a.rotate_left(19);
        *a = a.wrapping_add(*c);
        *c = c.wrapping_sub(*b);
        *c ^= b.rotate_left(4);
        *b = b.wrapping_add(*a);
    }
    let word = |b: &[u8]| {
        let mut w = [0u8; 4];
        w[..b.len()].copy_from_slice(b);
        u32::from_le_bytes(w)
    };
    let init = 0xdead_beef_u32
        .wrapping_add(key.len() as u32)
        .wrapping_add(13);
    let (mut a, mut b, mut c) = (init, init, init);
    let mut rest = key;
    while rest.len() > 12 {
        a = a.wrapping_add(word(&rest[0..4]));
        b = b.wrapping_add(word(&rest[4..8]));
        c = c.wrapping_add(word(&rest[8..12]));
        mix(&mut a, &mut b, &mut c);
        rest = &rest[12..];
    }
    if rest.is_empty() {
        return c;
    }
    a = a.wrapping_add(word(&rest[..rest.len().min(4)]));
    if rest.len() > 4 {
        b = b.wrapping_add(word(&rest[4..rest.len().min(8)]));
    }
    if rest.len() > 8 {
        c = c.wrapping_add(word(&rest[8..]));
    }
    c ^= b;
    c = c.wrapping_sub(b.rotate_left(14));
    a ^= c;
    a = a.wrapping_sub(c.rotate_left(11));
    b ^= a;
    b = b.wrapping_sub(a.rotate_left(25));
    c ^= b;
    c = c.wrapping_sub(b.rotate_left(16));
    a ^= c;
    a = a.wrapping_sub(c.rotate_left(4));
    b ^= a;
    b = b.wrapping_sub(a.rotate_left(14));
    c ^= b;
    c.wrapping_sub(b.rotate_left(24))
}

/// A `hash:` of twemproxy's hashkit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Hash {
    /// `one_at_a_time`.
    OneAtATime,
    /// `md5`.
    Md5,
    /// `crc16`.
    Crc16,
    /// `crc32` (libmemcached's).
    Crc32,
    /// `crc32a`.
    Crc32a,
    /// `fnv1_64`.
    Fnv1_64,
    /// `fnv1a_64`, the default.
    Fnv1a64,
    /// `fnv1_32`.
    Fnv1_32,
    /// `fnv1a_32`.
    Fnv1a32,
    /// `hsieh`.
    Hsieh,
    /// `murmur`.
    Murmur,
    /// `jenkins`.
    Jenkins,
}

impl Hash {
    /// Every hash, in hashkit's order.
    pub const ALL: [Hash; 12] = [
        Hash::OneAtATime,
        Hash::Md5,
        Hash::Crc16,
        Hash::Crc32,
        Hash::Crc32a,
        Hash::Fnv1_64,
        Hash::Fnv1a64,
        Hash::Fnv1_32,
        Hash::Fnv1a32,
        Hash::Hsieh,
        Hash::Murmur,
        Hash::Jenkins,
    ];

    /// The default, `fnv1a_64`.
    pub const DEFAULT: Hash = Hash::Fnv1a64;

    /// Its name in `nutcracker.yml`.
    pub fn name(self) -> &'static str {
        match self {
            Hash::OneAtATime => "one_at_a_time",
            Hash::Md5 => "md5",
            Hash::Crc16 => "crc16",
            Hash::Crc32 => "crc32",
            Hash::Crc32a => "crc32a",
            Hash::Fnv1_64 => "fnv1_64",
            Hash::Fnv1a64 => "fnv1a_64",
            Hash::Fnv1_32 => "fnv1_32",
            Hash::Fnv1a32 => "fnv1a_32",
            Hash::Hsieh => "hsieh",
            Hash::Murmur => "murmur",
            Hash::Jenkins => "jenkins",
        }
    }

    /// The hash called `name`.
    ///
    /// ```
    /// use ringlab::core::placement::systems::twemproxy::Hash;
    /// assert_eq!(Hash::parse("fnv1a_64"), Some(Hash::Fnv1a64));
    /// assert_eq!(Hash::parse("sha1"), None);
    /// ```
    pub fn parse(name: &str) -> Option<Hash> {
        Hash::ALL.into_iter().find(|h| h.name() == name)
    }

    /// The hash of `key`.
    pub fn hash(self, key: &[u8]) -> u32 {
        match self {
            Hash::OneAtATime => one_at_a_time(key),
            Hash::Md5 => md5(key),
            Hash::Crc16 => crc16(key),
            Hash::Crc32 => crc32(key),
            Hash::Crc32a => crc32a(key),
            Hash::Fnv1_64 => fnv1_64(key),
            Hash::Fnv1a64 => fnv1a_64(key),
            Hash::Fnv1_32 => fnv1_32(key),
            Hash::Fnv1a32 => fnv1a_32(key),
            Hash::Hsieh => hsieh(key),
            Hash::Murmur => murmur(key),
            Hash::Jenkins => jenkins(key),
        }
    }
}

/// One server of a pool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Server {
    /// The host (or socket path) as written.
    pub host: String,
    /// The port as written (empty for a socket path).
    pub port: String,
    /// The weight, 1 or more.
    pub weight: u32,
    /// The optional name after the address.
    pub name: Option<String>,
}

impl Server {
    /// Reads a server line as nutcracker does: `host:port:weight [name]` or
    /// `/path:weight [name]`, from the end.
    ///
    /// ```
    /// use ringlab::core::placement::systems::twemproxy::Server;
    /// let s = Server::parse("127.0.0.1:11212:3 cache-a").unwrap();
    /// assert_eq!((s.host.as_str(), s.port.as_str(), s.weight), ("127.0.0.1", "11212", 3));
    /// assert_eq!(s.ketama_name(), "cache-a");
    /// assert_eq!(Server::parse("10.0.0.1:11211:1").unwrap().ketama_name(), "10.0.0.1");
    /// assert_eq!(Server::parse("10.0.0.1:6379:1").unwrap().ketama_name(), "10.0.0.1:6379");
    /// assert_eq!(Server::parse("/tmp/mc.sock:2").unwrap().ketama_name(), "/tmp/mc.sock:");
    /// assert!(Server::parse("10.0.0.1:6379").is_err());
    /// ```
    pub fn parse(line: &str) -> Result<Server, String> {
        let bad = || {
            format!(
                "'{line}' is not \"hostname:port:weight [name]\" or \"/path/unix_socket:weight [name]\""
            )
        };
        let (address, name) = match line.rfind(' ') {
            Some(space) => (&line[..space], Some(line[space + 1..].to_string())),
            None => (line, None),
        };
        let socket = line.starts_with('/');
        let colon = address.rfind(':').ok_or_else(bad)?;
        let weight_text = &address[colon + 1..];
        let rest = &address[..colon];
        let (host, port) = if socket {
            if rest.contains(':') {
                return Err(bad());
            }
            (rest, "")
        } else {
            let colon = rest.rfind(':').ok_or_else(bad)?;
            (&rest[..colon], &rest[colon + 1..])
        };
        let number = |t: &str| -> Option<u32> {
            (!t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
                .then(|| t.parse().ok())
                .flatten()
        };
        let weight =
            number(weight_text).ok_or_else(|| format!("'{line}' has an invalid weight"))?;
        if weight == 0 {
            return Err(format!("'{line}' has a zero weight"));
        }
        if !socket && !number(port).is_some_and(|p| (1..=65535).contains(&p)) {
            return Err(format!("'{line}' has an invalid port"));
        }
        Ok(Server {
            host: host.to_string(),
            port: port.to_string(),
            weight,
            name,
        })
    }

    /// A server `host:port` of weight `weight` without a name.
    pub fn new(host: &str, port: u16, weight: u32) -> Server {
        Server {
            host: host.to_string(),
            port: port.to_string(),
            weight,
            name: None,
        }
    }

    /// The string its points are made from: its name, else `host:port`, else (port 11211) the
    /// host alone; a socket path keeps the colon before the weight.
    pub fn ketama_name(&self) -> String {
        if let Some(name) = &self.name {
            return name.clone();
        }
        if self.port.parse::<u32>() == Ok(u32::from(KETAMA_PORT)) {
            self.host.clone()
        } else {
            format!("{}:{}", self.host, self.port)
        }
    }
}

/// How many points a server of weight `weight` gets among `live` servers of total weight
/// `total`, in nutcracker's single-precision arithmetic.
///
/// ```
/// use ringlab::core::placement::systems::twemproxy::points_for;
/// assert_eq!(points_for(1, 3, 3), 160);
/// assert_eq!(points_for(1, 25, 5), 28);
/// assert_eq!(points_for(10, 25, 5), 320);
/// ```
pub fn points_for(weight: u32, total: u32, live: u32) -> u32 {
    let pct = weight as f32 / total as f32;
    let t = pct * POINTS_PER_SERVER as f32 / 4.0f32 * live as f32;
    let t = (f64::from(t) + 0.000_000_000_1) as f32;
    (t.floor() * 4.0f32) as u32
}

/// The `count` points made from `name` (`count` a multiple of 4), in the order nutcracker
/// makes them.
///
/// ```
/// use ringlab::core::placement::systems::twemproxy::server_points;
/// let p = server_points("cache-a", 8);
/// assert_eq!(p.len(), 8);
/// ```
pub fn server_points(name: &str, count: u32) -> Vec<u32> {
    let mut points = Vec::with_capacity(count as usize);
    for i in 0..count / POINTS_PER_HASH {
        let host = format!("{name}-{i}");
        let bytes = &host.as_bytes()[..host.len().min(MAX_HOST_LEN)];
        let d = Md5::digest(bytes);
        for x in 0..4 {
            points.push(u32::from_le_bytes([
                d[4 * x],
                d[4 * x + 1],
                d[4 * x + 2],
                d[4 * x + 3],
            ]));
        }
    }
    points
}

/// The sorted points of a pool's live servers: (value, server index in the pool's order).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Continuum {
    points: Vec<(u32, usize)>,
    counts: Vec<u32>,
}

impl Continuum {
    /// The continuum of `servers`, all live.
    pub fn new(servers: &[Server]) -> Continuum {
        Continuum::with_live(servers, &vec![true; servers.len()])
    }

    /// The continuum of the servers marked live in `live` (servers ejected by
    /// `auto_eject_hosts` are not): their count and total weight decide the points.
    pub fn with_live(servers: &[Server], live: &[bool]) -> Continuum {
        let alive = || servers.iter().zip(live).filter(|(_, &l)| l);
        let n = alive().count() as u32;
        let total = alive().fold(0u32, |t, (s, _)| t.wrapping_add(s.weight));
        // nutcracker keeps its servers sorted by name, shortest first: equal points stay in
        // that order.
        let names: Vec<String> = servers.iter().map(Server::ketama_name).collect();
        let mut order: Vec<usize> = (0..servers.len()).collect();
        order.sort_by(|&a, &b| {
            (names[a].len(), names[a].as_bytes()).cmp(&(names[b].len(), names[b].as_bytes()))
        });
        let mut counts = vec![0u32; servers.len()];
        let mut points = Vec::new();
        for &i in &order {
            if !live[i] {
                continue;
            }
            counts[i] = points_for(servers[i].weight, total, n);
            points.extend(
                server_points(&names[i], counts[i])
                    .into_iter()
                    .map(|p| (p, i)),
            );
        }
        points.sort_by_key(|&(p, _)| p);
        Continuum { points, counts }
    }

    /// The points, sorted: (value, server index).
    pub fn points(&self) -> &[(u32, usize)] {
        &self.points
    }

    /// How many points each server has.
    pub fn counts(&self) -> &[u32] {
        &self.counts
    }

    /// The server (by index) at the first point at or above `hash`, wrapping; `None` when no
    /// server is live.
    pub fn dispatch(&self, hash: u32) -> Option<usize> {
        if self.points.is_empty() {
            return None;
        }
        let i = self.points.partition_point(|&(p, _)| p < hash);
        Some(self.points[if i == self.points.len() { 0 } else { i }].1)
    }

    /// The points as a [`Points`] circle of 2^32, for drawing; its lookup is the continuum's.
    pub fn circle(&self) -> Points {
        let mut seen = vec![0u32; self.counts.len()];
        let points = self
            .points
            .iter()
            .map(|&(at, server)| {
                seen[server] += 1;
                Point64 {
                    at: u64::from(at),
                    server: server as u16,
                    index: seen[server] - 1,
                }
            })
            .collect();
        Points::sorted(points, 32)
    }
}

/// The part of `key` a `hash_tag` of two bytes picks out: the bytes between the first
/// `tag[0]` and the first `tag[1]` after it, when there is at least one; else the whole key.
///
/// ```
/// use ringlab::core::placement::systems::twemproxy::hash_tagged;
/// assert_eq!(hash_tagged(b"user:{42}:name", *b"{}"), b"42");
/// assert_eq!(hash_tagged(b"user:{}:name", *b"{}"), b"user:{}:name");
/// assert_eq!(hash_tagged(b"a:b:c", *b"::"), b"b");
/// ```
pub fn hash_tagged(key: &[u8], tag: [u8; 2]) -> &[u8] {
    if let Some(start) = key.iter().position(|&c| c == tag[0]) {
        if let Some(len) = key[start + 1..].iter().position(|&c| c == tag[1]) {
            if len > 0 {
                return &key[start + 1..start + 1 + len];
            }
        }
    }
    key
}

/// A pool with `distribution: ketama`: its servers, hash, hash tag and continuum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pool {
    /// The servers, in the order of the configuration.
    pub servers: Vec<Server>,
    /// The key hash.
    pub hash: Hash,
    /// The hash tag, if any.
    pub hash_tag: Option<[u8; 2]>,
    continuum: Continuum,
}

impl Pool {
    /// The pool of `servers`, all live.
    pub fn new(servers: Vec<Server>, hash: Hash, hash_tag: Option<[u8; 2]>) -> Pool {
        let continuum = Continuum::new(&servers);
        Pool {
            servers,
            hash,
            hash_tag,
            continuum,
        }
    }

    /// The same pool with only the servers marked in `live` on the continuum (the others
    /// ejected).
    pub fn with_live(&self, live: &[bool]) -> Pool {
        Pool {
            continuum: Continuum::with_live(&self.servers, live),
            ..self.clone()
        }
    }

    /// The continuum.
    pub fn continuum(&self) -> &Continuum {
        &self.continuum
    }

    /// The hash the continuum is searched with for `key`: the hash tag's part hashed, or 0 for
    /// an empty key or a pool of one server.
    pub fn key_hash(&self, key: &[u8]) -> u32 {
        let key = match self.hash_tag {
            Some(tag) => hash_tagged(key, tag),
            None => key,
        };
        if self.servers.len() == 1 || key.is_empty() {
            0
        } else {
            self.hash.hash(key)
        }
    }

    /// The server (by index, in configuration order) `key` goes to; `None` when none is live.
    pub fn locate(&self, key: &[u8]) -> Option<usize> {
        if self.servers.len() == 1 {
            return Some(0);
        }
        self.continuum.dispatch(self.key_hash(key))
    }
}

/// Reads one pool of a `nutcracker.yml`: an optional `name:` line, then `hash:`, `hash_tag:`,
/// `distribution:` and the `servers:` list (`- host:port:weight [name]`); other keys are
/// ignored. A distribution other than `ketama`, an unknown hash, a hash tag that is not two
/// characters, a server line nutcracker would refuse or two servers of one name are refused.
///
/// ```
/// use ringlab::core::placement::systems::twemproxy::{parse_pool, Hash};
/// let pool = parse_pool("alpha:\n  listen: 127.0.0.1:22121\n  hash: md5\n  distribution: ketama\n  servers:\n   - 127.0.0.1:11212:1\n   - 127.0.0.1:11213:3 big\n").unwrap();
/// assert_eq!(pool.hash, Hash::Md5);
/// assert_eq!(pool.servers[1].ketama_name(), "big");
/// ```
pub fn parse_pool(text: &str) -> Result<Pool, String> {
    let mut hash = Hash::DEFAULT;
    let mut hash_tag = None;
    let mut servers = Vec::new();
    let mut in_servers = false;
    let unquote = |v: &str| -> String {
        let v = v.trim();
        for q in ['"', '\''] {
            if v.len() >= 2 && v.starts_with(q) && v.ends_with(q) {
                return v[1..v.len() - 1].to_string();
            }
        }
        v.to_string()
    };
    for (n, line) in text.lines().enumerate() {
        let at = |e: String| format!("line {}: {e}", n + 1);
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if let Some(item) = trimmed.strip_prefix('-') {
            if !in_servers {
                continue;
            }
            let s = Server::parse(&unquote(item)).map_err(at)?;
            servers.push(s);
            continue;
        }
        let Some((key, value)) = trimmed.split_once(':') else {
            continue;
        };
        in_servers = false;
        let value = unquote(value);
        match key.trim() {
            "hash" => {
                hash = Hash::parse(&value)
                    .ok_or_else(|| at(format!("'{value}' is not a hash of twemproxy's")))?;
            }
            "hash_tag" => {
                let b = value.as_bytes();
                if b.len() != 2 {
                    return Err(at(format!("hash_tag '{value}' is not two characters")));
                }
                hash_tag = Some([b[0], b[1]]);
            }
            "distribution" if value != "ketama" => {
                return Err(at(format!(
                    "distribution '{value}' is not ketama (consistent hashing)"
                )))
            }
            "servers" => in_servers = true,
            _ => {}
        }
    }
    if servers.is_empty() {
        return Err("the pool has no servers".to_string());
    }
    let mut names: Vec<String> = servers.iter().map(Server::ketama_name).collect();
    names.sort();
    if let Some(w) = names.windows(2).find(|w| w[0] == w[1]) {
        return Err(format!("two servers are named '{}'", w[0]));
    }
    Ok(Pool::new(servers, hash, hash_tag))
}

#[cfg(test)]
mod tests {
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
