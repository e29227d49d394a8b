//! One key's lookup, step by step, in each algorithm's own terms: the words for the
//! selected-key panel and the marks the canvas draws.

use super::Layout;
use crate::core::keys::KeySet;

/// Something the canvas draws for a lookup, on the placement's circle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// The clockwise walk from the key's spot to the point that owns it.
    Walk {
        /// The key's spot.
        from: u32,
        /// The owning point's position.
        to: u32,
    },
    /// A probe and the point it found; `best` marks the winner.
    Probe {
        /// Where the probe landed.
        at: u32,
        /// The position of the point it found.
        to: u32,
        /// Whether it is the nearest.
        best: bool,
    },
    /// The point of a full server that the key walked past.
    Skipped {
        /// The point's position.
        at: u32,
    },
    /// A stretch of the circle that decides the owner: the key's partition.
    Span {
        /// Its first place.
        from: u32,
        /// Its last place.
        to: u32,
    },
}

/// A key's lookup under one placement.
#[derive(Debug, Clone, PartialEq)]
pub struct Trace {
    /// The owner, by server index.
    pub owner: usize,
    /// What happens, in order, in words.
    pub steps: Vec<String>,
    /// What the canvas draws.
    pub marks: Vec<Mark>,
    /// How many of the first steps only hash the key (the rest decide its server).
    pub hashing: usize,
    /// Rendezvous only: every server's score, in list order.
    pub scores: Vec<f64>,
}

/// From a key's name to its 32-bit hash and its position on the ring.
pub fn hash_steps(layout: &Layout<'_>, id: u32) -> Vec<String> {
    let keys: &KeySet = layout.keys;
    let hash = keys.hash_of(id);
    let mut steps = Vec::new();
    if let Some(p) = keys.placed_at(id) {
        steps.push(format!("Placed by hand at {p}; its hash is its position."));
        return steps;
    }
    let label = keys.label(id);
    if let Some(digest) = layout.hash.explain(&label).digest_hex {
        steps.push(format!("MD5(\"{label}\") = {digest}"));
    }
    steps.push(format!(
        "{} → {hash} (0x{hash:08x})",
        layout.hash.describe()
    ));
    if !layout.size.is_full() {
        steps.push(format!(
            "{hash} mod {} = position {}",
            layout.size,
            keys.position_of(id)
        ));
    }
    steps
}

/// The clockwise walk from a key at `from` to its owner's point at `to`, `distance` apart.
pub fn walk_words(distance: u64, from: u32, to: u32, owner: &str) -> String {
    if distance == 0 {
        format!("A point of {owner} sits right at {from}: it owns the key.")
    } else {
        let wrap = if to < from {
            ", wrapping past the top"
        } else {
            ""
        };
        format!("Walk clockwise {distance} from {from} to {owner}'s point at {to}{wrap}.")
    }
}
