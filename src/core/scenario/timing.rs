//! The scenario's timing, which the timeline reads: copies per key, a restart after a failure, how long a membership
//! change takes to reach every client, and writes per second. They are plain data in the
//! scenario, set by changes (`replicas:3`, `restart-after:60`, `gossip:30`, `writes:500`) and
//! carried by links (`r=3`, `restart=60`, `gossip=30`, `writes=500`).

use std::ops::RangeInclusive;

use crate::core::error::Error;

/// The most copies of a key the app offers.
pub const MAX_REPLICAS: usize = 5;

/// Copies per key, fewest and most.
pub const REPLICAS: RangeInclusive<u32> = 1..=MAX_REPLICAS as u32;
/// The delay before a failed server restarts, in seconds: one second to a day.
pub const RESTART_AFTER: RangeInclusive<u32> = 1..=86_400;
/// How long a membership change takes to reach every client, in seconds: at once to ten
/// minutes.
pub const GOSSIP: RangeInclusive<u32> = 0..=600;
/// Writes per second in all, as for reads: none to 10^12.
pub const WRITES: RangeInclusive<u64> = 0..=1_000_000_000_000;

/// How the servers and clients behave around a change, for the timeline.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Timing {
    /// Copies of each key: the first R distinct servers of its preference list hold it. With
    /// more than one, a key whose owner fails is still held by the next server on its list.
    pub replicas: u32,
    /// Seconds after a failure at which the failed server restarts, empty; `None` leaves it
    /// down for the whole timeline.
    pub restart_after: Option<u32>,
    /// Seconds a membership change takes to reach every client: the share of clients using the
    /// new view grows linearly from 0 to 1 over this window (0: every client at once).
    pub gossip: u32,
    /// Writes per second in all, spread over the keys like the reads.
    pub writes: u64,
}

impl Default for Timing {
    /// One copy per key, no restart, every client told at once, no writes.
    fn default() -> Self {
        Timing {
            replicas: 1,
            restart_after: None,
            gossip: 0,
            writes: 0,
        }
    }
}

/// Checks a number of copies per key.
pub fn check_replicas(count: u32) -> Result<u32, Error> {
    if REPLICAS.contains(&count) {
        Ok(count)
    } else {
        Err(Error::OutOfRange("Copies per key go from 1 to 5."))
    }
}

/// Checks a restart delay in seconds.
pub fn check_restart_after(seconds: u32) -> Result<u32, Error> {
    if RESTART_AFTER.contains(&seconds) {
        Ok(seconds)
    } else {
        Err(Error::OutOfRange(
            "A failed server restarts from 1 to 86,400 seconds (a day) after it fails.",
        ))
    }
}

/// Checks a gossip window in seconds.
pub fn check_gossip(seconds: u32) -> Result<u32, Error> {
    if GOSSIP.contains(&seconds) {
        Ok(seconds)
    } else {
        Err(Error::OutOfRange(
            "A membership change reaches every client in 0 to 600 seconds.",
        ))
    }
}

/// Checks a write rate.
pub fn check_writes(per_second: u64) -> Result<u64, Error> {
    if WRITES.contains(&per_second) {
        Ok(per_second)
    } else {
        Err(Error::OutOfRange("Writes per second go from 0 to 10^12."))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_setting_is_checked_against_its_range() {
        assert_eq!(check_replicas(3), Ok(3));
        assert!(check_replicas(0).is_err() && check_replicas(6).is_err());
        assert_eq!(check_restart_after(60), Ok(60));
        assert!(check_restart_after(0).is_err() && check_restart_after(86_401).is_err());
        assert_eq!(check_gossip(0), Ok(0));
        assert!(check_gossip(601).is_err());
        assert_eq!(check_writes(500), Ok(500));
        assert!(check_writes(1_000_000_000_001).is_err());
    }
}
