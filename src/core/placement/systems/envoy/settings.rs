//! Envoy's ring_hash setting `minimum_ring_size`.

use crate::core::error::{in_range, Error};
use crate::core::numbers_and_lists::grouped;
#[cfg(not(target_arch = "wasm32"))]
use crate::core::placement::system_setting::Flag;
use crate::core::placement::system_setting::SystemSetting;
use crate::core::placement::Options;
use crate::core::size::parse_number;

/// Envoy's default `minimum_ring_size`.
pub const MIN_RING: u64 = 1024;
/// The most entries an Envoy ring may have here, for the page's memory: 2^20.
pub const MOST_ENTRIES: u64 = 1 << 20;

/// Checks Envoy's `minimum_ring_size`: 1 to 2^20 here (Envoy allows up to 8,388,608).
pub fn check_min_ring(size: u64) -> Result<u64, Error> {
    in_range(
        size,
        1..=MOST_ENTRIES,
        "Envoy's minimum_ring_size goes from 1 to 1,048,576 here (Envoy itself allows up to 8,388,608).",
    )
}

/// `minimum_ring_size`.
pub static MINIMUM_RING_SIZE: SystemSetting = SystemSetting {
    param: "min-ring",
    verb: None,
    field: None,
    label: "minimum_ring_size",
    numeric: true,
    json: ("set_min_ring", "size"),
    called_replicas: false,
    #[cfg(not(target_arch = "wasm32"))]
    flag: Flag {
        long: "min-ring",
        value_name: "N",
        help: "Envoy ring_hash's minimum_ring_size, from 1 to 1048576 (default 1024).\n\
               Example: --min-ring 4096",
    },
    default: MIN_RING,
    normalized: |text| Ok(parse_number::<u64>(text)?.to_string()),
    read: |text| check_min_ring(parse_number(text)?),
    text: |code| code.to_string(),
    said: |code| format!("Envoy's minimum_ring_size is now {}.", grouped(code)),
};

impl Options {
    /// Envoy ring_hash's `minimum_ring_size`.
    pub fn min_ring(&self) -> u64 {
        self.systems.get(&MINIMUM_RING_SIZE)
    }
}
