//! "Choose one": statements about an idea, and which of them holds on the scenario.
//!
//! The statements are the engine's, and they exclude one another. Which is true is never part
//! of the question: the engine applies the changes the idea is about and looks at what
//! happened, so a question changed by hand can only change what is asked, not what is right.

use crate::core::placement::{Kind, Lookup, ServersBy};
use crate::core::CacheLoad;
use crate::core::Change;
use crate::core::Error;
use crate::core::Scenario;
use crate::core::{amount, and_list};
use crate::core::{check_vnodes, Placement};
use crate::core::{percent, plural};
use crate::teach::quiz::answer::{Alternative, Answer};
use crate::teach::quiz::ask::Concept;
use crate::teach::quiz::explain::KeyFate;
use crate::teach::quiz::explain::{change_on, fates};
use crate::teach::quiz::parts::Parts;
use crate::teach::quiz::phrases::{change_words, placement_words, under};

/// A hot key counts as tamed when the busiest server serves at most this many times its fair
/// share (the bounded-loads factor the app starts with).
pub const TAMED: f64 = 1.25;

/// Poses a choice question.
pub(crate) fn pose(scenario: &Scenario, concept: &Concept) -> Result<Parts, Error> {
    let (prompt, alternatives, right, then) = match concept {
        Concept::Leaving { server } => leaving(scenario, server)?,
        Concept::Between { change } => between(scenario, change)?,
        Concept::Restore { server } => restore(scenario, server)?,
        Concept::HotKey { points } => hot_key(scenario, *points)?,
    };
    let worked = vec![
        format!("True here: {}", alternatives[right].text),
        alternatives[right].why.clone(),
    ];
    Ok(Parts {
        prompt,
        answer: Answer::Choice {
            alternatives,
            right,
        },
        worked,
        then,
        select: None,
    })
}

type Posing = (String, Vec<Alternative>, usize, Option<Change>);

fn alternative(text: &str, why: String) -> Alternative {
    Alternative {
        text: text.to_string(),
        why,
    }
}

/// Whether keys are placed by arcs of a ring, so a leaving server's arcs pass clockwise.
fn arcs(kind: Kind) -> bool {
    kind.spec().lookup == Lookup::Clockwise
}

/// `A (3), B (2)`: where moved keys went, with how many each.
fn receivers(moved: &[&KeyFate]) -> Vec<(String, usize)> {
    let mut out: Vec<(String, usize)> = Vec::new();
    for f in moved {
        match out.iter_mut().find(|(n, _)| *n == f.to) {
            Some((_, c)) => *c += 1,
            None => out.push((f.to.clone(), 1)),
        }
    }
    out
}

fn counted(list: &[(String, usize)]) -> String {
    let parts: Vec<String> = list.iter().map(|(n, c)| format!("{n} ({c})")).collect();
    and_list(&parts)
}

fn example(f: &KeyFate) -> String {
    format!("{} from {} to {}", f.label, f.from, f.to)
}

fn leaving(scenario: &Scenario, server: &str) -> Result<Posing, Error> {
    let name = scenario.server(server)?.1.name.clone();
    let change = Change::RemoveServer { name: name.clone() };
    let (next, outcome) = change_on(scenario, &change)?;
    let all = fates(scenario, &next, &outcome, &change);
    let moved: Vec<&KeyFate> = all.iter().filter(|f| f.moved).collect();
    if moved.is_empty() {
        return Err(Error::Question(format!(
            "{name} holds no keys here, so nothing moves when it leaves; ask about a server that holds some."
        )));
    }
    let own: Vec<&KeyFate> = moved.iter().copied().filter(|f| f.from == name).collect();
    let others: Vec<&KeyFate> = moved.iter().copied().filter(|f| f.from != name).collect();
    let to = receivers(&own);
    let kind = scenario.placement();
    let right = if !others.is_empty() {
        2
    } else if to.len() == 1 {
        0
    } else {
        1
    };
    let went = format!(
        "{name}'s {} {} went to {}.",
        own.len(),
        plural(own.len(), "key", "keys"),
        counted(&to)
    );
    let one = if right == 0 {
        let principle = if arcs(kind) {
            format!(
                "Each arc of {name} passes to the point that follows it clockwise, and here every such point is {}'s.",
                to[0].0
            )
        } else {
            format!(
                "Under {}, each key's next choice here is {}.",
                placement_words(kind),
                to[0].0
            )
        };
        format!("{went} {principle}")
    } else if right == 1 {
        format!("No: {went}")
    } else {
        format!(
            "No: keys of other servers moved too, such as {}.",
            example(others[0])
        )
    };
    let several = if right == 1 {
        let principle = if arcs(kind) {
            format!("Each arc of {name} passes to the point that follows it clockwise, and those points belong to different servers: with many points per server, a leaving server's load spreads over the others.")
        } else {
            format!(
                "Under {}, each key goes to its own next choice, so they spread.",
                placement_words(kind)
            )
        };
        format!("{went} {principle}")
    } else if right == 0 {
        format!("No: {went}")
    } else {
        format!(
            "No: keys of other servers moved too, such as {}.",
            example(others[0])
        )
    };
    let spill = if right == 2 {
        format!(
            "{} {} of other servers moved as well, such as {}: under {}, removing a server changes the lookup of keys it never held.",
            others.len(),
            plural(others.len(), "key", "keys"),
            example(others[0]),
            placement_words(kind)
        )
    } else {
        format!("No: only {name}'s keys moved.")
    };
    Ok((
        format!(
            "{name} leaves{}. Where do the keys it held go?",
            under(kind)
        ),
        vec![
            alternative("Only its keys move, all of them to one other server.", one),
            alternative(
                "Only its keys move, spread over several of the other servers.",
                several,
            ),
            alternative("Keys of other servers move as well.", spill),
        ],
        right,
        Some(change),
    ))
}

