//! Ketama, byte for byte as libketama (and the memcached clients built on it) places servers.
//!
//! Each server gets `floor(40 × N × w / W)` MD5 digests, N the number of servers, w its weight
//! and W the total weight; libketama computes the share `w / W` in 32-bit float and the rest
//! in double, rounding down in float, and so does this. Digest `i` of server `s` is the MD5 of
//! the text `s-i`, and each 16-byte digest gives four points, bytes `4h..4h+3` read
//! little-endian. The ring is always 2^32 positions. A key's hash is the first four bytes of its
//! MD5, little-endian, and its server is the first point at or after it, wrapping.
//!
//! Points at the same position (rare on a 2^32 ring) are ordered by server name, then by digest
//! and byte group; libketama leaves that order to its sort.

use std::sync::Arc;

use md5::{Digest, Md5};

use super::layout::Layout;
use super::measure::{search_steps, Cost, Space, State};
use super::spec::{
    any_may_leave, no_caveat, position_hover, Circle, Copies, Lookup, Panel, ServersBy, Spec,
    Weights, SERVER_VERBS,
};
use super::structure::{
    ring_holdings, ring_space, ring_state, ring_stretches, walk_ring, Earlier, Evaluated, LoneKey,
    Lookup as Steps, Structure,
};
use super::trace::Mark;
use crate::core::hash::HashScheme;
use crate::core::keys::KeySet;
use crate::core::numbers_and_lists::{and_list, grouped};
use crate::core::par::map_ids;
use crate::core::ring::{Point, Ring};
use crate::core::size::RingSize;

/// Digests per server on an even cluster: 40, so 160 points each.
pub const DIGESTS_PER_SERVER: f64 = 40.0;

/// How many digests a server of weight `weight` gets among `servers` servers of total weight
/// `total`, rounded as libketama rounds.
pub fn digest_count(weight: u32, total: u64, servers: usize) -> u32 {
    let share = weight as f32 / total as f32;
    let factor = f64::from(share) * DIGESTS_PER_SERVER * f64::from(servers as f32);
    (factor as f32).floor() as u32
}

/// The key hash ketama uses: MD5, first four bytes, little-endian.
///
/// ```
/// use ringlab::core::placement::ketama::key_hash;
/// assert_eq!(key_hash("test"), 3_446_378_249); // libketama's own test
/// ```
pub fn key_hash(key: &str) -> u32 {
    let d = Md5::digest(key.as_bytes());
    u32::from_le_bytes([d[0], d[1], d[2], d[3]])
}

/// The ketama ring of servers named `names` with `weights`.
pub fn ring(names: &[Arc<str>], weights: &[u32]) -> Ring {
    let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
    let mut points = Vec::new();
    for (index, (name, &weight)) in names.iter().zip(weights).enumerate() {
        for digest in 0..digest_count(weight, total, names.len()) {
            let d = Md5::digest(format!("{name}-{digest}").as_bytes());
            for h in 0..4 {
                let bytes = [d[4 * h], d[4 * h + 1], d[4 * h + 2], d[4 * h + 3]];
                points.push(Point {
                    position: u32::from_le_bytes(bytes),
                    server: index as u32,
                    vnode: digest * 4 + h as u32,
                });
            }
        }
    }
    Ring::from_points(RingSize::FULL, names.to_vec(), points)
}

/// Ketama.
pub static SPEC: Spec = Spec {
    id: "ketama",
    name: "Ketama",
    phrase: "ketama",
    called: "Ketama",
    under: "under Ketama",
    summary: "The ring as memcached clients build it: 160 MD5 points per server on the 2^32 ring.",
    system: false,
    verbs: SERVER_VERBS,
    units: None,
    weights: Weights::Honoured,
    circle: Circle::Own,
    fixed_ring: true,
    arcs: true,
    lookup: Lookup::Clockwise,
    servers_by: ServersBy::Name,
    settings: &[],
    note: Some("Ketama always uses the 2³² ring, hashes keys with MD5 (first 4 bytes, little-endian) and gives each server 160 points, as memcached clients do. The ring, hash and virtual-node settings apply to the other placements."),
    hover: position_hover,
    picture: |_, _| "Ketama's ring of 2^32 positions".to_string(),
    listing: "Points per server",
    panel: Panel::None,
    practice: None,
    copies: Copies::Unsaid,
    caveat: no_caveat,
    refuse_leaving: any_may_leave,
    ignored,
};

