//! HAProxy's `hash-type consistent` (as in HAProxy 2.6, Debian 12's): which server of a backend
//! a request goes to under `balance url_param`, `balance hdr(…)` or any other hashed balance.
//!
//! **The key.** `balance url_param NAME` takes the request's target exactly as the request
//! line carries it, still percent-encoded, finds its first `?`, and walks the query's
//! parameters, each starting after the `?` or after a `&`: the first one that starts with
//! `NAME=` (compared byte for byte, case-sensitive) gives the value, up to the next `&` or the
//! end. `?key=` gives the empty value, which is hashed like any other; a query without the
//! parameter gives no key, and HAProxy then falls back to round robin. `balance hdr(NAME)`
//! takes the first header whose name equals `NAME` ignoring ASCII case, and of its value only
//! the first element of the comma-separated list: from the start, leading spaces and tabs
//! skipped, to the first comma outside a `"quoted string"` (where `\` escapes the next
//! character), trailing spaces and tabs dropped. An empty first element, or no such header,
//! gives no key (round robin). With `use_domain_only` only the domain of such a value is
//! hashed: the bytes between the last dot and the dot before it (`www.example.com` gives
//! `example`, `example.com` gives `example`, a name without a dot is kept whole). HAProxy 2.6
//! starts that walk one byte past the value, in its own copy of the request where each header's
//! lower-cased name follows the previous header's trimmed value: when that byte is a dot (the
//! next header's name starts with `.`), the last label is hashed instead (`com`). See
//! [`header_element`] and [`domain_only_before`].
//!
//! **The hash.** `hash-type consistent [FUNCTION [avalanche]]`: FUNCTION is `sdbm` (the
//! default), `djb2`, `wt6` or `crc32` (zlib's CRC-32), computed over the key's bytes as
//! unsigned. `avalanche` passes the result through [`full_hash`], Bob Jenkins' 32-bit integer
//! hash followed by a multiplication by 3,221,225,473. A bare `hash-type consistent` means
//! sdbm *with* avalanche, while `hash-type consistent sdbm` means sdbm without it.
//!
//! **The servers.** Each server has a numeric id: its `id` when the configuration sets one,
//! otherwise one given in configuration order by a counter that starts at 1 and is incremented
//! after every server, those with an explicit `id` included; a server without an `id` takes
//! the counter's value, or the first larger value no explicit `id` holds. So `a`, `b id 1`,
//! `c` get ids 2, 1 and 4 (not 3). Removing a server's line renumbers the servers after it
//! unless their ids are explicit; a `disabled` server (maintenance) keeps its id and has no
//! points. A server of weight `w` (1 by default, 0 to 256) has `16 × w` points:
//! point `j` is `full_hash(id × 4096 + j)` for `j` in `0..16w`, in 32-bit wrapping arithmetic.
//! Since [`full_hash`] is a bijection and `16w ≤ 4096`, no two points of servers with ids
//! below 2^20 coincide.
//!
//! **The lookup.** The points of the usable active servers form the tree; with none, the first
//! usable `backup` server takes every request (or, with `option allbackups`, the backup
//! servers' points form the tree). For the key's hash `h`, HAProxy finds the first point at or
//! after `h` (wrapping to the first) and the point before that one (wrapping to the last), and
//! picks the nearer: with `dp = h − before` and `dn = after − h` in wrapping 32-bit arithmetic,
//! the point before wins when `dp ≤ dn`. So unlike most rings a key often goes to the point
//! *before* it, and a tie goes there too.

use std::collections::BTreeSet;
use std::fmt;

use super::hashes::crc32 as zlib_crc32;
use super::points::{Point64, Points};

/// Points per unit of weight (HAProxy's `BE_WEIGHT_SCALE`).
pub const POINTS_PER_WEIGHT: u32 = 16;

/// How far apart consecutive ids' points start (`SRV_EWGHT_RANGE`, 256 × 16).
pub const ID_STRIDE: u32 = 4096;

/// The largest weight HAProxy accepts.
pub const MAX_WEIGHT: u32 = 256;

/// sdbm, over the bytes as unsigned: `h = c + (h << 6) + (h << 16) − h`, from 0.
///
/// ```
/// use ringlab::core::placement::systems::haproxy::sdbm;
/// assert_eq!(sdbm(b""), 0);
/// assert_eq!(sdbm(b"a"), 97);
/// ```
pub fn sdbm(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0u32, |h, &c| {
        u32::from(c)
            .wrapping_add(h << 6)
            .wrapping_add(h << 16)
            .wrapping_sub(h)
    })
}

