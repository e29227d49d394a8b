//! HAProxy's `hash-type consistent` (as in HAProxy 2.6, Debian 12's): which server of a backend
//! a request goes to under `balance url_param`, `balance hdr(…)` or any other hashed balance.
//!
//! **The key.** `balance url_param NAME` takes the request's target exactly as the request
//! line carries it, still percent-encoded, finds its first `?`, and walks the query's
//! parameters, each starting after the `?` or after a `&`: the first one that starts with
//! `NAME=` (compared byte for byte, case-sensitive) gives the value, up to the next `&` or the
//! end. `?key=` gives the empty value, which is hashed like any other; a query without the
//! parameter gives no key, and HAProxy then falls back to round robin. `balance hdr(NAME)`
//! takes the first header whose name equals `NAME` ignoring ASCII case, and of its value only
//! the first element of the comma-separated list: from the start, leading spaces and tabs
//! skipped, to the first comma outside a `"quoted string"` (where `\` escapes the next
//! character), trailing spaces and tabs dropped. An empty first element, or no such header,
//! gives no key (round robin). With `use_domain_only` only the domain of such a value is
//! hashed: the bytes between the last dot and the dot before it (`www.example.com` gives
//! `example`, `example.com` gives `example`, a name without a dot is kept whole). HAProxy 2.6
//! starts that walk one byte past the value, in its own copy of the request where each header's
//! lower-cased name follows the previous header's trimmed value: when that byte is a dot (the
//! next header's name starts with `.`), the last label is hashed instead (`com`). See
//! [`header_element`] and [`domain_only_before`].
//!
//! **The hash.** `hash-type consistent [FUNCTION [avalanche]]`: FUNCTION is `sdbm` (the
//! default), `djb2`, `wt6` or `crc32` (zlib's CRC-32), computed over the key's bytes as
//! unsigned. `avalanche` passes the result through [`full_hash`], Bob Jenkins' 32-bit integer
//! hash followed by a multiplication by 3,221,225,473. A bare `hash-type consistent` means
//! sdbm *with* avalanche, while `hash-type consistent sdbm` means sdbm without it.
//!
//! **The servers.** Each server has a numeric id: its `id` when the configuration sets one,
//! otherwise one given in configuration order by a counter that starts at 1 and is incremented
//! after every server, those with an explicit `id` included; a server without an `id` takes
//! the counter's value, or the first larger value no explicit `id` holds. So `a`, `b id 1`,
//! `c` get ids 2, 1 and 4 (not 3). Removing a server's line renumbers the servers after it
//! unless their ids are explicit; a `disabled` server (maintenance) keeps its id and has no
//! points. A server of weight `w` (1 by default, 0 to 256) has `16 × w` points:
//! point `j` is `full_hash(id × 4096 + j)` for `j` in `0..16w`, in 32-bit wrapping arithmetic.
//! Since [`full_hash`] is a bijection and `16w ≤ 4096`, no two points of servers with ids
//! below 2^20 coincide.
//!
//! **The lookup.** The points of the usable active servers form the tree; with none, the first
//! usable `backup` server takes every request (or, with `option allbackups`, the backup
//! servers' points form the tree). For the key's hash `h`, HAProxy finds the first point at or
//! after `h` (wrapping to the first) and the point before that one (wrapping to the last), and
//! picks the nearer: with `dp = h − before` and `dn = after − h` in wrapping 32-bit arithmetic,
//! the point before wins when `dp ≤ dn`. So unlike most rings a key often goes to the point
//! *before* it, and a tie goes there too.

mod backend;
mod config;
pub mod hashes;
pub mod link;
pub mod pasted;
mod request;
mod server_ids;
mod settings;

use std::sync::Arc;

use super::points::Points;
use super::structure::evaluated;
use super::system::{Coordinate, Located, Shape, System};
use crate::core::numbers_and_lists::{grouped, plural};
use crate::core::placement::layout::Layout;
use crate::core::placement::measure::Space;
use crate::core::placement::options::Setting;
use crate::core::placement::spec::{
    any_may_leave, drawn_on_circle, hash_hover, no_caveat, nothing_ignored, Circle, Copies, Lookup,
    Panel, ServersBy, Spec, Weights, SERVER_VERBS,
};
use crate::core::placement::structure::{Earlier, Evaluated};