pub(in crate::core::placement) fn evaluate(
    layout: &Layout<'_>,
    _: Option<Earlier<'_>>,
) -> Evaluated {
    let keys = layout.keys;
    let ring = Arc::new(ring(layout.ring.names(), &layout.weights()));
    let owners = map_ids(keys.len(), |id| ring.owner_of(ketama_hash(keys, id)) as u16);
    Evaluated {
        structure: Arc::new(Ketama(ring)),
        owners: Some(owners),
    }
}

/// What the scenario sets that ketama replaces with its own, in one sentence.
fn ignored(layout: &Layout<'_>) -> Option<String> {
    let mut own = Vec::new();
    if layout.size != RingSize::FULL {
        own.push(format!(
            "the ring of {} positions",
            grouped(layout.size.get())
        ));
    }
    if layout.hash != HashScheme::default() {
        own.push(format!("the hash {}", layout.hash.id()));
    }
    if layout.vnodes != 1 {
        own.push(format!(
            "{} virtual nodes",
            grouped(u64::from(layout.vnodes))
        ));
    }
    (!own.is_empty()).then(|| {
        let verb = if own.len() == 1 { "applies" } else { "apply" };
        format!(
            "Ketama uses its own 2^32 ring, MD5 key hash and 160 points per server, so {} {verb} only to the other placements.",
            and_list(&own)
        )
    })
}

/// Ketama's hash of key `id`: the MD5 of its label, first four bytes little-endian. Stored
/// MD5-first-32 hashes are the same bytes big-endian, so they are reused when they exist.
pub fn ketama_hash(keys: &KeySet, id: u32) -> u32 {
    keys.label_hash(id, HashScheme::Md5First32).swap_bytes()
}

/// Ketama's own ring.
#[derive(Debug)]
struct Ketama(Arc<Ring>);

impl Structure for Ketama {
    fn owner_of_key(&self, keys: &KeySet, id: u32, _: usize) -> usize {
        self.0.owner_of(ketama_hash(keys, id))
    }

    fn owner_of_lone(&self, probe: &LoneKey<'_>, _: usize) -> Option<usize> {
        Some(self.0.owner_of(key_hash(probe.label)))
    }

    fn circle(&self, _: RingSize) -> u64 {
        RingSize::FULL.get()
    }

    fn key_spot(&self, keys: &KeySet, id: u32) -> u32 {
        ketama_hash(keys, id)
    }

    fn owner_at_spot(&self, spot: u32, _: RingSize, _: usize) -> usize {
        self.0.owner_of(spot)
    }

    fn stretches(&self, _: RingSize) -> Option<Vec<(u64, u64, usize)>> {
        Some(ring_stretches(&self.0))
    }

    fn next_choice(
        &self,
        keys: &KeySet,
        id: u32,
        owner: usize,
        servers: usize,
        accept: &mut dyn FnMut(usize) -> bool,
    ) -> Option<usize> {
        walk_ring(&self.0, ketama_hash(keys, id), owner, servers, accept)
    }

    fn cost(&self, _: &KeySet, _: usize) -> Cost {
        Cost {
            per_key: search_steps(self.0.points().len()),
            unit: "points searched",
        }
    }

    fn state(&self, _: usize) -> State {
        ring_state(&self.0)
    }

    fn holdings(&self, _: usize) -> Vec<u64> {
        ring_holdings(&self.0)
    }

    fn space(&self, _: RingSize, _: usize) -> Option<Space> {
        Some(ring_space(&self.0))
    }