/// djb2: `h = h × 33 + c`, from 5381.
///
/// ```
/// use ringlab::core::placement::systems::haproxy::djb2;
/// assert_eq!(djb2(b"a"), 5381 * 33 + 97);
/// ```
pub fn djb2(bytes: &[u8]) -> u32 {
    bytes.iter().fold(5381u32, |h, &c| {
        (h << 5).wrapping_add(h).wrapping_add(u32::from(c))
    })
}

/// Willy Tarreau's wt6: two 32-bit halves rotated by amounts the data itself chooses.
///
/// ```
/// use ringlab::core::placement::systems::haproxy::wt6;
/// assert_eq!(wt6(b""), 0xa53c965a ^ 0x5ca6953a);
/// ```
pub fn wt6(bytes: &[u8]) -> u32 {
    let (mut h0, mut h1) = (0xa53c_965a_u32, 0x5ca6_953a_u32);
    let (mut step0, mut step1) = (6u32, 18u32);
    for &c in bytes {
        let t = u32::from(c);
        h0 = !(h0 ^ t);
        h1 = !(h1.wrapping_add(t));
        let t = h1.rotate_left(step0);
        h1 = h0.rotate_left(step1);
        h0 = t;
        let t = ((h0 >> 16) ^ h1) & 0xffff;
        step0 = t & 0x1f;
        step1 = t >> 11;
    }
    h0 ^ h1
}

/// CRC-32 as zlib computes it (HAProxy's `hash_crc32`, bit by bit there).
///
/// ```
/// use ringlab::core::placement::systems::haproxy::crc32;
/// assert_eq!(crc32(b"123456789"), 0xcbf43926);
/// ```
pub fn crc32(bytes: &[u8]) -> u32 {
    zlib_crc32(bytes)
}

/// The avalanche step (`full_hash`): Bob Jenkins' 32-bit integer hash, then a multiplication
/// by 3,221,225,473, all wrapping. A bijection of the 32-bit integers.
///
/// ```
/// use ringlab::core::placement::systems::haproxy::full_hash;
/// assert_eq!(full_hash(0), 2874071335);
/// ```
pub fn full_hash(a: u32) -> u32 {
    let a = a.wrapping_add(0x7ed5_5d16).wrapping_add(a << 12);
    let a = (a ^ 0xc761_c23c) ^ (a >> 19);
    let a = a.wrapping_add(0x1656_67b1).wrapping_add(a << 5);
    let a = a.wrapping_add(0xd3a2_646c) ^ (a << 9);
    let a = a.wrapping_add(0xfd70_46c5).wrapping_add(a << 3);
    let a = (a ^ 0xb55a_4f09) ^ (a >> 16);
    a.wrapping_mul(3_221_225_473)
}

/// A hash function `hash-type` names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Function {
    /// `sdbm`, the default.
    Sdbm,
    /// `djb2`.
    Djb2,
    /// `wt6`.
    Wt6,
    /// `crc32`.
    Crc32,
}

impl Function {
    /// Every function, in the order HAProxy's documentation lists them.
    pub const ALL: [Function; 4] = [
        Function::Sdbm,
        Function::Djb2,
        Function::Wt6,
        Function::Crc32,
    ];

    /// Its name in the configuration.
    pub fn name(self) -> &'static str {
        match self {
            Function::Sdbm => "sdbm",
            Function::Djb2 => "djb2",
            Function::Wt6 => "wt6",
            Function::Crc32 => "crc32",
        }
    }

    /// The function called `name`.
    pub fn parse(name: &str) -> Option<Function> {
        Function::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The function of `bytes`.
    pub fn hash(self, bytes: &[u8]) -> u32 {
        match self {
            Function::Sdbm => sdbm(bytes),
            Function::Djb2 => djb2(bytes),
            Function::Wt6 => wt6(bytes),
            Function::Crc32 => crc32(bytes),
        }
    }
}

/// What `hash-type consistent …` chooses: a function, and whether [`full_hash`] follows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HashType {
    /// The hash function.
    pub function: Function,
    /// Whether the avalanche step follows.
    pub avalanche: bool,
}

impl HashType {
    /// A bare `hash-type consistent`: sdbm with avalanche.
    pub const DEFAULT: HashType = HashType {
        function: Function::Sdbm,
        avalanche: true,
    };

