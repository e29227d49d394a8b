//! A pool's servers, the points each is given in single-precision arithmetic, the continuum and
//! the lookup, and the hash tag.

use md5::{Digest, Md5};

use super::hashkit::Hash;
use crate::core::placement::systems::points::{Point64, Points};

/// Points per server at equal weights (`KETAMA_POINTS_PER_SERVER`).
pub const POINTS_PER_SERVER: u32 = 160;

/// Points per MD5 digest.
pub const POINTS_PER_HASH: u32 = 4;

/// The longest `name-i` string hashed, in bytes (`KETAMA_MAX_HOSTLEN` less one).
pub const MAX_HOST_LEN: usize = 272;

/// The port at which a server without a name is hashed by its host alone.
pub const KETAMA_PORT: u16 = 11211;

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
