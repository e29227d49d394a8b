//! The scenario itself: its fields, private to this folder (the files beside this one apply
//! changes to them), how a new one is checked and made, and what it is asked.

use std::fmt;
use std::sync::{Arc, OnceLock};

use super::data_source::DataSource;
use super::down_server::DownServer;
use super::timing::Timing;
use crate::core::error::Error;
use crate::core::hash::HashScheme;
use crate::core::keys::{Commas, Key, KeySet, LinesRefused};
use crate::core::modn::mod_n_owner;
use crate::core::naming::next_server_name;
use crate::core::placement::partitions::PartitionTable;
use crate::core::placement::systems::SystemState;
use crate::core::placement::{Kind, Layout, Options, Placed};
use crate::core::ring::Ring;
use crate::core::server::{
    check_vnodes, check_weight, clean_name, Placement, Server, MAX_POINTS, MAX_SERVERS,
};
use crate::core::size::RingSize;
use crate::core::stats::Ownership;
use crate::core::traffic::Traffic;

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
    /// The placement the panels speak of.
    pub(super) placement: Kind,
    /// The settings of the placements that have any.
    pub(super) options: Options,
    /// The partition table: state, moved partition by partition as servers come and go.
    pub(super) table: Arc<PartitionTable>,
    /// The real systems' state: Redis's slot table, the Kafka topic, the Elasticsearch index,
    /// Cassandra tokens read from a ring listing.
    pub(super) systems: SystemState,
    /// How often each key is read, and the remedies for hot keys.
    pub(super) traffic: Traffic,
    /// Servers that failed: off the ring, still listed, in the order they failed.
    pub(super) down: Vec<DownServer>,
    /// The timeline's settings: copies per key, restart delay, gossip window, writes.
    pub(super) timing: Timing,
    /// Where the keys came from, when they came from a file of your own.
    pub(super) source: Option<Arc<DataSource>>,
    /// The chosen placement evaluated on this scenario, once asked for.
    pub(super) placed: Cache,
}

/// A derived value kept beside the plain data: never compared, never printed, and emptied
/// whenever the data it came from changes (see [`Scenario::edited`]).
#[derive(Clone, Default)]
pub(super) struct Cache(pub(super) OnceLock<Arc<Placed>>);

impl PartialEq for Cache {
    fn eq(&self, _: &Cache) -> bool {
        true
    }
}