    /// Reads the words after `hash-type`: `consistent`, `consistent djb2`, `consistent crc32
    /// avalanche`. `map-based` is refused: it is another placement.
    ///
    /// ```
    /// use ringlab::core::placement::systems::haproxy::{Function, HashType};
    /// assert_eq!(HashType::parse("consistent").unwrap(), HashType::DEFAULT);
    /// let t = HashType::parse("consistent sdbm").unwrap();
    /// assert_eq!((t.function, t.avalanche), (Function::Sdbm, false));
    /// assert!(HashType::parse("consistent sha1").is_err());
    /// ```
    pub fn parse(words: &str) -> Result<HashType, String> {
        let words: Vec<&str> = words.split_whitespace().collect();
        match words.first() {
            Some(&"consistent") => {}
            Some(&"map-based") => {
                return Err("hash-type map-based is not consistent hashing".to_string())
            }
            _ => return Err("hash-type takes 'consistent' or 'map-based'".to_string()),
        }
        let Some(name) = words.get(1) else {
            return Ok(HashType::DEFAULT);
        };
        let function = Function::parse(name).ok_or_else(|| {
            format!("hash-type supports 'sdbm', 'djb2', 'crc32' or 'wt6', not '{name}'")
        })?;
        let avalanche = match words.get(2) {
            None => false,
            Some(&"avalanche") => true,
            Some(other) => {
                return Err(format!(
                    "hash-type supports only 'avalanche' as a modifier, not '{other}'"
                ))
            }
        };
        if words.len() > 3 {
            return Err(format!("hash-type: '{}' is one word too many", words[3]));
        }
        Ok(HashType {
            function,
            avalanche,
        })
    }

    /// The key's hash: the function, then the avalanche step if chosen.
    ///
    /// ```
    /// use ringlab::core::placement::systems::haproxy::{full_hash, sdbm, HashType};
    /// assert_eq!(HashType::DEFAULT.hash(b"k"), full_hash(sdbm(b"k")));
    /// ```
    pub fn hash(self, key: &[u8]) -> u32 {
        let h = self.function.hash(key);
        if self.avalanche {
            full_hash(h)
        } else {
            h
        }
    }
}

impl fmt::Display for HashType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "consistent {}", self.function.name())?;
        if self.avalanche {
            write!(f, " avalanche")?;
        }
        Ok(())
    }
}

/// One `server` line of a backend.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Server {
    /// Its name (the word after `server`).
    pub name: String,
    /// Its address as written (`127.0.0.1:8080`).
    pub address: String,
    /// Its weight, 0 to 256 (1 by default).
    pub weight: u32,
    /// Its explicit `id`, if set.
    pub id: Option<u32>,
    /// Whether it is a `backup` server.
    pub backup: bool,
    /// Whether it is `disabled` (in maintenance: it keeps its id, and no key goes to it).
    pub disabled: bool,
}

impl Server {
    /// A server of weight `weight` with no other option.
    pub fn new(name: &str, weight: u32) -> Server {
        Server {
            name: name.to_string(),
            address: String::new(),
            weight,
            id: None,
            backup: false,
            disabled: false,
        }
    }

    fn usable(&self) -> bool {
        !self.disabled && self.weight > 0
    }
}

/// Each server's numeric id, as HAProxy gives them in configuration order.
///
/// ```
/// use ringlab::core::placement::systems::haproxy::assign_ids;
/// assert_eq!(assign_ids(&[None, None, None]), vec![1, 2, 3]);
/// assert_eq!(assign_ids(&[None, Some(1), None]), vec![2, 1, 4]);
/// assert_eq!(assign_ids(&[Some(5), None, None]), vec![5, 2, 3]);
/// ```
pub fn assign_ids(explicit: &[Option<u32>]) -> Vec<u32> {
    let mut used: BTreeSet<u32> = explicit.iter().flatten().copied().collect();
    let mut next = 1u32;
    explicit
        .iter()
        .map(|id| {
            let id = match id {
                Some(id) => *id,
                None => {
                    while used.contains(&next) {
                        next = next.wrapping_add(1);
                    }
                    used.insert(next);
                    next
                }
            };
            next = next.wrapping_add(1);
            id
        })
        .collect()
}

/// The points of the server with id `id` and weight `weight`, in the order HAProxy makes them.
///
/// ```
/// use ringlab::core::placement::systems::haproxy::{full_hash, server_points};
/// let p = server_points(1, 2);
/// assert_eq!(p.len(), 32);
/// assert_eq!(p[0], full_hash(4096));
/// ```
pub fn server_points(id: u32, weight: u32) -> Vec<u32> {
    let base = id.wrapping_mul(ID_STRIDE);
    (0..weight * POINTS_PER_WEIGHT)
        .map(|j| full_hash(base.wrapping_add(j)))
        .collect()
}

