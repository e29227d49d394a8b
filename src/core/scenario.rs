//! A scenario: the ring size, the hash, the servers and the keys, as plain data, plus the
//! sorted structures derived from them (shared, so cloning a scenario for history is cheap).

use std::sync::Arc;

use super::error::Error;
use super::hash::HashScheme;
use super::keys::{Key, KeySet};
use super::modn::mod_n_owner;
use super::ring::Ring;
use super::server::{check_vnodes, clean_name, Placement, Server, MAX_POINTS, MAX_SERVERS};
use super::size::RingSize;
use super::stats::Ownership;

/// Everything on the ring. Build one with [`Scenario::new`] and alter it with
/// [`Scenario::apply`](crate::core::Scenario::apply).
#[derive(Debug, Clone, PartialEq)]
pub struct Scenario {
    pub(super) size: RingSize,
    pub(super) hash: HashScheme,
    pub(super) vnodes: u32,
    pub(super) servers: Vec<Server>,
    pub(super) ring: Arc<Ring>,
    pub(super) keys: Arc<KeySet>,
}

impl Scenario {
    /// A scenario with these servers and no keys, after checking every server.
    ///
    /// ```
    /// use ringlab::core::{HashScheme, RingSize, Scenario, Server};
    /// let servers = vec![Server::at("A", 10), Server::at("B", 40), Server::at("C", 75)];
    /// let s = Scenario::new(RingSize::TEACHING, HashScheme::default(), 1, servers).unwrap();
    /// assert_eq!(s.ring().owned_arcs(), vec![35, 30, 35]);
    /// ```
    pub fn new(
        size: RingSize,
        hash: HashScheme,
        vnodes: u32,
        servers: Vec<Server>,
    ) -> Result<Scenario, Error> {
        check_vnodes(vnodes)?;
        if servers.is_empty() {
            return Err(Error::NoServers);
        }
        let mut checked: Vec<Server> = Vec::with_capacity(servers.len());
        let mut hand_placed: Vec<(u32, &str)> = Vec::new();
        for server in &servers {
            let name = clean_name(&server.name)?;
            if checked.iter().any(|s| s.name == name) {
                return Err(Error::DuplicateServer(name));
            }
            match server.placement {
                Placement::At(position) => {
                    size.check(u64::from(position))?;
                    if let Some((_, by)) = hand_placed.iter().find(|(p, _)| *p == position) {
                        return Err(Error::PositionTaken {
                            position,
                            by: by.to_string(),
                        });
                    }
                    hand_placed.push((position, &server.name));
                }
                Placement::Hashed { weight } => {
                    super::server::check_weight(weight)?;
                }
            }
            checked.push(Server { name, ..*server });
        }
        check_limits(&checked, vnodes)?;
        let ring = Ring::build(size, hash, vnodes, &checked);
        Ok(Scenario {
            size,
            hash,
            vnodes,
            servers: checked,
            ring: Arc::new(ring),
            keys: Arc::new(KeySet::new(size, hash)),
        })
    }

    /// The starting scenario: the teaching ring 0-99 with A, B, C at 10, 40, 75 and keys at
    /// 90, 52, 68, 25 and 5.
    pub fn teaching() -> Scenario {
        let servers = vec![
            Server::at("A", 10),
            Server::at("B", 40),
            Server::at("C", 75),
        ];
        let mut scenario = Scenario::new(RingSize::TEACHING, HashScheme::default(), 1, servers)
            .expect("the teaching scenario is valid");
        scenario
            .insert_keys([90, 52, 68, 25, 5].map(Key::At).to_vec())
            .expect("the teaching keys are valid");
        scenario
    }

    /// Adds keys directly, without an outcome (for building scenarios).
    pub fn insert_keys(&mut self, keys: Vec<Key>) -> Result<(), Error> {
        let mut set = (*self.keys).clone();
        set.insert(keys)?;
        self.keys = Arc::new(set);
        Ok(())
    }

    /// The ring size.
    pub fn size(&self) -> RingSize {
        self.size
    }

    /// The hash scheme.
    pub fn hash(&self) -> HashScheme {
        self.hash
    }

    /// Virtual nodes per weight-1 hashed server.
    pub fn vnodes(&self) -> u32 {
        self.vnodes
    }

    /// The servers, in list order (the order `hash mod N` indexes).
    pub fn servers(&self) -> &[Server] {
        &self.servers
    }

    /// The server called `name`, with its index.
    pub fn server(&self, name: &str) -> Result<(usize, &Server), Error> {
        let name = name.trim();
        self.servers
            .iter()
            .enumerate()
            .find(|(_, s)| s.name == name)
            .ok_or_else(|| Error::NoSuchServer(name.to_string()))
    }

    /// The ring's points.
    pub fn ring(&self) -> &Ring {
        &self.ring
    }

    /// The keys.
    pub fn keys(&self) -> &KeySet {
        &self.keys
    }

    /// The index of the server that owns key `id` on the ring.
    pub fn owner_of_key(&self, id: u32) -> usize {
        self.ring.owner_of(self.keys.position_of(id))
    }

    /// The index of the server that `hash mod N` picks for key `id`.
    pub fn mod_n_owner_of_key(&self, id: u32) -> usize {
        mod_n_owner(self.keys.hash_of(id), self.servers.len())
    }

    /// The first `replicas` distinct servers clockwise from key `id`, owner first.
    pub fn preference_list(&self, id: u32, replicas: usize) -> Vec<usize> {
        self.ring
            .preference_list(self.keys.position_of(id), replicas)
    }

    /// Who owns how much of the ring and how many keys: O(K + V).
    pub fn ownership(&self) -> Ownership {
        let counts = self.ring.count_owned(self.keys.sorted_positions());
        let weights: Vec<u32> = self.servers.iter().map(Server::weight).collect();
        Ownership::new(
            self.ring.names(),
            &self.ring.owned_arcs(),
            &counts,
            &self.ring.point_counts(),
            &weights,
            self.size.get(),
        )
    }

    /// The total number of points the servers would put on the ring with `vnodes`.
    pub fn point_total(servers: &[Server], vnodes: u32) -> usize {
        servers.iter().map(|s| s.point_count(vnodes)).sum()
    }
}

/// Refuses a server list that passes the server or point limits.
pub(super) fn check_limits(servers: &[Server], vnodes: u32) -> Result<(), Error> {
    if servers.len() > MAX_SERVERS {
        return Err(Error::TooManyServers { max: MAX_SERVERS });
    }
    if Scenario::point_total(servers, vnodes) > MAX_POINTS {
        return Err(Error::TooManyPoints { max: MAX_POINTS });
    }
    Ok(())
}
