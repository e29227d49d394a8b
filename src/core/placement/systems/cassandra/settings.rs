//! Cassandra's settings: `num_tokens`, the tokens a node of weight 1 holds, and the seed its
//! tokens are drawn from here (Cassandra draws them unseeded; the seed makes a ring repeatable).

use crate::core::error::{in_range, Error};
use crate::core::numbers_and_lists::plural;
#[cfg(not(target_arch = "wasm32"))]
use crate::core::placement::system_setting::Flag;
use crate::core::placement::system_setting::SystemSetting;
use crate::core::placement::Options;
use crate::core::size::parse_number;

/// Cassandra's tokens per node by default.
pub const NUM_TOKENS: u32 = 16;
/// The most tokens a Cassandra node may hold here.
pub const MAX_TOKENS: u32 = 1536;
/// The seed Cassandra's tokens are drawn from by default.
pub const SEED: u64 = 1;

/// Checks Cassandra's `num_tokens`: 1 to 1,536.
pub fn check_num_tokens(count: u32) -> Result<u32, Error> {
    in_range(
        count,
        1..=MAX_TOKENS,
        "Cassandra's num_tokens goes from 1 to 1,536 per node.",
    )
}

/// `num_tokens`.
pub static TOKENS_PER_NODE: SystemSetting = SystemSetting {
    param: "num-tokens",
    verb: None,
    field: None,
    label: "num_tokens (1–1,536)",
    numeric: true,
    json: ("set_num_tokens", "count"),
    called_replicas: false,
    #[cfg(not(target_arch = "wasm32"))]
    flag: Flag {
        long: "num-tokens",
        value_name: "T",
        help: "Cassandra's num_tokens: tokens per node, from 1 to 1536 (default 16).\n\
               Example: --num-tokens 256",
    },
    default: NUM_TOKENS as u64,
    normalized: |text| Ok(parse_number::<u32>(text)?.to_string()),
    read: |text| Ok(u64::from(check_num_tokens(parse_number(text)?)?)),
    text: |code| code.to_string(),
    said: |code| {
        format!(
            "Cassandra nodes now hold {code} {} each.",
            plural(code as usize, "token", "tokens")
        )
    },
};

/// The seed the tokens are drawn from.
pub static TOKEN_SEED: SystemSetting = SystemSetting {
    param: "token-seed",
    verb: None,
    field: None,
    label: "Token seed",
    numeric: true,
    json: ("set_token_seed", "seed"),
    called_replicas: false,
    #[cfg(not(target_arch = "wasm32"))]
    flag: Flag {
        long: "seed",
        value_name: "N",
        help: "The seed Cassandra's tokens are drawn from (default 1). Cassandra draws them at\n\
               random, unseeded; the seed makes a ring repeatable.\n\
               Example: --seed 7",
    },
    default: SEED,
    normalized: |text| Ok(parse_number::<u64>(text)?.to_string()),
    read: |text| parse_number(text),
    text: |code| code.to_string(),
    said: |code| format!("Cassandra's tokens are drawn again, from seed {code}."),
};

impl Options {
    /// Cassandra's `num_tokens`: tokens per node of weight 1.
    pub fn num_tokens(&self) -> u32 {
        // Every value held was checked by `check_num_tokens`.
        u32::try_from(self.systems.get(&TOKENS_PER_NODE)).unwrap_or(NUM_TOKENS)
    }

    /// The seed Cassandra's tokens are drawn from.
    pub fn token_seed(&self) -> u64 {
        self.systems.get(&TOKEN_SEED)
    }
}