/// A backend under `hash-type consistent`: its servers, their ids and the tree it looks keys up
/// in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Backend {
    servers: Vec<Server>,
    ids: Vec<u32>,
    hash_type: HashType,
    /// The tree: (point, server index), sorted by point, then server, then point number.
    tree: Vec<(u32, usize)>,
    /// The server taking every request when no active server is usable and `allbackups` is off.
    only: Option<usize>,
}

impl Backend {
    /// The backend of `servers` (in configuration order) hashed by `hash_type`; `all_backups`
    /// is `option allbackups`.
    pub fn new(servers: &[Server], hash_type: HashType, all_backups: bool) -> Backend {
        let explicit: Vec<Option<u32>> = servers.iter().map(|s| s.id).collect();
        let ids = assign_ids(&explicit);
        let active = servers.iter().any(|s| !s.backup && s.usable());
        let mut only = None;
        let in_tree = |s: &Server| s.usable() && s.backup != active;
        if !active && !all_backups {
            only = servers.iter().position(|s| s.backup && s.usable());
        }
        let mut tree: Vec<(u32, usize, u32)> = Vec::new();
        if only.is_none() {
            for (i, s) in servers.iter().enumerate() {
                if in_tree(s) {
                    for (j, p) in server_points(ids[i], s.weight).into_iter().enumerate() {
                        tree.push((p, i, j as u32));
                    }
                }
            }
        }
        tree.sort_unstable();
        Backend {
            servers: servers.to_vec(),
            ids,
            hash_type,
            tree: tree.into_iter().map(|(p, i, _)| (p, i)).collect(),
            only,
        }
    }

    /// The servers, in configuration order.
    pub fn servers(&self) -> &[Server] {
        &self.servers
    }

    /// Each server's numeric id.
    pub fn ids(&self) -> &[u32] {
        &self.ids
    }

    /// The hash type.
    pub fn hash_type(&self) -> HashType {
        self.hash_type
    }

    /// The tree's points, sorted, each with its server's index.
    pub fn tree(&self) -> &[(u32, usize)] {
        &self.tree
    }

    /// The tree's points as a [`Points`] circle of 2^32, for drawing (its own lookup, the
    /// first point at or after, is not HAProxy's: use [`Backend::server_for_hash`]).
    pub fn points(&self) -> Points {
        let mut count = vec![0u32; self.servers.len()];
        let points = self
            .tree
            .iter()
            .map(|&(at, server)| {
                count[server] += 1;
                Point64 {
                    at: u64::from(at),
                    server: server as u16,
                    index: count[server] - 1,
                }
            })
            .collect();
        Points::sorted(points, 32)
    }

    /// The server (by index) that a key hashing to `hash` goes to: the nearer of the point at
    /// or after `hash` and the point before that, the one before on a tie. `None` when no
    /// server is usable.
    pub fn server_for_hash(&self, hash: u32) -> Option<usize> {
        if let Some(only) = self.only {
            return Some(only);
        }
        let n = self.tree.len();
        if n == 0 {
            return None;
        }
        let mut next = self.tree.partition_point(|&(p, _)| p < hash);
        if next == n {
            next = 0;
        }
        let prev = if next == 0 { n - 1 } else { next - 1 };
        let dp = hash.wrapping_sub(self.tree[prev].0);
        let dn = self.tree[next].0.wrapping_sub(hash);
        Some(if dp <= dn {
            self.tree[prev].1
        } else {
            self.tree[next].1
        })
    }

    /// The server (by index) for key bytes `key` (the bytes [`url_param`] or [`header`] took
    /// from the request).
    pub fn server_for_key(&self, key: &[u8]) -> Option<usize> {
        self.server_for_hash(self.hash_type.hash(key))
    }
}

/// The value `balance url_param NAME` hashes, from the request target `uri` as the request
/// line carries it (`/path?a=1&key=v`, or an absolute URI); `None` when the parameter is
/// missing (HAProxy then balances round robin).
///
/// ```
/// use ringlab::core::placement::systems::haproxy::url_param;
/// assert_eq!(url_param(b"/?key=a%20b&x=1", b"key"), Some(&b"a%20b"[..]));
/// assert_eq!(url_param(b"/?xkey=1&key=&key=2", b"key"), Some(&b""[..]));
/// assert_eq!(url_param(b"/?key", b"key"), None);
/// assert_eq!(url_param(b"/path/key=1", b"key"), None);
/// ```
pub fn url_param<'a>(uri: &'a [u8], name: &[u8]) -> Option<&'a [u8]> {
    let q = uri.iter().position(|&c| c == b'?')?;
    let mut params = &uri[q + 1..];
    let plen = name.len();
    while params.len() > plen {
        if params[plen] == b'=' && &params[..plen] == name {
            let value = &params[plen + 1..];
            let end = value.iter().position(|&c| c == b'&').unwrap_or(value.len());
            return Some(&value[..end]);
        }
        let amp = params.iter().position(|&c| c == b'&')?;
        params = &params[amp + 1..];
    }
    None
}

