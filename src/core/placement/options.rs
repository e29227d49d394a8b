//! The settings of the placements that have any: the textbook placements' defaults, ranges and
//! checks, and each setting described once ([`Setting`]): its names in links, change text, the
//! page and the command line, how it is read and checked, and its value as text. A real
//! system's settings are declared in its folder ([`SystemSetting`]); this file names no system.
//!
//! A placement's [`Spec`](super::Spec) lists the settings it reads; the page shows those, links
//! write the ones that differ from their defaults, and readers check each the same way. This
//! file sits below the placements, which read their settings from here.

use super::partitions::{check_count, default_count};
#[cfg(not(target_arch = "wasm32"))]
use super::system_setting::Flag;
use super::system_setting::{SystemSetting, SystemValues};
use crate::core::decimal::{hundredths_text, parse_decimal};
use crate::core::error::{in_range, Error};
use crate::core::numbers_and_lists::plural;
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
    /// The real systems' settings, each read by its system's folder.
    pub systems: SystemValues,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            maglev_size: MAGLEV_SIZE,
            partitions: None,
            load: LOAD,
            probes: PROBES,
            systems: SystemValues::default(),
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
    in_range(load, LOADS, "The load factor c goes from 1.00 to 3.00.")
}

/// Checks a probe count: 1 to 64.
pub fn check_probes(probes: u32) -> Result<u32, Error> {
    in_range(
        probes,
        PROBE_COUNTS,
        "Multi-probe takes from 1 to 64 probes.",
    )
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

/// One setting of one or more placements: a textbook placement's, or a real system's, which
/// its folder declares.
#[derive(Debug, Clone, Copy)]
pub enum Setting {
    /// A maglev table's size, a prime (maglev and Envoy's maglev).
    MaglevSize,
    /// The partition table's number of partitions.
    Partitions,
    /// Bounded loads' factor c.
    Load,
    /// Multi-probe's probes per key.
    Probes,
    /// A real system's setting.
    System(&'static SystemSetting),
}

impl PartialEq for Setting {
    fn eq(&self, other: &Setting) -> bool {
        self.param() == other.param()
    }
}

impl Eq for Setting {}

impl Setting {
    /// The textbook placements' settings, in the order links write them (before the systems').
    pub const TEXTBOOK: [Setting; 4] = [
        Setting::MaglevSize,
        Setting::Partitions,
        Setting::Load,
        Setting::Probes,
    ];

    /// Its parameter in a link: `maglev=65537`.
    pub fn param(self) -> &'static str {
        match self {
            Setting::MaglevSize => "maglev",
            Setting::Partitions => "partitions",
            Setting::Load => "load",
            Setting::Probes => "probes",
            Setting::System(setting) => setting.param,
        }
    }

    /// Its verb in change text: `maglev:65537`.
    pub fn verb(self) -> &'static str {
        match self {
            Setting::MaglevSize | Setting::Partitions | Setting::Load | Setting::Probes => {
                self.param()
            }
            Setting::System(setting) => setting.verb(),
        }
    }

    /// Its field's id on the page.
    pub fn field(self) -> &'static str {
        match self {
            Setting::MaglevSize => "maglev-size",
            Setting::Load => "load-factor",
            Setting::Partitions | Setting::Probes => self.param(),
            Setting::System(setting) => setting.field(),
        }
    }

    /// Its label on the page.
    pub fn label(self) -> &'static str {
        match self {
            Setting::MaglevSize => "Table size (a prime)",
            Setting::Partitions => "Partitions",
            Setting::Load => "Load factor c (1.00–3.00)",
            Setting::Probes => "Probes per key (1–64)",
            Setting::System(setting) => setting.label,
        }
    }

    /// Whether its value is a number (the page asks for one with a numeric keyboard).
    pub fn numeric(self) -> bool {
        match self {
            Setting::MaglevSize | Setting::Partitions | Setting::Load | Setting::Probes => true,
            Setting::System(setting) => setting.numeric,
        }
    }

    /// Its value in `options` on a ring of `size`, as text.
    pub fn value(self, options: &Options, size: RingSize) -> String {
        match self {
            Setting::MaglevSize => options.maglev_size.to_string(),
            Setting::Partitions => options.partition_count(size).to_string(),
            Setting::Load => hundredths_text(options.load),
            Setting::Probes => options.probes.to_string(),
            Setting::System(setting) => (setting.text)(options.systems.get(setting)),
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
            Setting::System(setting) => options.systems.held(setting).is_none(),
        }
    }

    /// `text` as change text writes this setting's value, when it can be read at all: a
    /// number for a number, a load factor in range, a hash function a system knows. What depends
    /// on the scenario (the partitions a ring holds) is checked by [`Setting::read`].
    pub fn normalized(self, text: &str) -> Result<String, Error> {
        Ok(match self {
            Setting::MaglevSize | Setting::Partitions | Setting::Probes => {
                parse_number::<u32>(text)?.to_string()
            }
            Setting::Load => hundredths_text(parse_load(text)?),
            Setting::System(setting) => (setting.normalized)(text)?,
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
            Setting::System(setting) => (setting.said)(options.systems.get(setting)),
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
            Setting::System(setting) => {
                options.systems = options.systems.with(setting, (setting.read)(text)?)
            }
        }
        Ok(())
    }

    /// How a change setting it travels in JSON, as it always has: its `type`, and the field
    /// that holds the value.
    pub fn json(self) -> (&'static str, &'static str) {
        match self {
            Setting::MaglevSize => ("set_maglev_size", "size"),
            Setting::Partitions => ("set_partitions", "count"),
            Setting::Load => ("set_load_factor", "hundredths"),
            Setting::Probes => ("set_probes", "count"),
            Setting::System(setting) => setting.json,
        }
    }

    /// Whether the placement's own configuration calls it its replicas though it is no copy
    /// count (as one system calls its points per node): the command line's `--replicas` sets
    /// it then.
    pub fn called_replicas(self) -> bool {
        match self {
            Setting::MaglevSize | Setting::Partitions | Setting::Load | Setting::Probes => false,
            Setting::System(setting) => setting.called_replicas,
        }
    }

    /// Its own flag on the command line, for the real systems' settings; the textbook
    /// placements' settings are read with the experiment's flags.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn flag(self) -> Option<Flag> {
        match self {
            Setting::MaglevSize | Setting::Partitions | Setting::Load | Setting::Probes => None,
            Setting::System(setting) => Some(setting.flag),
        }
    }
}