impl fmt::Debug for Cache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Cache")
    }
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
                    check_weight(weight)?;
                }
            }
            checked.push(Server { name, ..*server });
        }
        check_limits(&checked, vnodes)?;
        let ring = Ring::build(size, hash, vnodes, &checked);
        let servers_count = checked.len();
        let options = Options::default();
        let weights: Vec<u32> = checked.iter().map(Server::weight).collect();
        let table = PartitionTable::start(options.partition_count(size), &weights);
        Ok(Scenario {
            size,
            hash,
            vnodes,
            servers: checked,
            ring: Arc::new(ring),
            keys: Arc::new(KeySet::new(size, hash)),
            placement: Kind::default(),
            options,
            table: Arc::new(table),
            systems: SystemState::new(servers_count),
            traffic: Traffic::default(),
            down: Vec::new(),
            timing: Timing::default(),
            source: None,
            placed: Cache::default(),
        })
    }

    /// A copy to edit: the same data without the cached evaluation, which would go stale.
    pub(super) fn edited(&self) -> Scenario {
        Scenario {
            placed: Cache::default(),
            ..self.clone()
        }
    }

    /// The same servers, settings and state with no keys (and no data they came from): what a
    /// placement's structure is built on when keys are looked up one at a time.
    pub fn without_keys(&self) -> Scenario {
        let mut next = self.edited();
        next.keys = Arc::new(KeySet::new(self.size, self.hash));
        next.traffic.measured = None;
        next.source = None;
        next
    }

    /// The same scenario without its cached evaluation, for keeping in a long history: a
    /// million keys' owners need not be kept for every step back.
    pub fn without_cache(&self) -> Scenario {
        self.edited()
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
        self.placed = Cache::default();
        Ok(())
    }

    /// Adds the keys of a text, one per non-blank line, directly, without an outcome: see
    /// [`KeySet::insert_lines`].
    pub fn insert_key_lines(&mut self, text: String) -> Result<(), LinesRefused> {
        self.insert_key_lines_with(text, Commas::Refused)
    }

    /// [`Scenario::insert_key_lines`], a comma in a line refused or kept as part of its key
    /// as `commas` says: see [`KeySet::insert_lines_with`].
    pub fn insert_key_lines_with(
        &mut self,
        text: String,
        commas: Commas,
    ) -> Result<(), LinesRefused> {
        let mut set = (*self.keys).clone();
        set.insert_lines_with(text, commas)?;
        self.keys = Arc::new(set);
        self.placed = Cache::default();
        Ok(())
    }

    /// The placement the panels speak of.
    pub fn placement(&self) -> Kind {
        self.placement
    }

    /// The placements' settings.
    pub fn options(&self) -> Options {
        self.options
    }

    /// The partition table.
    pub fn table(&self) -> &PartitionTable {
        &self.table
    }

    /// The real systems' state.
    pub fn systems(&self) -> &SystemState {
        &self.systems
    }

    /// The traffic model.
    pub fn traffic(&self) -> &Traffic {
        &self.traffic
    }

    /// The chosen placement evaluated on this scenario: computed once, then kept.
    pub fn placed(&self) -> Arc<Placed> {
        self.placed
            .0
            .get_or_init(|| Arc::new(Placed::new(&self.layout(), self.placement)))
            .clone()
    }

    /// Any placement evaluated on this scenario (the chosen one from the cache).
    pub fn place(&self, kind: Kind) -> Arc<Placed> {
        if kind == self.placement {
            self.placed()
        } else {
            Arc::new(Placed::new(&self.layout(), kind))
        }
    }

    /// A sentence for each setting the chosen placement does not read (weights under maglev,
    /// the ring size under ketama, …): see [`unused`](crate::core::placement::unused).
    pub fn unused_settings(&self) -> Vec<String> {
        crate::core::placement::unused(self.placement, &self.layout())
    }

    /// What the placements read of this scenario, borrowed.
    pub fn layout(&self) -> Layout<'_> {
        Layout {
            size: self.size,
            hash: self.hash,
            vnodes: self.vnodes,
            servers: &self.servers,
            ring: &self.ring,
            keys: &self.keys,
            options: self.options,
            table: &self.table,
            systems: &self.systems,
        }
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

    /// The server called `name`, with its index; a server that is down is refused as such.
    pub fn server(&self, name: &str) -> Result<(usize, &Server), Error> {
        let name = name.trim();
        self.servers
            .iter()
            .enumerate()
            .find(|(_, s)| s.name == name)
            .ok_or_else(|| {
                if self.down.iter().any(|d| d.server.name == name) {
                    Error::ServerDown(name.to_string())
                } else {
                    Error::NoSuchServer(name.to_string())
                }
            })
    }

    /// The ring's points.
    pub fn ring(&self) -> &Ring {
        &self.ring
    }

    /// The keys.
    pub fn keys(&self) -> &KeySet {
        &self.keys
    }

    /// The keys, shared: the same set as long as only the servers change.
    pub fn shared_keys(&self) -> Arc<KeySet> {
        self.keys.clone()
    }

    /// The divisors whose remainder counts the next server joining or leaving will want for its
    /// mod N comparison and that are not at hand yet (see [`crate::core::placement::counts_ahead`]).
    pub fn counts_ahead(&self) -> Vec<u32> {
        crate::core::placement::counts_ahead(&self.keys, self.servers().len())
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

    /// Who owns how much of the key space and how many keys, under the chosen placement.
    pub fn ownership(&self) -> Ownership {
        Ownership::of(&self.placed(), self.size)
    }

    /// The name "Add server" uses when none is typed: the next free one in the style of the
    /// servers' names (see [`next_server_name`]), never that of a server that is down.
    pub fn next_server_name(&self) -> String {
        let names: Vec<&str> = self
            .servers
            .iter()
            .chain(self.down.iter().map(|d| &d.server))
            .map(|s| s.name.as_str())
            .collect();
        next_server_name(&names)
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
