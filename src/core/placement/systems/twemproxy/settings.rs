//! twemproxy's settings: the pool's `hash:`, and its `hash_tag:`.

use super::hashkit::Hash;
use crate::core::error::{shown, Error};
#[cfg(not(target_arch = "wasm32"))]
use crate::core::placement::system_setting::Flag;
use crate::core::placement::system_setting::SystemSetting;
use crate::core::placement::Options;

/// Reads one of twemproxy's hash names: `fnv1a_64`, `md5`, `murmur`.
pub fn parse_nc_hash(text: &str) -> Result<Hash, Error> {
    Hash::parse(text.trim()).ok_or_else(|| {
        let names: Vec<&str> = Hash::ALL.iter().map(|h| h.name()).collect();
        Error::System(format!(
            "twemproxy has no hash {}: choose one of {}.",
            shown(text.trim()),
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
            shown(text.trim())
        ))),
    }
}

/// The hash of a code: its place in [`Hash::ALL`].
fn hash_of_code(code: u64) -> Hash {
    Hash::ALL
        .into_iter()
        .find(|&hash| hash as u64 == code)
        .unwrap_or(Hash::DEFAULT)
}

/// A hash tag's code: none is 0, two characters are one bit above their two bytes.
fn tag_code(tag: Option<[u8; 2]>) -> u64 {
    tag.map_or(0, |[open, close]| {
        1 << 16 | u64::from(open) << 8 | u64::from(close)
    })
}

/// The hash tag of a code [`tag_code`] wrote.
fn tag_of_code(code: u64) -> Option<[u8; 2]> {
    (code >> 16 == 1).then_some([(code >> 8) as u8, code as u8])
}

/// `hash:`.
pub static POOL_HASH: SystemSetting = SystemSetting {
    param: "nc-hash",
    verb: None,
    field: None,
    label: "hash",
    numeric: false,
    json: ("set_nutcracker_hash", "hash"),
    called_replicas: false,
    #[cfg(not(target_arch = "wasm32"))]
    flag: Flag {
        long: "nc-hash",
        value_name: "NAME",
        help: "twemproxy's hash: fnv1a_64 (the default), md5, murmur, crc32, … as nutcracker.yml names\n\
               them.\n\
               Example: --nc-hash md5",
    },
    default: Hash::DEFAULT as u64,
    normalized: |text| Ok(text.trim().to_string()),
    read: |text| Ok(parse_nc_hash(text)? as u64),
    text: |code| hash_of_code(code).name().to_string(),
    said: |code| {
        format!(
            "twemproxy now hashes keys with {}.",
            hash_of_code(code).name()
        )
    },
};

/// `hash_tag:`.
pub static HASH_TAG: SystemSetting = SystemSetting {
    param: "hash-tag",
    verb: None,
    field: None,
    label: "hash_tag (two characters)",
    numeric: false,
    json: ("set_hash_tag", "tag"),
    called_replicas: false,
    #[cfg(not(target_arch = "wasm32"))]
    flag: Flag {
        long: "hash-tag",
        value_name: "AB",
        help:
            "twemproxy's hash_tag: two characters; only what a key holds between them is hashed.\n\
               Example: --hash-tag \"{}\"",
    },
    default: 0,
    normalized: |text| Ok(text.trim().to_string()),
    read: |text| Ok(tag_code(parse_hash_tag(text)?)),
    text: |code| {
        tag_of_code(code)
            .map(|tag| String::from_utf8_lossy(&tag).into_owned())
            .unwrap_or_default()
    },
    said: |code| match tag_of_code(code) {
        Some([open, close]) => format!(
            "twemproxy now hashes only what a key holds between {} and {}.",
            char::from(open),
            char::from(close)
        ),
        None => "twemproxy now hashes whole keys.".to_string(),
    },
};

impl Options {
    /// twemproxy's `hash:`.
    pub fn nc_hash(&self) -> Hash {
        hash_of_code(self.systems.get(&POOL_HASH))
    }

    /// twemproxy's `hash_tag:`, two characters, when the pool has one.
    pub fn hash_tag(&self) -> Option<[u8; 2]> {
        tag_of_code(self.systems.get(&HASH_TAG))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_hash_and_hash_tag_is_read_back_from_its_code() {
        for hash in Hash::ALL {
            assert_eq!(hash_of_code(hash as u64), hash);
        }
        for tag in [None, Some(*b"{}"), Some([0, 0]), Some([255, 255])] {
            assert_eq!(tag_of_code(tag_code(tag)), tag);
        }
    }
}