pub use backend::{
    assign_ids, server_points, Backend, Server, ID_STRIDE, MAX_WEIGHT, POINTS_PER_WEIGHT,
};
pub use config::{parse_backend, Config};
pub use hashes::{crc32, djb2, full_hash, sdbm, wt6, Function, HashType};
pub use request::{
    domain_only, domain_only_before, first_element, header, header_element, url_param, Balance,
};
pub use server_ids::ServerIds;
pub use settings::{parse_hash_type, HASH_TYPE};

/// HAProxy's `hash-type consistent`.
pub static SPEC: Spec = Spec {
    id: "haproxy",
    name: "HAProxy hash-type consistent",
    phrase: "HAProxy's hash-type consistent",
    called: "HAProxy",
    under: "under HAProxy",
    summary: "The key's hash (sdbm with avalanche by default) goes to the nearer of the server points before and after it; each server has 16 points per unit of weight, made from its numeric id.",
    system: true,
    verbs: SERVER_VERBS,
    units: Some("points"),
    weights: Weights::Honoured,
    circle: Circle::Own,
    fixed_ring: false,
    arcs: true,
    lookup: Lookup::Nearest,
    servers_by: ServersBy::ListPlace,
    settings: &[Setting::System(&HASH_TYPE)],
    note: Some("Each server's points come from its numeric id: 1, 2, 3… in list order, or the id a pasted backend gives it. Removing a server renumbers the servers after it unless their ids were given."),
    hover: hash_hover,
    picture: |_, places| drawn_on_circle(SPEC.name, places),
    listing: "Each server's id and points",
    panel: Panel::None,
    practice: None,
    copies: Copies::Unsaid,
    caveat: no_caveat,
    refuse_leaving: any_may_leave,
    ignored: nothing_ignored,
};

pub(in crate::core::placement) fn evaluate(
    layout: &Layout<'_>,
    _: Option<Earlier<'_>>,
) -> Evaluated {
    let ids = layout.systems.ids();
    let servers: Vec<Server> = layout
        .servers
        .iter()
        .map(|s| Server {
            id: ids.of(&s.name),
            ..Server::new(&s.name, s.weight())
        })
        .collect();
    let backend = Backend::new(&servers, layout.options.hash_type(), false);
    let points = backend.points();
    evaluated(layout, "points", Placed { backend, points })
}

/// A backend as Ringlab places keys on it, with its points for drawing.
#[derive(Debug)]
struct Placed {
    backend: Backend,
    points: Points,
}

impl System for Placed {
    fn locate(&self, key: &str) -> Located {
        let h = self.backend.hash_type().hash(key.as_bytes());
        Located {
            owner: self.backend.server_for_hash(h).unwrap_or(0),
            spot: h,
            coordinate: Coordinate::Hash(u64::from(h)),
        }
    }

    fn owner_at_spot(&self, spot: u32) -> usize {
        self.backend.server_for_hash(spot).unwrap_or(0)
    }