    fn lookup(&self, layout: &Layout<'_>, id: u32, _: usize, names: &[Arc<str>]) -> Steps {
        let keys = layout.keys;
        let label = keys.label(id);
        let kh = ketama_hash(keys, id);
        let digest: String = HashScheme::Md5First32
            .explain(&label)
            .digest_hex
            .unwrap_or_default();
        let p = self.0.points()[self.0.owner_point(kh)];
        let server = &names[p.server as usize];
        Steps {
            steps: vec![
                format!("MD5(\"{label}\") = {digest}"),
                format!("Ketama reads its first 4 bytes little-endian: {kh} (0x{kh:08x})."),
                format!(
                    "The first ketama point at or after it is {server}'s, at {}: bytes {}–{} of MD5(\"{server}-{}\").",
                    p.position,
                    4 * (p.vnode % 4),
                    4 * (p.vnode % 4) + 3,
                    p.vnode / 4
                ),
            ],
            hashing: 2,
            marks: vec![Mark::Walk {
                from: kh,
                to: p.position,
            }],
            scores: Vec::new(),
        }
    }

    fn ring(&self) -> Option<&Ring> {
        Some(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<Arc<str>> {
        list.iter().map(|n| Arc::from(*n)).collect()
    }

    /// libketama's test cluster: eight servers with their memory as weights.
    fn libketama_cluster() -> Ring {
        let servers = [
            ("10.0.1.1:11211", 600),
            ("10.0.1.2:11211", 300),
            ("10.0.1.3:11211", 200),
            ("10.0.1.4:11211", 350),
            ("10.0.1.5:11211", 1000),
            ("10.0.1.6:11211", 800),
            ("10.0.1.7:11211", 950),
            ("10.0.1.8:11211", 100),
        ];
        let list: Vec<&str> = servers.iter().map(|(n, _)| *n).collect();
        let weights: Vec<u32> = servers.iter().map(|(_, w)| *w).collect();
        ring(&names(&list), &weights)
    }

    #[test]
    fn libketamas_own_test_output_hashes_to_its_published_md5() {
        // libketama's test prints, for keys "0" to "999999", "hash point server" per line
        // after one blank line; its test script checks the MD5 of the whole output.
        let ring = libketama_cluster();
        assert_eq!(ring.points().len(), 1264);
        let mut out = Md5::new();
        out.update(b"\n");
        for key in 0..1_000_000u32 {
            let hash = key_hash(&key.to_string());
            let point = ring.points()[ring.owner_point(hash)];
            let line = format!(
                "{hash} {} {}\n",
                point.position,
                ring.server_name(point.server as usize)
            );
            out.update(line.as_bytes());
        }
        let hex: String = out.finalize().iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(hex, "5672b131391f5aa2b280936aec1eea74");
    }

    #[test]
    fn libketamas_python_test_sends_test_to_the_first_server() {
        let ring = ring(&names(&["127.0.0.1:11211", "127.0.0.1:11212"]), &[600, 400]);
        assert_eq!(ring.points().len(), 320);
        let point = ring.points()[ring.owner_point(key_hash("test"))];
        assert_eq!(point.position, 3_454_255_383);
        assert_eq!(ring.server_name(point.server as usize), "127.0.0.1:11211");
    }

    #[test]
    fn spymemcacheds_published_keys_land_where_its_tests_expect() {
        let four = names(&[
            "127.0.0.1:10000",
            "127.0.0.1:10001",
            "127.0.0.1:10002",
            "127.0.0.1:10003",
        ]);
        let ring4 = ring(&four, &[1; 4]);
        let owner = |ring: &Ring, key: &str| ring.owner_of(key_hash(key));
        assert_eq!(owner(&ring4, "dustin"), 0);
        assert_eq!(owner(&ring4, "noelani"), 2);
        assert_eq!(owner(&ring4, "some other key"), 0);
        assert_eq!(ring4.points().last().unwrap().position, 4_294_887_009);
        for key in ["V5XS8C8N", "8KR2DKR2", "L9KH6X4X"] {
            assert_eq!(owner(&ring4, key), 3, "{key} wraps past the top");
        }
        let mut five = four.clone();
        five.push(Arc::from("127.0.0.1:10004"));
        let ring5 = ring(&five, &[1; 5]);
        for (key, want) in [
            ("some other key", 4),
            ("36", 2),
            ("10037", 3),
            ("22051", 1),
            ("49044", 4),
        ] {
            assert_eq!(owner(&ring5, key), want, "{key}");
        }
    }

    #[test]
    fn an_even_cluster_gives_each_server_160_points() {
        for n in 1..=40usize {
            assert_eq!(digest_count(1, n as u64, n), 40, "{n} servers");
        }
    }
}
