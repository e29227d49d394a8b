//! Practice questions from a seed: a small scenario on the teaching ring and a question about
//! it, each drawn from the level's [`Plan`].
//!
//! Question `index` of a run seeded with `seed` draws from its own stream
//! ([`Rng::for_question`]), so it depends only on the seed, the index, the level and the kind.
//! A drawn question is posed before it is handed out; one the engine refuses (a server that
//! owns two stretches, a change with no least share...) is drawn again from the same stream, so
//! every question handed out is answerable.

use super::ask::{ArcOf, Ask, Band, Concept, Measure, Unit};
use super::difficulty::{Difficulty, Plan};
use super::kind::QuestionKind;
use super::question::Question;
use super::rng::Rng;
use crate::core::placement::Kind;
use crate::core::write_link;
use crate::core::Change;
use crate::core::HashScheme;
use crate::core::Key;
use crate::core::RingSize;
use crate::core::Scenario;
use crate::core::{Placement, Server};

/// Server names, in the order servers are added.
const NAMES: [&str; 6] = ["A", "B", "C", "D", "E", "F"];

/// Draws before falling back to a fixed question of the kind.
const ATTEMPTS: usize = 32;

/// The teaching ring, for the fallback questions.
const TEACHING: &str = "ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5";

/// Question `index` of the practice run seeded with `seed`, at `level`; of `kind`, or of a kind
/// drawn from the stream when `None`. The same arguments always give the same question.
///
/// ```
/// use ringlab::teach::quiz::{generate, Difficulty, QuestionKind};
/// let q = generate(7, 0, Difficulty::EASIEST, Some(QuestionKind::Moves));
/// assert_eq!(q, generate(7, 0, Difficulty::EASIEST, Some(QuestionKind::Moves)));
/// assert!(q.pose().is_ok());
/// ```
pub fn generate(seed: u64, index: u64, level: Difficulty, kind: Option<QuestionKind>) -> Question {
    let mut rng = Rng::for_question(seed, index);
    let kind = kind
        .filter(|k| QuestionKind::PRACTICE.contains(k))
        .unwrap_or_else(|| *rng.pick(&QuestionKind::PRACTICE));
    let plan = level.plan();
    for _ in 0..ATTEMPTS {
        if let Some(q) = draw(&mut rng, &plan, kind) {
            if q.pose().is_ok() {
                return q;
            }
        }
    }
    fallback(kind)
}

/// One attempt at a question of `kind`.
fn draw(rng: &mut Rng, plan: &Plan, kind: QuestionKind) -> Option<Question> {
    let placement = match kind {
        QuestionKind::Arc => Kind::Ring,
        _ => *rng.pick(plan.placements),
    };
    let mut scenario = scenario(rng, plan, placement)?;
    let ask = match kind {
        QuestionKind::Moves => Ask::Moves {
            change: server_change(rng, plan, &scenario, true),
        },
        QuestionKind::Owner => Ask::Owner {
            key: any_key(rng, &scenario),
        },
        QuestionKind::Number => number(rng, plan, &scenario),
        QuestionKind::Arc => {
            let hand_placed = !plan.hashed;
            if hand_placed && rng.chance(50) {
                let server = rng.pick(scenario.servers()).name.clone();
                Ask::Arc {
                    of: ArcOf::Server(server),
                    slack: 0,
                }
            } else {
                let change = match rng.below(2) {
                    0 => add_at(rng, &scenario)?,
                    _ => remove(rng, &scenario)?,
                };
                Ask::Arc {
                    of: ArcOf::Change(change),
                    slack: 0,
                }
            }
        }
        QuestionKind::Share => Ask::Share {
            server: rng.pick(scenario.servers()).name.clone(),
            slack: plan.share_slack,
        },
        QuestionKind::Busiest
        | QuestionKind::Overload
        | QuestionKind::Peak
        | QuestionKind::Settle
        | QuestionKind::Pick => return None,
        QuestionKind::Choice => {
            let mut concepts = vec!["leaving", "between"];
            if plan.restore {
                concepts.push("restore");
            }
            if plan.hot_keys && plan.hashed {
                concepts.push("hot-key");
            }
            let concept = match *rng.pick(&concepts) {
                "leaving" => Concept::Leaving {
                    server: rng.pick(scenario.servers()).name.clone(),
                },
                "between" => Concept::Between {
                    change: server_change(rng, plan, &scenario, false),
                },
                "restore" => Concept::Restore {
                    server: rng.pick(scenario.servers()).name.clone(),
                },
                _ => {
                    let key = any_key(rng, &scenario);
                    let times = *rng.pick(&[100u32, 1000]);
                    scenario = scenario.after(Change::MakeHot { key, times }).ok()?.0;
                    Concept::HotKey {
                        points: *rng.pick(&[10u32, 50, 100]),
                    }
                }
            };
            Ask::Choice { concept }
        }
    };
    Some(Question::new(&write_link(&scenario, None, &[]), ask))
}

