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
//! The set's work is in rooms of their own: `stored` (how a key is kept in 64 bits), `set`
//! (reading a set: lengths, labels, positions, arcs), `insert` (adding keys, checked, and
//! rehashing), `grow` (generated keys, removing, bookkeeping), `hashing` (many keys hashed
//! side by side), `lines` (a keys text read on every core), `sort` (a batch sorted by
//! position), `bulk` (a names text read, hashed and sorted a slice at a time) and `residues`
//! (how many hashes leave each remainder, for counting what `hash mod N` moves, kept by
//! `kept`).

use super::error::Error;
use super::hash::HashScheme;
use super::size::RingSize;

mod bulk;
mod grow;
mod hashing;
mod insert;
mod kept;
mod key;
mod lines;
mod residues;
mod set;
mod sort;

pub use bulk::{BulkKeys, Loaded};
pub use hashing::generated_hashes;
pub use key::{check_key, check_label, generated_name, Commas, Key, MAX_KEY_BYTES};
pub(crate) use key::{read_label, KeyRef};
pub use residues::ResidueCounter;

/// A set's keys as a link writes them: see [`KeySet::link_keys`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkKeys {
    /// The labels of the keys before the generated run, by id.
    pub before: Vec<String>,
    /// The generated run `key-0 .. key-(run-1)`.
    pub run: u32,
    /// The labels of the keys after it, by id.
    pub after: Vec<String>,
}

/// The most keys a set holds: ten million, which the page holds in about 330 MB of memory and
/// changes within a frame on the ring (docs/performance.md, "Ten million keys").
pub const MAX_KEYS: usize = 10_000_000;

/// Generated numbers below this are stored as themselves, and marked in a bit set of at most
/// 2 MB; a reference at or above it points into the list of keys kept in full, where a key
/// such as `key-4000000000` typed by hand goes (marking it would take half a gigabyte).
const FULL: u32 = 1 << 24;

/// The most bytes in one key's name as a set packs it (a name read by [`Key::parse`] has at
/// most [`MAX_KEY_BYTES`]).
const MAX_NAME_BYTES: usize = (1 << 30) - 1;

/// A set of distinct keys, with their positions kept sorted.
#[derive(Debug, Clone)]
pub struct KeySet {
    size: RingSize,
    hash: HashScheme,
    /// Per key id (insertion order): a generated key's number, or `FULL + i` for `full[i]`.
    /// Left empty while every key is kept in full in id order (key `id` is `full[id]`), as
    /// after a keys file is read into an empty set (see `key_at`).
    refs: Vec<u32>,
    /// Keys kept in full, in id order, packed ([`Stored::pack`]): named keys, keys placed by
    /// hand, and generated keys numbered 2^31 or more.
    full: Vec<u64>,
    /// The text the named keys are spans of. It may hold more than the names (the rest of a
    /// keys file, names of keys since removed): only the spans count.
    text: String,
    /// Which generated numbers below 2^31 are present, one bit each.
    generated: Vec<u64>,
    hashes: Vec<u32>,
    /// Key ids sorted by (position, id).
    order: Vec<u32>,
    /// `positions[i]` is the position of key `order[i]`.
    positions: Vec<u32>,
    /// The number the next generated key takes: one past the highest generated key the set
    /// holds (0 when none), so that the same keys read afresh from a link or a file generate
    /// the same next keys.
    next_generated: u32,
    /// How many hashes leave each remainder, for the divisors asked about so far (see
    /// [`KeySet::residue_counts`]); forgotten whenever the hashes change.
    residues: kept::Residues,
}

/// Why [`KeySet::insert_lines`] refused a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinesRefused {
    /// A line that is no key: its number, counting from 1, and why.
    Line {
        /// The line's number, counting from 1.
        line: usize,
        /// Why it is no key.
        error: Error,
    },
    /// The keys were read but refused, as [`KeySet::insert`] refuses a batch.
    Keys(Error),
}

#[cfg(test)]
mod tests;
