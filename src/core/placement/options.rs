//! The settings of the placements that have any: their defaults and ranges, their checks, and
//! each setting described once ([`Setting`]): its names in links, change text, the page and the
//! command line, how it is read and checked, and its value as text.
//!
//! A placement's [`Spec`](super::Spec) lists the settings it reads; the page shows those, links
//! write the ones that differ from their defaults, and readers check each the same way. This
//! file sits below the placements, which read their settings from here.

use super::partitions::{check_count, default_count};
use super::systems::haproxy::hashes::HashType;
use super::systems::twemproxy::hashkit::Hash as NutcrackerHash;
use crate::core::decimal::{hundredths_text, parse_decimal};
use crate::core::error::Error;
use crate::core::numbers_and_lists::{grouped, plural};
use crate::core::size::{parse_number, RingSize};

/// Maglev's default table size.
pub const MAGLEV_SIZE: u32 = 65_537;
/// Maglev table sizes allowed (primes only).
pub const MAGLEV_SIZES: std::ops::RangeInclusive<u32> = 5..=1_000_003;
/// Bounded loads' default load factor, in hundredths: 1.25.
pub const LOAD: u32 = 125;
/// Load factors allowed, in hundredths: 1.00 to 3.00.
pub const LOADS: std::ops::RangeInclusive<u32> = 100..=300;
/// Multi-probe's default number of probes.
pub const PROBES: u32 = 21;
/// Probe counts allowed.
pub const PROBE_COUNTS: std::ops::RangeInclusive<u32> = 1..=64;
/// Cassandra's tokens per node by default.
pub const NUM_TOKENS: u32 = 16;
/// The most tokens a Cassandra node may hold here.
pub const MAX_TOKENS: u32 = 1536;
/// The seed Cassandra's tokens are drawn from by default.
pub const TOKEN_SEED: u64 = 1;
/// Envoy's default `minimum_ring_size`.
pub const MIN_RING: u64 = 1024;
/// The most entries an Envoy ring may have here, for the page's memory: 2^20.
pub const MOST_ENTRIES: u64 = 1 << 20;
/// Points per node in groupcache's HTTP pool.
pub const GROUPCACHE_REPLICAS: u32 = 50;

/// Whether `n` is prime.
///
/// ```
/// use ringlab::core::placement::maglev::is_prime;
/// assert!(is_prime(65_537) && is_prime(7) && !is_prime(65_536) && !is_prime(1));
/// ```
pub fn is_prime(n: u32) -> bool {
    if n < 2 {
        return false;
    }
    if n < 4 {
        return true;
    }
    if n % 2 == 0 {
        return false;
    }
    let mut d = 3u32;
    while u64::from(d) * u64::from(d) <= u64::from(n) {
        if n % d == 0 {
            return false;
        }
        d += 2;
    }
    true
}

/// The settings of the placements that have any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Maglev's table size, a prime.
    pub maglev_size: u32,
    /// Partitions of the partition table; `None` follows the ring size
    /// ([`default_count`]).
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
    /// HAProxy's `hash-type consistent …`.
    pub hash_type: HashType,
    /// twemproxy's `hash:`.
    pub nc_hash: NutcrackerHash,
    /// twemproxy's `hash_tag:`, two characters, when the pool has one.
    pub hash_tag: Option<[u8; 2]>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            maglev_size: MAGLEV_SIZE,
            partitions: None,
            load: LOAD,
            probes: PROBES,
            num_tokens: NUM_TOKENS,
            token_seed: TOKEN_SEED,
            min_ring: MIN_RING,
            groupcache_replicas: GROUPCACHE_REPLICAS,
            hash_type: HashType::DEFAULT,
            nc_hash: NutcrackerHash::DEFAULT,
            hash_tag: None,
        }
    }
}

impl Options {
    /// The partition count on a ring of `size`.
    pub fn partition_count(&self, size: RingSize) -> u32 {
        self.partitions.unwrap_or_else(|| default_count(size))
    }
}