/// A scenario on the teaching ring under `placement`.
fn scenario(rng: &mut Rng, plan: &Plan, placement: Kind) -> Option<Scenario> {
    let n = rng.between(plan.servers.0, plan.servers.1) as usize;
    let vnodes = if plan.hashed {
        rng.between(plan.vnodes.0, plan.vnodes.1) as u32
    } else {
        1
    };
    let weighted = plan.weights && !placement.spec().refuses_weights() && rng.chance(50);
    let mut servers: Vec<Server> = if plan.hashed {
        NAMES[..n].iter().map(|name| Server::hashed(name)).collect()
    } else {
        let mut spots = rng.distinct(n, 100);
        if plan.in_order {
            spots.sort_unstable();
        }
        NAMES[..n]
            .iter()
            .zip(spots)
            .map(|(name, p)| Server::at(name, p as u32))
            .collect()
    };
    if weighted {
        let i = rng.below(n as u64) as usize;
        servers[i].placement = Placement::Hashed {
            weight: rng.between(2, 3) as u32,
        };
    }
    let mut s = Scenario::new(RingSize::TEACHING, HashScheme::default(), vnodes, servers).ok()?;
    let count = rng.between(plan.keys.0, plan.keys.1) as usize;
    let keys: Vec<Key> = rng
        .distinct(count, 100)
        .into_iter()
        .map(|p| Key::At(p as u32))
        .collect();
    s.insert_keys(keys).ok()?;
    if placement != Kind::Ring {
        s = s.after(Change::SetPlacement { placement }).ok()?.0;
    }
    Some(s)
}

fn any_key(rng: &mut Rng, scenario: &Scenario) -> String {
    let keys = scenario.keys();
    keys.label(rng.below(keys.len() as u64) as u32)
}

/// The first name of A to F that no server has.
fn free_name(scenario: &Scenario) -> Option<String> {
    NAMES
        .iter()
        .find(|n| scenario.server(n).is_err())
        .map(|n| n.to_string())
}

/// A new server at a position no point holds.
fn add_at(rng: &mut Rng, scenario: &Scenario) -> Option<Change> {
    let name = free_name(scenario)?;
    let ring = scenario.ring();
    let free: Vec<u64> = (0..100u64)
        .filter(|&p| ring.occupant(p as u32).is_none())
        .collect();
    let at = *rng.pick(&free);
    Some(Change::AddServer {
        name,
        at: Some(at),
        weight: None,
    })
}

fn remove(rng: &mut Rng, scenario: &Scenario) -> Option<Change> {
    (scenario.servers().len() > 1).then(|| Change::RemoveServer {
        name: rng.pick(scenario.servers()).name.clone(),
    })
}

