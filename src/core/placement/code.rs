//! Where each placement's code is. The ring and mod N are always in the engine: the first
//! screen shows them. The others are in the engine too, except in the page's release build,
//! which fetches them in one piece when first used (`ui::placements`) and hands the engine
//! [`every`] with [`arrived`]; until then [`Kind::here`] is false for them, changes naming them
//! are refused in words, and nothing evaluates them.

use std::sync::OnceLock;

use super::structure::{Earlier, Evaluated};
use super::systems::{
    cassandra, elasticsearch, envoy, groupcache, haproxy, kafka, nginx, redis, twemproxy,
};
use super::{bounded, jump, ketama, maglev, mod_n, multi_probe, rendezvous, ring, table};
use super::{Kind, Layout};

/// Builds a placement's structure on a layout and finds every key's server; given the same
/// placement on the layout before a change, it may reuse what it found there.
pub type Evaluate = fn(&Layout<'_>, Option<Earlier<'_>>) -> Evaluated;

/// Whether the placements other than the ring and mod N arrive after the engine starts: in the
/// page's release build, cut into modules fetched on first use (src/ui/kit/lazy.rs).
const ARRIVING: bool = cfg!(all(
    feature = "app",
    target_arch = "wasm32",
    not(feature = "nosplit")
));

/// The table handed over by the page once the placements' code has arrived.
static ARRIVED: OnceLock<fn(Kind) -> Evaluate> = OnceLock::new();

/// Every placement's evaluation: the one table. Where the placements arrive, only the page's
/// split point names it, so their code travels with that part.
pub fn every(kind: Kind) -> Evaluate {
    match kind {
        Kind::ModN => mod_n::evaluate,
        Kind::Ring => ring::evaluate,
        Kind::Ketama => ketama::evaluate,
        Kind::Rendezvous => rendezvous::evaluate,
        Kind::Jump => jump::evaluate,
        Kind::Maglev => maglev::evaluate,
        Kind::Table => table::evaluate,
        Kind::Bounded => bounded::evaluate,
        Kind::MultiProbe => multi_probe::evaluate,
        Kind::RedisCluster => redis::evaluate,
        Kind::Cassandra => cassandra::evaluate,
        Kind::EnvoyRingHash => envoy::evaluate_ring,
        Kind::EnvoyMaglev => envoy::evaluate_maglev,
        Kind::Nginx => nginx::evaluate,
        Kind::Kafka => kafka::evaluate_java,
        Kind::KafkaLibrdkafka => kafka::evaluate_librdkafka,
        Kind::Elasticsearch => elasticsearch::evaluate,
        Kind::Groupcache => groupcache::evaluate,
        Kind::Haproxy => haproxy::evaluate,
        Kind::Twemproxy => twemproxy::evaluate,
    }
}

/// Hands the engine every placement's code, once it has arrived (a second call changes
/// nothing: the table is the same).
pub fn arrived(table: fn(Kind) -> Evaluate) {
    let _ = ARRIVED.set(table);
}

/// Whether every placement's code is here.
pub fn all_here() -> bool {
    !ARRIVING || ARRIVED.get().is_some()
}

impl Kind {
    /// Whether this placement's code is in the engine from the start: the ring and mod N,
    /// which the first screen shows.
    fn on_first_screen(self) -> bool {
        match self {
            Kind::Ring | Kind::ModN => true,
            Kind::Ketama
            | Kind::Rendezvous
            | Kind::Jump
            | Kind::Maglev
            | Kind::Table
            | Kind::Bounded
            | Kind::MultiProbe
            | Kind::RedisCluster
            | Kind::Cassandra
            | Kind::EnvoyRingHash
            | Kind::EnvoyMaglev
            | Kind::Nginx
            | Kind::Kafka
            | Kind::KafkaLibrdkafka
            | Kind::Elasticsearch
            | Kind::Groupcache
            | Kind::Haproxy
            | Kind::Twemproxy => false,
        }
    }

    /// Whether this placement's code is here, so that it can be chosen and evaluated.
    pub fn here(self) -> bool {
        self.on_first_screen() || all_here()
    }

    /// How this placement is evaluated, if its code is here.
    pub(super) fn evaluation(self) -> Option<Evaluate> {
        match self {
            Kind::Ring => Some(ring::evaluate),
            Kind::ModN => Some(mod_n::evaluate),
            // Named one by one, so that a new placement is placed here on purpose.
            Kind::Ketama
            | Kind::Rendezvous
            | Kind::Jump
            | Kind::Maglev
            | Kind::Table
            | Kind::Bounded
            | Kind::MultiProbe
            | Kind::RedisCluster
            | Kind::Cassandra
            | Kind::EnvoyRingHash
            | Kind::EnvoyMaglev
            | Kind::Nginx
            | Kind::Kafka
            | Kind::KafkaLibrdkafka
            | Kind::Elasticsearch
            | Kind::Groupcache
            | Kind::Haproxy
            | Kind::Twemproxy => {
                if ARRIVING {
                    ARRIVED.get().map(|table| table(self))
                } else {
                    Some(every(self))
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engine_holds_every_placement_outside_the_page() {
        assert!(all_here());
        assert!(Kind::every().all(Kind::here));
        assert!(Kind::every().all(|k| k.evaluation().is_some()));
    }

    #[test]
    fn the_table_and_each_placement_find_the_same_evaluation() {
        for kind in Kind::every() {
            assert_eq!(
                kind.evaluation().map(|f| f as usize),
                Some(every(kind) as usize),
                "{kind:?}"
            );
        }
    }
}
