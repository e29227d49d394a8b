//! The key set as it is kept: its fields, which the rooms beside it read and write, and its
//! limits.

use super::kept;
use crate::core::hash::HashScheme;
use crate::core::size::RingSize;

/// The most keys a set holds: ten million, which the page holds in about 330 MB of memory and
/// changes within a frame on the ring (docs/performance.md, "Ten million keys").
pub const MAX_KEYS: usize = 10_000_000;

/// Generated numbers below this are stored as themselves, and marked in a bit set of at most
/// 2 MB; a reference at or above it points into the list of keys kept in full, where a key
/// such as `key-4000000000` typed by hand goes (marking it would take half a gigabyte).
pub(super) const FULL: u32 = 1 << 24;

/// A set of distinct keys, with their positions kept sorted.
#[derive(Debug, Clone)]
pub struct KeySet {
    pub(super) size: RingSize,
    pub(super) hash: HashScheme,
    /// Per key id (insertion order): a generated key's number, or `FULL + i` for `full[i]`.
    /// Left empty while every key is kept in full in id order (key `id` is `full[id]`), as
    /// after a keys file is read into an empty set (see `key_at`).
    pub(super) refs: Vec<u32>,
    /// Keys kept in full, in id order, packed ([`Stored::pack`]): named keys, keys placed by
    /// hand, and generated keys numbered 2^31 or more.
    pub(super) full: Vec<u64>,
    /// The text the named keys are spans of. It may hold more than the names (the rest of a
    /// keys file, names of keys since removed): only the spans count.
    pub(super) text: String,
    /// Which generated numbers below 2^31 are present, one bit each.
    pub(super) generated: Vec<u64>,
    pub(super) hashes: Vec<u32>,
    /// Key ids sorted by (position, id).
    pub(super) order: Vec<u32>,
    /// `positions[i]` is the position of key `order[i]`.
    pub(super) positions: Vec<u32>,
    /// The number the next generated key takes: one past the highest generated key the set
    /// holds (0 when none), so that the same keys read afresh from a link or a file generate
    /// the same next keys.
    pub(super) next_generated: u32,
    /// How many hashes leave each remainder, for the divisors asked about so far (see
    /// [`KeySet::residue_counts`]); forgotten whenever the hashes change.
    pub(super) residues: kept::Residues,
}