fn is_lws(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\r' | b'\n')
}

/// The first element of a header's value, as `balance hdr()` takes it: leading whitespace
/// skipped, cut at the first comma outside a quoted string, trailing whitespace dropped; `None`
/// when that is empty.
///
/// ```
/// use ringlab::core::placement::systems::haproxy::first_element;
/// assert_eq!(first_element(b"  a b , c"), Some(&b"a b"[..]));
/// assert_eq!(first_element(br#""x,y", z"#), Some(&br#""x,y""#[..]));
/// assert_eq!(first_element(b" , c"), None);
/// ```
pub fn first_element(value: &[u8]) -> Option<&[u8]> {
    let start = value
        .iter()
        .position(|&c| !is_lws(c))
        .unwrap_or(value.len());
    let value = &value[start..];
    let (mut quoted, mut escaped) = (false, false);
    let mut end = value.len();
    for (i, &c) in value.iter().enumerate() {
        if escaped {
            escaped = false;
        } else if quoted {
            if c == b'\\' {
                escaped = true;
            } else if c == b'"' {
                quoted = false;
            }
        } else if c == b'"' {
            quoted = true;
        } else if c == b',' {
            end = i;
            break;
        }
    }
    let mut value = &value[..end];
    while let [rest @ .., last] = value {
        if !is_lws(*last) {
            break;
        }
        value = rest;
    }
    (!value.is_empty()).then_some(value)
}

/// The value `balance hdr(NAME)` hashes, from a request's head (the request line and header
/// lines, ended by `\r\n` or `\n`): the first element of the first header called `name`
/// (ignoring ASCII case); `None` when there is no such header or that element is empty.
///
/// ```
/// use ringlab::core::placement::systems::haproxy::header;
/// let head = b"GET / HTTP/1.1\r\nHost: h\r\nX-Key:  user:7 , other\r\nx-key: no\r\n\r\n";
/// assert_eq!(header(head, b"x-key"), Some(&b"user:7"[..]));
/// assert_eq!(header(head, b"X-Missing"), None);
/// ```
pub fn header<'a>(head: &'a [u8], name: &[u8]) -> Option<&'a [u8]> {
    header_element(head, name).map(|(element, _)| element)
}

/// Like [`header`], with the byte that follows the element in HAProxy's own copy of the
/// request, which `use_domain_only` reads (see [`domain_only_before`]): the comma or space
/// that ended the element inside the value; else, HAProxy keeping each header's lower-cased
/// name and trimmed value one after the other, the first byte of the next header's name in
/// lower case; else `None` (the last header: what follows it there is whatever an earlier
/// request left in the buffer).
///
/// ```
/// use ringlab::core::placement::systems::haproxy::header_element;
/// let head = b"GET / HTTP/1.1\r\nX-Host: a.b.com\r\n.Next: 1\r\n\r\n";
/// assert_eq!(header_element(head, b"x-host"), Some((&b"a.b.com"[..], Some(b'.'))));
/// let head = b"GET / HTTP/1.1\r\nX-Host: a.b.com, c\r\n\r\n";
/// assert_eq!(header_element(head, b"x-host"), Some((&b"a.b.com"[..], Some(b','))));
/// ```
pub fn header_element<'a>(head: &'a [u8], name: &[u8]) -> Option<(&'a [u8], Option<u8>)> {
    let mut lines = head
        .split(|&c| c == b'\n')
        .skip(1)
        .map(|line| line.strip_suffix(b"\r").unwrap_or(line))
        .take_while(|line| !line.is_empty());
    while let Some(line) = lines.next() {
        let Some(colon) = line.iter().position(|&c| c == b':') else {
            continue;
        };
        if !line[..colon].eq_ignore_ascii_case(name) {
            continue;
        }
        // HAProxy's parser keeps the value without its leading and trailing whitespace.
        let mut value = &line[colon + 1..];
        while let [first, rest @ ..] = value {
            if !is_lws(*first) {
                break;
            }
            value = rest;
        }
        while let [rest @ .., last] = value {
            if !is_lws(*last) {
                break;
            }
            value = rest;
        }
        let element = first_element(value)?;
        let end = element.as_ptr() as usize - value.as_ptr() as usize + element.len();
        let next = match value.get(end) {
            Some(&c) => Some(c),
            None => lines
                .next()
                .and_then(|l| l.first())
                .map(u8::to_ascii_lowercase),
        };
        return Some((element, next));
    }
    None
}

