//! What changed hands besides keys: the slots of a system whose slots keep their numbers
//! (Redis Cluster), or the ranges of a ring (the ring's positions, a system's points: Cassandra's
//! tokens), each as inclusive `[first, last]` spans by pair of servers.

use std::collections::BTreeMap;

use crate::core::diff::RingDiff;
use crate::core::placement::systems::points::Points;
use crate::core::placement::systems::Shape;
use crate::core::placement::Placed;
use crate::core::ring::Ring;

/// Spans `[first, last]` by (from, to) server names.
pub(super) type ByPair = BTreeMap<(String, String), Vec<(i128, i128)>>;

/// One side of a change: its placement, and its ring of points where the placement owns arcs
/// of it.
pub(super) type Side<'a> = (&'a Placed, Option<&'a Ring>);

/// The slots or ranges that change hands, and what to call them (`slots`, `ranges`); `None`
/// for a placement with neither (a table of entries, rendezvous, a system that regroups keys).
pub(super) fn moved_ranges(
    (before, ring_before): Side<'_>,
    (after, ring_after): Side<'_>,
) -> Option<(&'static str, ByPair)> {
    let (nb, na) = (before.names(), after.names());
    let mut out = ByPair::new();
    let mut push = |from: &str, to: &str, first: i128, last: i128| {
        if from == to {
            return;
        }
        let spans = out.entry((from.to_string(), to.to_string())).or_default();
        match spans.last_mut() {
            Some((_, end)) if *end + 1 == first => *end = last,
            _ => spans.push((first, last)),
        }
    };
    match (before.system(), after.system()) {
        (Some(b), Some(a)) if !b.regroups() => match (b.shape(), a.shape()) {
            (Shape::Units(ub), Shape::Units(ua)) if ub.len() == ua.len() => {
                for unit in 0..ub.len() {
                    let u = i128::from(unit);
                    push(&nb[ub.owner(unit)], &na[ua.owner(unit)], u, u);
                }
                Some((before.kind().units().unwrap_or("slots"), out))
            }
            (Shape::Points(pb), Shape::Points(pa)) if pb.bits() == pa.bits() => {
                for (first, last, owner_b, owner_a) in segments(pb, pa) {
                    let (f, l) = (b.position_value(first), b.position_value(last));
                    push(&nb[owner_b], &na[owner_a], f, l);
                }
                Some(("ranges", out))
            }
            _ => None,
        },
        (None, None) => {
            let (rb, ra) = (ring_before?, ring_after?);
            let top = i128::from(rb.size().get()) - 1;
            for arc in RingDiff::between(rb, ra).arcs {
                let first = (i128::from(arc.start) + 1) % (top + 1);
                let last = i128::from(arc.end);
                if first <= last && arc.length <= top as u64 {
                    push(&arc.from, &arc.to, first, last);
                } else {
                    // The arc wraps past the top (or is the whole ring).
                    push(&arc.from, &arc.to, first, top);
                    push(&arc.from, &arc.to, 0, last);
                }
            }
            for spans in out.values_mut() {
                spans.sort_unstable();
            }
            Some(("ranges", out))
        }
        _ => None,
    }
}

/// The circle cut at every point of either side, in order: `(first, last, owner before, owner
/// after)` for each stretch, a stretch owned by the owner of the point at its end. The stretch
/// past the last point wraps to the first and is cut at the top.
fn segments(before: &Points, after: &Points) -> Vec<(u64, u64, usize, usize)> {
    let mut ends: Vec<u64> = before
        .points()
        .iter()
        .chain(after.points())
        .map(|p| p.at)
        .collect();
    ends.sort_unstable();
    ends.dedup();
    let Some(&last_end) = ends.last() else {
        return Vec::new();
    };
    let top = if before.bits() >= 64 {
        u64::MAX
    } else {
        (1u64 << before.bits()) - 1
    };
    let owners = |at: u64| (before.owner(at), after.owner(at));
    let mut out = Vec::with_capacity(ends.len() + 1);
    let mut first = 0u64;
    for &end in &ends {
        let (b, a) = owners(end);
        out.push((first, end, b, a));
        first = end.wrapping_add(1);
    }
    if last_end < top {
        // Past the last point, keys wrap to the first point's owner.
        let (b, a) = owners(ends[0]);
        out.push((last_end + 1, top, b, a));
    }
    out
}