/// A change to the servers: one joins (hashed or by hand, as the scenario's servers are), one
/// leaves or, when `moves` and the plan allow it, a hand-placed point moves.
fn server_change(rng: &mut Rng, plan: &Plan, scenario: &Scenario, moves: bool) -> Change {
    let n = scenario.servers().len();
    let mut options = Vec::new();
    if n < NAMES.len() {
        options.push(0);
    }
    if n > 1 {
        options.push(1);
    }
    if moves && plan.moves_points && !plan.hashed {
        options.push(2);
    }
    let fallback = || Change::RemoveServer {
        name: scenario.servers()[0].name.clone(),
    };
    match *rng.pick(&options) {
        0 if plan.hashed => {
            let name = free_name(scenario).unwrap_or_else(|| "G".into());
            let weight =
                (plan.weights && !scenario.placement().spec().refuses_weights() && rng.chance(40))
                    .then(|| rng.between(2, 3) as u32);
            Change::AddServer {
                name,
                at: None,
                weight,
            }
        }
        0 => add_at(rng, scenario).unwrap_or_else(fallback),
        1 => remove(rng, scenario).unwrap_or_else(fallback),
        _ => {
            let server = rng.pick(scenario.servers()).name.clone();
            if let Some(Change::AddServer { at: Some(to), .. }) = add_at(rng, scenario) {
                Change::MovePoint { name: server, to }
            } else {
                fallback()
            }
        }
    }
}

/// A number question the plan allows.
fn number(rng: &mut Rng, plan: &Plan, scenario: &Scenario) -> Ask {
    let change = server_change(rng, plan, scenario, false);
    let mut forms = vec![(Measure::Moved, Unit::Keys { of: None }, Band::EXACT)];
    if plan.percentages {
        forms.push((Measure::Moved, Unit::Percent, Band::EXACT));
        forms.push((Measure::ModN, Unit::Percent, Band::EXACT));
    }
    if plan.theory {
        let of = *rng.pick(&[1_000_000u64, 2_000_000, 5_000_000, 10_000_000]);
        let reads = *rng.pick(&[10_000u64, 50_000, 100_000]);
        let hit = *rng.pick(&[90u32, 95, 99]);
        forms.push((Measure::Ideal, Unit::Percent, Band::EXACT));
        forms.push((
            Measure::ModN,
            Unit::Keys { of: Some(of) },
            Band::Relative(10.0),
        ));
        forms.push((
            Measure::Ideal,
            Unit::Keys { of: Some(of) },
            Band::Relative(10.0),
        ));
        forms.push((
            Measure::Moved,
            Unit::Reads { reads, hit },
            Band::Relative(5.0),
        ));
        forms.push((
            Measure::ModN,
            Unit::Reads { reads, hit },
            Band::Relative(5.0),
        ));
    }
    let (measure, unit, band) = *rng.pick(&forms);
    Ask::Number {
        measure,
        change,
        unit,
        band,
    }
}

/// A fixed question of `kind` on the teaching ring.
fn fallback(kind: QuestionKind) -> Question {
    let ask = match kind {
        QuestionKind::Moves => "ask=moves&change=add:D@60",
        QuestionKind::Owner => "ask=owner&key=@90",
        QuestionKind::Number => "ask=number&measure=moved&change=add:D@60&band=0",
        QuestionKind::Arc => "ask=arc&server=B",
        QuestionKind::Share => "ask=share&server=A",
        QuestionKind::Choice => "ask=choice&concept=leaving&server=B",
        QuestionKind::Busiest => "ask=busiest",
        QuestionKind::Overload => "ask=overload&band=0.05",
        QuestionKind::Peak => "ask=peak&change=add:D@60&band=5%25",
        QuestionKind::Settle => "ask=settle&change=add:D@60&band=10%25",
        QuestionKind::Pick => {
            "ask=pick&prompt=Which%20is%20true%3F&say=A%20owns%20@90&say=B%20owns%20@90&right=a"
        }
    };
    Question::from_query(&format!("{TEACHING}&{ask}")).expect("the fixed questions are well formed")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fixed_questions_can_all_be_posed() {
        for kind in QuestionKind::ALL {
            let q = fallback(kind);
            assert_eq!(q.kind(), kind);
            q.pose().unwrap();
        }
    }
}
