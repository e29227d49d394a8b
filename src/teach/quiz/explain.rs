//! Why a key stays or moves, in the placement's own terms.
//!
//! On the ring the reason is the clockwise walk: the point a key's walk meets first, before and
//! after the change, and which of them is new or gone. Every other placement explains itself
//! through its lookup's own steps ([`Placed::trace`]): the remainder under mod N, the scores
//! under rendezvous, the jumps under jump hash, the partition under the table, and so on.

use crate::core::placement::{Kind, Placed};
use crate::core::{Change, Error, Membership, Outcome, Point, Ring, Scenario};

/// What happens to one key when a change is applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyFate {
    /// The key's label: `@52`, `user:7`.
    pub label: String,
    /// Its server before the change.
    pub from: String,
    /// Its server after the change.
    pub to: String,
    /// Whether it changed server.
    pub moved: bool,
    /// Why, in a sentence or two.
    pub why: String,
}

/// The scenario after `change`, and what it did. Changes that add or remove keys, or touch
/// only the traffic, are refused: questions ask what a change does to the same keys.
pub(crate) fn change_on(
    scenario: &Scenario,
    change: &Change,
) -> Result<(Scenario, Outcome), Error> {
    if !change.can_move_keys() {
        return Err(Error::Question(format!(
            "The change {} does not move keys between servers; ask about a change to the servers or the placement.",
            crate::core::shown(&change.to_string())
        )));
    }
    scenario
        .after(change.clone())
        .map_err(|e| Error::Question(format!("The change {change} cannot be applied here: {e}")))
}

/// Every key's fate under `change`, in ring order, as the engine's moves say.
pub(crate) fn fates(
    before: &Scenario,
    after: &Scenario,
    outcome: &Outcome,
    change: &Change,
) -> Vec<KeyFate> {
    let (placed_before, placed_after) = (before.placed(), after.placed());
    let sides = Sides {
        before,
        placed_before: &placed_before,
        after,
        placed_after: &placed_after,
        change,
    };
    before
        .keys()
        .order()
        .iter()
        .map(|&id| sides.fate(id, outcome.moved.keys.contains(id)))
        .collect()
}

/// The scenario before and after a change, each with its evaluated placement.
struct Sides<'a> {
    pub before: &'a Scenario,
    pub placed_before: &'a Placed,
    pub after: &'a Scenario,
    pub placed_after: &'a Placed,
    pub change: &'a Change,
}

