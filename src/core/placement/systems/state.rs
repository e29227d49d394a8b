//! The systems' state a scenario keeps: what only the systems' own verbs change.

use std::fmt;
use std::sync::Arc;

use super::elasticsearch::routing::Routing;
use super::redis::cli as redis;
use super::units::{UnitMove, Units};
use crate::core::error::Error;

/// Partitions of a new Kafka topic here.
pub const PARTITIONS: u32 = 6;
/// The most partitions a Kafka topic may have here.
pub const MAX_PARTITIONS: u32 = 4096;

/// Cassandra tokens read from `nodetool ring` (or written in a link), by node name; the nodes
/// not listed draw theirs from the seed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Tokens(pub Vec<(String, Vec<i64>)>);

impl Tokens {
    /// The tokens of `name`, when they were read.
    pub fn of(&self, name: &str) -> Option<&[i64]> {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, t)| t.as_slice())
    }
}

/// `node:t1;t2;t3,node2:t4` (names cannot hold `,`; tokens are separated by `;`).
impl fmt::Display for Tokens {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (name, tokens)) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            let list: Vec<String> = tokens.iter().map(i64::to_string).collect();
            write!(f, "{name}={}", list.join(";"))?;
        }
        Ok(())
    }
}

impl Tokens {
    /// Reads the text [`Tokens`] writes.
    pub fn parse(text: &str) -> Result<Tokens, Error> {
        let mut out = Vec::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (name, list) = part.rsplit_once('=').ok_or_else(|| {
                Error::System(format!("{part:?} is not a node's tokens (node=t1;t2)."))
            })?;
            let tokens = list
                .split(';')
                .map(|t| {
                    t.trim().parse::<i64>().map_err(|_| {
                        Error::System(format!("{t:?} is not a token (a signed 64-bit integer)."))
                    })
                })
                .collect::<Result<Vec<i64>, Error>>()?;
            out.push((name.trim().to_string(), tokens));
        }
        let tokens = Tokens(out);
        tokens.check()?;
        Ok(tokens)
    }

    /// Refuses a token held twice, or a node listed twice.
    pub fn check(&self) -> Result<(), Error> {
        let mut seen: Vec<(i64, &str)> = Vec::new();
        for (i, (name, tokens)) in self.0.iter().enumerate() {
            if self.0[..i].iter().any(|(n, _)| n == name) {
                return Err(Error::System(format!("Node {name} is listed twice.")));
            }
            if tokens.is_empty() {
                return Err(Error::System(format!("Node {name} has no token.")));
            }
            for &t in tokens {
                if let Some((_, by)) = seen.iter().find(|(s, _)| *s == t) {
                    return Err(Error::System(format!(
                        "Token {t} is held twice, by {by} and by {name}: a token belongs to one node."
                    )));
                }
                seen.push((t, name));
            }
        }
        Ok(())
    }
}

/// HAProxy servers' explicit `id`s, read from a pasted `backend` (or written in a link), by
/// server name; the servers not listed are numbered as HAProxy numbers them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct ServerIds(pub Vec<(String, u32)>);

impl ServerIds {
    /// The explicit id of `name`, when it has one.
    pub fn of(&self, name: &str) -> Option<u32> {
        self.0.iter().find(|(n, _)| n == name).map(|(_, id)| *id)
    }

    /// Reads the text [`ServerIds`] writes: `name=id,name2=id2`.
    pub fn parse(text: &str) -> Result<ServerIds, Error> {
        let mut out: Vec<(String, u32)> = Vec::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (name, id) = part.rsplit_once('=').ok_or_else(|| {
                Error::System(format!(
                    "{} is no server id: write name=id.",
                    crate::core::error::shown(part)
                ))
            })?;
            let id: u32 = crate::core::size::parse_number(id)?;
            let name = name.trim();
            if id == 0 {
                return Err(Error::System(format!(
                    "{} has id 0: ids start at 1.",
                    crate::core::error::shown(name)
                )));
            }
            if out.iter().any(|(n, i)| n == name || *i == id) {
                return Err(Error::System(format!(
                    "{} or its id {id} is given twice.",
                    crate::core::error::shown(name)
                )));
            }
            out.push((name.to_string(), id));
        }
        Ok(ServerIds(out))
    }
}

/// `a=1,b=7`.
impl fmt::Display for ServerIds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (name, id)) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{name}={id}")?;
        }
        Ok(())
    }
}

/// What a change did to the systems' state: the units each system moved.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StateMoves {
    /// Redis slots handed to another master.
    pub slots: Vec<UnitMove>,
    /// Kafka partitions whose leader changed.
    pub partitions: Vec<UnitMove>,
    /// Elasticsearch shards moved to another node.
    pub shards: Vec<UnitMove>,
}

/// The state of the systems whose structure only their own verbs change.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SystemState {
    slots: Arc<Units>,
    leaders: Arc<Units>,
    routing: Routing,
    shards: Arc<Units>,
    tokens: Arc<Tokens>,
    ids: Arc<ServerIds>,
}

impl SystemState {
    /// What a cluster of `servers` servers starts with: the slots split as `redis-cli --cluster
    /// create` splits them, a topic of 6 partitions led round-robin, an index of 3 shards dealt
    /// round-robin, and every Cassandra token drawn from the seed.
    pub fn new(servers: usize) -> SystemState {
        let routing = Routing::default();
        SystemState {
            slots: Arc::new(redis::created(servers)),
            leaders: Arc::new(Units::round_robin(PARTITIONS, servers)),
            shards: Arc::new(Units::round_robin(routing.shards, servers)),
            routing,
            tokens: Arc::new(Tokens::default()),
            ids: Arc::new(ServerIds::default()),
        }
    }