    fn shape(&self) -> Shape<'_> {
        Shape::Points(&self.points)
    }

    fn steps(&self, key: &str, names: &[Arc<str>]) -> (Vec<String>, usize) {
        let name = |i: usize| names.get(i).map_or("?", |n| n);
        let hash_type = self.backend.hash_type();
        let bytes = key.as_bytes();
        let plain = hash_type.function.hash(bytes);
        let h = hash_type.hash(bytes);
        let mut steps = vec![format!(
            "{}({key:?}) = {plain} (0x{plain:08x}).",
            hash_type.function.name()
        )];
        if hash_type.avalanche {
            steps.push(format!("The avalanche step makes it {h} (0x{h:08x})."));
        }
        let hashing = steps.len();
        let tree = self.backend.tree();
        if let Some(owner) = self.backend.server_for_hash(h).filter(|_| tree.len() > 1) {
            let next = tree.partition_point(|&(p, _)| p < h) % tree.len();
            let prev = (next + tree.len() - 1) % tree.len();
            let (before, after) = (tree[prev], tree[next]);
            let (dp, dn) = (h.wrapping_sub(before.0), after.0.wrapping_sub(h));
            steps.push(format!(
                "The points around it are {}'s at {} ({dp} before) and {}'s at {} ({dn} after).",
                name(before.1),
                before.0,
                name(after.1),
                after.0
            ));
            steps.push(if dp <= dn {
                format!(
                    "The point before is as near or nearer, so {} takes the key.",
                    name(owner)
                )
            } else {
                format!(
                    "The point after is nearer, so {} takes the key.",
                    name(owner)
                )
            });
        } else {
            let owner = self.backend.server_for_hash(h).unwrap_or(0);
            steps.push(format!(
                "{} holds every point, so it takes the key.",
                name(owner)
            ));
        }
        (steps, hashing)
    }

    fn listing(&self, names: &[Arc<str>]) -> Vec<String> {
        let counts = self.points.counts(names.len());
        names
            .iter()
            .zip(self.backend.ids())
            .zip(counts)
            .map(|((name, id), count)| {
                format!(
                    "{name}: id {id}, {} {}",
                    grouped(count),
                    plural(count as usize, "point", "points")
                )
            })
            .collect()
    }

    fn headline(&self, servers: usize) -> String {
        format!(
            "{} points on {servers} {}, hash-type {}",
            grouped(self.points.points().len() as u64),
            plural(servers, "server", "servers"),
            self.backend.hash_type()
        )
    }

    fn space(&self, _: usize) -> Space {
        Space {
            amounts: self.backend.hash_values(),
            total: 1 << 32,
            unit: "hash values",
            exact: true,
        }
    }

    fn shares(&self, _: usize) -> Vec<f64> {
        self.backend
            .hash_values()
            .into_iter()
            .map(|v| v as f64 / (1u64 << 32) as f64)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    #[test]
    fn the_hash_functions_give_the_values_haproxy_computes() {
        // What HAProxy 2.6.12's converters printed for these bytes (`sdbm`, `djb2`, `wt6`,
        // `crc32`, then each with its avalanche argument 1), the last two sent as a header.
        let golden: [(&[u8], [u32; 8]); 5] = [
            (
                b"key-1",
                [
                    4206784515, 264808716, 205417893, 250396538, 3361758378, 3847200801,
                    2248388548, 1799278064,
                ],
            ),
            (
                b"",
                [
                    0, 5381, 4187620192, 0, 2874071335, 3719394183, 2385687481, 2874071335,
                ],
            ),
            (
                b"a",
                [
                    97, 177670, 1900802597, 3904355907, 1830748055, 3548763807, 1986649387,
                    1288200982,
                ],
            ),
            (
                b"123456789",
                [
                    1755344949, 902675330, 2225171485, 3421780262, 3400502718, 2717138294,
                    4053691039, 1130417534,
                ],
            ),
            (
                b"caf\xc3\xa9 \xff\x80!",
                [
                    3414707918, 29889915, 360057138, 4107006478, 1353304665, 1118719656,
                    1631381630, 557462627,
                ],
            ),
        ];
        for (bytes, want) in golden {
            let mut got = [0u32; 8];
            for (i, f) in Function::ALL.into_iter().enumerate() {
                got[i] = f.hash(bytes);
                got[i + 4] = HashType {
                    function: f,
                    avalanche: true,
                }
                .hash(bytes);
            }
            assert_eq!(got, want, "{:?}", String::from_utf8_lossy(bytes));
        }
        assert_eq!(HashType::DEFAULT.hash(b"user:1000"), 298029626);
    }

    #[test]
    fn avalanche_is_a_bijection_on_a_sample() {
        let mut seen: Vec<u32> = (0..200_000u32).map(full_hash).collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 200_000);
    }

    #[test]
    fn a_key_goes_to_the_nearer_point_and_a_tie_to_the_one_before() {
        let b = Backend::new(
            &[Server::new("a", 1), Server::new("b", 1)],
            HashType::DEFAULT,
            false,
        );
        let tree = b.tree();
        for w in tree.windows(2) {
            let (p, q) = (w[0], w[1]);
            if q.0 - p.0 < 4 || p.1 == q.1 {
                continue;
            }
            let gap = q.0 - p.0;
            assert_eq!(b.server_for_hash(p.0 + 1), Some(p.1));
            assert_eq!(b.server_for_hash(q.0 - 1), Some(q.1));
            if gap % 2 == 0 {
                assert_eq!(b.server_for_hash(p.0 + gap / 2), Some(p.1), "a tie");
                assert_eq!(b.server_for_hash(p.0 + gap / 2 + 1), Some(q.1));
            }
            assert_eq!(b.server_for_hash(q.0), Some(q.1), "on a point");
        }
        // Past the last point and before the first, the distances wrap.
        let (first, last) = (tree[0], tree[tree.len() - 1]);
        assert_eq!(b.server_for_hash(last.0.wrapping_add(1)), Some(last.1));
        assert_eq!(b.server_for_hash(first.0.wrapping_sub(1)), Some(first.1));
    }

    #[test]
    fn weights_give_sixteen_points_each_and_disabled_servers_keep_their_ids() {
        let mut servers = vec![
            Server::new("a", 1),
            Server::new("b", 2),
            Server::new("c", 3),
        ];
        let b = Backend::new(&servers, HashType::DEFAULT, false);
        assert_eq!(b.points().counts(3), vec![16, 32, 48]);
        servers[1].disabled = true;
        let d = Backend::new(&servers, HashType::DEFAULT, false);
        assert_eq!(d.ids(), &[1, 2, 3]);
        assert_eq!(d.points().counts(3), vec![16, 0, 48]);
        for h in (0..u32::MAX).step_by(7_777_777) {
            let before = b.server_for_hash(h).unwrap();
            let after = d.server_for_hash(h).unwrap();
            assert_ne!(after, 1);
            if before != 1 {
                // Only keys near b's points move, and only those whose nearest point was b's.
                assert!(after == before || b.server_for_hash(h) == Some(1));
            }
        }
    }

    #[test]
    fn without_active_servers_the_first_backup_takes_everything() {
        let mut servers = vec![
            Server::new("a", 1),
            Server::new("b", 1),
            Server::new("c", 1),
        ];
        servers[0].disabled = true;
        servers[1].backup = true;
        servers[2].backup = true;
        let b = Backend::new(&servers, HashType::DEFAULT, false);
        assert!((0..100u32).all(|h| b.server_for_hash(h * 40_000_000) == Some(1)));
        let all = Backend::new(&servers, HashType::DEFAULT, true);
        let seen: BTreeSet<usize> = (0..100u32)
            .filter_map(|h| all.server_for_hash(h * 40_000_000))
            .collect();
        assert_eq!(seen, BTreeSet::from([1, 2]));
        servers[1].disabled = true;
        servers[2].disabled = true;
        assert_eq!(
            Backend::new(&servers, HashType::DEFAULT, false).server_for_hash(5),
            None
        );
    }

    #[test]
    fn the_backend_reader_refuses_what_it_cannot_place() {
        assert!(parse_backend("balance url_param key\nserver a 1.2.3.4:80\n").is_err());
        assert!(parse_backend("hash-type map-based\n").is_err());
        assert!(parse_backend("hash-type consistent\nbalance roundrobin\n").is_err());
        assert!(parse_backend("hash-type consistent\nserver a 1:1 weight 257\n").is_err());
        assert!(
            parse_backend("hash-type consistent\nserver a 1:1 id 2\nserver b 1:2 id 2\n").is_err()
        );
        let c = parse_backend(
            "listen x\n balance hdr(Host) use_domain_only\n hash-type consistent wt6 avalanche\n option allbackups\n server a 1:1 check backup\n",
        )
        .unwrap();
        assert_eq!(
            c.balance,
            Some(Balance::Header {
                name: "Host".into(),
                domain_only: true
            })
        );
        assert_eq!(c.hash_type.to_string(), "consistent wt6 avalanche");
        assert!(c.all_backups && c.servers[0].backup);
    }

    #[test]
    fn the_domain_is_taken_between_the_last_two_dots() {
        assert_eq!(domain_only(b"a.b."), b"b");
        assert_eq!(domain_only(b".com"), b".com");
        assert_eq!(domain_only(b"www.example.com:8080"), b"example");
        assert_eq!(domain_only(b""), b"");
    }
}