/// Checks a maglev table size: a prime from 5 to 1,000,003.
pub fn check_maglev_size(size: u32) -> Result<u32, Error> {
    if MAGLEV_SIZES.contains(&size) && is_prime(size) {
        Ok(size)
    } else {
        Err(Error::NotAPrimeTable(size))
    }
}

/// Checks a load factor in hundredths: 100 to 300.
pub fn check_load(load: u32) -> Result<u32, Error> {
    if LOADS.contains(&load) {
        Ok(load)
    } else {
        Err(Error::OutOfRange(
            "The load factor c goes from 1.00 to 3.00.",
        ))
    }
}

/// Checks a probe count: 1 to 64.
pub fn check_probes(probes: u32) -> Result<u32, Error> {
    if PROBE_COUNTS.contains(&probes) {
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
    if (1..=MAX_TOKENS).contains(&count) {
        Ok(count)
    } else {
        Err(Error::OutOfRange(
            "Cassandra's num_tokens goes from 1 to 1,536 per node.",
        ))
    }
}

/// Checks Envoy's `minimum_ring_size`: 1 to 2^20 here (Envoy allows up to 8,388,608).
pub fn check_min_ring(size: u64) -> Result<u64, Error> {
    if (1..=MOST_ENTRIES).contains(&size) {
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

listed! {
    /// One setting of one or more placements.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Setting {
        /// Every setting, in the order links write them.
        ALL: [
            /// A maglev table's size, a prime (maglev and Envoy's maglev).
            MaglevSize,
            /// The partition table's number of partitions.
            Partitions,
            /// Bounded loads' factor c.
            Load,
            /// Multi-probe's probes per key.
            Probes,
            /// Cassandra's `num_tokens`.
            NumTokens,
            /// The seed Cassandra's tokens are drawn from.
            TokenSeed,
            /// Envoy ring_hash's `minimum_ring_size`.
            MinRing,
            /// groupcache's points per node.
            GroupcacheReplicas,
            /// HAProxy's `hash-type consistent …`: its hash function, and whether avalanche
            /// follows.
            HashType,
            /// twemproxy's `hash:`.
            NutcrackerHash,
            /// twemproxy's `hash_tag:`.
            HashTag,
        ],
    }
}

impl Setting {
    /// Its parameter in a link: `maglev=65537`.
    pub fn param(self) -> &'static str {
        match self {
            Setting::MaglevSize => "maglev",
            Setting::Partitions => "partitions",
            Setting::Load => "load",
            Setting::Probes => "probes",
            Setting::NumTokens => "num-tokens",
            Setting::TokenSeed => "token-seed",
            Setting::MinRing => "min-ring",
            Setting::GroupcacheReplicas => "gc-replicas",
            Setting::HashType => "hash-type",
            Setting::NutcrackerHash => "nc-hash",
            Setting::HashTag => "hash-tag",
        }
    }

    /// Its verb in change text: `maglev:65537`.
    pub fn verb(self) -> &'static str {
        match self {
            Setting::GroupcacheReplicas => "groupcache-replicas",
            Setting::MaglevSize
            | Setting::Partitions
            | Setting::Load
            | Setting::Probes
            | Setting::NumTokens
            | Setting::TokenSeed
            | Setting::MinRing
            | Setting::HashType
            | Setting::NutcrackerHash
            | Setting::HashTag => self.param(),
        }
    }

    /// Its field's id on the page.
    pub fn field(self) -> &'static str {
        match self {
            Setting::MaglevSize => "maglev-size",
            Setting::Load => "load-factor",
            Setting::GroupcacheReplicas => "groupcache-replicas",
            Setting::Partitions
            | Setting::Probes
            | Setting::NumTokens
            | Setting::TokenSeed
            | Setting::MinRing
            | Setting::HashType
            | Setting::NutcrackerHash
            | Setting::HashTag => self.param(),
        }
    }

    /// Its label on the page.
    pub fn label(self) -> &'static str {
        match self {
            Setting::MaglevSize => "Table size (a prime)",
            Setting::Partitions => "Partitions",
            Setting::Load => "Load factor c (1.00–3.00)",
            Setting::Probes => "Probes per key (1–64)",
            Setting::NumTokens => "num_tokens (1–1,536)",
            Setting::TokenSeed => "Token seed",
            Setting::MinRing => "minimum_ring_size",
            Setting::GroupcacheReplicas => "Replicas (points per node)",
            Setting::HashType => "hash-type",
            Setting::NutcrackerHash => "hash",
            Setting::HashTag => "hash_tag (two characters)",
        }
    }

    /// Whether its value is a number (the page asks for one with a numeric keyboard).
    pub fn numeric(self) -> bool {
        match self {
            Setting::MaglevSize
            | Setting::Partitions
            | Setting::Load
            | Setting::Probes
            | Setting::NumTokens
            | Setting::TokenSeed
            | Setting::MinRing
            | Setting::GroupcacheReplicas => true,
            Setting::HashType | Setting::NutcrackerHash | Setting::HashTag => false,
        }
    }

    /// Its value in `options` on a ring of `size`, as text.
    pub fn value(self, options: &Options, size: RingSize) -> String {
        match self {
            Setting::MaglevSize => options.maglev_size.to_string(),
            Setting::Partitions => options.partition_count(size).to_string(),
            Setting::Load => hundredths_text(options.load),
            Setting::Probes => options.probes.to_string(),
            Setting::NumTokens => options.num_tokens.to_string(),
            Setting::TokenSeed => options.token_seed.to_string(),
            Setting::MinRing => options.min_ring.to_string(),
            Setting::GroupcacheReplicas => options.groupcache_replicas.to_string(),
            Setting::HashType => options.hash_type.to_string(),
            Setting::NutcrackerHash => options.nc_hash.name().to_string(),
            Setting::HashTag => options
                .hash_tag
                .map(|t| String::from_utf8_lossy(&t).into_owned())
                .unwrap_or_default(),
        }
    }

    /// Whether `options` leave it as a new scenario has it (the partition count following the
    /// ring's size).
    pub fn is_default(self, options: &Options) -> bool {
        let usual = Options::default();
        match self {
            Setting::MaglevSize => options.maglev_size == usual.maglev_size,
            Setting::Partitions => options.partitions.is_none(),
            Setting::Load => options.load == usual.load,
            Setting::Probes => options.probes == usual.probes,
            Setting::NumTokens => options.num_tokens == usual.num_tokens,
            Setting::TokenSeed => options.token_seed == usual.token_seed,
            Setting::MinRing => options.min_ring == usual.min_ring,
            Setting::GroupcacheReplicas => options.groupcache_replicas == usual.groupcache_replicas,
            Setting::HashType => options.hash_type == usual.hash_type,
            Setting::NutcrackerHash => options.nc_hash == usual.nc_hash,
            Setting::HashTag => options.hash_tag.is_none(),
        }
    }

    /// `text` as change text writes this setting's value, when it can be read at all: a
    /// number for a number, a load factor in range, a hash type HAProxy knows. What depends
    /// on the scenario (the partitions a ring holds) is checked by [`Setting::read`].
    pub fn normalized(self, text: &str) -> Result<String, Error> {
        Ok(match self {
            Setting::MaglevSize
            | Setting::Partitions
            | Setting::Probes
            | Setting::NumTokens
            | Setting::GroupcacheReplicas => parse_number::<u32>(text)?.to_string(),
            Setting::TokenSeed | Setting::MinRing => parse_number::<u64>(text)?.to_string(),
            Setting::Load => hundredths_text(parse_load(text)?),
            Setting::HashType => parse_hash_type(text)?.to_string(),
            Setting::NutcrackerHash | Setting::HashTag => text.trim().to_string(),
        })
    }

    /// What setting it to its value in `options` did, in one sentence. The partition table is
    /// dealt again: `weighted` says whether the servers' weights differ.
    pub fn said(self, options: &Options, size: RingSize, weighted: bool) -> String {
        match self {
            Setting::MaglevSize => {
                format!("Maglev's table now has {} entries.", options.maglev_size)
            }
            Setting::Partitions => {
                let dealt = if weighted {
                    "dealt in proportion to the weights"
                } else {
                    "dealt round-robin"
                };
                format!("{} partitions, {dealt}.", options.partition_count(size))
            }
            Setting::Load => format!(
                "Bounded loads now cap each server at {} times its share.",
                hundredths_text(options.load)
            ),
            Setting::Probes => format!(
                "Multi-probe now looks {} times ({}).",
                options.probes,
                plural(options.probes as usize, "probe", "probes")
            ),
            Setting::NumTokens => format!(
                "Cassandra nodes now hold {} {} each.",
                options.num_tokens,
                plural(options.num_tokens as usize, "token", "tokens")
            ),
            Setting::TokenSeed => format!(
                "Cassandra's tokens are drawn again, from seed {}.",
                options.token_seed
            ),
            Setting::MinRing => format!(
                "Envoy's minimum_ring_size is now {}.",
                grouped(options.min_ring)
            ),
            Setting::GroupcacheReplicas => format!(
                "groupcache now puts {} {} per node.",
                options.groupcache_replicas,
                plural(options.groupcache_replicas as usize, "point", "points")
            ),
            Setting::HashType => format!("HAProxy now uses hash-type {}.", options.hash_type),
            Setting::NutcrackerHash => {
                format!("twemproxy now hashes keys with {}.", options.nc_hash.name())
            }
            Setting::HashTag => match options.hash_tag {
                Some([open, close]) => format!(
                    "twemproxy now hashes only what a key holds between {} and {}.",
                    char::from(open),
                    char::from(close)
                ),
                None => "twemproxy now hashes whole keys.".to_string(),
            },
        }
    }

    /// Reads `text` into `options` for a ring of `size`, after checking it; on error `options`
    /// stay as they were.
    pub fn read(self, text: &str, options: &mut Options, size: RingSize) -> Result<(), Error> {
        match self {
            Setting::MaglevSize => options.maglev_size = check_maglev_size(parse_number(text)?)?,
            Setting::Partitions => {
                options.partitions = Some(check_count(parse_number(text)?, size)?)
            }
            Setting::Load => options.load = parse_load(text)?,
            Setting::Probes => options.probes = check_probes(parse_number(text)?)?,
            Setting::NumTokens => options.num_tokens = check_num_tokens(parse_number(text)?)?,
            Setting::TokenSeed => options.token_seed = parse_number(text)?,
            Setting::MinRing => options.min_ring = check_min_ring(parse_number(text)?)?,
            Setting::GroupcacheReplicas => {
                options.groupcache_replicas = check_groupcache_replicas(parse_number(text)?)?
            }
            Setting::HashType => options.hash_type = parse_hash_type(text)?,
            Setting::NutcrackerHash => options.nc_hash = parse_nc_hash(text)?,
            Setting::HashTag => options.hash_tag = parse_hash_tag(text)?,
        }
        Ok(())
    }
}

