//! Jump consistent hash (Lamping and Veach, 2014): no ring, no table, a few lines of
//! arithmetic.
//!
//! The buckets are the servers in list order. A key follows a pseudo-random sequence of jumps
//! seeded by its 64-bit hash; each jump lands further along, and the last one below the number
//! of buckets is the key's bucket. Growing from N to N + 1 buckets moves exactly the keys whose
//! sequence now lands on bucket N, about 1/(N + 1) of them, all onto the new bucket. Only the
//! last bucket can leave the same way: removing a bucket in the middle renumbers every bucket
//! after it, and the keys of every renumbered bucket move.
//!
//! The key is the 32-bit hash widened with [`widen`](crate::core::widen)`(hash, 0)`. Servers
//! cannot have weights here.

use std::sync::Arc;

use super::layout::Layout;
use super::measure::{Cost, State};
use super::spec::{
    any_may_leave, hash_hover, nothing_ignored, on_the_ring, Circle, Copies, Lookup, Panel,
    ServersBy, Spec, Weights, SERVER_VERBS,
};
use super::structure::{Earlier, Evaluated, LoneKey, Lookup as Steps, Structure};
use super::trace::hash_steps;
use crate::core::error::Error;
use crate::core::keys::KeySet;
use crate::core::mix::widen;
use crate::core::par::map_ids_with_total;
use crate::core::size::RingSize;

/// The paper's reference loop, exactly: the bucket in `0..buckets` for a 64-bit `key`, and how
/// many jumps it took.
///
/// ```
/// use ringlab::core::placement::jump::jump;
/// // From the reference implementation's published outputs.
/// assert_eq!(jump(0xdead_beef, 17).0, 16);
/// ```
pub fn jump(mut key: u64, buckets: u32) -> (u32, u32) {
    let mut b: i64 = -1;
    let mut j: i64 = 0;
    let mut jumps = 0;
    while j < i64::from(buckets) {
        b = j;
        key = key.wrapping_mul(2_862_933_555_777_941_757).wrapping_add(1);
        j = ((b + 1) as f64 * ((1i64 << 31) as f64 / ((key >> 33) + 1) as f64)) as i64;
        jumps += 1;
    }
    (b as u32, jumps)
}

/// Every bucket the loop lands on for `key`, in order; the last is the owner.
pub fn landings(mut key: u64, buckets: u32) -> Vec<u32> {
    let mut out = Vec::new();
    let mut b: i64;
    let mut j: i64 = 0;
    while j < i64::from(buckets) {
        b = j;
        out.push(b as u32);
        key = key.wrapping_mul(2_862_933_555_777_941_757).wrapping_add(1);
        j = ((b + 1) as f64 * ((1i64 << 31) as f64 / ((key >> 33) + 1) as f64)) as i64;
    }
    out
}

/// Jump hash over a number of buckets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Jump {
    /// The number of buckets: the server count.
    pub buckets: u32,
}

impl Jump {
    /// The 64-bit key jump hash works on, from a key's 32-bit hash.
    pub fn key(hash: u32) -> u64 {
        widen(hash, 0)
    }

    /// The bucket (server index) for a key's 32-bit hash.
    pub fn owner(&self, hash: u32) -> usize {
        jump(Jump::key(hash), self.buckets).0 as usize
    }

    /// The bucket and the number of jumps.
    pub fn owner_and_jumps(&self, hash: u32) -> (usize, u32) {
        let (b, jumps) = jump(Jump::key(hash), self.buckets);
        (b as usize, jumps)
    }
}

/// Jump hash.
pub static SPEC: Spec = Spec {
    id: "jump",
    name: "Jump hash",
    phrase: "jump hash",
    called: "Jump hash",
    under: "under Jump hash",
    summary: "A few lines of arithmetic jump the key to a bucket. No state, but only the last server can leave cheaply.",
    system: false,
    verbs: SERVER_VERBS,
    units: None,
    weights: Weights::Refused(|| Error::WeightsUnderJump),
    circle: Circle::Positions,
    fixed_ring: false,
    arcs: false,
    lookup: Lookup::Jumps,
    servers_by: ServersBy::ListPlace,
    settings: &[],
    note: Some("The buckets are the servers in list order. Removing any server but the last renumbers every bucket after it."),
    hover: hash_hover,
    picture: |layout, _| on_the_ring(SPEC.name, layout),
    listing: "Points per server",
    panel: Panel::None,
    practice: Some(3),
    copies: Copies::Unsaid,
    caveat,
    refuse_leaving: any_may_leave,
    ignored: nothing_ignored,
};

pub(in crate::core::placement) fn evaluate(
    layout: &Layout<'_>,
    _: Option<Earlier<'_>>,
) -> Evaluated {
    let keys = layout.keys;
    let jump = Jump {
        buckets: layout.servers.len() as u32,
    };
    // The jumps are counted on the way, for the lookup's cost.
    let (owners, jumps) = map_ids_with_total(keys.len(), |id| {
        let (owner, jumps) = jump.owner_and_jumps(keys.hash_of(id));
        (owner as u16, u64::from(jumps))
    });
    Evaluated {
        structure: Arc::new(Jumped { jump, jumps }),
        owners: Some(owners),
    }
}

