//! The size of the ring: how many positions it has.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

use super::error::Error;

/// The number of positions on the ring, `M`, from 2 to 2^32 inclusive. Positions run `0..M`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "u64", into = "u64")]
pub struct RingSize(u64);

impl RingSize {
    /// The teaching ring, 0 to 99.
    pub const TEACHING: RingSize = RingSize(100);
    /// The full 32-bit ring.
    pub const FULL: RingSize = RingSize(1 << 32);
    /// The smallest ring.
    pub const MIN: u64 = 2;
    /// The largest ring.
    pub const MAX: u64 = 1 << 32;

    /// A ring of `size` positions, if `size` is within 2..=2^32.
    pub fn new(size: u64) -> Result<RingSize, Error> {
        if (Self::MIN..=Self::MAX).contains(&size) {
            Ok(RingSize(size))
        } else {
            Err(Error::RingSizeOutOfRange)
        }
    }

    /// The number of positions.
    pub fn get(self) -> u64 {
        self.0
    }

    /// Whether this is the full 2^32 ring.
    pub fn is_full(self) -> bool {
        self.0 == Self::MAX
    }

    /// The position a 32-bit hash value lands on: the value mod `M`.
    pub fn position_of(self, hash: u32) -> u32 {
        (u64::from(hash) % self.0) as u32
    }

    /// The position itself, if it lies on this ring.
    pub fn check(self, position: u64) -> Result<u32, Error> {
        if position < self.0 {
            Ok(position as u32)
        } else {
            Err(Error::PositionOutsideRing {
                position,
                size: self.0,
            })
        }
    }

    /// The position of `position` (a position of the ring `from`) at the same fraction of this
    /// ring: `round(position × M / from)`, never past `M − 1`. Changing the ring's size moves
    /// every point placed by hand this way, so each keeps its share of the circle: A at 10 of
    /// 100 sits at 429,496,730 of 2^32, and comes back to 10.
    ///
    /// ```
    /// use ringlab::core::RingSize;
    /// assert_eq!(RingSize::FULL.rescaled(10, RingSize::TEACHING), 429_496_730);
    /// assert_eq!(RingSize::TEACHING.rescaled(429_496_730, RingSize::FULL), 10);
    /// assert_eq!(RingSize::TEACHING.rescaled(4_294_967_295, RingSize::FULL), 99);
    /// ```
    pub fn rescaled(self, position: u32, from: RingSize) -> u32 {
        let (m, from) = (u128::from(self.0), u128::from(from.0));
        let nearest = (2 * u128::from(position) * m + from) / (2 * from);
        nearest.min(m - 1) as u32
    }

    /// The clockwise distance from `from` to `to`, in `0..M`.
    pub fn distance(self, from: u32, to: u32) -> u64 {
        (u64::from(to) + self.0 - u64::from(from)) % self.0
    }
}

impl Default for RingSize {
    fn default() -> Self {
        RingSize::TEACHING
    }
}

impl TryFrom<u64> for RingSize {
    type Error = Error;
    fn try_from(size: u64) -> Result<Self, Error> {
        RingSize::new(size)
    }
}

impl From<RingSize> for u64 {
    fn from(size: RingSize) -> u64 {
        size.0
    }
}

impl fmt::Display for RingSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_full() {
            f.write_str("2^32")
        } else {
            write!(f, "{}", self.0)
        }
    }
}

impl FromStr for RingSize {
    type Err = Error;

    /// Reads `100`, `2^32`, `2^16` or `4294967296`.
    fn from_str(s: &str) -> Result<Self, Error> {
        let text = s.trim();
        let size = match text.split_once('^') {
            Some((base, exp)) => {
                let base: u64 = parse_number(base).map_err(too_large)?;
                let exp: u32 = parse_number(exp).map_err(too_large)?;
                base.checked_pow(exp).ok_or(Error::RingSizeOutOfRange)?
            }
            None => parse_number(text).map_err(too_large)?,
        };
        RingSize::new(size)
    }
}

/// A number too large for any ring is a ring size out of range.
fn too_large(error: Error) -> Error {
    match error {
        Error::TooLarge { .. } => Error::RingSizeOutOfRange,
        other => other,
    }
}

/// A type of whole numbers that settings are read into, with its largest value.
pub trait Whole: FromStr {
    /// The largest value the type holds.
    const LARGEST: u64;
}

macro_rules! whole {
    ($($t:ty),*) => {
        $(impl Whole for $t {
            const LARGEST: u64 = <$t>::MAX as u64;
        })*
    };
}
whole!(u8, u16, u32, u64, usize);

/// Parses a whole number (`_` may group digits), with a message naming the text when it is
/// not one, or saying the largest the type holds when it is too large (see [`Error::largest`]
/// for a setting's own largest).
///
/// ```
/// use ringlab::core::{parse_number, Error};
/// assert_eq!(parse_number::<u32>(" 1_000 "), Ok(1000));
/// assert!(matches!(parse_number::<u32>("ten"), Err(Error::NotANumber(_))));
/// assert_eq!(
///     parse_number::<u32>("4294967311").unwrap_err().to_string(),
///     "4294967311 is too large: the largest allowed is 4,294,967,295."
/// );
/// ```
pub fn parse_number<T: Whole>(text: &str) -> Result<T, Error> {
    let text = text.trim();
    let cleaned: String = text.chars().filter(|c| *c != '_').collect();
    cleaned.parse().map_err(|_| {
        let digits = cleaned.strip_prefix('+').unwrap_or(&cleaned);
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            Error::TooLarge {
                text: text.to_string(),
                max: T::LARGEST,
            }
        } else {
            Error::NotANumber(text.to_string())
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_in_plain_and_power_forms() {
        assert_eq!("100".parse::<RingSize>().unwrap(), RingSize::TEACHING);
        assert_eq!("2^32".parse::<RingSize>().unwrap(), RingSize::FULL);
        assert_eq!("4294967296".parse::<RingSize>().unwrap(), RingSize::FULL);
        assert!("2^33".parse::<RingSize>().is_err());
        assert!("1".parse::<RingSize>().is_err());
        assert!(matches!(
            "ten".parse::<RingSize>(),
            Err(Error::NotANumber(_))
        ));
    }

    #[test]
    fn a_hash_lands_on_its_value_mod_the_size() {
        assert_eq!(RingSize::TEACHING.position_of(1_000_003), 3);
        assert_eq!(RingSize::FULL.position_of(u32::MAX), u32::MAX);
    }

    #[test]
    fn distance_wraps_past_the_top() {
        assert_eq!(RingSize::TEACHING.distance(90, 10), 20);
        assert_eq!(RingSize::TEACHING.distance(10, 90), 80);
        assert_eq!(RingSize::FULL.distance(u32::MAX, 0), 1);
    }
}
