//! The hashes HAProxy offers for `hash-type consistent`: sdbm, djb2, wt6 and zlib's CRC-32,
//! each with or without the avalanche step.

use std::fmt;
use std::str::FromStr;

use crate::core::placement::systems::hashes::crc32 as zlib_crc32;

/// sdbm, over the bytes as unsigned: `h = c + (h << 6) + (h << 16) − h`, from 0.
///
/// ```
/// use ringlab::core::placement::systems::haproxy::sdbm;
/// assert_eq!(sdbm(b""), 0);
/// assert_eq!(sdbm(b"a"), 97);
/// ```
pub fn sdbm(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0u32, |h, &c| {
        u32::from(c)
            .wrapping_add(h << 6)
            .wrapping_add(h << 16)
            .wrapping_sub(h)
    })
}

/// djb2: `h = h × 33 + c`, from 5381.
///
/// ```
/// use ringlab::core::placement::systems::haproxy::djb2;
/// assert_eq!(djb2(b"a"), 5381 * 33 + 97);
/// ```
pub fn djb2(bytes: &[u8]) -> u32 {
    bytes.iter().fold(5381u32, |h, &c| {
        (h << 5).wrapping_add(h).wrapping_add(u32::from(c))
    })
}

/// Willy Tarreau's wt6: two 32-bit halves rotated by amounts the data itself chooses.
///
/// ```
/// use ringlab::core::placement::systems::haproxy::wt6;
/// assert_eq!(wt6(b""), 0xa53c965a ^ 0x5ca6953a);
/// ```
pub fn wt6(bytes: &[u8]) -> u32 {
    let (mut h0, mut h1) = (0xa53c_965a_u32, 0x5ca6_953a_u32);
    let (mut step0, mut step1) = (6u32, 18u32);
    for &c in bytes {
        let t = u32::from(c);
        h0 = !(h0 ^ t);
        h1 = !(h1.wrapping_add(t));
        let t = h1.rotate_left(step0);
        h1 = h0.rotate_left(step1);
        h0 = t;
        let t = ((h0 >> 16) ^ h1) & 0xffff;
        step0 = t & 0x1f;
        step1 = t >> 11;
    }
    h0 ^ h1
}

/// CRC-32 as zlib computes it (HAProxy's `hash_crc32`, bit by bit there).
///
/// ```
/// use ringlab::core::placement::systems::haproxy::crc32;
/// assert_eq!(crc32(b"123456789"), 0xcbf43926);
/// ```
pub fn crc32(bytes: &[u8]) -> u32 {
    zlib_crc32(bytes)
}

/// The avalanche step (`full_hash`): Bob Jenkins' 32-bit integer hash, then a multiplication
/// by 3,221,225,473, all wrapping. A bijection of the 32-bit integers.
///
/// ```
/// use ringlab::core::placement::systems::haproxy::full_hash;
/// assert_eq!(full_hash(0), 2874071335);
/// ```
pub fn full_hash(a: u32) -> u32 {
    let a = a.wrapping_add(0x7ed5_5d16).wrapping_add(a << 12);
    let a = (a ^ 0xc761_c23c) ^ (a >> 19);
    let a = a.wrapping_add(0x1656_67b1).wrapping_add(a << 5);
    let a = a.wrapping_add(0xd3a2_646c) ^ (a << 9);
    let a = a.wrapping_add(0xfd70_46c5).wrapping_add(a << 3);
    let a = (a ^ 0xb55a_4f09) ^ (a >> 16);
    a.wrapping_mul(3_221_225_473)
}

/// A hash function `hash-type` names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Function {
    /// `sdbm`, the default.
    Sdbm,
    /// `djb2`.
    Djb2,
    /// `wt6`.
    Wt6,
    /// `crc32`.
    Crc32,
}

impl Function {
    /// Every function, in the order HAProxy's documentation lists them.
    pub const ALL: [Function; 4] = [
        Function::Sdbm,
        Function::Djb2,
        Function::Wt6,
        Function::Crc32,
    ];

