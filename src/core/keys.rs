//! Keys: named keys (hashed), keys placed at a position, and generated keys `key-0`, `key-1`, ...
//!
//! A key's hash is its 32-bit hash value (for a key placed by hand, its position); its position
//! is that hash mod `M`. The set keeps its keys' positions sorted, so the keys inside any arc are
//! found by binary search.
//!
//! A set can hold a million keys, so it stores them compactly: a generated key is just its
//! number, four bytes, and only named keys and keys placed by hand are kept in full. A named
//! key is a span of one text the set keeps for all of them, so a million names are one
//! allocation, and a keys file read whole becomes that text without a copy. Which generated
//! numbers are present is a bit set, so checking a new key for a duplicate never scans the set.
//!
//! The set's work is in rooms of their own: `key` (one key, and how the set keeps it in 64 bits),
//! `set` (reading a set: lengths, labels, positions, arcs), `insert` (adding keys, checked, and
//! rehashing), `grow` (generated keys, removing, bookkeeping), `hashing` (many keys hashed side by
//! side), `lines` (a keys text read on every core), `sort` (a batch sorted by position), `bulk` (a
//! names text read, hashed and sorted a slice at a time) and `residues` (how many hashes leave each
//! remainder, for counting what `hash mod N` moves, kept by `kept`); `key_set` holds the set's
//! fields and limits.

mod bulk;
mod grow;
mod hashing;
mod insert;
mod kept;
mod key;
mod key_set;
mod lines;
mod residues;
mod set;
mod sort;

pub use bulk::{BulkKeys, Loaded};
pub use hashing::generated_hashes;
pub use insert::LinesRefused;
pub use key::{check_key, check_label, generated_name, Commas, Key, MAX_KEY_BYTES};
pub(crate) use key::{read_label, KeyRef};
pub use key_set::{KeySet, MAX_KEYS};
pub use residues::ResidueCounter;

#[cfg(test)]
mod tests;
