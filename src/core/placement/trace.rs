//! One key's lookup, step by step, in each algorithm's own terms: the words for the
//! selected-key panel and the marks the canvas draws.

use super::bounded::skipped_points;
use super::placed::{ketama_hash, Algo, Placed};
use super::{jump, multi_probe, Layout};
use crate::core::hash::HashScheme;
use crate::core::keys::KeySet;
use crate::core::modn::mod_n_owner;
use crate::core::words::plural;

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
    /// Rendezvous only: every server's score, in list order.
    pub scores: Vec<f64>,
}

impl Placed {
    /// How key `id` of `layout` (the layout this was evaluated on) finds its server.
    pub fn trace(&self, layout: &Layout<'_>, id: u32) -> Trace {
        let keys: &KeySet = layout.keys;
        let label = keys.label(id);
        let hash = keys.hash_of(id);
        let position = keys.position_of(id);
        let owner = self.owner_of_key(keys, id);
        let name = |i: usize| self.names[i].to_string();
        let mut steps = Vec::new();
        let mut marks = Vec::new();
        let mut scores = Vec::new();
        if !matches!(self.algo, Algo::Ketama(_) | Algo::System { .. }) {
            steps.extend(hash_steps(layout, id));
        }
        match &self.algo {
            Algo::System { built, spots } => {
                steps.extend(keys.with_label(id, |l| built.steps(l, &self.names)));
                let spot = spots[id as usize];
                match built.points() {
                    Some(points) => {
                        let at = keys.with_label(id, |l| match built.locate(l).coordinate {
                            super::systems::Coordinate::Token(t) => {
                                super::systems::points::token_position(t)
                            }
                            super::systems::Coordinate::Hash(h) => h,
                            _ => 0,
                        });
                        let p = points.points()[points.owner_point(at)];
                        marks.push(Mark::Walk {
                            from: spot,
                            to: points.spot(p.at),
                        });
                    }
                    None => marks.push(Mark::Span {
                        from: spot,
                        to: spot,
                    }),
                }
            }
            Algo::ModN => {
                let n = self.names.len();
                let i = mod_n_owner(hash, n);
                steps.push(format!(
                    "{hash} mod {n} = {i}, so servers[{i}]: {}.",
                    name(i)
                ));
            }
            Algo::Ring(ring) => {
                let point = ring.points()[ring.owner_point(position)];
                steps.push(walk_words(
                    layout.size.distance(position, point.position),
                    position,
                    point.position,
                    &name(point.server as usize),
                ));
                marks.push(Mark::Walk {
                    from: position,
                    to: point.position,
                });
            }
            Algo::Ketama(ring) => {
                let kh = ketama_hash(keys, id);
                let digest: String = HashScheme::Md5First32
                    .explain(&label)
                    .digest_hex
                    .unwrap_or_default();
                steps.push(format!("MD5(\"{label}\") = {digest}"));
                steps.push(format!(
                    "Ketama reads its first 4 bytes little-endian: {kh} (0x{kh:08x})."
                ));
                let p = ring.points()[ring.owner_point(kh)];
                let server = name(p.server as usize);
                steps.push(format!(
                    "The first ketama point at or after it is {server}'s, at {}: bytes {}–{} of MD5(\"{server}-{}\").",
                    p.position,
                    4 * (p.vnode % 4),
                    4 * (p.vnode % 4) + 3,
                    p.vnode / 4
                ));
                marks.push(Mark::Walk {
                    from: kh,
                    to: p.position,
                });
            }
            Algo::Rendezvous(r) => {
                scores = r.scores(hash);
                let mut ranked: Vec<usize> = (0..scores.len()).collect();
                ranked.sort_unstable_by(|&a, &b| scores[b].total_cmp(&scores[a]).then(a.cmp(&b)));
                let shown: Vec<String> = ranked
                    .iter()
                    .take(6)
                    .map(|&i| format!("{} {:.3}", name(i), scores[i]))
                    .collect();
                let more = ranked.len().saturating_sub(6);
                steps.push(format!(
                    "Every server scores the key; highest first: {}{}.",
                    shown.join(", "),
                    if more > 0 {
                        format!(" and {more} more")
                    } else {
                        String::new()
                    }
                ));
                steps.push(format!("The highest score wins: {}.", name(owner)));
            }
            Algo::Jump { jump: j, .. } => {
                let key = jump::Jump::key(hash);
                let path = jump::landings(key, j.buckets);
                let hops: Vec<String> = path.iter().map(u32::to_string).collect();
                steps.push(format!("Its 64-bit key is 0x{key:016x}."));
                steps.push(format!(
                    "It jumps to buckets {}; the next jump would land past bucket {}.",
                    hops.join(" → "),
                    j.buckets - 1
                ));
                steps.push(format!(
                    "Bucket {} is server {} in the list: {}.",
                    owner,
                    owner + 1,
                    name(owner)
                ));
            }
            Algo::Maglev(m) => {
                let e = m.entry_of(hash);
                let held = m.table.iter().filter(|&&o| o as usize == owner).count();
                steps.push(format!("{hash} mod {} = entry {e}.", m.size()));
                steps.push(format!(
                    "Entry {e} of the table belongs to {}, which holds {held} of the {} entries.",
                    name(owner),
                    m.size()
                ));
                marks.push(Mark::Span { from: e, to: e });
            }
            Algo::Table(t) => {
                let size = layout.size;
                let p = t.partition_of(position, size);
                let (first, next) = (t.start_of(p, size), t.start_of(p + 1, size));
                steps.push(format!(
                    "Its partition is ⌊{position} × {} / {}⌋ = {p}, positions {first} to {}.",
                    t.count(),
                    size,
                    next - 1
                ));
                steps.push(format!("Row {p} of the table: {}.", name(owner)));
                marks.push(Mark::Span {
                    from: first as u32,
                    to: (next - 1) as u32,
                });
            }
            Algo::Bounded { ring, caps, .. } => {
                let first = ring.points()[ring.owner_point(position)];
                let skipped = skipped_points(ring, position, owner);
                let last = ring.points()
                    [(ring.owner_point(position) + skipped.len()) % ring.points().len()];
                if skipped.is_empty() {
                    steps.push(walk_words(
                        layout.size.distance(position, first.position),
                        position,
                        first.position,
                        &name(owner),
                    ));
                    steps.push(format!(
                        "{} had room (its cap is {} keys), so it keeps the key.",
                        name(owner),
                        caps[owner]
                    ));
                } else {
                    let mut passed: Vec<String> = Vec::new();
                    for &p in &skipped {
                        let s = name(ring.points()[p].server as usize);
                        if !passed.contains(&s) {
                            passed.push(s);
                        }
                        marks.push(Mark::Skipped {
                            at: ring.points()[p].position,
                        });
                    }
                    steps.push(format!(
                        "On the plain ring it would go to {}'s point at {}.",
                        name(first.server as usize),
                        first.position
                    ));
                    steps.push(format!(
                        "When it arrived, {} {} full, so it walked on past {} {} to {}'s point at {}.",
                        passed.join(", "),
                        if passed.len() == 1 { "was" } else { "were" },
                        skipped.len(),
                        plural(skipped.len(), "point", "points"),
                        name(owner),
                        last.position
                    ));
                }
                marks.push(Mark::Walk {
                    from: position,
                    to: last.position,
                });
            }
            Algo::MultiProbe { ring, probes } => {
                let all = multi_probe::probes(ring, hash, *probes);
                let best = multi_probe::winner(&all);
                for (i, p) in all.iter().enumerate() {
                    marks.push(Mark::Probe {
                        at: p.position,
                        to: ring.points()[p.point].position,
                        best: i == best,
                    });
                }
                let win = all[best];
                let point = ring.points()[win.point];
                steps.push(format!(
                    "The key is hashed {probes} times; each probe finds the first server point at or after it."
                ));
                steps.push(format!(
                    "Probe {} at {} is nearest: {}'s point at {}, {} away.",
                    best + 1,
                    win.position,
                    name(point.server as usize),
                    point.position,
                    win.distance
                ));
            }
        }
        Trace {
            owner,
            steps,
            marks,
            scores,
        }
    }
}

/// From a key's name to its 32-bit hash and its position on the ring.
fn hash_steps(layout: &Layout<'_>, id: u32) -> Vec<String> {
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

fn walk_words(distance: u64, from: u32, to: u32, owner: &str) -> String {
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