    /// Its name in the configuration.
    pub fn name(self) -> &'static str {
        match self {
            Function::Sdbm => "sdbm",
            Function::Djb2 => "djb2",
            Function::Wt6 => "wt6",
            Function::Crc32 => "crc32",
        }
    }

    /// The function called `name`.
    pub fn parse(name: &str) -> Option<Function> {
        Function::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The function of `bytes`.
    pub fn hash(self, bytes: &[u8]) -> u32 {
        match self {
            Function::Sdbm => sdbm(bytes),
            Function::Djb2 => djb2(bytes),
            Function::Wt6 => wt6(bytes),
            Function::Crc32 => crc32(bytes),
        }
    }
}

/// What `hash-type consistent …` chooses: a function, and whether [`full_hash`] follows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HashType {
    /// The hash function.
    pub function: Function,
    /// Whether the avalanche step follows.
    pub avalanche: bool,
}

impl HashType {
    /// A bare `hash-type consistent`: sdbm with avalanche.
    pub const DEFAULT: HashType = HashType {
        function: Function::Sdbm,
        avalanche: true,
    };

    /// Reads the words after `hash-type`: `consistent`, `consistent djb2`, `consistent crc32
    /// avalanche`. `map-based` is refused: it is another placement.
    ///
    /// ```
    /// use ringlab::core::placement::systems::haproxy::{Function, HashType};
    /// assert_eq!(HashType::parse("consistent").unwrap(), HashType::DEFAULT);
    /// let t = HashType::parse("consistent sdbm").unwrap();
    /// assert_eq!((t.function, t.avalanche), (Function::Sdbm, false));
    /// assert!(HashType::parse("consistent sha1").is_err());
    /// ```
    pub fn parse(words: &str) -> Result<HashType, String> {
        let words: Vec<&str> = words.split_whitespace().collect();
        match words.first() {
            Some(&"consistent") => {}
            Some(&"map-based") => {
                return Err("hash-type map-based is not consistent hashing".to_string())
            }
            _ => return Err("hash-type takes 'consistent' or 'map-based'".to_string()),
        }
        let Some(name) = words.get(1) else {
            return Ok(HashType::DEFAULT);
        };
        let function = Function::parse(name).ok_or_else(|| {
            format!("hash-type supports 'sdbm', 'djb2', 'crc32' or 'wt6', not '{name}'")
        })?;
        let avalanche = match words.get(2) {
            None => false,
            Some(&"avalanche") => true,
            Some(other) => {
                return Err(format!(
                    "hash-type supports only 'avalanche' as a modifier, not '{other}'"
                ))
            }
        };
        if words.len() > 3 {
            return Err(format!("hash-type: '{}' is one word too many", words[3]));
        }
        Ok(HashType {
            function,
            avalanche,
        })
    }

    /// The key's hash: the function, then the avalanche step if chosen.
    ///
    /// ```
    /// use ringlab::core::placement::systems::haproxy::{full_hash, sdbm, HashType};
    /// assert_eq!(HashType::DEFAULT.hash(b"k"), full_hash(sdbm(b"k")));
    /// ```
    pub fn hash(self, key: &[u8]) -> u32 {
        let h = self.function.hash(key);
        if self.avalanche {
            full_hash(h)
        } else {
            h
        }
    }
}

impl fmt::Display for HashType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "consistent {}", self.function.name())?;
        if self.avalanche {
            write!(f, " avalanche")?;
        }
        Ok(())
    }
}

/// Reads the words of `hash-type`, with or without `consistent` first: `sdbm avalanche`,
/// `consistent djb2`.
impl FromStr for HashType {
    type Err = String;

    fn from_str(text: &str) -> Result<HashType, String> {
        let t = text.trim();
        if t.starts_with("consistent") || t.starts_with("map-based") {
            HashType::parse(t)
        } else {
            HashType::parse(&format!("consistent {t}"))
        }
    }
}