/// The part of a header value that `balance hdr(NAME) use_domain_only` hashes: reading back
/// from the end, the bytes between the last dot and the dot before it (or the start). Takes the
/// byte past the value as no dot; see [`domain_only_before`].
///
/// ```
/// use ringlab::core::placement::systems::haproxy::domain_only;
/// assert_eq!(domain_only(b"www.example.com"), b"example");
/// assert_eq!(domain_only(b"example.com"), b"example");
/// assert_eq!(domain_only(b"localhost"), b"localhost");
/// ```
pub fn domain_only(value: &[u8]) -> &[u8] {
    domain_only_before(value, None)
}

/// [`domain_only`] as HAProxy 2.6 computes it, reading one byte past the value: `next` is that
/// byte. Its walk back starts *at* the end, so when the byte there is a dot the last label is
/// taken for the domain (`www.example.com` followed by `.` gives `com`).
///
/// ```
/// use ringlab::core::placement::systems::haproxy::domain_only_before;
/// assert_eq!(domain_only_before(b"www.example.com", Some(b'z')), b"example");
/// assert_eq!(domain_only_before(b"www.example.com", Some(b'.')), b"com");
/// ```
pub fn domain_only_before(value: &[u8], next: Option<u8>) -> &[u8] {
    let at = |p: usize| {
        if p < value.len() {
            Some(value[p])
        } else {
            next
        }
    };
    let mut p = value.len();
    let mut end = value.len();
    let mut in_domain = false;
    while p > 0 {
        if in_domain {
            if value[p - 1] == b'.' {
                break;
            }
        } else if at(p) == Some(b'.') {
            end = p;
            in_domain = true;
        }
        p -= 1;
    }
    &value[p..end]
}

/// How a backend takes its key from a request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Balance {
    /// `balance url_param NAME`.
    UrlParam(String),
    /// `balance hdr(NAME)`, with `use_domain_only` or not.
    Header {
        /// The header's name.
        name: String,
        /// Whether only the domain is hashed.
        domain_only: bool,
    },
}

impl Balance {
    /// The bytes hashed for a request with target `uri` and head `head` (the request line and
    /// headers); `None` when the request holds no key.
    pub fn key<'a>(&self, uri: &'a [u8], head: &'a [u8]) -> Option<&'a [u8]> {
        match self {
            Balance::UrlParam(name) => url_param(uri, name.as_bytes()),
            Balance::Header { name, domain_only } => {
                let (v, next) = header_element(head, name.as_bytes())?;
                Some(if *domain_only {
                    domain_only_before(v, next)
                } else {
                    v
                })
            }
        }
    }
}

/// A `backend` section as Ringlab reads it: the balance, the hash type, the servers and
/// `option allbackups`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// `balance url_param …` or `balance hdr(…)`, if given.
    pub balance: Option<Balance>,
    /// The hash type (`hash-type consistent …`).
    pub hash_type: HashType,
    /// The servers, in order.
    pub servers: Vec<Server>,
    /// `option allbackups`.
    pub all_backups: bool,
}

impl Config {
    /// The backend these settings build.
    pub fn backend(&self) -> Backend {
        Backend::new(&self.servers, self.hash_type, self.all_backups)
    }
}

