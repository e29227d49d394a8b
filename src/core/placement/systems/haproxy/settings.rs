//! HAProxy's setting `hash-type consistent …`: its hash function, and whether avalanche
//! follows.

use super::hashes::{Function, HashType};
use crate::core::error::Error;
#[cfg(not(target_arch = "wasm32"))]
use crate::core::placement::system_setting::Flag;
use crate::core::placement::system_setting::SystemSetting;
use crate::core::placement::Options;

/// Reads HAProxy's hash type as `hash-type` takes it, with or without the word `consistent`:
/// `consistent`, `sdbm`, `djb2 avalanche`.
pub fn parse_hash_type(text: &str) -> Result<HashType, Error> {
    text.parse().map_err(Error::System)
}

/// A hash type's code: its function's place in [`Function::ALL`], twice, plus one with
/// avalanche.
const fn code(hash_type: HashType) -> u64 {
    hash_type.function as u64 * 2 + hash_type.avalanche as u64
}

/// The hash type of a code [`code`] wrote.
fn of_code(value: u64) -> HashType {
    Function::ALL
        .into_iter()
        .find(|&function| function as u64 == value / 2)
        .map_or(HashType::DEFAULT, |function| HashType {
            function,
            avalanche: value % 2 == 1,
        })
}

/// `hash-type`.
pub static HASH_TYPE: SystemSetting = SystemSetting {
    param: "hash-type",
    verb: None,
    field: None,
    label: "hash-type",
    numeric: false,
    json: ("set_hash_type", "hash_type"),
    called_replicas: false,
    #[cfg(not(target_arch = "wasm32"))]
    flag: Flag {
        long: "hash-type",
        value_name: "WORDS",
        help: "HAProxy's hash-type: consistent, then sdbm, djb2, wt6 or crc32, then avalanche or not\n\
               (default \"consistent\", which is sdbm with avalanche).\n\
               Example: --hash-type \"consistent djb2\"",
    },
    default: code(HashType::DEFAULT),
    normalized: |text| Ok(parse_hash_type(text)?.to_string()),
    read: |text| Ok(code(parse_hash_type(text)?)),
    text: |value| of_code(value).to_string(),
    said: |value| format!("HAProxy now uses hash-type {}.", of_code(value)),
};

impl Options {
    /// HAProxy's `hash-type consistent …`.
    pub fn hash_type(&self) -> HashType {
        of_code(self.systems.get(&HASH_TYPE))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_hash_type_is_read_back_from_its_code() {
        for function in Function::ALL {
            for avalanche in [false, true] {
                let hash_type = HashType {
                    function,
                    avalanche,
                };
                assert_eq!(of_code(code(hash_type)), hash_type);
            }
        }
    }
}
