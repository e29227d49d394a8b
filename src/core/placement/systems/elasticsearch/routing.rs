//! Elasticsearch's document routing: which primary shard holds a document, and why an index
//! can be split by a factor but not by one.
//!
//! The routing value (`_routing`, else `_id`) is hashed with MurmurHash3 x86_32, seed 0, over
//! its UTF-16 code units written little-endian (not its UTF-8 bytes), as a signed int `h`.
//! - Indices created from 7.0 to 9.3: `shard = floorMod(h, R) / (R / n)` with n primary shards
//!   and R = `number_of_routing_shards`, by default `n << max(1, 10 − ⌈log2 n⌉)` (1 or 2
//!   shards: 1,024; 3: 768; 5: 640). The R routing shards are cut into n runs of R/n, one per
//!   shard, which is why `_split` must multiply n by a factor of R/n and `_shrink` divide it.
//! - Created before 7.0: R = n.
//! - Created from 9.4 on: `shard = floorMod(h, n)` (elastic/elasticsearch pull request 137062).
//!
//! The shards themselves are spread over the nodes by the cluster's balancer: a new node takes
//! shards until the counts are even, and a departing node's shards (their replicas promoted and
//! copied) go to the nodes holding the fewest.

use std::fmt;
use std::str::FromStr;

use crate::core::error::{quoted, Error};
use crate::core::placement::systems::hashes::es_murmur3;

/// Primary shards of a new index here.
pub const SHARDS: u32 = 3;
/// The most primary shards an index may have (Elasticsearch's limit).
pub const MAX_SHARDS: u32 = 1024;
/// The most routing shards here.
pub const MAX_ROUTING_SHARDS: u32 = 1 << 20;

/// Which routing rule an index follows, by the version it was created on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum EsVersion {
    /// Created before 7.0: the routing shards are the shards.
    Before7,
    /// Created from 7.0 to 9.3: routing shards, by default a multiple of n up to 1,024.
    #[default]
    From7,
    /// Created from 9.4 on: `floorMod(h, n)`.
    From94,
}

impl EsVersion {
    /// The text used in links and on the command line: `6`, `7`, `9.4`.
    pub fn id(self) -> &'static str {
        match self {
            EsVersion::Before7 => "6",
            EsVersion::From7 => "7",
            EsVersion::From94 => "9.4",
        }
    }

    /// The versions in words.
    pub fn describe(self) -> &'static str {
        match self {
            EsVersion::Before7 => "created before 7.0",
            EsVersion::From7 => "created on 7.0 to 9.3",
            EsVersion::From94 => "created on 9.4 or later",
        }
    }
}

impl fmt::Display for EsVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for EsVersion {
    type Err = Error;
    /// Reads a version number: anything before 7 is [`EsVersion::Before7`], 7.0 to 9.3
    /// [`EsVersion::From7`], 9.4 and later [`EsVersion::From94`].
    fn from_str(text: &str) -> Result<EsVersion, Error> {
        let t = text.trim();
        let bad = || {
            Error::System(format!(
                "{} is not an Elasticsearch version such as 6, 7, 8.15 or 9.4.",
                quoted(t)
            ))
        };
        let mut parts = t.split('.');
        let major: u32 = parts.next().and_then(|p| p.parse().ok()).ok_or_else(bad)?;
        let minor: u32 = match parts.next() {
            Some(p) => p.parse().map_err(|_| bad())?,
            None => 0,
        };
        if parts.any(|p| p.parse::<u32>().is_err()) || major == 0 || major > 99 {
            return Err(bad());
        }
        Ok(match (major, minor) {
            (m, _) if m < 7 => EsVersion::Before7,
            (9, m) if m >= 4 => EsVersion::From94,
            (m, _) if m >= 10 => EsVersion::From94,
            _ => EsVersion::From7,
        })
    }
}

/// The default `number_of_routing_shards` for `shards` primary shards.
///
/// ```
/// use ringlab::core::placement::systems::elasticsearch::{default_routing_shards, EsVersion};
/// assert_eq!(default_routing_shards(3, EsVersion::From7), 768);
/// assert_eq!(default_routing_shards(1, EsVersion::From7), 1024);
/// assert_eq!(default_routing_shards(600, EsVersion::From7), 1200);
/// assert_eq!(default_routing_shards(3, EsVersion::Before7), 3);
/// ```
pub fn default_routing_shards(shards: u32, version: EsVersion) -> u32 {
    match version {
        EsVersion::From7 => {
            let log2 = 32 - (shards.max(1) - 1).leading_zeros();
            let splits = 10i64 - i64::from(log2);
            shards << splits.max(1)
        }
        _ => shards,
    }
}

/// An index's routing: its primary shards, routing shards and rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Routing {
    /// Primary shards, n.
    pub shards: u32,
    /// Routing shards, R (a multiple of n; equal to n outside 7.0–9.3).
    pub routing_shards: u32,
    /// The rule.
    pub version: EsVersion,
}

impl Default for Routing {
    fn default() -> Routing {
        Routing::new(SHARDS, None, EsVersion::default()).expect("the default index is valid")
    }
}

impl Routing {
    /// An index of `shards` primary shards, with `routing_shards` or the default, checked.
    pub fn new(
        shards: u32,
        routing_shards: Option<u32>,
        version: EsVersion,
    ) -> Result<Routing, Error> {
        if !(1..=MAX_SHARDS).contains(&shards) {
            return Err(Error::System(format!(
                "An index has from 1 to {MAX_SHARDS} primary shards."
            )));
        }
        let routing = match (routing_shards, version) {
            (Some(r), EsVersion::From7) => {
                if r < shards || r % shards != 0 || r > MAX_ROUTING_SHARDS {
                    return Err(Error::System(format!(
                        "the number of routing shards [{r}] must be a multiple of the number of shards [{shards}] (and at most {MAX_ROUTING_SHARDS})"
                    )));
                }
                r
            }
            (Some(r), _) if r != shards => {
                return Err(Error::System(format!(
                    "Indices {} have no routing shards of their own: R is n ({shards}), not {r}.",
                    version.describe()
                )))
            }
            _ => default_routing_shards(shards, version),
        };
        Ok(Routing {
            shards,
            routing_shards: routing,
            version,
        })
    }

