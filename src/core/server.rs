//! Servers and where their points go.
//!
//! A server either takes `vnodes × weight` points from hashing the labels `name#0`,
//! `name#1`, ... (the usual ring), or sits at one position chosen by hand (the teaching ring's
//! "A at 10").

use serde::{Deserialize, Serialize};

use super::error::Error;

/// The most servers a scenario holds.
pub const MAX_SERVERS: usize = 500;
/// The most points the whole ring holds.
pub const MAX_POINTS: usize = 250_000;
/// Virtual nodes per server, smallest and largest.
pub const VNODES: std::ops::RangeInclusive<u32> = 1..=1000;
/// Weights, smallest and largest.
pub const WEIGHTS: std::ops::RangeInclusive<u32> = 1..=10;
/// The longest server or key name, in characters.
pub const MAX_NAME_CHARS: usize = 40;
/// Characters that links and commands give a meaning, so names may not hold them.
pub const RESERVED_CHARS: &[char] = &[',', '@', '*', '#', '&', '=', '?', '/', '\\', '"', '<', '>'];

/// Where a server's points come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Placement {
    /// `vnodes × weight` points at the hashes of `name#0`, `name#1`, ...
    Hashed {
        /// A multiplier of the global virtual-node count.
        weight: u32,
    },
    /// One point at a position chosen by hand.
    At(u32),
}

/// A server on the ring.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Server {
    /// A unique name.
    pub name: String,
    /// Where its points come from.
    pub placement: Placement,
}

impl Server {
    /// A hashed server of weight 1.
    pub fn hashed(name: &str) -> Server {
        Server {
            name: name.to_string(),
            placement: Placement::Hashed { weight: 1 },
        }
    }

    /// A server with one point at `position`.
    pub fn at(name: &str, position: u32) -> Server {
        Server {
            name: name.to_string(),
            placement: Placement::At(position),
        }
    }

    /// How many points it puts on the ring for a global count of `vnodes`.
    pub fn point_count(&self, vnodes: u32) -> usize {
        match self.placement {
            Placement::Hashed { weight } => (vnodes * weight) as usize,
            Placement::At(_) => 1,
        }
    }

    /// Its weight: the hashed weight, or 1 for a server placed by hand.
    pub fn weight(&self) -> u32 {
        match self.placement {
            Placement::Hashed { weight } => weight,
            Placement::At(_) => 1,
        }
    }
}

/// Trims and checks a server name: not empty, not too long, no reserved characters.
pub fn clean_name(raw: &str) -> Result<String, Error> {
    let name = raw.trim();
    if name.is_empty() {
        return Err(Error::EmptyName);
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(Error::NameTooLong {
            max: MAX_NAME_CHARS,
        });
    }
    if let Some(c) = name
        .chars()
        .find(|c| RESERVED_CHARS.contains(c) || c.is_control() || c.is_whitespace())
    {
        return Err(Error::NameHasReservedChar(c));
    }
    Ok(name.to_string())
}

/// Checks a virtual-node count.
pub fn check_vnodes(vnodes: u32) -> Result<u32, Error> {
    if VNODES.contains(&vnodes) {
        Ok(vnodes)
    } else {
        Err(Error::VnodesOutOfRange {
            min: *VNODES.start(),
            max: *VNODES.end(),
        })
    }
}

/// Checks a weight.
pub fn check_weight(weight: u32) -> Result<u32, Error> {
    if WEIGHTS.contains(&weight) {
        Ok(weight)
    } else {
        Err(Error::WeightOutOfRange {
            min: *WEIGHTS.start(),
            max: *WEIGHTS.end(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_and_checked() {
        assert_eq!(clean_name("  tokyo ").unwrap(), "tokyo");
        assert_eq!(clean_name("   "), Err(Error::EmptyName));
        assert_eq!(clean_name("a#b"), Err(Error::NameHasReservedChar('#')));
        assert_eq!(clean_name("a b"), Err(Error::NameHasReservedChar(' ')));
        assert!(matches!(
            clean_name(&"x".repeat(41)),
            Err(Error::NameTooLong { .. })
        ));
        assert!(clean_name("<img src=x onerror=alert(1)>").is_err());
    }

    #[test]
    fn a_weighted_server_takes_weight_times_vnodes_points() {
        let mut s = Server::hashed("A");
        s.placement = Placement::Hashed { weight: 3 };
        assert_eq!(s.point_count(100), 300);
        assert_eq!(Server::at("B", 40).point_count(100), 1);
    }
}
