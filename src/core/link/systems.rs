//! The real systems' state in a link, each part written only when it differs from what a
//! cluster of the link's servers starts with. (Their settings, `num-tokens`, `token-seed`,
//! `min-ring` and `gc-replicas`, are written and read with every placement's.)
//!
//! | parameter | holds |
//! |---|---|
//! | `num-tokens`, `token-seed` | Cassandra's tokens per node and the seed they are drawn from |
//! | `min-ring` | Envoy ring_hash's `minimum_ring_size` |
//! | `gc-replicas` | groupcache's points per node |
//! | `slots` | Redis's slot table, as runs of server indices (`0*5461.1*5462.2*5461`) |
//! | `topic`, `leaders` | the Kafka topic's partitions, and their leaders when not round-robin |
//! | `index`, `shards` | the Elasticsearch index (`3`, `3/768`, `4/4/9.4`), and its shards' nodes when not round-robin |
//! | `tokens` | Cassandra tokens read from `nodetool ring`: `node=t1;t2,node2=t3` |
//! | `haproxy-ids` | HAProxy servers' explicit ids, read from a pasted backend: `a=1,b=7` |

use crate::core::placement::systems::elasticsearch::Routing;
use crate::core::placement::systems::units::Units;
use crate::core::placement::systems::{kafka, redis, ServerIds, SystemState, Tokens};
use crate::core::scenario::Scenario;
use crate::core::size::parse_number;

/// The systems' state of `scenario` where it differs from a new cluster's (their settings are
/// written with every placement's, from [`Setting`](crate::core::placement::Setting)).
pub(super) fn write(scenario: &Scenario, pairs: &mut Vec<(&'static str, String)>) {
    let n = scenario.servers().len();
    let state = scenario.systems();
    if *state.slots() != redis::created(n) {
        pairs.push(("slots", state.slots().to_string()));
    }
    let leaders = state.leaders();
    if leaders.len() != kafka::PARTITIONS {
        pairs.push(("topic", leaders.len().to_string()));
    }
    if *leaders != Units::round_robin(leaders.len(), n) {
        pairs.push(("leaders", leaders.to_string()));
    }
    let routing = state.routing();
    if routing != Routing::default() {
        pairs.push(("index", routing.to_string()));
    }
    if *state.shards() != Units::round_robin(routing.shards, n) {
        pairs.push(("shards", state.shards().to_string()));
    }
    if !state.tokens().0.is_empty() {
        pairs.push(("tokens", state.tokens().to_string()));
    }
    if !state.ids().0.is_empty() {
        pairs.push(("haproxy-ids", state.ids().to_string()));
    }
}

/// Reads the systems' state for `scenario`'s servers; each part that cannot be read is said
/// and left as a new cluster has it.
pub(super) fn read_state<'a>(
    scenario: &mut Scenario,
    param: &impl Fn(&str) -> Option<&'a str>,
    ignored: &mut Vec<String>,
) {
    let n = scenario.servers().len();
    let mut state = SystemState::new(n);
    if let Some(text) = param("slots") {
        match Units::parse(text, redis::SLOTS, n) {
            Ok(slots) => state = state.with_slots(slots),
            Err(error) => ignored.push(format!("slots: {error}")),
        }
    }
    let mut partitions = kafka::PARTITIONS;
    if let Some(text) = param("topic") {
        match parse_number::<u32>(text) {
            Ok(p) if (1..=kafka::MAX_PARTITIONS).contains(&p) => partitions = p,
            Ok(p) => ignored.push(format!(
                "topic: {p} partitions is more than a topic has here"
            )),
            Err(error) => ignored.push(format!("topic: {error}")),
        }
    }
    let mut leaders = Units::round_robin(partitions, n);
    if let Some(text) = param("leaders") {
        match Units::parse(text, partitions, n) {
            Ok(read) => leaders = read,
            Err(error) => ignored.push(format!("leaders: {error}")),
        }
    }
    state = state.with_leaders(leaders);
    let mut routing = Routing::default();
    if let Some(text) = param("index") {
        match text.parse::<Routing>() {
            Ok(r) => routing = r,
            Err(error) => ignored.push(format!("index: {error}")),
        }
    }
    let mut shards = Units::round_robin(routing.shards, n);
    if let Some(text) = param("shards") {
        match Units::parse(text, routing.shards, n) {
            Ok(read) => shards = read,
            Err(error) => ignored.push(format!("shards: {error}")),
        }
    }
    state = state.with_index(routing, shards);
    if let Some(text) = param("tokens") {
        match Tokens::parse(text) {
            Ok(tokens) => state = state.with_tokens(tokens),
            Err(error) => ignored.push(format!("tokens: {error}")),
        }
    }
    if let Some(text) = param("haproxy-ids") {
        match ServerIds::parse(text) {
            Ok(ids) => state = state.with_ids(ids),
            Err(error) => ignored.push(format!("haproxy-ids: {error}")),
        }
    }
    if let Err(error) = scenario.set_systems(state) {
        ignored.push(error.to_string());
    }
}
