//! "Which stretch?": the positions a server owns, or the positions a change hands over, as one
//! clockwise stretch of the ring.
//!
//! On the ring placement stretches come from the points: a point owns `(previous point, point]`
//! and neighbouring arcs of one server join. Other placements whose keys sit on the ring's
//! positions (hash mod N, rendezvous, jump, the partition table, bounded loads, multi-probe) are
//! asked position by position, so only on rings of at most [`MAX_SCANNED`] positions. A question
//! is refused when the stretch it asks about is not one piece.

use crate::core::placement::Circle;
use crate::core::placement::{Kind, Placed};
use crate::core::plural;
use crate::core::Error;
use crate::core::RingDiff;
use crate::core::Scenario;
use crate::core::{amount, and_list};
use crate::core::{Change, Membership};
use crate::teach::quiz::answer::{Answer, Span};
use crate::teach::quiz::ask::ArcOf;
use crate::teach::quiz::explain::change_on;
use crate::teach::quiz::parts::Parts;
use crate::teach::quiz::phrases::{change_words, placement_words, under};

/// The largest ring asked position by position.
pub const MAX_SCANNED: u64 = 4096;

/// One stretch and who holds it (or who it passes between).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Run {
    span: Span,
    /// Owners, or `from → to` pairs, in order along the stretch.
    labels: Vec<String>,
}

/// Poses an arc question.
pub(crate) fn pose(scenario: &Scenario, of: &ArcOf, slack: u32) -> Result<Parts, Error> {
    let size = scenario.size().get();
    if u64::from(slack) > size / 20 {
        return Err(Error::Question(format!(
            "A slack of {slack} positions is too loose on a ring of {} positions; at most {}.",
            amount(size as f64, 0),
            amount((size / 20) as f64, 0)
        )));
    }
    let kind = scenario.placement();
    let placed = scenario.placed();
    let slack_words = match slack {
        0 => String::new(),
        s => format!(
            " Each end may be off by {s} {}.",
            plural(s as usize, "position", "positions")
        ),
    };
    let (prompt, run, worked, then) = match of {
        ArcOf::Server(name) => {
            let (index, server) = scenario.server(name)?;
            let name = server.name.clone();
            let runs: Vec<Run> = owned(scenario, &placed)?
                .into_iter()
                .filter(|(_, owner)| *owner == index)
                .map(|(run, _)| run)
                .collect();
            let run = one(runs, &format!("{name} owns"))?;
            if run.span.length(size) == size {
                return Err(Error::Question(format!(
                    "{name} owns the whole ring; ask about a ring with more servers."
                )));
            }
            let worked = owned_words(scenario, &placed, index, &run);
            let prompt = format!(
                "Which stretch of the ring does {name} own{}? Give its first and last position, clockwise.{slack_words}",
                under(kind)
            );
            (prompt, run, worked, None)
        }
        ArcOf::Change(change) => {
            let (next, _) = change_on(scenario, change)?;
            let runs = changed(scenario, &placed, &next)?;
            let run = one(runs, "the change hands over")?;
            let worked = changed_words(scenario, &next, change, &run);
            let prompt = format!(
                "{}{}. Which stretch of the ring changes owner? Give its first and last position, clockwise.{slack_words}",
                change_words(change),
                under(kind)
            );
            (prompt, run, worked, Some(change.clone()))
        }
    };
    Ok(Parts {
        prompt,
        answer: Answer::Arc {
            span: run.span,
            slack,
            size,
        },
        worked,
        then,
        select: None,
    })
}

/// The single run, or why there is not one.
fn one(mut runs: Vec<Run>, what: &str) -> Result<Run, Error> {
    match runs.len() {
        1 => Ok(runs.remove(0)),
        0 => Err(Error::Question(format!(
            "No position is one that {what}; ask about another server or change."
        ))),
        n => Err(Error::Question(format!(
            "The positions {what} lie in {n} separate stretches; ask for a share or for the keys that move instead."
        ))),
    }
}