/// A setting's own flag on the command line.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug, Clone, Copy)]
pub struct Flag {
    /// The flag's name, without the dashes: `num-tokens`.
    pub long: &'static str,
    /// The name its value goes by in the help: `T`.
    pub value_name: &'static str,
    /// The help, with an example.
    pub help: &'static str,
}

impl Setting {
    /// How a change setting it travels in JSON, as it always has: its `type`, and the field
    /// that holds the value.
    pub fn json(self) -> (&'static str, &'static str) {
        match self {
            Setting::MaglevSize => ("set_maglev_size", "size"),
            Setting::Partitions => ("set_partitions", "count"),
            Setting::Load => ("set_load_factor", "hundredths"),
            Setting::Probes => ("set_probes", "count"),
            Setting::NumTokens => ("set_num_tokens", "count"),
            Setting::TokenSeed => ("set_token_seed", "seed"),
            Setting::MinRing => ("set_min_ring", "size"),
            Setting::GroupcacheReplicas => ("set_groupcache_replicas", "count"),
            Setting::HashType => ("set_hash_type", "hash_type"),
            Setting::NutcrackerHash => ("set_nutcracker_hash", "hash"),
            Setting::HashTag => ("set_hash_tag", "tag"),
        }
    }

    /// Whether the placement's own configuration calls it its replicas though it is no copy
    /// count (groupcache's points per node): the command line's `--replicas` sets it then.
    pub fn called_replicas(self) -> bool {
        match self {
            Setting::GroupcacheReplicas => true,
            Setting::MaglevSize
            | Setting::Partitions
            | Setting::Load
            | Setting::Probes
            | Setting::NumTokens
            | Setting::TokenSeed
            | Setting::MinRing
            | Setting::HashType
            | Setting::NutcrackerHash
            | Setting::HashTag => false,
        }
    }