impl Sides<'_> {
    /// The fate of key `id`, which the engine says did or did not move.
    pub fn fate(&self, id: u32, moved: bool) -> KeyFate {
        let keys = self.before.keys();
        let label = keys.label(id);
        let from =
            self.placed_before.names()[self.placed_before.owner_of_key(keys, id)].to_string();
        let to = self.placed_after.names()[self.placed_after.owner_of_key(self.after.keys(), id)]
            .to_string();
        let why = if self.on_one_ring() {
            self.ring_reason(id, &label, moved)
        } else {
            self.traced_reason(id, &label, &from, &to, moved)
        };
        KeyFate {
            label,
            from,
            to,
            moved,
            why,
        }
    }

    /// Whether both sides are the ring placement on the same positions, so walks compare.
    fn on_one_ring(&self) -> bool {
        self.placed_before.kind() == Kind::Ring
            && self.placed_after.kind() == Kind::Ring
            && self.before.size() == self.after.size()
            && self.before.hash() == self.after.hash()
    }

    fn ring_reason(&self, id: u32, label: &str, moved: bool) -> String {
        let (rb, ra) = (self.before.ring(), self.after.ring());
        let at = self.before.keys().position_of(id);
        let pb = rb.points()[rb.owner_point(at)];
        let pa = ra.points()[ra.owner_point(at)];
        let (nb, na) = (
            rb.server_name(pb.server as usize),
            ra.server_name(pa.server as usize),
        );
        let size = self.before.size();
        let wrap = |p: &Point| {
            if p.position < at {
                " past the top"
            } else {
                ""
            }
        };
        if !moved {
            if pb.position == pa.position && nb == na {
                if size.distance(at, pb.position) == 0 {
                    return format!("{label} stays on {nb}: {nb}'s point sits right at {at}.");
                }
                return format!(
                    "{label} stays on {nb}: walking clockwise from {at}{} it still meets {nb}'s point at {} first.{}",
                    wrap(&pb),
                    pb.position,
                    self.aside()
                );
            }
            return format!(
                "{label} stays on {nb}: walking clockwise from {at} it now meets {na}'s point at {} first, another point of the same server.",
                pa.position
            );
        }
        if !holds(rb, &pa, na) {
            let meets = if size.distance(at, pa.position) == 0 {
                format!("{na}'s new point sits right at {at}")
            } else {
                format!(
                    "walking clockwise from {at}{} it now meets {na}'s new point at {}",
                    wrap(&pa),
                    pa.position
                )
            };
            format!(
                "{label} moves from {nb} to {na}: {meets}, before {nb}'s point at {}.",
                pb.position
            )
        } else if !holds(ra, &pb, nb) {
            format!(
                "{label} moves from {nb} to {na}: {nb}'s point at {} is gone, so the walk from {at} goes on{} to {na}'s point at {}.",
                pb.position,
                wrap(&pa),
                pa.position
            )
        } else {
            format!(
                "{label} moves from {nb} to {na}: walking clockwise from {at} it now ends at {na}'s point at {} instead of {nb}'s point at {}.",
                pa.position, pb.position
            )
        }
    }

    /// For a key that stays: the joining or leaving server's points were not on its way.
    fn aside(&self) -> String {
        let (ring, name, new) = match self.change.membership() {
            Some(Membership::Joins { name, .. }) => (self.after.ring(), name.trim(), true),
            Some(Membership::Leaves(name)) => (self.before.ring(), name.trim(), false),
            Some(Membership::Fails(_)) | None => return String::new(),
        };
        let Some(index) = ring.names().iter().position(|n| &**n == name) else {
            return String::new();
        };
        let points: Vec<u32> = ring
            .points()
            .iter()
            .filter(|p| p.server as usize == index)
            .map(|p| p.position)
            .collect();
        match (points.as_slice(), new) {
            ([one], true) => format!(" {name}'s new point at {one} is not on the way."),
            ([one], false) => format!(" {name}'s point at {one} was not on the way."),
            (many, true) => format!(" None of {name}'s {} new points is on the way.", many.len()),
            (many, false) => format!(" None of {name}'s {} points was on the way.", many.len()),
        }
    }

    fn traced_reason(&self, id: u32, label: &str, from: &str, to: &str, moved: bool) -> String {
        let sb = decisive(self.before, self.placed_before, id);
        let sa = decisive(self.after, self.placed_after, id);
        let under = super::phrases::under(self.placed_after.kind());
        if sb == sa && !moved {
            return format!(
                "{label} stays on {from}{under}: its lookup is the same before and after. {}",
                sb.join(" ")
            );
        }
        let common = sb.iter().zip(&sa).take_while(|(b, a)| b == a).count();
        let lead = if moved {
            format!("moves from {from} to {to}")
        } else {
            format!("stays on {from}")
        };
        let shared: String = sb[..common].iter().map(|s| format!(" {s}")).collect();
        format!(
            "{label} {lead}{under}.{shared} Before: {} After: {}",
            sb[common..].join(" "),
            sa[common..].join(" ")
        )
    }
}

/// Whether `ring` holds the point `p` of server `name` (the same position and virtual node).
fn holds(ring: &Ring, p: &Point, name: &str) -> bool {
    ring.points().iter().any(|q| {
        q.position == p.position
            && q.vnode == p.vnode
            && ring.server_name(q.server as usize) == name
    })
}

/// The steps of key `id`'s lookup that decide its server, without the steps that hash it.
fn decisive(scenario: &Scenario, placed: &Placed, id: u32) -> Vec<String> {
    let mut trace = placed.trace(&scenario.layout(), id);
    trace.steps.drain(..trace.hashing.min(trace.steps.len()));
    trace.steps
}
