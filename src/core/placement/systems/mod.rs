//! Real systems, byte for byte: where Redis Cluster, Cassandra, Envoy (ring_hash and maglev),
//! nginx, Kafka (the Java client and librdkafka), Elasticsearch and groupcache put a key.
//!
//! Each system is a key hash of its own, a structure (slots, tokens, ring entries, a table,
//! partitions, shards) and one of the lookup families the textbook placements already have:
//! the first point at or after the key's hash (Cassandra, Envoy's ring, nginx, groupcache), a
//! table read (Redis's slots, Envoy's maglev), or a remainder (Kafka, Elasticsearch). Each file
//! holds one system and says what it computes and where that comes from; [`hashes`] holds the
//! hash functions. The systems read a key's label as the bytes a client would send (a key
//! placed by hand, `@52`, is sent as those three characters).
//!
//! Some structure is state, changed only by the system's own verbs: Redis's slot table, the
//! Kafka topic's partitions and their leaders, the Elasticsearch index's shards and where they
//! are, and Cassandra tokens read from `nodetool ring`. The scenario keeps that state in a
//! [`SystemState`] and hands it to the placement through the [`Layout`]; [`Built`] is a system
//! evaluated on one layout.

pub mod cassandra;
pub mod elasticsearch;
pub mod envoy;
pub mod groupcache;
pub mod haproxy;
pub mod hashes;
pub mod kafka;
pub mod nginx;
pub mod points;
pub mod redis;
mod state;
mod steps;
pub mod strip;
pub mod twemproxy;
pub mod units;

use std::fmt;
use std::sync::Arc;

use super::{Kind, Layout};
use elasticsearch::Routing;
use points::{token_position, Points};
use units::Units;

pub use state::{SystemState, Tokens};

/// A key's coordinate in its system's own terms: the third column of `ringlab lookup --detail`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coordinate {
    /// A Redis hash slot.
    Slot(u32),
    /// A Cassandra token.
    Token(i64),
    /// A Kafka partition.
    Partition(u32),
    /// An Elasticsearch shard.
    Shard(u32),
    /// The key's hash on a ring or a table.
    Hash(u64),
}

impl fmt::Display for Coordinate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Coordinate::Slot(s) => write!(f, "slot={s}"),
            Coordinate::Token(t) => write!(f, "token={t}"),
            Coordinate::Partition(p) => write!(f, "partition={p}"),
            Coordinate::Shard(s) => write!(f, "shard={s}"),
            Coordinate::Hash(h) => write!(f, "hash={h}"),
        }
    }
}

/// Where one key goes under a system.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Located {
    /// The server, by index.
    pub owner: usize,
    /// Where the key sits on the system's circle as the canvas draws it.
    pub spot: u32,
    /// The key's coordinate in the system's terms.
    pub coordinate: Coordinate,
}

/// A system evaluated on one layout: the structure its lookups read.
#[derive(Debug, Clone)]
pub enum Built {
    /// Redis Cluster: the slot table.
    Redis(Arc<Units>),
    /// A ring of points: Cassandra's tokens, Envoy's ring, nginx's or groupcache's points.
    Ring {
        /// Which system.
        kind: Kind,
        /// The points.
        points: Points,
    },
    /// Envoy's maglev table: the host at each entry.
    Maglev(Vec<u16>),
    /// A Kafka topic: each partition's leader; `java` for the Java client's murmur2.
    Topic {
        /// Which client hashes the keys.
        java: bool,
        /// The leader of each partition.
        leaders: Arc<Units>,
    },
    /// An Elasticsearch index: its routing and the node holding each shard.
    Index {
        /// Shards, routing shards and rule.
        routing: Routing,
        /// The node holding each shard.
        nodes: Arc<Units>,
    },
}