/// Jump hash numbers its buckets 0 to N−1: when any but the last leaves, every server after it
/// takes the next number down, and their keys move with the renumbering.
fn caveat(before: &Layout<'_>, after: &Layout<'_>) -> Option<String> {
    let left: Vec<&str> = before
        .servers
        .iter()
        .filter(|s| after.server(&s.name).is_none())
        .map(|s| s.name.as_str())
        .collect();
    match left.as_slice() {
        [gone] if before.servers.last().map(|s| s.name.as_str()) != Some(gone) => Some(format!(
            "jump hash renumbers the servers after {gone}, so their keys move too"
        )),
        _ => None,
    }
}

/// Jump hash over the servers, with the jumps every key took.
#[derive(Debug)]
struct Jumped {
    jump: Jump,
    /// The jumps of every key, added up.
    jumps: u64,
}

impl Structure for Jumped {
    fn owner_of_key(&self, keys: &KeySet, id: u32, _: usize) -> usize {
        self.jump.owner(keys.hash_of(id))
    }

    fn owner_of_lone(&self, probe: &LoneKey<'_>, _: usize) -> Option<usize> {
        Some(self.jump.owner(probe.hash))
    }

    fn circle(&self, size: RingSize) -> u64 {
        size.get()
    }

    fn key_spot(&self, keys: &KeySet, id: u32) -> u32 {
        keys.position_of(id)
    }

    fn owner_at_spot(&self, spot: u32, _: RingSize, _: usize) -> usize {
        self.jump.owner(spot)
    }

    fn cost(&self, keys: &KeySet, _: usize) -> Cost {
        // Over the keys, counted as they were placed, or over a thousand sample hashes when
        // there are none.
        let (total, count): (u64, usize) = if keys.is_empty() {
            let total = (0..1000u32)
                .map(|h| u64::from(self.jump.owner_and_jumps(h).1))
                .sum();
            (total, 1000)
        } else {
            (self.jumps, keys.len())
        };
        Cost {
            per_key: total as f64 / count as f64,
            unit: "jumps",
        }
    }

    fn state(&self, servers: usize) -> State {
        State {
            count: servers as u64,
            unit: "buckets",
        }
    }

    fn holdings(&self, servers: usize) -> Vec<u64> {
        vec![0; servers]
    }

    fn lookup(&self, layout: &Layout<'_>, id: u32, owner: usize, names: &[Arc<str>]) -> Steps {
        let mut steps = hash_steps(layout, id);
        let hashing = steps.len();
        let key = Jump::key(layout.keys.hash_of(id));
        let path = landings(key, self.jump.buckets);
        let hops: Vec<String> = path.iter().map(u32::to_string).collect();
        steps.push(format!("Its 64-bit key is 0x{key:016x}."));
        steps.push(format!(
            "It jumps to buckets {}; the next jump would land past bucket {}.",
            hops.join(" → "),
            self.jump.buckets - 1
        ));
        steps.push(format!(
            "Bucket {} is server {} in the list: {}.",
            owner,
            owner + 1,
            names[owner]
        ));
        Steps {
            steps,
            hashing,
            ..Steps::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Outputs of the reference C++ code for buckets 1, 2, 3, ... (as published with the Go
    /// port, dgryski/go-jump).
    const VECTORS: &[(u64, &[u32])] = &[
        (0, &[0; 20]),
        (
            1,
            &[0, 0, 0, 0, 0, 0, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 17, 17],
        ),
        (
            0xdead_beef,
            &[0, 1, 2, 3, 3, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 16, 16, 16],
        ),
        (
            0x0ddc_0ffe_ebad_f00d,
            &[0, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 15, 15, 15, 15],
        ),
    ];

    #[test]
    fn the_loop_gives_the_reference_codes_published_outputs() {
        for (key, expected) in VECTORS {
            for (i, want) in expected.iter().enumerate() {
                assert_eq!(
                    jump(*key, i as u32 + 1).0,
                    *want,
                    "key {key:#x}, {} buckets",
                    i + 1
                );
            }
        }
    }

    #[test]
    fn the_loop_agrees_with_guavas_published_values() {
        let expected = [
            0, 55, 62, 8, 45, 59, 86, 97, 82, 59, 73, 37, 17, 56, 86, 21, 90, 37, 38, 83,
        ];
        for (key, want) in expected.into_iter().enumerate() {
            assert_eq!(jump(key as u64, 100).0, want);
        }
        assert_eq!(jump(10_863_919_174_838_991, 11).0, 6);
        assert_eq!(jump(2_016_238_256_797_177_309, 11).0, 3);
        assert_eq!(jump(1_673_758_223_894_951_030, 11).0, 5);
        assert_eq!(jump(2, 100_001).0, 80_343);
        assert_eq!(jump(2201, 100_001).0, 22_152);
        assert_eq!(jump(2202, 100_001).0, 15_018);
    }

    #[test]
    fn the_landings_end_at_the_owner_and_count_the_jumps() {
        for key in [1u64, 0xdead_beef, 42, 1 << 40] {
            let (owner, jumps) = jump(key, 50);
            let path = landings(key, 50);
            assert_eq!(*path.last().unwrap(), owner);
            assert_eq!(path.len() as u32, jumps);
            assert!(path.windows(2).all(|w| w[0] < w[1]));
        }
    }

    #[test]
    fn growing_by_one_bucket_moves_keys_only_onto_the_new_bucket() {
        for key in 0..2000u64 {
            let k = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let (a, b) = (jump(k, 7).0, jump(k, 8).0);
            assert!(a == b || b == 7);
        }
    }
}
