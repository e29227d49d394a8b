//! The hash schemes: how a name becomes a 32-bit value, and how that is shown a person.

use std::fmt;
use std::str::FromStr;

use md5::{Digest, Md5};
use serde::{Deserialize, Serialize};

use crate::core::error::Error;

/// A way to turn a name into a 32-bit hash value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HashScheme {
    /// The first 4 bytes of the MD5 digest, read big-endian.
    #[default]
    #[serde(rename = "md5-first32")]
    Md5First32,
    /// The whole MD5 digest as a big-endian 128-bit integer, mod 2^32 (its last 4 bytes).
    #[serde(rename = "md5-low32")]
    Md5Low32,
    /// Java's `String.hashCode` over UTF-16 code units: fast, and poor at mixing.
    #[serde(rename = "java-hashcode")]
    JavaHashCode,
}

impl HashScheme {
    /// Every scheme, in the order a picker lists them.
    pub const ALL: [HashScheme; 3] = [
        HashScheme::Md5First32,
        HashScheme::Md5Low32,
        HashScheme::JavaHashCode,
    ];

    /// The scheme's identifier, as used on the command line and in links.
    pub fn id(self) -> &'static str {
        match self {
            HashScheme::Md5First32 => "md5-first32",
            HashScheme::Md5Low32 => "md5-low32",
            HashScheme::JavaHashCode => "java-hashcode",
        }
    }

    /// A short description for people.
    pub fn describe(self) -> &'static str {
        match self {
            HashScheme::Md5First32 => "MD5, first 32 bits",
            HashScheme::Md5Low32 => "MD5, last 32 bits",
            HashScheme::JavaHashCode => "Java hashCode (poor mixing)",
        }
    }

    /// Hashes `name` to a 32-bit value.
    ///
    /// ```
    /// use ringlab::core::HashScheme;
    /// let h = HashScheme::Md5First32.hash32("A#0");
    /// assert_eq!(h, HashScheme::Md5First32.hash32("A#0"));
    /// assert_eq!(HashScheme::JavaHashCode.hash32("A#1") - HashScheme::JavaHashCode.hash32("A#0"), 1);
    /// ```
    pub fn hash32(self, name: &str) -> u32 {
        match self {
            HashScheme::Md5First32 | HashScheme::Md5Low32 => self.hash_ascii(name.as_bytes()),
            HashScheme::JavaHashCode => name.encode_utf16().fold(0u32, |h, unit| {
                h.wrapping_mul(31).wrapping_add(u32::from(unit))
            }),
        }
    }

    /// Hashes bytes that are UTF-8 text; for Java's `hashCode` they must be ASCII, where UTF-8
    /// bytes and UTF-16 code units coincide.
    pub(super) fn hash_ascii(self, bytes: &[u8]) -> u32 {
        match self {
            HashScheme::Md5First32 => {
                let d = Md5::digest(bytes);
                u32::from_be_bytes([d[0], d[1], d[2], d[3]])
            }
            HashScheme::Md5Low32 => {
                let d = Md5::digest(bytes);
                u32::from_be_bytes([d[12], d[13], d[14], d[15]])
            }
            HashScheme::JavaHashCode => bytes
                .iter()
                .fold(0u32, |h, &b| h.wrapping_mul(31).wrapping_add(u32::from(b))),
        }
    }

    /// The hash of the generated key `key-n`, without building the string on the heap: the
    /// generator hashes a million of these at a time.
    ///
    /// ```
    /// use ringlab::core::HashScheme;
    /// for scheme in HashScheme::ALL {
    ///     assert_eq!(scheme.generated_hash(1234), scheme.hash32("key-1234"));
    /// }
    /// ```
    pub fn generated_hash(self, n: u32) -> u32 {
        let (buffer, len) = generated_label(n);
        self.hash_ascii(&buffer[..len])
    }

    /// The steps from a name to its 32-bit value, for showing a person how a key was hashed.
    pub fn explain(self, name: &str) -> HashSteps {
        let digest_hex = match self {
            HashScheme::Md5First32 | HashScheme::Md5Low32 => Some(
                Md5::digest(name.as_bytes())
                    .iter()
                    .map(|b| format!("{b:02x}"))
                    .collect(),
            ),
            HashScheme::JavaHashCode => None,
        };
        HashSteps {
            digest_hex,
            value: self.hash32(name),
        }
    }
}

/// The label `key-n` of the generator's `n`-th key, in a buffer on the stack, and its length.
pub(crate) fn generated_label(n: u32) -> ([u8; 14], usize) {
    let mut buffer = *b"key-0000000000";
    let mut digits = [0u8; 10];
    let mut rest = n;
    let mut len = 0;
    loop {
        digits[len] = b'0' + (rest % 10) as u8;
        len += 1;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    for i in 0..len {
        buffer[4 + i] = digits[len - 1 - i];
    }
    (buffer, 4 + len)
}

/// What [`HashScheme::explain`] reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HashSteps {
    /// The MD5 digest in hex, for the MD5 schemes.
    pub digest_hex: Option<String>,
    /// The 32-bit hash value.
    pub value: u32,
}

impl fmt::Display for HashScheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for HashScheme {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Error> {
        HashScheme::ALL
            .into_iter()
            .find(|scheme| scheme.id() == s.trim())
            .ok_or_else(|| Error::UnknownHash(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn md5_first32_reads_the_first_four_digest_bytes_big_endian() {
        // MD5("") = d41d8cd98f00b204e9800998ecf8427e
        assert_eq!(HashScheme::Md5First32.hash32(""), 0xd41d_8cd9);
        assert_eq!(HashScheme::Md5Low32.hash32(""), 0xecf8_427e);
    }

    #[test]
    fn java_hashcode_matches_the_java_definition() {
        // "hello".hashCode() == 99162322 in Java.
        assert_eq!(HashScheme::JavaHashCode.hash32("hello"), 99_162_322);
    }

    #[test]
    fn schemes_parse_from_their_ids() {
        for scheme in HashScheme::ALL {
            assert_eq!(scheme.id().parse::<HashScheme>().unwrap(), scheme);
        }
        assert!("sha1".parse::<HashScheme>().is_err());
    }

    #[test]
    fn explaining_an_md5_hash_shows_the_digest_it_came_from() {
        let steps = HashScheme::Md5First32.explain("");
        assert_eq!(
            steps.digest_hex.as_deref(),
            Some("d41d8cd98f00b204e9800998ecf8427e")
        );
        assert_eq!(steps.value, 0xd41d_8cd9);
    }
}
