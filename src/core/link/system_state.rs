//! The real systems' state in a link, each part written only when it differs from what a
//! cluster of the link's servers starts with, by the system that keeps it (each system's
//! `link.rs`, listed in `STATE_LINKS`). (Their settings, `num-tokens`, `token-seed`,
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

use crate::core::placement::systems::{SystemState, STATE_LINKS};
use crate::core::scenario::Scenario;

/// The systems' state of `scenario` where it differs from a new cluster's (their settings are
/// written with every placement's, from [`Setting`](crate::core::placement::Setting)).
pub(super) fn write(scenario: &Scenario, pairs: &mut Vec<(&'static str, String)>) {
    let n = scenario.servers().len();
    for part in STATE_LINKS {
        (part.write)(scenario.systems(), n, pairs);
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
    for part in STATE_LINKS {
        state = (part.read)(state, n, param, ignored);
    }
    if let Err(error) = scenario.set_systems(state) {
        ignored.push(error.to_string());
    }
}
