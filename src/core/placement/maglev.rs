//! Maglev hashing (Eisenbud et al., NSDI 2016, section 3.4): a lookup table of prime size M.
//!
//! Each server has its own permutation of the table's entries, `(offset + j × skip) mod M` for
//! `j = 0, 1, 2, ...`; M is prime, so every skip from 1 to M − 1 visits every entry once. The
//! servers take turns, each claiming the next entry of its permutation that nobody holds yet,
//! until the table is full. So each server ends with ⌊M/N⌋ or ⌈M/N⌉ entries, and a key is one
//! table read away from its server: entry `hash mod M`. When the servers change, most entries
//! keep their owner, but not all: a few keys move between servers that stayed (the paper's
//! "small known churn").
//!
//! Offset and skip come from the server name's 32-bit hash, widened:
//! `offset = widen(h, 0) mod M`, `skip = widen(h, 1) mod (M − 1) + 1`. Weights do not apply.

use std::sync::Arc;

use super::layout::Layout;
use super::measure::{Cost, Space, State};
use super::options::Setting;
use super::spec::{
    any_may_leave, entry_hover, no_caveat, nothing_ignored, Circle, Copies, Lookup, Panel,
    ServersBy, Spec, Weights, SERVER_VERBS,
};
use super::structure::{Earlier, Evaluated, LoneKey, Lookup as Steps, Structure};
use super::trace::{hash_steps, Mark};
use crate::core::keys::KeySet;
use crate::core::mix::widen;
use crate::core::numbers_and_lists::grouped;
use crate::core::par::map_ids;
use crate::core::size::RingSize;

pub use super::options::{is_prime, MAGLEV_SIZE as DEFAULT_SIZE, MAGLEV_SIZES as SIZES};

/// A server's permutation: where it starts and how far it steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Permutation {
    /// The first entry it asks for.
    pub offset: u32,
    /// How far it steps each time.
    pub skip: u32,
}

impl Permutation {
    /// The permutation of a server whose name hashes to `hash`, for a table of `size`.
    pub fn of(hash: u32, size: u32) -> Permutation {
        Permutation {
            offset: (widen(hash, 0) % u64::from(size)) as u32,
            skip: (widen(hash, 1) % u64::from(size - 1)) as u32 + 1,
        }
    }

    /// Entry number `j` of the permutation.
    pub fn entry(self, j: u32, size: u32) -> u32 {
        ((u64::from(self.offset) + u64::from(j) * u64::from(self.skip)) % u64::from(size)) as u32
    }
}

/// The paper's population loop, exactly: the servers, in list order, take turns claiming the
/// next free entry of their permutation until the table of `size` entries is full. Returns the
/// owner of each entry.
pub fn populate(size: u32, permutations: &[Permutation]) -> Vec<u16> {
    const FREE: u16 = u16::MAX;
    let mut entry = vec![FREE; size as usize];
    if permutations.is_empty() {
        return entry;
    }
    // The paper keeps `next[i]`, an index into server i's permutation; this keeps the entry it
    // points at instead, `permutation[i][next[i]]`, since one more step is `+ skip mod M`.
    let mut next: Vec<u32> = permutations.iter().map(|p| p.offset).collect();
    let mut filled = 0u32;
    loop {
        for (i, perm) in permutations.iter().enumerate() {
            let mut c = next[i];
            while entry[c as usize] != FREE {
                c = add_mod(c, perm.skip, size);
            }
            entry[c as usize] = i as u16;
            next[i] = add_mod(c, perm.skip, size);
            filled += 1;
            if filled == size {
                return entry;
            }
        }
    }
}

fn add_mod(a: u32, b: u32, m: u32) -> u32 {
    let sum = u64::from(a) + u64::from(b);
    (if sum >= u64::from(m) {
        sum - u64::from(m)
    } else {
        sum
    }) as u32
}

/// A populated maglev table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Maglev {
    /// Each server's permutation, in list order.
    pub permutations: Vec<Permutation>,
    /// The owner of each entry.
    pub table: Vec<u16>,
}

impl Maglev {
    /// The table of `size` entries for servers whose names hash to `name_hashes`.
    pub fn new(size: u32, name_hashes: &[u32]) -> Maglev {
        let permutations: Vec<Permutation> = name_hashes
            .iter()
            .map(|&h| Permutation::of(h, size))
            .collect();
        let table = populate(size, &permutations);
        Maglev {
            permutations,
            table,
        }
    }

    /// The table's size, M.
    pub fn size(&self) -> u32 {
        self.table.len() as u32
    }

    /// The entry a key's hash reads.
    pub fn entry_of(&self, hash: u32) -> u32 {
        hash % self.size()
    }

    /// The server owning a key's hash.
    pub fn owner(&self, hash: u32) -> usize {
        self.table[self.entry_of(hash) as usize] as usize
    }

    /// How many entries each of `servers` servers holds.
    pub fn entry_counts(&self, servers: usize) -> Vec<u64> {
        let mut counts = vec![0u64; servers];
        for &owner in &self.table {
            counts[owner as usize] += 1;
        }
        counts
    }
}

