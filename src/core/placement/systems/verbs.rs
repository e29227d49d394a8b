//! The real systems' own verbs, listed once: what `redis-cli --cluster`, `kafka-topics` and
//! Elasticsearch's index API do to a cluster's structure. Each system writes its verbs in its
//! own folder (what they do, and their text form); this list is what the scenario and the
//! change text ask.

use std::fmt;

use serde::Serialize;

use super::cluster::{Applied, Cluster};
use super::{elasticsearch, kafka, redis};
use crate::core::error::Error;

/// One of a real system's own verbs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum SystemVerb {
    /// `redis-cli --cluster rebalance` and `reshard`.
    Redis(redis::Verb),
    /// A Kafka topic created again, or partitions added to it.
    Kafka(kafka::Verb),
    /// An Elasticsearch index created again, split or shrunk.
    Elasticsearch(elasticsearch::Verb),
}

impl SystemVerb {
    /// Does the verb to `cluster`; on error nothing changes.
    pub fn apply(&self, cluster: &Cluster<'_>) -> Result<Applied, Error> {
        match self {
            SystemVerb::Redis(verb) => verb.apply(cluster),
            SystemVerb::Kafka(verb) => verb.apply(cluster),
            SystemVerb::Elasticsearch(verb) => verb.apply(cluster),
        }
    }

    /// Reads a verb's text (`verb:rest`): `None` when `verb` names no system's verb.
    pub fn read(verb: &str, rest: &str) -> Option<Result<SystemVerb, Error>> {
        let rest = rest.trim();
        redis::Verb::read(verb, rest)
            .map(|r| r.map(SystemVerb::Redis))
            .or_else(|| kafka::Verb::read(verb, rest).map(|r| r.map(SystemVerb::Kafka)))
            .or_else(|| {
                elasticsearch::Verb::read(verb, rest).map(|r| r.map(SystemVerb::Elasticsearch))
            })
    }
}

impl fmt::Display for SystemVerb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SystemVerb::Redis(verb) => verb.fmt(f),
            SystemVerb::Kafka(verb) => verb.fmt(f),
            SystemVerb::Elasticsearch(verb) => verb.fmt(f),
        }
    }
}

impl From<redis::Verb> for SystemVerb {
    fn from(verb: redis::Verb) -> Self {
        SystemVerb::Redis(verb)
    }
}

impl From<kafka::Verb> for SystemVerb {
    fn from(verb: kafka::Verb) -> Self {
        SystemVerb::Kafka(verb)
    }
}

impl From<elasticsearch::Verb> for SystemVerb {
    fn from(verb: elasticsearch::Verb) -> Self {
        SystemVerb::Elasticsearch(verb)
    }
}