fn between(scenario: &Scenario, change: &Change) -> Result<Posing, Error> {
    let (next, outcome) = change_on(scenario, change)?;
    let all = fates(scenario, &next, &outcome, change);
    let stays = |name: &str| scenario.server(name).is_ok() && next.server(name).is_ok();
    let moved: Vec<&KeyFate> = all.iter().filter(|f| f.moved).collect();
    let crossing: Vec<&KeyFate> = moved
        .iter()
        .copied()
        .filter(|f| stays(&f.from) && stays(&f.to))
        .collect();
    let kind = scenario.placement();
    let right = usize::from(!crossing.is_empty());
    let m = moved.len();
    let no = if right == 0 {
        let principle = if kind == Kind::Ring {
            "A key changes server only when the first point on its clockwise walk changes, and only the points that come or go change."
                .to_string()
        } else {
            format!(
                "Under {}, the other keys' lookups come out the same.",
                placement_words(kind)
            )
        };
        let evidence = if m == 0 {
            "No key moved at all.".to_string()
        } else {
            format!(
                "{m} {} moved, every one of them to a server that joined or from one that left.",
                plural(m, "key", "keys")
            )
        };
        format!("{evidence} {principle}")
    } else {
        format!(
            "No: {} {} moved between servers that stayed, such as {}.",
            crossing.len(),
            plural(crossing.len(), "key", "keys"),
            example(crossing[0])
        )
    };
    let yes = if right == 1 {
        let principle = if kind == Kind::ModN {
            "Under hash mod N the number of servers is part of every key's lookup, so the remainder changes for most keys.".to_string()
        } else {
            format!(
                "Under {}, the change alters the lookup of keys on servers that stay.",
                placement_words(kind)
            )
        };
        format!(
            "{} of the {m} keys that moved went between servers that stayed, such as {}. {principle}",
            crossing.len(),
            example(crossing[0])
        )
    } else if m == 0 {
        "No: no key moved at all.".to_string()
    } else {
        format!("No: none of the {m} keys that moved did.")
    };
    Ok((
        format!(
            "{}{}. Does any key move between two servers that are there both before and after?",
            change_words(change),
            under(kind)
        ),
        vec![
            alternative(
                "No: every key that moves goes to a server that joins, or comes from one that leaves.",
                no,
            ),
            alternative(
                "Yes: some keys move between servers that are there before and after.",
                yes,
            ),
        ],
        right,
        Some(change.clone()),
    ))
}