impl Built {
    /// Builds system `kind` on `layout`. The system's state is read from the layout; state that
    /// does not fit the layout's servers (a sweep's own cluster) is replaced by what a cluster of
    /// those servers would start with.
    pub fn new(layout: &Layout<'_>, kind: Kind) -> Built {
        let n = layout.servers.len();
        let names: Vec<&str> = layout.servers.iter().map(|s| s.name.as_str()).collect();
        let weights = layout.weights();
        let state = layout.systems;
        match kind {
            Kind::RedisCluster => Built::Redis(state.slots_for(n)),
            Kind::Cassandra => {
                let tokens: Vec<Vec<i64>> = names
                    .iter()
                    .zip(&weights)
                    .map(|(name, &w)| {
                        state.tokens_of(
                            name,
                            layout.options.num_tokens * w,
                            layout.options.token_seed,
                        )
                    })
                    .collect();
                Built::Ring {
                    kind,
                    points: cassandra::ring(&tokens),
                }
            }
            Kind::EnvoyRingHash => Built::Ring {
                kind,
                points: envoy::ring(
                    &names,
                    &weights,
                    layout.options.min_ring,
                    envoy::MAX_RING.min(envoy::MOST_ENTRIES),
                ),
            },
            Kind::EnvoyMaglev => {
                Built::Maglev(envoy::maglev(&names, &weights, layout.options.maglev_size))
            }
            Kind::Nginx => Built::Ring {
                kind,
                points: nginx::circle(&names, &weights),
            },
            Kind::Groupcache => Built::Ring {
                kind,
                points: groupcache::circle(&names, layout.options.groupcache_replicas),
            },
            Kind::Kafka | Kind::KafkaLibrdkafka => Built::Topic {
                java: kind == Kind::Kafka,
                leaders: state.leaders_for(n),
            },
            Kind::Elasticsearch => Built::Index {
                routing: state.routing(),
                nodes: state.shards_for(n),
            },
            other => unreachable!("{other} is not a real system"),
        }
    }

    /// Where the key `key` goes.
    pub fn locate(&self, key: &str) -> Located {
        let bytes = key.as_bytes();
        match self {
            Built::Redis(slots) => {
                let slot = redis::key_slot(bytes);
                Located {
                    owner: slots.owner(slot),
                    spot: slot,
                    coordinate: Coordinate::Slot(slot),
                }
            }
            Built::Ring { kind, points } => {
                let (at, coordinate) = match kind {
                    Kind::Cassandra => {
                        let t = cassandra::token(bytes);
                        (token_position(t), Coordinate::Token(t))
                    }
                    Kind::EnvoyRingHash => {
                        let h = hashes::xxh64(bytes, 0);
                        (h, Coordinate::Hash(h))
                    }
                    _ => {
                        let h = u64::from(hashes::crc32(bytes));
                        (h, Coordinate::Hash(h))
                    }
                };
                Located {
                    owner: points.owner(at),
                    spot: points.spot(at),
                    coordinate,
                }
            }
            Built::Maglev(table) => {
                let h = hashes::xxh64(bytes, 0);
                let entry = (h % table.len() as u64) as u32;
                Located {
                    owner: table[entry as usize] as usize,
                    spot: entry,
                    coordinate: Coordinate::Hash(h),
                }
            }
            Built::Topic { java, leaders } => {
                let p = if *java {
                    kafka::java_partition(bytes, leaders.len())
                } else {
                    kafka::librdkafka_partition(bytes, leaders.len())
                };
                Located {
                    owner: leaders.owner(p),
                    spot: p,
                    coordinate: Coordinate::Partition(p),
                }
            }
            Built::Index { routing, nodes } => {
                let r = routing.routing_shard(hashes::es_murmur3(key));
                let shard = routing.shard_of_routing(r);
                Located {
                    owner: nodes.owner(shard),
                    spot: r,
                    coordinate: Coordinate::Shard(shard),
                }
            }
        }
    }

    /// How many places the circle the canvas draws has.
    pub fn circle(&self) -> u64 {
        match self {
            Built::Redis(_) => u64::from(redis::SLOTS),
            Built::Ring { .. } => 1 << 32,
            Built::Maglev(table) => table.len() as u64,
            Built::Topic { leaders, .. } => u64::from(leaders.len()),
            Built::Index { routing, .. } => u64::from(routing.circle()),
        }
    }