/// Every stretch with one owner, by owner index, clockwise from position 0.
fn owned(scenario: &Scenario, placed: &Placed) -> Result<Vec<(Run, usize)>, Error> {
    let size = scenario.size().get();
    let mut pieces: Vec<(u32, u32, usize)> = Vec::new();
    if placed.kind() == Kind::Ring {
        let ring = scenario.ring();
        let points = ring.points();
        for (i, p) in points.iter().enumerate() {
            let length = ring.point_arc(i);
            if length == 0 {
                continue;
            }
            let first = ((u64::from(p.position) + size + 1 - length) % size) as u32;
            pieces.push((first, p.position, p.server as usize));
        }
        // Arcs do not overlap: no two start at the same position.
        pieces.sort_unstable_by_key(|&(first, _, _)| first);
    } else {
        check_scannable(scenario, placed.kind())?;
        for position in 0..size as u32 {
            let owner = placed.owner_at_spot(position, scenario.size());
            pieces.push((position, position, owner));
        }
    }
    let names = placed.names();
    Ok(join(pieces, size)
        .into_iter()
        .map(|(span, owner)| {
            (
                Run {
                    span,
                    labels: vec![names[owner].to_string()],
                },
                owner,
            )
        })
        .collect())
}

/// Joins pieces `(first, last, tag)` that follow one another with the same tag, wrapping past
/// the top; pieces are sorted by `first` and may leave gaps.
fn join<T: PartialEq + Copy>(pieces: Vec<(u32, u32, T)>, size: u64) -> Vec<(Span, T)> {
    let next = |p: u32| ((u64::from(p) + 1) % size) as u32;
    let mut out: Vec<(Span, T)> = Vec::new();
    for (first, last, tag) in pieces {
        match out.last_mut() {
            Some((span, t)) if *t == tag && next(span.last) == first => span.last = last,
            _ => out.push((Span { first, last }, tag)),
        }
    }
    if out.len() > 1 {
        let (head, tail) = (out[0], out[out.len() - 1]);
        if head.1 == tail.1 && next(tail.0.last) == head.0.first {
            out[0].0.first = tail.0.first;
            out.pop();
        }
    }
    out
}

/// Refuses placements whose keys do not sit on the ring's positions, and rings too big to ask
/// position by position.
fn check_scannable(scenario: &Scenario, kind: Kind) -> Result<(), Error> {
    if kind.spec().circle == Circle::Own {
        return Err(Error::Question(format!(
            "{} does not place keys by their position on this ring; ask which keys move instead.",
            kind.name()
        )));
    }
    if scenario.size().get() > MAX_SCANNED {
        return Err(Error::Question(format!(
            "Stretches under {} are asked on rings of at most {} positions.",
            placement_words(kind),
            amount(MAX_SCANNED as f64, 0)
        )));
    }
    Ok(())
}

/// The stretches whose owner changes from `before` to `after`, each with its hand-overs.
fn changed(before: &Scenario, placed: &Placed, after: &Scenario) -> Result<Vec<Run>, Error> {
    let size = before.size().get();
    let mut pieces: Vec<(u32, u32, (String, String))> = Vec::new();
    let same_ring = before.size() == after.size() && before.hash() == after.hash();
    if placed.kind() == Kind::Ring && after.placement() == Kind::Ring && same_ring {
        for arc in RingDiff::between(before.ring(), after.ring()).arcs {
            let first = ((u64::from(arc.start) + 1) % size) as u32;
            pieces.push((first, arc.end, (arc.from.to_string(), arc.to.to_string())));
        }
    } else {
        check_scannable(before, placed.kind())?;
        check_scannable(after, after.placement())?;
        if !same_ring {
            return Err(Error::Question(
                "The change moves every position; ask which keys move instead.".into(),
            ));
        }
        let placed_after = after.placed();
        for position in 0..size as u32 {
            let from = &placed.names()[placed.owner_at_spot(position, before.size())];
            let to = &placed_after.names()[placed_after.owner_at_spot(position, after.size())];
            if from != to {
                pieces.push((position, position, (from.to_string(), to.to_string())));
            }
        }
    }
    // One piece per position: no two start at the same one.
    pieces.sort_unstable_by_key(|&(first, _, _)| first);
    // Neighbouring hand-overs join into one stretch whatever their owners; each keeps its pair.
    let tagged: Vec<(u32, u32, usize)> = pieces.iter().map(|&(f, l, _)| (f, l, 0)).collect();
    let spans = join(tagged, size);
    Ok(spans
        .into_iter()
        .map(|(span, _)| {
            let mut labels: Vec<String> = Vec::new();
            for (first, _, (from, to)) in &pieces {
                if inside(*first, span, size) {
                    let pair = format!("{from} to {to}");
                    if !labels.contains(&pair) {
                        labels.push(pair);
                    }
                }
            }
            Run { span, labels }
        })
        .collect())
}