    /// R / n: how many routing shards make one shard.
    pub fn factor(&self) -> u32 {
        self.routing_shards / self.shards
    }

    /// The routing shard of hash `h`: `floorMod(h, R)` (the shard itself from 9.4 on).
    pub fn routing_shard(&self, h: i32) -> u32 {
        let modulus = match self.version {
            EsVersion::From94 => self.shards,
            _ => self.routing_shards,
        };
        i64::from(h).rem_euclid(i64::from(modulus)) as u32
    }

    /// The shard of routing shard `r`.
    pub fn shard_of_routing(&self, r: u32) -> u32 {
        match self.version {
            EsVersion::From94 => r,
            _ => r / self.factor(),
        }
    }

    /// The shard of a document routed by `value`.
    pub fn shard(&self, value: &str) -> u32 {
        self.shard_of_routing(self.routing_shard(es_murmur3(value)))
    }

    /// How many places the routing circle has: R, or n from 9.4 on.
    pub fn circle(&self) -> u32 {
        match self.version {
            EsVersion::From94 => self.shards,
            _ => self.routing_shards,
        }
    }

    /// The index `_split` makes with `target` shards, or Elasticsearch's refusal.
    pub fn split(&self, target: u32) -> Result<Routing, Error> {
        if target <= self.shards || target % self.shards != 0 {
            return Err(Error::System(format!(
                "the number of target shards [{target}] must be a multiple of the number of source shards [{}] and greater than it",
                self.shards
            )));
        }
        if target > MAX_SHARDS {
            return Err(Error::System(format!(
                "An index has at most {MAX_SHARDS} primary shards, not {target}."
            )));
        }
        if self.version != EsVersion::From94 && self.routing_shards % target != 0 {
            return Err(Error::System(format!(
                "the number of source shards [{}] must be a factor of [{target}] and the routing shards [{}] a multiple of it: this index cannot be split into {target}",
                self.shards, self.routing_shards
            )));
        }
        Ok(Routing {
            shards: target,
            routing_shards: if self.version == EsVersion::From94 {
                target
            } else {
                self.routing_shards
            },
            version: self.version,
        })
    }

    /// The index `_shrink` makes with `target` shards, or Elasticsearch's refusal.
    pub fn shrink(&self, target: u32) -> Result<Routing, Error> {
        if target == 0 || target >= self.shards || self.shards % target != 0 {
            return Err(Error::System(format!(
                "the number of source shards [{}] must be a multiple of [{target}]",
                self.shards
            )));
        }
        Ok(Routing {
            shards: target,
            routing_shards: if self.version == EsVersion::From7 {
                self.routing_shards
            } else {
                target
            },
            version: self.version,
        })
    }
}

impl fmt::Display for Routing {
    /// `3`, `3/768`, `3/768/9.4`: shards, then routing shards when not the default, then the
    /// version when not 7.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.shards)?;
        let default_r = default_routing_shards(self.shards, self.version);
        if self.routing_shards != default_r || self.version != EsVersion::From7 {
            write!(f, "/{}", self.routing_shards)?;
        }
        if self.version != EsVersion::From7 {
            write!(f, "/{}", self.version)?;
        }
        Ok(())
    }
}

impl FromStr for Routing {
    type Err = Error;
    fn from_str(text: &str) -> Result<Routing, Error> {
        let mut parts = text.trim().split('/');
        let number = |p: Option<&str>| -> Result<Option<u32>, Error> {
            p.map(|p| {
                p.trim()
                    .parse::<u32>()
                    .map_err(|_| Error::NotANumber(p.trim().to_string()))
            })
            .transpose()
        };
        let shards = number(parts.next())?.unwrap_or(SHARDS);
        let routing = number(parts.next())?;
        let version = match parts.next() {
            Some(v) => v.parse()?,
            None => EsVersion::From7,
        };
        Routing::new(shards, routing, version)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_routing_shard_table_follows_elasticsearch() {
        let table = [
            (1, 1024),
            (2, 1024),
            (3, 768),
            (5, 640),
            (8, 1024),
            (10, 640),
            (16, 1024),
            (512, 1024),
            (600, 1200),
            (1024, 2048),
        ];
        for (n, r) in table {
            assert_eq!(default_routing_shards(n, EsVersion::From7), r, "{n}");
        }
    }

    #[test]
    fn splitting_keeps_every_document_in_a_piece_of_its_old_shard() {
        let index = Routing::new(3, None, EsVersion::From7).unwrap();
        let split = index.split(6).unwrap();
        for key in ["a", "b", "hello", "user:1000", "1", "2", "3"] {
            assert_eq!(split.shard(key) / 2, index.shard(key), "{key}");
        }
        assert!(index.split(4).is_err());
        assert!(index.split(3).is_err());
        let shrunk = split.shrink(3).unwrap();
        assert_eq!(shrunk, index);
        assert!(split.shrink(4).is_err());
    }

    #[test]
    fn routing_text_reads_back() {
        for text in ["3", "3/96", "3/3/6", "4/4/9.4"] {
            let r: Routing = text.parse().unwrap();
            assert_eq!(r.to_string(), text);
        }
        assert!("3/100".parse::<Routing>().is_err());
        assert!("0".parse::<Routing>().is_err());
    }
}