fn restore(scenario: &Scenario, server: &str) -> Result<Posing, Error> {
    let found = scenario.server(server)?.1.clone();
    let name = found.name.clone();
    let (back, how) = match found.placement {
        Placement::At(p) => (
            Change::AddServer {
                name: name.clone(),
                at: Some(u64::from(p)),
                weight: None,
            },
            format!("at {p} again"),
        ),
        Placement::Hashed { weight } => (
            Change::AddServer {
                name: name.clone(),
                at: None,
                weight: (weight != 1).then_some(weight),
            },
            "under the same name".to_string(),
        ),
    };
    let gone = Change::RemoveServer { name: name.clone() };
    let (middle, _) = change_on(scenario, &gone)?;
    let (end, _) = change_on(&middle, &back)?;
    let (start_placed, end_placed) = (scenario.placed(), end.placed());
    let keys = scenario.keys();
    let differ: Vec<KeyFate> = keys
        .order()
        .iter()
        .filter_map(|&id| {
            let from = &start_placed.names()[start_placed.owner_of_key(keys, id)];
            let to = &end_placed.names()[end_placed.owner_of_key(end.keys(), id)];
            (from != to).then(|| KeyFate {
                label: keys.label(id),
                from: from.to_string(),
                to: to.to_string(),
                moved: true,
                why: String::new(),
            })
        })
        .collect();
    let kind = scenario.placement();
    let total = keys.len();
    let right = usize::from(!differ.is_empty());
    let yes = if right == 0 {
        let principle = if arcs(kind) {
            format!("{name}'s points depend only on its name or its chosen position, so it takes back exactly the arcs it gave away.")
        } else {
            format!(
                "Under {}, what {name} gets depends on its name, not on when it joined.",
                placement_words(kind)
            )
        };
        format!(
            "All {total} {} are back where they started. {principle}",
            plural(total, "key", "keys")
        )
    } else {
        format!(
            "No: {} of the {total} keys end up elsewhere, such as {}.",
            differ.len(),
            example(&differ[0])
        )
    };
    let no = if right == 1 {
        let principle = match kind.spec().servers_by {
            ServersBy::ListPlace => format!(
                "{name} comes back at the end of the server list, and {} numbers servers by their place in it.",
                placement_words(kind)
            ),
            ServersBy::Table => format!(
                "The partition table hands {name} partitions from the fullest servers, not the ones it held."
            ),
            ServersBy::Name | ServersBy::Operator => format!(
                "Under {}, where a key goes depends on more than {name}'s name.",
                placement_words(kind)
            ),
        };
        format!(
            "{} of the {total} keys end up elsewhere, such as {}. {principle}",
            differ.len(),
            example(&differ[0])
        )
    } else {
        "No: every key is back where it started.".to_string()
    };
    if total == 0 {
        return Err(Error::Question(
            "The scenario has no keys to follow; add some first.".into(),
        ));
    }
    Ok((
        format!(
            "{name} leaves{} and then comes back {how}. Is every key back on the server it started on?",
            under(kind)
        ),
        vec![
            alternative("Yes: every key is back on the server it started on.", yes),
            alternative("No: some keys end up on another server.", no),
        ],
        right,
        None,
    ))
}

fn hot_key(scenario: &Scenario, points: u32) -> Result<Posing, Error> {
    let points = check_vnodes(points)?;
    let traffic = scenario.traffic();
    let (label, times) = traffic
        .hot
        .iter()
        .max_by_key(|(_, m)| *m)
        .cloned()
        .ok_or_else(|| {
            Error::Question(
                "The scenario has no hot key; make one with hot=KEY*M, such as hot=@52*1000."
                    .into(),
            )
        })?;
    let change = Change::SetVnodes { vnodes: points };
    let (next, _) = change_on(scenario, &change)?;
    let reads = CacheLoad::default().reads;
    let keys = scenario.keys();
    let id = keys
        .find(&label)
        .ok_or_else(|| Error::NoSuchKey(label.clone()))?;
    let weights = traffic.weights(keys);
    let hot_share = weights.of(id) / weights.total(keys.len());
    let before = traffic.loads(&scenario.placed(), keys, reads);
    let placed_after = next.placed();
    let after = next.traffic().loads(&placed_after, next.keys(), reads);
    let holder = |s: &Scenario| {
        let placed = s.placed();
        placed.names()[placed.owner_of_key(s.keys(), id)].to_string()
    };
    let (owner_before, owner_after) = (holder(scenario), holder(&next));
    let tamed = after.none <= TAMED;
    let right = usize::from(!tamed);
    let x = |r: f64| format!("{r:.2}");
    let yes = if tamed {
        format!(
            "With {points} points each, the busiest server serves {} times its fair share, within {TAMED}: {label} carries {} of the reads, little enough to fit on one server.",
            x(after.none),
            percent(hot_share)
        )
    } else {
        format!(
            "No: with {points} points each, the busiest server still serves {} times its fair share.",
            x(after.none)
        )
    };
    let no = if tamed {
        format!(
            "No: the busiest server comes down to {} times its fair share.",
            x(after.none)
        )
    } else {
        format!(
            "With {points} points each, {label} still lives on one server, {owner_after}, and alone carries {} of all reads, so the busiest server serves {} times its fair share. Virtual nodes spread keys, not the reads of one key: copies of it on several servers, or a short-lived copy in each app server, spread those.",
            percent(hot_share),
            x(after.none)
        )
    };
    Ok((
        format!(
            "{label} is read {} times as often as any other key, and its server, {owner_before}, serves {} times its fair share of the reads. Does giving every server {points} points (virtual nodes) bring the busiest server within {TAMED} times its fair share?",
            amount(f64::from(times), 0),
            x(before.none)
        ),
        vec![
            alternative(
                "Yes: with more points, the hot key's reads spread over the servers.",
                yes,
            ),
            alternative(
                "No: one key still lives on one server, which serves all of its reads.",
                no,
            ),
        ],
        right,
        Some(change),
    ))
}
