//! The counts of remainders a key set keeps (see `residues`): a few of them, the most recently
//! asked for first, forgotten when the set's hashes change.

use std::fmt;
use std::sync::{Arc, Mutex};

use crate::core::modn::Remainder;

/// How many counts a set keeps at once.
const KEPT: usize = 6;

/// The counts a set has worked out, most recently used first. A copy of a set starts with none,
/// so a set that is copied to be changed never carries counts of its former hashes.
#[derive(Default)]
pub(super) struct Residues(Mutex<Vec<(u32, Arc<[u32]>)>>);

impl Clone for Residues {
    fn clone(&self) -> Residues {
        Residues::default()
    }
}

impl fmt::Debug for Residues {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let moduli: Vec<u32> = self.kept().iter().map(|(m, _)| *m).collect();
        write!(f, "Residues {moduli:?}")
    }
}

impl Residues {
    fn kept(&self) -> std::sync::MutexGuard<'_, Vec<(u32, Arc<[u32]>)>> {
        // Counts are only ever added whole, so a panic elsewhere cannot leave them half-made.
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Forgets every count: the hashes changed.
    pub(super) fn clear(&self) {
        self.kept().clear();
    }

    /// The counts for `modulus`, kept or folded from those of a multiple of it.
    pub(super) fn find(&self, modulus: u32) -> Option<Arc<[u32]>> {
        let mut kept = self.kept();
        if let Some(at) = kept.iter().position(|(m, _)| *m == modulus) {
            let entry = kept.remove(at);
            let counts = entry.1.clone();
            kept.insert(0, entry);
            return Some(counts);
        }
        let (_, multiple) = kept.iter().find(|(m, _)| m % modulus == 0)?;
        let mut folded = vec![0u32; modulus as usize];
        let by = Remainder::new(modulus);
        for (r, &count) in multiple.iter().enumerate() {
            folded[by.of(r as u32) as usize] += count;
        }
        let folded: Arc<[u32]> = folded.into();
        drop(kept);
        self.keep(modulus, folded.clone());
        Some(folded)
    }

    pub(super) fn holds(&self, modulus: u32) -> bool {
        self.kept().iter().any(|(m, _)| m % modulus == 0)
    }

    pub(super) fn keep(&self, modulus: u32, counts: Arc<[u32]>) {
        let mut kept = self.kept();
        kept.retain(|(m, _)| *m != modulus);
        kept.insert(0, (modulus, counts));
        kept.truncate(KEPT);
    }
}