/// Maglev.
pub static SPEC: Spec = Spec {
    id: "maglev",
    name: "Maglev",
    phrase: "maglev",
    called: "Maglev",
    under: "under Maglev",
    summary: "A prime-sized table, filled by the servers in turns; a key reads one entry.",
    system: false,
    verbs: SERVER_VERBS,
    units: None,
    weights: Weights::Equal,
    circle: Circle::Own,
    fixed_ring: false,
    arcs: false,
    lookup: Lookup::Table,
    servers_by: ServersBy::Name,
    settings: &[Setting::MaglevSize],
    note: None,
    hover: entry_hover,
    picture: |layout, _| {
        format!(
            "Maglev's table of {} entries, drawn as a circle",
            grouped(u64::from(layout.options.maglev_size))
        )
    },
    listing: "Points per server",
    panel: Panel::None,
    practice: Some(6),
    copies: Copies::Unsaid,
    caveat: no_caveat,
    refuse_leaving: any_may_leave,
    ignored: nothing_ignored,
};

pub(in crate::core::placement) fn evaluate(
    layout: &Layout<'_>,
    _: Option<Earlier<'_>>,
) -> Evaluated {
    let keys = layout.keys;
    let m = Maglev::new(layout.options.maglev_size, &layout.name_hashes());
    let owners = map_ids(keys.len(), |id| m.owner(keys.hash_of(id)) as u16);
    Evaluated {
        structure: Arc::new(m),
        owners: Some(owners),
    }
}

impl Structure for Maglev {
    fn owner_of_key(&self, keys: &KeySet, id: u32, _: usize) -> usize {
        self.owner(keys.hash_of(id))
    }

    fn owner_of_lone(&self, probe: &LoneKey<'_>, _: usize) -> Option<usize> {
        Some(self.owner(probe.hash))
    }

    fn circle(&self, _: RingSize) -> u64 {
        u64::from(self.size())
    }

    fn key_spot(&self, keys: &KeySet, id: u32) -> u32 {
        self.entry_of(keys.hash_of(id))
    }

    fn owner_at_spot(&self, spot: u32, _: RingSize, _: usize) -> usize {
        self.table[spot as usize] as usize
    }

    fn cost(&self, _: &KeySet, _: usize) -> Cost {
        Cost {
            per_key: 1.0,
            unit: "table read",
        }
    }

    fn state(&self, _: usize) -> State {
        State {
            count: u64::from(self.size()),
            unit: "table entries",
        }
    }

    fn holdings(&self, servers: usize) -> Vec<u64> {
        self.entry_counts(servers)
    }

    fn space(&self, _: RingSize, servers: usize) -> Option<Space> {
        Some(Space {
            amounts: self.entry_counts(servers),
            total: u64::from(self.size()),
            unit: "table entries",
            exact: true,
        })
    }

    fn lookup(&self, layout: &Layout<'_>, id: u32, owner: usize, names: &[Arc<str>]) -> Steps {
        let mut steps = hash_steps(layout, id);
        let hashing = steps.len();
        let hash = layout.keys.hash_of(id);
        let e = self.entry_of(hash);
        let held = self.table.iter().filter(|&&o| o as usize == owner).count();
        steps.push(format!("{hash} mod {} = entry {e}.", self.size()));
        steps.push(format!(
            "Entry {e} of the table belongs to {}, which holds {held} of the {} entries.",
            names[owner],
            self.size()
        ));
        Steps {
            steps,
            hashing,
            marks: vec![Mark::Span { from: e, to: e }],
            scores: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The paper's Table 1: three backends and a table of 7 entries.
    fn paper_backends() -> Vec<Permutation> {
        vec![
            Permutation { offset: 3, skip: 4 },
            Permutation { offset: 0, skip: 2 },
            Permutation { offset: 3, skip: 1 },
        ]
    }

    #[test]
    fn the_papers_permutations_come_out_of_offset_and_skip() {
        let perms: Vec<Vec<u32>> = paper_backends()
            .iter()
            .map(|p| (0..7).map(|j| p.entry(j, 7)).collect())
            .collect();
        assert_eq!(perms[0], vec![3, 0, 4, 1, 5, 2, 6]);
        assert_eq!(perms[1], vec![0, 2, 4, 6, 1, 3, 5]);
        assert_eq!(perms[2], vec![3, 4, 5, 6, 0, 1, 2]);
    }

    #[test]
    fn the_papers_example_table_is_b1_b0_b1_b0_b2_b2_b0_and_after_b1_leaves_b0_b0_b0_b0_b2_b2_b2() {
        assert_eq!(populate(7, &paper_backends()), vec![1, 0, 1, 0, 2, 2, 0]);
        let without_b1 = [paper_backends()[0], paper_backends()[2]];
        // Indices are into the shorter list: 0 is B0, 1 is B2.
        assert_eq!(populate(7, &without_b1), vec![0, 0, 0, 0, 1, 1, 1]);
    }

    #[test]
    fn every_server_holds_the_floor_or_the_ceiling_of_m_over_n_entries() {
        for servers in [1u32, 2, 3, 7, 10, 33] {
            let hashes: Vec<u32> = (0..servers)
                .map(|i| i.wrapping_mul(2_654_435_761))
                .collect();
            let maglev = Maglev::new(65_537, &hashes);
            let counts = maglev.entry_counts(servers as usize);
            let (lo, hi) = (65_537 / servers, 65_537_u32.div_ceil(servers));
            assert!(
                counts
                    .iter()
                    .all(|&c| c == u64::from(lo) || c == u64::from(hi)),
                "{counts:?}"
            );
        }
    }

    #[test]
    fn primes_are_told_apart_from_other_numbers() {
        let primes: Vec<u32> = (0..30).filter(|&n| is_prime(n)).collect();
        assert_eq!(primes, vec![2, 3, 5, 7, 11, 13, 17, 19, 23, 29]);
        assert!(is_prime(1_000_003));
        assert!(!is_prime(1_000_001));
    }
}
