//! The settings of the placements that have any, and their checks.

use super::{bounded, maglev, multi_probe, systems, table};
use crate::core::decimal::parse_decimal;
use crate::core::error::Error;
use crate::core::size::RingSize;

/// The settings of the placements that have any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Maglev's table size, a prime.
    pub maglev_size: u32,
    /// Partitions of the partition table; `None` follows the ring size
    /// ([`table::default_count`]).
    pub partitions: Option<u32>,
    /// Bounded loads' factor c, in hundredths.
    pub load: u32,
    /// Multi-probe's probes per key.
    pub probes: u32,
    /// Cassandra's `num_tokens`: tokens per node of weight 1.
    pub num_tokens: u32,
    /// The seed Cassandra's tokens are drawn from.
    pub token_seed: u64,
    /// Envoy ring_hash's `minimum_ring_size`.
    pub min_ring: u64,
    /// groupcache's points ("replicas") per node.
    pub groupcache_replicas: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            maglev_size: maglev::DEFAULT_SIZE,
            partitions: None,
            load: bounded::DEFAULT_LOAD,
            probes: multi_probe::DEFAULT_PROBES,
            num_tokens: systems::cassandra::NUM_TOKENS,
            token_seed: systems::cassandra::SEED,
            min_ring: systems::envoy::MIN_RING,
            groupcache_replicas: systems::groupcache::REPLICAS,
        }
    }
}

impl Options {
    /// The partition count on a ring of `size`.
    pub fn partition_count(&self, size: RingSize) -> u32 {
        self.partitions
            .unwrap_or_else(|| table::default_count(size))
    }
}

/// Checks a maglev table size: a prime from 5 to 1,000,003.
pub fn check_maglev_size(size: u32) -> Result<u32, Error> {
    if maglev::SIZES.contains(&size) && maglev::is_prime(size) {
        Ok(size)
    } else {
        Err(Error::NotAPrimeTable(size))
    }
}

/// Checks a load factor in hundredths: 100 to 300.
pub fn check_load(load: u32) -> Result<u32, Error> {
    if bounded::LOADS.contains(&load) {
        Ok(load)
    } else {
        Err(Error::OutOfRange(
            "The load factor c goes from 1.00 to 3.00.",
        ))
    }
}

/// Checks a probe count: 1 to 64.
pub fn check_probes(probes: u32) -> Result<u32, Error> {
    if multi_probe::PROBES.contains(&probes) {
        Ok(probes)
    } else {
        Err(Error::OutOfRange("Multi-probe takes from 1 to 64 probes."))
    }
}

/// Reads a load factor written `1.25` (or `125%`) as hundredths.
pub fn parse_load(text: &str) -> Result<u32, Error> {
    let t = text.trim();
    let value = match t.strip_suffix('%') {
        Some(p) => parse_decimal(p.trim()).map(|v| v / 100.0),
        None => parse_decimal(t),
    }
    .ok_or_else(|| Error::NotADecimal(t.to_string()))?;
    if !value.is_finite() {
        // A number past every double: far above the largest factor.
        return check_load(u32::MAX);
    }
    check_load((value * 100.0).round().clamp(0.0, 1e6) as u32)
}

/// Checks Cassandra's `num_tokens`: 1 to 1,536.
pub fn check_num_tokens(count: u32) -> Result<u32, Error> {
    if (1..=systems::cassandra::MAX_TOKENS).contains(&count) {
        Ok(count)
    } else {
        Err(Error::OutOfRange(
            "Cassandra's num_tokens goes from 1 to 1,536 per node.",
        ))
    }
}

/// Checks Envoy's `minimum_ring_size`: 1 to 2^20 here (Envoy allows up to 8,388,608).
pub fn check_min_ring(size: u64) -> Result<u64, Error> {
    if (1..=systems::envoy::MOST_ENTRIES).contains(&size) {
        Ok(size)
    } else {
        Err(Error::OutOfRange(
            "Envoy's minimum_ring_size goes from 1 to 1,048,576 here (Envoy itself allows up to 8,388,608).",
        ))
    }
}

/// Checks groupcache's points per node: 1 to 1,000.
pub fn check_groupcache_replicas(count: u32) -> Result<u32, Error> {
    if (1..=1000).contains(&count) {
        Ok(count)
    } else {
        Err(Error::OutOfRange(
            "groupcache's replicas (points per node) go from 1 to 1,000.",
        ))
    }
}
