//! How popular keys are (uniform or Zipf's law) and the remedies for hot keys, with the
//! checks and the link text of each.

use std::fmt;
use std::str::FromStr;

use crate::core::decimal::{hundredths_text, parse_hundredths};
use crate::core::error::Error;
use crate::core::placement::{check_load, parse_load};
use crate::core::size::parse_number;

/// How popular keys are, before any is made hot by hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Popularity {
    /// Every key equally.
    #[default]
    Uniform,
    /// The key of rank i in proportion to `1 / (i + 1)^s`, s in hundredths (0 to 300).
    Zipf {
        /// s in hundredths: 110 is 1.1.
        s: u32,
    },
    /// As often as your data says: each key's count (see [`Measured`](super::Measured)).
    Measured,
}

/// The largest Zipf exponent, in hundredths.
pub const MAX_ZIPF: u32 = 300;
/// The largest multiplier a hot key takes.
pub const MAX_HEAT: u32 = 1_000_000;
/// Copies of a hot key, fewest and most.
pub const COPIES: std::ops::RangeInclusive<u32> = 2..=5;

impl fmt::Display for Popularity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Popularity::Uniform => f.write_str("uniform"),
            Popularity::Zipf { s } => write!(f, "zipf:{}", hundredths_text(*s)),
            Popularity::Measured => f.write_str("data"),
        }
    }
}

impl FromStr for Popularity {
    type Err = Error;
    fn from_str(text: &str) -> Result<Popularity, Error> {
        let text = text.trim();
        if text == "uniform" {
            return Ok(Popularity::Uniform);
        }
        if text == "data" || text == "from-file" {
            return Ok(Popularity::Measured);
        }
        let s = text
            .strip_prefix("zipf:")
            .ok_or_else(|| Error::UnknownPopularity(text.to_string()))?;
        Ok(Popularity::Zipf {
            s: check_zipf(parse_hundredths(s)?)?,
        })
    }
}

/// Checks a Zipf exponent in hundredths.
pub fn check_zipf(s: u32) -> Result<u32, Error> {
    if s <= MAX_ZIPF {
        Ok(s)
    } else {
        Err(Error::OutOfRange("Zipf's s goes from 0 to 3."))
    }
}

/// Checks a hot key's multiplier.
pub fn check_heat(times: u32) -> Result<u32, Error> {
    if (1..=MAX_HEAT).contains(&times) {
        Ok(times)
    } else {
        Err(Error::OutOfRange(
            "A hot key's multiplier goes from 1 to 1,000,000.",
        ))
    }
}

/// One remedy's setting, as a change sets it: `None` turns it off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Remedy {
    /// Bounded loads on requests, c in hundredths (100 to 300).
    Bounded(Option<u32>),
    /// Copies of each of the hottest keys (2 to 5).
    Copies(Option<u32>),
    /// The near cache's share of each hottest key's reads, in percent (1 to 100).
    Near(Option<u32>),
    /// How many of the hottest keys copies and the near cache treat (1 to 1,000).
    Top(u32),
}

impl fmt::Display for Remedy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let off = |f: &mut fmt::Formatter<'_>, name: &str| write!(f, "{name}:off");
        match self {
            Remedy::Bounded(Some(c)) => write!(f, "bounded:{}", hundredths_text(*c)),
            Remedy::Bounded(None) => off(f, "bounded"),
            Remedy::Copies(Some(r)) => write!(f, "copies:{r}"),
            Remedy::Copies(None) => off(f, "copies"),
            Remedy::Near(Some(p)) => write!(f, "near:{}", hundredths_text(*p)),
            Remedy::Near(None) => off(f, "near"),
            Remedy::Top(h) => write!(f, "top:{h}"),
        }
    }
}

impl FromStr for Remedy {
    type Err = Error;
    fn from_str(text: &str) -> Result<Remedy, Error> {
        let text = text.trim();
        let (name, value) = text
            .split_once(':')
            .ok_or_else(|| Error::UnknownRemedy(text.to_string()))?;
        let value = value.trim();
        let off = value == "off";
        let remedy = match name {
            "bounded" if off => Remedy::Bounded(None),
            "bounded" => Remedy::Bounded(Some(parse_load(value)?)),
            "copies" if off => Remedy::Copies(None),
            "copies" => Remedy::Copies(Some(check_copies(parse_number(value)?)?)),
            "near" if off => Remedy::Near(None),
            "near" => Remedy::Near(Some(check_near(parse_hundredths(value)?)?)),
            "top" => Remedy::Top(check_top(parse_number(value)?)?),
            _ => return Err(Error::UnknownRemedy(text.to_string())),
        };
        Ok(remedy)
    }
}

/// Checks a remedy's setting.
pub fn check_remedy(remedy: Remedy) -> Result<Remedy, Error> {
    Ok(match remedy {
        Remedy::Bounded(Some(c)) => Remedy::Bounded(Some(check_load(c)?)),
        Remedy::Copies(Some(r)) => Remedy::Copies(Some(check_copies(r)?)),
        Remedy::Near(Some(f)) => Remedy::Near(Some(check_near(f)?)),
        Remedy::Top(h) => Remedy::Top(check_top(h)?),
        off => off,
    })
}

/// Checks the number of copies of a hot key.
pub fn check_copies(r: u32) -> Result<u32, Error> {
    if COPIES.contains(&r) {
        Ok(r)
    } else {
        Err(Error::OutOfRange("Copies of a hot key go from 2 to 5."))
    }
}

/// Checks the near cache's share, in hundredths (0.01 to 1.00).
pub fn check_near(f: u32) -> Result<u32, Error> {
    if (1..=100).contains(&f) {
        Ok(f)
    } else {
        Err(Error::OutOfRange(
            "The near cache takes from 0.01 to 1 of a hot key's reads.",
        ))
    }
}

/// Checks how many of the hottest keys the remedies treat.
pub fn check_top(h: u32) -> Result<u32, Error> {
    if (1..=1000).contains(&h) {
        Ok(h)
    } else {
        Err(Error::OutOfRange(
            "The remedies treat from 1 to 1,000 of the hottest keys.",
        ))
    }
}