/// Whether `position` lies in `span`.
fn inside(position: u32, span: Span, size: u64) -> bool {
    let d = |a: u32, b: u32| (u64::from(b) + size - u64::from(a)) % size;
    d(span.first, position) <= d(span.first, span.last)
}

/// The worked answer for a server's stretch.
fn owned_words(scenario: &Scenario, placed: &Placed, index: usize, run: &Run) -> Vec<String> {
    let size = scenario.size().get();
    let name = &placed.names()[index];
    let n = run.span.length(size);
    let stretch = format!(
        "{} to {}: {} {}",
        run.span.first,
        run.span.last,
        amount(n as f64, 0),
        plural(n as usize, "position", "positions")
    );
    if placed.kind() == Kind::Ring {
        let ring = scenario.ring();
        let own: Vec<usize> = (0..ring.points().len())
            .filter(|&i| ring.points()[i].server as usize == index && ring.point_arc(i) > 0)
            .collect();
        if let [i] = own.as_slice() {
            let p = ring.points()[*i];
            let before = ring.points()[(i + ring.points().len() - 1) % ring.points().len()];
            return vec![
                format!(
                    "{name}'s point is at {}. Walking back counter-clockwise, the point before it is {}'s at {}.",
                    p.position,
                    ring.server_name(before.server as usize),
                    before.position
                ),
                format!(
                    "Every position after {} up to {} walks clockwise to {name} first, so {name} owns {stretch}.",
                    before.position, p.position
                ),
            ];
        }
        return vec![format!(
            "{name}'s points own neighbouring arcs that join into one stretch, {stretch}."
        )];
    }
    vec![format!(
        "Asking each position for its server{}, {name} comes out for {stretch}.",
        under(placed.kind())
    )]
}

/// The worked answer for the stretch a change hands over.
fn changed_words(before: &Scenario, after: &Scenario, change: &Change, run: &Run) -> Vec<String> {
    let size = before.size().get();
    let n = run.span.length(size);
    let mut worked = Vec::new();
    let on_ring = before.placement() == Kind::Ring;
    match change.membership().filter(|_| on_ring) {
        Some(Membership::Joins { name, at: Some(at) }) => {
            let ring = after.ring();
            let i = ring.owner_point(at as u32);
            let prev = ring.points()[(i + ring.points().len() - 1) % ring.points().len()];
            worked.push(format!(
                "{name}'s point lands at {at}. Walking back counter-clockwise, the point before it is {}'s at {}, so every position after {} up to {at} now walks to {name} first.",
                ring.server_name(prev.server as usize),
                prev.position,
                prev.position
            ));
        }
        Some(Membership::Leaves(name)) => {
            let ring = before.ring();
            let own: Vec<u32> = ring
                .points()
                .iter()
                .filter(|p| ring.server_name(p.server as usize) == name.trim())
                .map(|p| p.position)
                .collect();
            worked.push(match own.as_slice() {
                [at] => {
                    let next = after.ring();
                    let p = next.points()[next.owner_point(*at)];
                    format!(
                        "{name}'s point at {at} is gone, so the positions that walked to it walk on to the next point clockwise, {}'s at {}.",
                        next.server_name(p.server as usize),
                        p.position
                    )
                }
                _ => format!(
                    "{name}'s points are gone, so the positions that walked to them walk on to the next point clockwise."
                ),
            });
        }
        Some(Membership::Joins { at: None, .. } | Membership::Fails(_)) | None => {}
    }
    worked.push(format!(
        "Positions {} to {} change owner ({} {}): {}.",
        run.span.first,
        run.span.last,
        amount(n as f64, 0),
        plural(n as usize, "position", "positions"),
        and_list(&run.labels)
    ));
    worked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_join_when_they_follow_one_another_and_wrap_past_the_top() {
        let pieces = vec![(0, 9, 'A'), (10, 40, 'B'), (41, 75, 'C'), (76, 99, 'A')];
        assert_eq!(
            join(pieces, 100),
            vec![
                (Span { first: 76, last: 9 }, 'A'),
                (
                    Span {
                        first: 10,
                        last: 40
                    },
                    'B'
                ),
                (
                    Span {
                        first: 41,
                        last: 75
                    },
                    'C'
                ),
            ]
        );
        let gap = vec![(3, 5, 'x'), (7, 8, 'x')];
        assert_eq!(join(gap, 100).len(), 2);
        assert!(inside(
            95,
            Span {
                first: 90,
                last: 10
            },
            100
        ));
        assert!(!inside(
            50,
            Span {
                first: 90,
                last: 10
            },
            100
        ));
    }
}
