//! A backend's servers, their numeric ids and points, and the lookup: the nearer of the points
//! around a key's hash.

use std::collections::BTreeSet;

use super::hashes::{full_hash, HashType};
use crate::core::placement::systems::points::{Point64, Points};

/// Points per unit of weight (HAProxy's `BE_WEIGHT_SCALE`).
pub const POINTS_PER_WEIGHT: u32 = 16;

/// How far apart consecutive ids' points start (`SRV_EWGHT_RANGE`, 256 × 16).
pub const ID_STRIDE: u32 = 4096;

/// The largest weight HAProxy accepts.
pub const MAX_WEIGHT: u32 = 256;

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

impl Backend {
    /// How many 32-bit hash values each of the backend's servers takes: between two neighbour
    /// points `g` apart, the point before takes the nearer half, `⌊g / 2⌋` values, and the
    /// point after the rest (a tie goes before; a value on a point goes to that point).
    pub fn hash_values(&self) -> Vec<u64> {
        let mut amounts = vec![0u64; self.servers.len()];
        if let Some(only) = self.only {
            amounts[only] = 1 << 32;
            return amounts;
        }
        let n = self.tree.len();
        if n == 0 {
            return amounts;
        }
        if n == 1 {
            amounts[self.tree[0].1] = 1 << 32;
            return amounts;
        }
        for i in 0..n {
            let (at, before) = self.tree[i];
            let (next_at, after) = self.tree[(i + 1) % n];
            let gap = u64::from(next_at.wrapping_sub(at));
            amounts[before] += gap / 2;
            amounts[after] += gap - gap / 2;
        }
        amounts
    }
}