    /// The slot table.
    pub fn slots(&self) -> &Units {
        &self.slots
    }

    /// Each partition's leader.
    pub fn leaders(&self) -> &Units {
        &self.leaders
    }

    /// The index's routing.
    pub fn routing(&self) -> Routing {
        self.routing
    }

    /// Each shard's node.
    pub fn shards(&self) -> &Units {
        &self.shards
    }

    /// The Cassandra tokens that were read.
    pub fn tokens(&self) -> &Tokens {
        &self.tokens
    }

    /// The slot table, or the `create` split when it does not fit `servers` servers.
    pub fn slots_for(&self, servers: usize) -> Arc<Units> {
        if self.slots.fits(servers) {
            self.slots.clone()
        } else {
            Arc::new(redis::created(servers))
        }
    }

    /// The partitions' leaders, or round-robin leaders when they do not fit `servers`.
    pub fn leaders_for(&self, servers: usize) -> Arc<Units> {
        if self.leaders.fits(servers) {
            self.leaders.clone()
        } else {
            Arc::new(Units::round_robin(self.leaders.len(), servers))
        }
    }

    /// The shards' nodes, or round-robin nodes when they do not fit `servers`.
    pub fn shards_for(&self, servers: usize) -> Arc<Units> {
        if self.shards.fits(servers) {
            self.shards.clone()
        } else {
            Arc::new(Units::round_robin(self.shards.len(), servers))
        }
    }

    /// HAProxy servers' explicit ids.
    pub fn ids(&self) -> &ServerIds {
        &self.ids
    }

    /// The state as a list of `servers` servers uses it: each table kept when it fits, and
    /// otherwise started afresh as [`slots_for`](Self::slots_for) and the others say.
    pub fn fitted(&self, servers: usize) -> SystemState {
        SystemState {
            slots: self.slots_for(servers),
            leaders: self.leaders_for(servers),
            shards: self.shards_for(servers),
            routing: self.routing,
            tokens: self.tokens.clone(),
            ids: self.ids.clone(),
        }
    }

    /// Whether the state fits `servers` servers.
    pub fn fits(&self, servers: usize) -> bool {
        self.slots.fits(servers) && self.leaders.fits(servers) && self.shards.fits(servers)
    }

    /// After a server joins the list at `index` (`servers` being the count after): Redis's
    /// `add-node` and a new Kafka broker take nothing; Elasticsearch's balancer moves shards to
    /// the new node until the counts are even.
    pub fn joined(&self, index: usize, servers: usize) -> (SystemState, StateMoves) {
        let (shards, moved) = self.shards.inserted(index).balanced_onto(index, servers);
        let next = SystemState {
            slots: Arc::new(self.slots.inserted(index)),
            leaders: Arc::new(self.leaders.inserted(index)),
            shards: Arc::new(shards),
            ..self.clone()
        };
        (
            next,
            StateMoves {
                shards: moved,
                ..StateMoves::default()
            },
        )
    }

    /// After the server at `index` leaves a list of `servers`: its slots go as a rebalance with
    /// its weight at 0 sends them (what an operator runs before `del-node`), its partitions'
    /// leadership and its shards to the servers holding the fewest. `forget` drops the tokens
    /// read for it (a decommission, as opposed to a failure it will come back from).
    pub fn left(
        &self,
        index: usize,
        servers: usize,
        forget: Option<&str>,
    ) -> (SystemState, StateMoves) {
        let (slots, slot_moves) = redis::emptied(&self.slots, servers, index);
        let (leaders, partition_moves) = self.leaders.handed_out(index, servers);
        let (shards, shard_moves) = self.shards.handed_out(index, servers);
        let tokens = match forget {
            Some(name) if self.tokens.of(name).is_some() => Arc::new(Tokens(
                self.tokens
                    .0
                    .iter()
                    .filter(|(n, _)| n != name)
                    .cloned()
                    .collect(),
            )),
            _ => self.tokens.clone(),
        };
        let ids = match forget {
            Some(name) if self.ids.of(name).is_some() => Arc::new(ServerIds(
                self.ids
                    .0
                    .iter()
                    .filter(|(n, _)| n != name)
                    .cloned()
                    .collect(),
            )),
            _ => self.ids.clone(),
        };
        (
            SystemState {
                slots: Arc::new(slots.removed(index)),
                leaders: Arc::new(leaders.removed(index)),
                shards: Arc::new(shards.removed(index)),
                routing: self.routing,
                tokens,
                ids,
            },
            StateMoves {
                slots: slot_moves,
                partitions: partition_moves,
                shards: shard_moves,
            },
        )
    }

    /// The same state with `slots` as the slot table.
    pub fn with_slots(&self, slots: Units) -> SystemState {
        SystemState {
            slots: Arc::new(slots),
            ..self.clone()
        }
    }

    /// The same state with a topic led by `leaders`.
    pub fn with_leaders(&self, leaders: Units) -> SystemState {
        SystemState {
            leaders: Arc::new(leaders),
            ..self.clone()
        }
    }

    /// The same state with an index routed by `routing`, its shards on `shards`.
    pub fn with_index(&self, routing: Routing, shards: Units) -> SystemState {
        SystemState {
            routing,
            shards: Arc::new(shards),
            ..self.clone()
        }
    }

    /// The same state with the tokens `tokens` read.
    pub fn with_tokens(&self, tokens: Tokens) -> SystemState {
        SystemState {
            tokens: Arc::new(tokens),
            ..self.clone()
        }
    }

    /// The same state with the HAProxy ids `ids` read.
    pub fn with_ids(&self, ids: ServerIds) -> SystemState {
        SystemState {
            ids: Arc::new(ids),
            ..self.clone()
        }
    }
}
