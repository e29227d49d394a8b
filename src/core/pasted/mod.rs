//! Readers for a cluster pasted as its own tools print it: Redis's `CLUSTER NODES` and
//! `CLUSTER SLOTS`, Cassandra's `nodetool ring`, an nginx `upstream { … }` block and a list of
//! Envoy hosts. Each reads the whole text or refuses it, naming each line it cannot use and
//! why (the first [`MAX_PROBLEMS`] of them); a refused text changes nothing. What is read
//! becomes a scenario on the same keys, with the system chosen and its state set exactly: the
//! slot table, the tokens, the weights.

mod envoy;
mod haproxy;
mod nginx;
mod nodetool;
mod reading;
mod redis;
mod twemproxy;

use std::fmt;
use std::str::FromStr;

use crate::core::error::Error;
use crate::core::scenario::Scenario;

pub use reading::{Pasted, Refused, MAX_PROBLEMS};

/// The forms of pasted text the readers know.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// `redis-cli CLUSTER NODES`.
    ClusterNodes,
    /// `redis-cli CLUSTER SLOTS`, as redis-cli prints its nested array.
    ClusterSlots,
    /// `nodetool ring`.
    NodetoolRing,
    /// An nginx `upstream { … }` block with `hash $key consistent`.
    NginxUpstream,
    /// Envoy hosts: `address:port` a line (with an optional weight), or an `lb_endpoints` list.
    EnvoyHosts,
    /// An HAProxy `backend` (or `listen`) section with `hash-type consistent`.
    HaproxyBackend,
    /// A twemproxy pool of `nutcracker.yml` with `distribution: ketama`.
    NutcrackerPool,
}

impl Format {
    /// Every format, in the order a picker lists them.
    pub const ALL: [Format; 7] = [
        Format::ClusterNodes,
        Format::ClusterSlots,
        Format::NodetoolRing,
        Format::NginxUpstream,
        Format::EnvoyHosts,
        Format::HaproxyBackend,
        Format::NutcrackerPool,
    ];

    /// The name used on the page and the command line.
    pub fn id(self) -> &'static str {
        match self {
            Format::ClusterNodes => "cluster-nodes",
            Format::ClusterSlots => "cluster-slots",
            Format::NodetoolRing => "nodetool-ring",
            Format::NginxUpstream => "nginx-upstream",
            Format::EnvoyHosts => "envoy-hosts",
            Format::HaproxyBackend => "haproxy-backend",
            Format::NutcrackerPool => "nutcracker-pool",
        }
    }

    /// The name for people.
    pub fn name(self) -> &'static str {
        match self {
            Format::ClusterNodes => "Redis CLUSTER NODES",
            Format::ClusterSlots => "Redis CLUSTER SLOTS",
            Format::NodetoolRing => "Cassandra nodetool ring",
            Format::NginxUpstream => "nginx upstream block",
            Format::EnvoyHosts => "Envoy hosts",
            Format::HaproxyBackend => "HAProxy backend section",
            Format::NutcrackerPool => "twemproxy nutcracker.yml pool",
        }
    }

    /// The format `text` looks like, from its first meaningful lines.
    pub fn guess(text: &str) -> Option<Format> {
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .take(12)
            .collect();
        let first = *lines.first()?;
        let starts = |word: &str| lines.iter().any(|l| l.starts_with(word));
        if first.starts_with("backend")
            || first.starts_with("listen")
            || starts("hash-type")
            || starts("balance")
        {
            return Some(Format::HaproxyBackend);
        }
        if starts("distribution:") || starts("servers:") || starts("hash:") {
            return Some(Format::NutcrackerPool);
        }
        if first.starts_with("upstream") || lines.iter().any(|l| l.starts_with("server ")) {
            return Some(Format::NginxUpstream);
        }
        if lines
            .iter()
            .any(|l| l.starts_with("Datacenter:") || l.starts_with("Address "))
        {
            return Some(Format::NodetoolRing);
        }
        if first.starts_with("1) ") {
            return Some(Format::ClusterSlots);
        }
        let fields: Vec<&str> = first.split_whitespace().collect();
        if fields.len() >= 8 && fields[0].len() == 40 && fields[1].contains('@') {
            return Some(Format::ClusterNodes);
        }
        if lines.iter().any(|l| {
            l.contains("socket_address") || l.contains("lb_endpoints") || l.contains("port_value")
        }) {
            return Some(Format::EnvoyHosts);
        }
        let host_like = |l: &&str| {
            l.split_whitespace().next().is_some_and(|h| {
                h.rsplit_once(':')
                    .is_some_and(|(_, p)| p.parse::<u16>().is_ok())
            })
        };
        lines.iter().all(host_like).then_some(Format::EnvoyHosts)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Format {
    type Err = Error;
    fn from_str(s: &str) -> Result<Format, Error> {
        Format::ALL
            .into_iter()
            .find(|f| f.id() == s.trim())
            .ok_or_else(|| {
                let ids: Vec<&str> = Format::ALL.iter().map(|f| f.id()).collect();
                let (last, rest) = ids.split_last().expect("there are formats");
                Error::System(format!(
                    "Unknown format {:?}; choose {} or {last}.",
                    s.trim(),
                    rest.join(", ")
                ))
            })
    }
}

/// Reads `text` in `format` onto `base`'s keys and settings.
pub fn read(format: Format, text: &str, base: &Scenario) -> Result<Pasted, Refused> {
    if text.trim().is_empty() {
        return Err(Refused::one(
            "The text is empty: paste what the tool printed.",
        ));
    }
    match format {
        Format::ClusterNodes => redis::cluster_nodes(text, base),
        Format::ClusterSlots => redis::cluster_slots(text, base),
        Format::NodetoolRing => nodetool::ring(text, base),
        Format::NginxUpstream => nginx::upstream(text, base),
        Format::EnvoyHosts => envoy::hosts(text, base),
        Format::HaproxyBackend => haproxy::backend(text, base),
        Format::NutcrackerPool => twemproxy::pool(text, base),
    }
}