    /// Its own flag on the command line, for the real systems' settings; the textbook
    /// placements' settings are read with the experiment's flags.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn flag(self) -> Option<Flag> {
        let (long, value_name, help) = match self {
            Setting::MaglevSize | Setting::Partitions | Setting::Load | Setting::Probes => {
                return None
            }
            Setting::NumTokens => (
                "num-tokens",
                "T",
                "Cassandra's num_tokens: tokens per node, from 1 to 1536 (default 16).\n\
                 Example: --num-tokens 256",
            ),
            Setting::TokenSeed => (
                "seed",
                "N",
                "The seed Cassandra's tokens are drawn from (default 1). Cassandra draws them at\n\
                 random, unseeded; the seed makes a ring repeatable.\n\
                 Example: --seed 7",
            ),
            Setting::MinRing => (
                "min-ring",
                "N",
                "Envoy ring_hash's minimum_ring_size, from 1 to 1048576 (default 1024).\n\
                 Example: --min-ring 4096",
            ),
            Setting::GroupcacheReplicas => (
                "groupcache-replicas",
                "N",
                "groupcache's points (\"replicas\") per node, from 1 to 1000 (default 50).\n\
                 Example: --groupcache-replicas 3",
            ),
            Setting::HashType => (
                "hash-type",
                "WORDS",
                "HAProxy's hash-type: consistent, then sdbm, djb2, wt6 or crc32, then avalanche or not\n\
                 (default \"consistent\", which is sdbm with avalanche).\n\
                 Example: --hash-type \"consistent djb2\"",
            ),
            Setting::NutcrackerHash => (
                "nc-hash",
                "NAME",
                "twemproxy's hash: fnv1a_64 (the default), md5, murmur, crc32, … as nutcracker.yml names\n\
                 them.\n\
                 Example: --nc-hash md5",
            ),
            Setting::HashTag => (
                "hash-tag",
                "AB",
                "twemproxy's hash_tag: two characters; only what a key holds between them is hashed.\n\
                 Example: --hash-tag \"{}\"",
            ),
        };
        Some(Flag {
            long,
            value_name,
            help,
        })
    }
}

