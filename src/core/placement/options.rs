//! The settings of the placements that have any, and their checks.

use super::{bounded, maglev, multi_probe, table};
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
}

impl Default for Options {
    fn default() -> Self {
        Options {
            maglev_size: maglev::DEFAULT_SIZE,
            partitions: None,
            load: bounded::DEFAULT_LOAD,
            probes: multi_probe::DEFAULT_PROBES,
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