/// Reads a `backend` (or `listen`) section: its `balance`, `hash-type`, `option allbackups` and
/// `server` lines (with `weight`, `id`, `backup`, `disabled`; other server options are
/// ignored). Other lines are ignored; a `hash-type` other than `consistent …`, a `balance`
/// other than `url_param` or `hdr()`, or a server line it cannot read is refused, with its
/// line number. A section without `hash-type` is refused: HAProxy would use map-based hashing.
///
/// ```
/// use ringlab::core::placement::systems::haproxy::parse_backend;
/// let c = parse_backend("backend b\n  balance url_param key\n  hash-type consistent\n  server a 10.0.0.1:80 weight 2\n  server b 10.0.0.2:80 id 7\n").unwrap();
/// assert_eq!(c.servers.len(), 2);
/// assert_eq!(c.backend().ids(), &[1, 7]);
/// ```
pub fn parse_backend(text: &str) -> Result<Config, String> {
    let mut balance = None;
    let mut hash_type = None;
    let mut servers = Vec::new();
    let mut all_backups = false;
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("");
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = |e: String| format!("line {}: {e}", n + 1);
        match words.as_slice() {
            [] => {}
            ["balance", "url_param", name, ..] => {
                balance = Some(Balance::UrlParam(name.to_string()));
            }
            ["balance", rule, rest @ ..] if rule.starts_with("hdr(") && rule.ends_with(')') => {
                balance = Some(Balance::Header {
                    name: rule[4..rule.len() - 1].to_string(),
                    domain_only: rest.contains(&"use_domain_only"),
                });
            }
            ["balance", other, ..] => {
                return Err(at(format!(
                    "balance {other} is not one Ringlab reads (url_param or hdr())"
                )))
            }
            ["hash-type", rest @ ..] => {
                hash_type = Some(HashType::parse(&rest.join(" ")).map_err(at)?)
            }
            ["option", "allbackups"] => all_backups = true,
            ["server", name, address, options @ ..] => {
                let mut s = Server::new(name, 1);
                s.address = address.to_string();
                let mut i = 0;
                while i < options.len() {
                    let value = options.get(i + 1);
                    let number = |what: &str| -> Result<u32, String> {
                        value
                            .and_then(|v| v.parse::<u32>().ok())
                            .ok_or_else(|| at(format!("server {name}: {what} takes a number")))
                    };
                    match options[i] {
                        "weight" => {
                            s.weight = number("weight")?;
                            if s.weight > MAX_WEIGHT {
                                return Err(at(format!(
                                    "server {name}: weight {} is above {MAX_WEIGHT}",
                                    s.weight
                                )));
                            }
                            i += 1;
                        }
                        "id" => {
                            let id = number("id")?;
                            if id == 0 {
                                return Err(at(format!("server {name}: id must be above 0")));
                            }
                            s.id = Some(id);
                            i += 1;
                        }
                        "backup" => s.backup = true,
                        "disabled" => s.disabled = true,
                        "enabled" => s.disabled = false,
                        _ => {}
                    }
                    i += 1;
                }
                if let Some(id) = s.id {
                    if let Some(other) = servers.iter().find(|o: &&Server| o.id == Some(id)) {
                        return Err(at(format!(
                            "server {name}: id {id} is already server {}'s",
                            other.name
                        )));
                    }
                }
                servers.push(s);
            }
            ["server", ..] => return Err(at("a server needs a name and an address".to_string())),
            _ => {}
        }
    }
    let hash_type = hash_type.ok_or_else(|| {
        "no 'hash-type consistent' line: HAProxy would use map-based hashing".to_string()
    })?;
    Ok(Config {
        balance,
        hash_type,
        servers,
        all_backups,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_functions_give_the_values_haproxy_computes() {
        // What HAProxy 2.6.12's converters printed for these bytes (`sdbm`, `djb2`, `wt6`,
        // `crc32`, then each with its avalanche argument 1), the last two sent as a header.
        let golden: [(&[u8], [u32; 8]); 5] = [
            (
                b"key-1",
                [
                    4206784515, 264808716, 205417893, 250396538, 3361758378, 3847200801,
                    2248388548, 1799278064,
                ],
            ),
            (
                b"",
                [
                    0, 5381, 4187620192, 0, 2874071335, 3719394183, 2385687481, 2874071335,
                ],
            ),
            (
                b"a",
                [
                    97, 177670, 1900802597, 3904355907, 1830748055, 3548763807, 1986649387,
                    1288200982,
                ],
            ),
            (
                b"123456789",
                [
                    1755344949, 902675330, 2225171485, 3421780262, 3400502718, 2717138294,
                    4053691039, 1130417534,
                ],
            ),
            (
                b"caf\xc3\xa9 \xff\x80!",
                [
                    3414707918, 29889915, 360057138, 4107006478, 1353304665, 1118719656,
                    1631381630, 557462627,
                ],
            ),
        ];
        for (bytes, want) in golden {
            let mut got = [0u32; 8];
            for (i, f) in Function::ALL.into_iter().enumerate() {
                got[i] = f.hash(bytes);
                got[i + 4] = HashType {
                    function: f,
                    avalanche: true,
                }
                .hash(bytes);
            }
            assert_eq!(got, want, "{:?}", String::from_utf8_lossy(bytes));
        }
        assert_eq!(HashType::DEFAULT.hash(b"user:1000"), 298029626);
    }

    #[test]
    fn avalanche_is_a_bijection_on_a_sample() {
        let mut seen: Vec<u32> = (0..200_000u32).map(full_hash).collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 200_000);
    }

    #[test]
    fn a_key_goes_to_the_nearer_point_and_a_tie_to_the_one_before() {
        let b = Backend::new(
            &[Server::new("a", 1), Server::new("b", 1)],
            HashType::DEFAULT,
            false,
        );
        let tree = b.tree();
        for w in tree.windows(2) {
            let (p, q) = (w[0], w[1]);
            if q.0 - p.0 < 4 || p.1 == q.1 {
                continue;
            }
            let gap = q.0 - p.0;
            assert_eq!(b.server_for_hash(p.0 + 1), Some(p.1));
            assert_eq!(b.server_for_hash(q.0 - 1), Some(q.1));
            if gap % 2 == 0 {
                assert_eq!(b.server_for_hash(p.0 + gap / 2), Some(p.1), "a tie");
                assert_eq!(b.server_for_hash(p.0 + gap / 2 + 1), Some(q.1));
            }
            assert_eq!(b.server_for_hash(q.0), Some(q.1), "on a point");
        }
        // Past the last point and before the first, the distances wrap.
        let (first, last) = (tree[0], tree[tree.len() - 1]);
        assert_eq!(b.server_for_hash(last.0.wrapping_add(1)), Some(last.1));
        assert_eq!(b.server_for_hash(first.0.wrapping_sub(1)), Some(first.1));
    }

    #[test]
    fn weights_give_sixteen_points_each_and_disabled_servers_keep_their_ids() {
        let mut servers = vec![
            Server::new("a", 1),
            Server::new("b", 2),
            Server::new("c", 3),
        ];
        let b = Backend::new(&servers, HashType::DEFAULT, false);
        assert_eq!(b.points().counts(3), vec![16, 32, 48]);
        servers[1].disabled = true;
        let d = Backend::new(&servers, HashType::DEFAULT, false);
        assert_eq!(d.ids(), &[1, 2, 3]);
        assert_eq!(d.points().counts(3), vec![16, 0, 48]);
        for h in (0..u32::MAX).step_by(7_777_777) {
            let before = b.server_for_hash(h).unwrap();
            let after = d.server_for_hash(h).unwrap();
            assert_ne!(after, 1);
            if before != 1 {
                // Only keys near b's points move, and only those whose nearest point was b's.
                assert!(after == before || b.server_for_hash(h) == Some(1));
            }
        }
    }

    #[test]
    fn without_active_servers_the_first_backup_takes_everything() {
        let mut servers = vec![
            Server::new("a", 1),
            Server::new("b", 1),
            Server::new("c", 1),
        ];
        servers[0].disabled = true;
        servers[1].backup = true;
        servers[2].backup = true;
        let b = Backend::new(&servers, HashType::DEFAULT, false);
        assert!((0..100u32).all(|h| b.server_for_hash(h * 40_000_000) == Some(1)));
        let all = Backend::new(&servers, HashType::DEFAULT, true);
        let seen: BTreeSet<usize> = (0..100u32)
            .filter_map(|h| all.server_for_hash(h * 40_000_000))
            .collect();
        assert_eq!(seen, BTreeSet::from([1, 2]));
        servers[1].disabled = true;
        servers[2].disabled = true;
        assert_eq!(
            Backend::new(&servers, HashType::DEFAULT, false).server_for_hash(5),
            None
        );
    }

    #[test]
    fn the_backend_reader_refuses_what_it_cannot_place() {
        assert!(parse_backend("balance url_param key\nserver a 1.2.3.4:80\n").is_err());
        assert!(parse_backend("hash-type map-based\n").is_err());
        assert!(parse_backend("hash-type consistent\nbalance roundrobin\n").is_err());
        assert!(parse_backend("hash-type consistent\nserver a 1:1 weight 257\n").is_err());
        assert!(
            parse_backend("hash-type consistent\nserver a 1:1 id 2\nserver b 1:2 id 2\n").is_err()
        );
        let c = parse_backend(
            "listen x\n balance hdr(Host) use_domain_only\n hash-type consistent wt6 avalanche\n option allbackups\n server a 1:1 check backup\n",
        )
        .unwrap();
        assert_eq!(
            c.balance,
            Some(Balance::Header {
                name: "Host".into(),
                domain_only: true
            })
        );
        assert_eq!(c.hash_type.to_string(), "consistent wt6 avalanche");
        assert!(c.all_backups && c.servers[0].backup);
    }

    #[test]
    fn the_domain_is_taken_between_the_last_two_dots() {
        assert_eq!(domain_only(b"a.b."), b"b");
        assert_eq!(domain_only(b".com"), b".com");
        assert_eq!(domain_only(b"www.example.com:8080"), b"example");
        assert_eq!(domain_only(b""), b"");
    }
}