/// Reads HAProxy's hash type as `hash-type` takes it, with or without the word `consistent`:
/// `consistent`, `sdbm`, `djb2 avalanche`.
pub fn parse_hash_type(text: &str) -> Result<HashType, Error> {
    text.parse().map_err(Error::System)
}

/// Reads one of twemproxy's hash names: `fnv1a_64`, `md5`, `murmur`.
pub fn parse_nc_hash(text: &str) -> Result<NutcrackerHash, Error> {
    NutcrackerHash::parse(text.trim()).ok_or_else(|| {
        let names: Vec<&str> = NutcrackerHash::ALL.iter().map(|h| h.name()).collect();
        Error::System(format!(
            "twemproxy has no hash {}: choose one of {}.",
            crate::core::error::shown(text.trim()),
            names.join(", ")
        ))
    })
}

/// Reads a `hash_tag`: two characters (such as `{}`), or nothing for none.
pub fn parse_hash_tag(text: &str) -> Result<Option<[u8; 2]>, Error> {
    match text.trim().as_bytes() {
        [] => Ok(None),
        [a, b] => Ok(Some([*a, *b])),
        _ => Err(Error::System(format!(
            "A hash_tag is two characters, such as {{}}, not {}.",
            crate::core::error::shown(text.trim())
        ))),
    }
}