    /// The server owning place `spot` of that circle (for a ring, the last position the place
    /// stands for).
    pub fn owner_at_spot(&self, spot: u32) -> usize {
        match self {
            Built::Redis(slots) => slots.owner(spot),
            Built::Ring { points, .. } => points.owner(points.spot_end(spot)),
            Built::Maglev(table) => table[spot as usize] as usize,
            Built::Topic { leaders, .. } => leaders.owner(spot),
            Built::Index { routing, nodes } => nodes.owner(routing.shard_of_routing(spot)),
        }
    }

    /// The ring's points, for the systems that have one.
    pub fn points(&self) -> Option<&Points> {
        match self {
            Built::Ring { points, .. } => Some(points),
            _ => None,
        }
    }

    /// The units each of `servers` servers holds: slots, tokens, ring entries, points, table
    /// entries, partitions led or shards.
    pub fn holdings(&self, servers: usize) -> Vec<u64> {
        match self {
            Built::Redis(slots) => slots.counts(servers),
            Built::Ring { points, .. } => points.counts(servers),
            Built::Maglev(table) => {
                let mut counts = vec![0u64; servers];
                for &h in table {
                    counts[h as usize] += 1;
                }
                counts
            }
            Built::Topic { leaders, .. } => leaders.counts(servers),
            Built::Index { nodes, .. } => nodes.counts(servers),
        }
    }

    /// How many units the structure has in all.
    pub fn unit_count(&self) -> u64 {
        match self {
            Built::Redis(slots) => u64::from(slots.len()),
            Built::Ring { points, .. } => points.points().len() as u64,
            Built::Maglev(table) => table.len() as u64,
            Built::Topic { leaders, .. } => u64::from(leaders.len()),
            Built::Index { nodes, .. } => u64::from(nodes.len()),
        }
    }

    /// Each server's share of the key space: of the slots, of the ring, of the table, of the
    /// partitions or of the routing shards.
    pub fn shares(&self, servers: usize) -> Vec<f64> {
        match self {
            Built::Ring { points, .. } => points.shares(servers),
            Built::Index { routing, nodes } => {
                let mut shares = vec![0.0; servers];
                let circle = routing.circle();
                for r in 0..circle {
                    shares[nodes.owner(routing.shard_of_routing(r))] += 1.0 / f64::from(circle);
                }
                shares
            }
            other => {
                let total = other.unit_count().max(1) as f64;
                other
                    .holdings(servers)
                    .into_iter()
                    .map(|c| c as f64 / total)
                    .collect()
            }
        }
    }

    /// Where `r` copies of a key go, owner first: the next distinct servers clockwise on a ring
    /// (Cassandra's SimpleStrategy), otherwise the servers after the owner in list order.
    pub fn preference(&self, key: &str, r: usize, servers: usize) -> Vec<usize> {
        let located = self.locate(key);
        match self {
            Built::Ring { points, .. } => {
                let at = match located.coordinate {
                    Coordinate::Token(t) => token_position(t),
                    Coordinate::Hash(h) => h,
                    _ => 0,
                };
                points.walk(at, r, servers)
            }
            _ => (0..r.min(servers))
                .map(|i| (located.owner + i) % servers)
                .collect(),
        }
    }

    /// How key `key` finds its server, step by step, in the system's own words.
    pub fn steps(&self, key: &str, names: &[Arc<str>]) -> Vec<String> {
        steps::steps(self, key, names)
    }

    /// The structure in one line: "16,384 slots on 3 masters".
    pub fn headline(&self, servers: usize) -> String {
        steps::headline(self, servers)
    }

    /// The structure in the system's own words, a line per run or server: Redis's slot ranges
    /// as `CLUSTER SLOTS` lists them, each node's tokens, each partition's leader.
    pub fn listing(&self, names: &[Arc<str>]) -> Vec<String> {
        steps::listing(self, names)
    }
}
