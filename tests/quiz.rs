//! Questions: the lessons' answers as the reference lessons state them, marking against naive
//! oracles, practice questions checked by independent computations, and exercise sets that
//! survive the trip through a link and cannot be bent into marking a wrong reply right.

mod common;

use std::collections::BTreeSet;

use common::{oracles, NaiveRing};
use proptest::prelude::*;
use ringlab::core::{Change, Kind, Placement, Scenario};
use ringlab::teach::lessons::{lesson, questions_for, QUESTIONS};
use ringlab::teach::quiz::{
    decode_set, encode_set, generate, read_reply, Answer, ArcOf, Ask, Band, Concept, Difficulty,
    Grade, Measure, Posed, Practice, Question, QuestionKind, Response, Score, Span, Unit,
};

// ---------------------------------------------------------------------------------------------
// Helpers

/// The lesson question titled `title`, posed.
fn lesson_question(title: &str) -> Posed {
    let q = QUESTIONS
        .iter()
        .find(|q| q.title == title)
        .unwrap_or_else(|| panic!("no lesson question {title:?}"));
    q.question().unwrap().pose().unwrap()
}

fn number(posed: &Posed) -> (f64, f64, f64) {
    match posed.answer() {
        Answer::Number {
            value, low, high, ..
        } => (*value, *low, *high),
        other => panic!("not a number: {other:?}"),
    }
}

fn moved_labels(posed: &Posed) -> Vec<String> {
    match posed.answer() {
        Answer::Moves { keys } => keys
            .iter()
            .filter(|k| k.moved)
            .map(|k| k.label.clone())
            .collect(),
        other => panic!("not a moves answer: {other:?}"),
    }
}

fn chosen(posed: &Posed) -> usize {
    match posed.answer() {
        Answer::Choice { right, .. } => *right,
        other => panic!("not a choice: {other:?}"),
    }
}

fn right(posed: &Posed, reply: &str) -> bool {
    let response = posed.read_reply(reply).unwrap();
    posed.mark(&response).unwrap().right
}

/// Every key's server by name, in key id order, from a naive placement written from its
/// definition.
fn naive_owners(s: &Scenario) -> Vec<String> {
    let o = s.options();
    match s.placement() {
        Kind::Ring => common::ring_owners(s),
        Kind::ModN => common::mod_n_owners(s),
        Kind::Jump => oracles::jump_owners(s),
        Kind::Rendezvous => oracles::rendezvous_owners(s),
        Kind::Table => oracles::table_owners(s),
        Kind::Maglev => oracles::maglev_owners(s, o.maglev_size),
        Kind::Bounded => oracles::bounded_owners(s, o.load),
        Kind::MultiProbe => oracles::multi_probe_owners(s, o.probes),
        Kind::Ketama => oracles::ketama_owners(s),
        system => unreachable!("questions are posed on the textbook placements, not {system}"),
    }
}

/// The labels of the keys whose naive owner differs between `before` and `after`.
fn naive_moved(before: &Scenario, after: &Scenario) -> BTreeSet<String> {
    let (b, a) = (naive_owners(before), naive_owners(after));
    (0..b.len())
        .filter(|&i| b[i] != a[i])
        .map(|i| before.keys().label(i as u32))
        .collect()
}

/// The question's scenario and the scenario after `change`.
fn sides(posed: &Posed, change: &Change) -> (Scenario, Scenario) {
    let before = posed.scenario().clone();
    let after = before.after(change.clone()).unwrap().0;
    (before, after)
}

/// The stretches of positions, clockwise, on which `pick(position)` is true, for a ring of
/// `size` positions asked position by position.
fn naive_runs(size: u64, pick: impl Fn(u64) -> bool) -> Vec<Span> {
    let inside: Vec<bool> = (0..size).map(pick).collect();
    let mut runs = Vec::new();
    for p in 0..size as usize {
        let prev = (p + size as usize - 1) % size as usize;
        if inside[p] && !inside[prev] {
            let mut last = p;
            while inside[(last + 1) % size as usize] && (last + 1) % size as usize != p {
                last = (last + 1) % size as usize;
            }
            runs.push(Span {
                first: p as u32,
                last: last as u32,
            });
        }
    }
    runs
}

// ---------------------------------------------------------------------------------------------
// The lessons' questions

#[test]
fn every_lesson_asks_at_least_two_questions_that_can_all_be_posed() {
    let ids = [
        "teaching-ring",
        "fifth-cache",
        "virtual-nodes",
        "node-dies",
        "replicas",
        "other-ways",
        "hot-key",
        "clients-disagree",
    ];
    for id in ids {
        let l = lesson(id).expect("the lesson exists");
        let asked: Vec<_> = questions_for(id).collect();
        assert!(asked.len() >= 2, "{id} asks {}", asked.len());
        let mut last = 0;
        for q in asked {
            assert!(q.step < l.steps.len(), "{}", q.title);
            assert!(q.step >= last, "{} is out of order", q.title);
            last = q.step;
            assert!(!q.lead.is_empty() && !q.title.is_empty());
            let posed = q
                .question()
                .and_then(|question| question.pose())
                .unwrap_or_else(|e| panic!("{}: {e}", q.title));
            assert!(!posed.worked().is_empty(), "{}", q.title);
        }
    }
    assert!(QUESTIONS.iter().all(|q| ids.contains(&q.lesson)));
}

#[test]
fn key_95_walks_past_the_top_to_the_server_at_20() {
    // 0 ....20.........50.........80.............95..99
    //       A          B          C              key
    let posed = lesson_question("Past the top");
    assert_eq!(posed.answer(), &Answer::Owner { server: "A".into() });
    assert!(right(&posed, "A"));
    assert!(!right(&posed, "C"));
    assert!(posed
        .worked()
        .iter()
        .any(|s| s.contains("wrapping past the top")));
}

#[test]
fn d_joining_at_60_takes_41_to_60_from_c_and_moves_only_key_52() {
    // 0 ....10.........40...............60.......75.......99
    //       A          B                D        C
    let arc = lesson_question("Where D lands");
    assert_eq!(
        arc.answer(),
        &Answer::Arc {
            span: Span {
                first: 41,
                last: 60
            },
            slack: 0,
            size: 100
        }
    );
    assert!(right(&arc, "41 to 60"));
    assert!(!right(&arc, "40 to 60"));
    let moves = lesson_question("Which keys follow D");
    assert_eq!(moved_labels(&moves), vec!["@52"]);
    assert!(moves.worked()[0].contains("1 of 5 keys moved"));
    assert!(moves.worked()[0].contains("mod N would move 4"));
}

#[test]
fn b_leaving_moves_only_key_25_to_d_which_then_owns_half_the_ring() {
    let moves = lesson_question("B leaves");
    assert_eq!(moved_labels(&moves), vec!["@25"]);
    let Answer::Moves { keys } = moves.answer() else {
        unreachable!()
    };
    let k25 = keys.iter().find(|k| k.label == "@25").unwrap();
    assert_eq!((k25.from.as_str(), k25.to.as_str()), ("B", "D"));
    let share = lesson_question("D's share");
    assert_eq!(
        share.answer(),
        &Answer::Share {
            percent: 50.0,
            low: 50.0,
            high: 50.0
        }
    );
}

#[test]
fn mod_n_from_4_to_5_moves_8_of_10_million_keys_and_3_to_10_million_is_a_good_estimate() {
    let posed = lesson_question("Ten million keys under mod N");
    assert_eq!(number(&posed), (8e6, 3e6, 1e7));
    for good in ["8,000,000", "8 million", "3 million", "10M"] {
        assert!(right(&posed, good), "{good}");
    }
    for bad in ["2 million", "2,999,999", "10,000,001"] {
        assert!(!right(&posed, bad), "{bad}");
    }
    assert!(posed
        .worked()
        .iter()
        .any(|s| s.contains("4 keep their server (0, 1, 2 and 3)")));
    let percent = lesson_question("Four in five");
    assert_eq!(number(&percent).0, 80.0);
}

#[test]
fn the_ring_moves_2_of_10_million_keys_and_none_between_old_caches() {
    let posed = lesson_question("Ten million keys on the ring");
    assert!((number(&posed).0 - 2e6).abs() < 1e-6);
    assert_eq!(chosen(&lesson_question("Between old caches?")), 0);
}

#[test]
fn at_100_000_reads_mod_n_sends_81_000_to_the_database_and_the_ring_24_000() {
    assert!((number(&lesson_question("The database under mod N")).0 - 81_000.0).abs() < 1e-6);
    assert!((number(&lesson_question("The database on the ring")).0 - 24_000.0).abs() < 1e-6);
}

#[test]
fn a_tenth_node_takes_a_tenth_and_a_weight_2_newcomer_takes_w_over_t_plus_w() {
    assert!((number(&lesson_question("A tenth node")).0 - 10.0).abs() < 1e-9);
    let weighted = lesson_question("Twice the memory");
    assert!((number(&weighted).0 - 100.0 * 2.0 / 6.0).abs() < 1e-9);
    assert!(right(&weighted, "33.3%"));
    assert!(!right(&weighted, "20%"));
}

#[test]
fn on_the_400_position_ring_the_node_at_350_owns_37_5_percent_and_the_node_at_90_owns_140() {
    // 0 ......90.100.........200..................350.....399
    //         P   Q           R                     S
    let share = lesson_question("A lopsided ring");
    assert_eq!(
        share.answer(),
        &Answer::Share {
            percent: 37.5,
            low: 37.5,
            high: 37.5
        }
    );
    let arc = lesson_question("The node at 90");
    let Answer::Arc { span, size, .. } = arc.answer() else {
        panic!("an arc")
    };
    assert_eq!(
        *span,
        Span {
            first: 351,
            last: 90
        }
    );
    assert_eq!(span.length(*size), 140);
}

#[test]
fn one_point_leaves_one_heir_and_a_hundred_points_spread_a_dead_servers_keys() {
    assert_eq!(chosen(&lesson_question("One point, one heir")), 0);
    assert_eq!(chosen(&lesson_question("A hundred points, many heirs")), 1);
}

#[test]
fn c_dying_sends_about_14_000_reads_to_the_database_and_under_mod_n_75_percent_and_38_000() {
    let ring = lesson_question("The database after C dies");
    let (value, low, high) = number(&ring);
    assert_eq!(((value / 1000.0).round() * 1000.0), 14_000.0);
    assert_eq!((low, high), (13_000.0, 15_000.0));
    assert!(right(&ring, "about 14,000"));
    assert_eq!(number(&lesson_question("Mod N from four to three")).0, 75.0);
    let mod_n = lesson_question("The database under mod N");
    assert!((number(&mod_n).0 - 81_000.0).abs() < 1e-6);
    let dies = QUESTIONS
        .iter()
        .filter(|q| q.lesson == "node-dies" && q.title == "The database under mod N")
        .map(|q| q.question().unwrap().pose().unwrap())
        .next()
        .unwrap();
    assert_eq!(((number(&dies).0 / 1000.0).round() * 1000.0), 38_000.0);
}

#[test]
fn a_server_that_leaves_and_comes_back_gets_every_key_back_on_the_ring_but_not_under_jump() {
    assert_eq!(chosen(&lesson_question("C comes back")), 0);
    assert_eq!(chosen(&lesson_question("Back again under jump hash")), 1);
}

#[test]
fn user_7_is_answered_by_kyoto_then_by_tokyo_once_kyoto_dies() {
    assert!(right(&lesson_question("Who answers user:7"), "kyoto"));
    assert!(right(
        &lesson_question("Who answers once kyoto dies"),
        "tokyo"
    ));
    assert_eq!(number(&lesson_question("kyoto's keys")).0, 186.0);
}

#[test]
fn mod_n_moves_keys_between_old_caches_where_the_ring_moves_about_a_fifth() {
    assert_eq!(chosen(&lesson_question("Mod N between old caches")), 1);
    let ring = lesson_question("The ring's share");
    assert!((number(&ring).0 - 18.1).abs() < 1e-9);
    assert!(right(&ring, "20%"));
}

#[test]
fn removing_a_middle_bucket_under_jump_hash_moves_keys_of_the_later_buckets_too() {
    let posed = lesson_question("A middle bucket leaves");
    let Answer::Moves { keys } = posed.answer() else {
        unreachable!()
    };
    assert!(keys.iter().any(|k| k.moved && k.from != "B"));
    let (before, after) = sides(&posed, &Change::RemoveServer { name: "B".into() });
    let engine: BTreeSet<String> = moved_labels(&posed).into_iter().collect();
    assert_eq!(engine, naive_moved(&before, &after));
}

#[test]
fn more_virtual_nodes_do_not_fix_a_single_very_hot_key() {
    assert!(right(&lesson_question("Where the hot key lives"), "A"));
    let posed = lesson_question("More virtual nodes?");
    assert_eq!(chosen(&posed), 1);
    assert!(right(&posed, "b"));
    assert!(!right(&posed, "a"));
    assert!((number(&lesson_question("When A dies")).0 - 25.6).abs() < 1e-9);
}

// ---------------------------------------------------------------------------------------------
// Marking "which keys move?"

fn teaching_moves(change: &str) -> Posed {
    Question::from_query(&format!(
        "ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5&ask=moves&change={change}"
    ))
    .unwrap()
    .pose()
    .unwrap()
}

#[test]
fn each_key_is_graded_right_missed_or_wrongly_marked_with_the_walk_that_decides_it() {
    let posed = teaching_moves("add:D@60");
    let marking = posed.mark(&Response::Keys(vec!["@68".into()])).unwrap();
    assert!(!marking.right);
    let grade = |label: &str| marking.keys.iter().find(|k| k.label == label).unwrap();
    assert_eq!(grade("@52").grade, Grade::Missed);
    assert_eq!(grade("@68").grade, Grade::WronglyMarked);
    assert_eq!(grade("@90").grade, Grade::Right);
    assert_eq!(
        grade("@52").why,
        "@52 moves from C to D: walking clockwise from 52 it now meets D's new point at 60, before C's point at 75."
    );
    assert_eq!(
        grade("@68").why,
        "@68 stays on C: walking clockwise from 68 it still meets C's point at 75 first. D's new point at 60 is not on the way."
    );
    assert!(grade("@90").why.contains("past the top"));
    assert_eq!(
        marking.verdict,
        "Not quite: 3 of 5 keys right; missed @52; @68 does not move."
    );
    let removal = teaching_moves("remove:B");
    let k25 = &removal.mark(&Response::Keys(vec!["@25".into()])).unwrap();
    assert!(k25.right);
    assert!(k25.keys.iter().any(|k| k.why
        == "@25 moves from B to C: B's point at 40 is gone, so the walk from 25 goes on to C's point at 75."));
}

#[test]
fn a_reply_naming_no_key_or_of_another_kind_is_refused_in_words() {
    let posed = teaching_moves("add:D@60");
    let unknown = posed.mark(&Response::Keys(vec!["@53".into()])).unwrap_err();
    assert_eq!(unknown.to_string(), "There is no key @53.");
    let other = posed.mark(&Response::Number(1.0)).unwrap_err();
    assert!(other.to_string().contains("another kind"));
    assert!(read_reply(QuestionKind::Arc, "somewhere").is_err());
}

#[test]
fn questions_that_cannot_be_answered_are_refused_with_the_reason() {
    let cases = [
        (
            "servers=A@10,B@40&keys=@5&ask=owner&key=@6",
            "There is no key @6",
        ),
        (
            "servers=A@10,B@40&keys=@5&ask=moves&change=add:C@40",
            "Position 40 is taken",
        ),
        (
            "servers=A@10,B@40&keys=@5&ask=moves&change=gen:3",
            "does not move keys",
        ),
        (
            "servers=A@10,B@40&ask=moves&change=add:C@50",
            "no keys to mark",
        ),
        (
            "servers=A@10,B@40&gen=101&ask=moves&change=add:C@50",
            "at most 100",
        ),
        (
            "servers=A@10,B@40&keys=@5&ask=number&measure=moved&change=add:C@50&band=3..4",
            "leaves out",
        ),
        (
            "servers=A@10,B@40&keys=@5,@6,@7,@8&ask=number&measure=moved&change=remove:A&band=0..5",
            "wider than the answer",
        ),
        (
            "servers=A@10,B@40&keys=@5&ask=number&measure=ideal&change=move:A@20",
            "no least share",
        ),
        (
            "servers=A,B&vnodes=20&keys=@5&ask=arc&server=A",
            "separate stretches",
        ),
        (
            "servers=A@10,B@40&keys=@5&ask=arc&server=A&slack=9",
            "too loose",
        ),
        (
            "servers=A@10,B@40&keys=@5&ask=share&server=Z",
            "There is no server called Z",
        ),
        (
            "servers=A@10,B@40&keys=@5&ask=choice&concept=hot-key&points=10",
            "no hot key",
        ),
        (
            "servers=A@10,B@40&keys=@5&ask=choice&concept=leaving&server=B",
            "holds no keys",
        ),
        (
            "servers=A@10,B@40&keys=@5&ask=choice&concept=leaving&server=B&zoom=3",
            "zoom",
        ),
        (
            "servers=A@10,B@40&keys=@5&vnodes=zero&ask=owner&key=@5",
            "could not be read",
        ),
    ];
    for (query, expected) in cases {
        let message = match Question::from_query(query).and_then(|q| q.pose()) {
            Ok(_) => panic!("{query} was posed"),
            Err(e) => e.to_string(),
        };
        assert!(message.contains(expected), "{query}: {message}");
    }
}

/// A small hand-placed ring: server positions, key positions, and a change.
fn small_ring() -> impl Strategy<Value = (Vec<u32>, Vec<u32>, bool, u32, usize)> {
    (
        proptest::sample::subsequence((0u32..100).collect::<Vec<_>>(), 2..=6),
        proptest::sample::subsequence((0u32..100).collect::<Vec<_>>(), 3..=12),
        any::<bool>(),
        0u32..100,
        0usize..6,
    )
}

proptest! {
    #![proptest_config(common::cases::cases(64))]

    #[test]
    fn marking_which_keys_move_agrees_with_a_naive_ring(
        (servers, keys, adding, spot, pick) in small_ring(),
        marks in proptest::collection::vec(any::<bool>(), 12),
    ) {
        let names = ["A", "B", "C", "D", "E", "F"];
        let list: Vec<String> = servers.iter().zip(names).map(|(p, n)| format!("{n}@{p}")).collect();
        let labels: Vec<String> = keys.iter().map(|k| format!("@{k}")).collect();
        let change = if adding && !servers.contains(&spot) {
            format!("add:G@{spot}")
        } else {
            format!("remove:{}", names[pick % servers.len()])
        };
        let query = format!(
            "ring=100&servers={}&keys={}&ask=moves&change={change}",
            list.join(","),
            labels.join(",")
        );
        let posed = Question::from_query(&query).unwrap().pose().unwrap();
        let Ask::Moves { change } = &posed.question().ask else { unreachable!() };
        let (before, after) = sides(&posed, change);
        let moved = naive_moved(&before, &after);
        let marked: Vec<String> = labels.iter().zip(&marks).filter(|(_, m)| **m).map(|(l, _)| l.clone()).collect();
        let marking = posed.mark(&Response::Keys(marked.clone())).unwrap();
        prop_assert_eq!(marking.keys.len(), labels.len());
        for k in &marking.keys {
            let (m, on) = (moved.contains(&k.label), marked.contains(&k.label));
            let expected = match (on, m) {
                (true, true) | (false, false) => Grade::Right,
                (false, true) => Grade::Missed,
                (true, false) => Grade::WronglyMarked,
            };
            prop_assert_eq!(k.grade, expected, "{}", &k.label);
            prop_assert_eq!(k.moved, m);
            prop_assert!(k.why.starts_with(&k.label));
            let verb = if m { "moves" } else { "stays" };
            prop_assert!(k.why.contains(verb), "{}", &k.why);
        }
        let exact: BTreeSet<String> = marked.into_iter().collect();
        prop_assert_eq!(marking.right, exact == moved);
        let all_right = posed.mark(&Response::Keys(moved.iter().cloned().collect())).unwrap();
        prop_assert!(all_right.right);
    }
}

// ---------------------------------------------------------------------------------------------
// Practice questions

/// Checks a posed question's answer against a computation that does not use the engine's
/// placements, lookups or moves; the engine only builds the scenarios.
fn check_against_naive(posed: &Posed) {
    let q = posed.question();
    let s = posed.scenario();
    let label = q.to_query();
    match (&q.ask, posed.answer()) {
        (Ask::Moves { change }, Answer::Moves { .. }) => {
            let (before, after) = sides(posed, change);
            let engine: BTreeSet<String> = moved_labels(posed).into_iter().collect();
            assert_eq!(engine, naive_moved(&before, &after), "{label}");
        }
        (Ask::Owner { key }, Answer::Owner { server }) => {
            let id = s.keys().find(key).unwrap();
            assert_eq!(&naive_owners(s)[id as usize], server, "{label}");
        }
        (
            Ask::Number {
                measure,
                change,
                unit,
                ..
            },
            Answer::Number { value, .. },
        ) => {
            let (before, after) = sides(posed, change);
            let keys = before.keys().len() as f64;
            let fraction = match measure {
                Measure::Moved => naive_moved(&before, &after).len() as f64 / keys,
                Measure::ModN => {
                    let b: Vec<&str> = before.servers().iter().map(|x| x.name.as_str()).collect();
                    let a: Vec<&str> = after.servers().iter().map(|x| x.name.as_str()).collect();
                    let cycle = b.len() * a.len();
                    let moved = (0..cycle)
                        .filter(|h| b[h % b.len()] != a[h % a.len()])
                        .count();
                    moved as f64 / cycle as f64
                }
                Measure::Ideal => {
                    let weight = |s: &Scenario, name: &str| {
                        let w = match s.server(name).unwrap().1.placement {
                            Placement::Hashed { weight } => weight,
                            Placement::At(_) => 1,
                        };
                        if s.placement().uses_weights() {
                            f64::from(w)
                        } else {
                            1.0
                        }
                    };
                    let total = |s: &Scenario| -> f64 {
                        s.servers().iter().map(|x| weight(s, &x.name)).sum()
                    };
                    let joined: f64 = after
                        .servers()
                        .iter()
                        .filter(|x| before.server(&x.name).is_err())
                        .map(|x| weight(&after, &x.name))
                        .sum();
                    let left: f64 = before
                        .servers()
                        .iter()
                        .filter(|x| after.server(&x.name).is_err())
                        .map(|x| weight(&before, &x.name))
                        .sum();
                    if joined > 0.0 {
                        joined / total(&after)
                    } else {
                        left / total(&before)
                    }
                }
            };
            let expected = match unit {
                Unit::Keys { of: None } if *measure == Measure::Moved => fraction * keys,
                Unit::Keys { of } => fraction * of.map_or(keys, |n| n as f64),
                Unit::Percent => fraction * 100.0,
                Unit::Reads { reads, hit } => {
                    let (r, h) = (*reads as f64, f64::from(*hit) / 100.0);
                    r * (1.0 - h) + r * h * fraction
                }
                Unit::Times | Unit::Seconds => panic!("{label}: a practice number in {unit:?}"),
            };
            assert!(
                (value - expected).abs() < 1e-6 * expected.abs().max(1.0),
                "{label}: {value} against {expected}"
            );
        }
        (Ask::Arc { of, .. }, Answer::Arc { span, size, .. }) => {
            let ring = NaiveRing::of(s);
            let runs = match of {
                ArcOf::Server(name) => naive_runs(*size, |p| ring.owner(p) == name),
                ArcOf::Change(change) => {
                    let (_, after) = sides(posed, change);
                    let next = NaiveRing::of(&after);
                    naive_runs(*size, |p| ring.owner(p) != next.owner(p))
                }
            };
            assert_eq!(runs, vec![*span], "{label}");
        }
        (Ask::Share { server, .. }, Answer::Share { percent, .. }) => {
            if s.placement() == Kind::Ring {
                let ring = NaiveRing::of(s);
                let i = s.server(server).unwrap().0;
                let expected = ring.counted_arcs()[i] as f64 / ring.size as f64 * 100.0;
                assert!((percent - expected).abs() < 1e-9, "{label}");
            } else {
                assert!((0.0..=100.0).contains(percent), "{label}");
            }
        }
        (Ask::Choice { concept }, Answer::Choice { right, .. }) => match concept {
            Concept::Leaving { server } => {
                let (before, after) = sides(
                    posed,
                    &Change::RemoveServer {
                        name: server.clone(),
                    },
                );
                let (b, a) = (naive_owners(&before), naive_owners(&after));
                let moved: Vec<usize> = (0..b.len()).filter(|&i| b[i] != a[i]).collect();
                let spill = moved.iter().any(|&i| &b[i] != server);
                let heirs: BTreeSet<&String> = moved.iter().map(|&i| &a[i]).collect();
                let expected = if spill {
                    2
                } else if heirs.len() == 1 {
                    0
                } else {
                    1
                };
                assert_eq!(*right, expected, "{label}");
            }
            Concept::Between { change } => {
                let (before, after) = sides(posed, change);
                let (b, a) = (naive_owners(&before), naive_owners(&after));
                let stays = |n: &str| before.server(n).is_ok() && after.server(n).is_ok();
                let crossing = (0..b.len()).any(|i| b[i] != a[i] && stays(&b[i]) && stays(&a[i]));
                assert_eq!(*right, usize::from(crossing), "{label}");
            }
            Concept::Restore { server } => {
                let (_, found) = s.server(server).unwrap();
                let back = match found.placement {
                    Placement::At(p) => Change::AddServer {
                        name: server.clone(),
                        at: Some(u64::from(p)),
                        weight: None,
                    },
                    Placement::Hashed { weight } => Change::AddServer {
                        name: server.clone(),
                        at: None,
                        weight: (weight != 1).then_some(weight),
                    },
                };
                let gone = s
                    .after(Change::RemoveServer {
                        name: server.clone(),
                    })
                    .unwrap()
                    .0;
                let end = gone.after(back).unwrap().0;
                let differ = naive_owners(s) != naive_owners(&end);
                assert_eq!(*right, usize::from(differ), "{label}");
            }
            Concept::HotKey { .. } => assert!(*right <= 1, "{label}"),
        },
        (ask, answer) => panic!("{ask:?} answered with {answer:?}"),
    }
}

#[test]
fn practice_questions_of_every_kind_and_level_are_answerable_and_agree_with_naive_computations() {
    for level in 1..=6 {
        let level = Difficulty::new(level).unwrap();
        for kind in QuestionKind::PRACTICE {
            for seed in 0..8 {
                let q = generate(seed, u64::from(level.level()), level, Some(kind));
                assert_eq!(q.kind(), kind);
                let posed = q.pose().unwrap_or_else(|e| panic!("{}: {e}", q.to_query()));
                let s = posed.scenario();
                assert_eq!(s.size().get(), 100);
                assert!((2..=6).contains(&s.servers().len()), "{}", q.to_query());
                assert!((3..=12).contains(&s.keys().len()), "{}", q.to_query());
                check_against_naive(&posed);
            }
        }
    }
}

#[test]
fn levels_bring_more_servers_keys_points_and_placements() {
    let describe = |level: u8| -> (usize, usize, u32, BTreeSet<&'static str>) {
        let d = Difficulty::new(level).unwrap();
        let mut most = (0, 0, 0, BTreeSet::new());
        for seed in 0..40 {
            let s = generate(seed, 0, d, Some(QuestionKind::Owner))
                .pose()
                .unwrap();
            let s = s.scenario();
            most.0 = most.0.max(s.servers().len());
            most.1 = most.1.max(s.keys().len());
            most.2 = most.2.max(s.vnodes());
            most.3.insert(s.placement().id());
        }
        most
    };
    let one = describe(1);
    assert!(one.0 <= 3 && one.1 <= 5 && one.2 == 1);
    assert_eq!(one.3, BTreeSet::from(["ring"]));
    let six = describe(6);
    assert!(six.0 > one.0 && six.1 > one.1 && six.2 > 1);
    assert!(six.3.len() >= 4, "{:?}", six.3);
}

#[test]
fn the_same_seed_and_levels_give_the_same_questions() {
    let run = |seed: u64, results: &[bool]| -> Vec<String> {
        let mut practice = Practice::new(seed);
        let mut out = vec![practice.next(None).to_query()];
        for &r in results {
            practice.record(r);
            out.push(practice.next(None).to_query());
        }
        out
    };
    let results = [
        true, true, true, true, false, true, true, true, false, false,
    ];
    assert_eq!(run(11, &results), run(11, &results));
    assert_ne!(run(11, &results), run(12, &results));
    // The questions follow the levels: a different sequence of results asks other questions.
    assert_ne!(run(11, &results), run(11, &[false; 10]));
    let mut climbing = Practice::new(3);
    for _ in 0..15 {
        climbing.next(None);
        climbing.record(true);
    }
    assert_eq!(climbing.level(), Difficulty::HARDEST);
}

// ---------------------------------------------------------------------------------------------
// Exercise sets

fn a_question() -> impl Strategy<Value = Question> {
    (
        any::<u64>(),
        0u64..1000,
        1u8..=6,
        proptest::sample::select(QuestionKind::PRACTICE.to_vec()),
    )
        .prop_map(|(seed, index, level, kind)| {
            generate(seed, index, Difficulty::new(level).unwrap(), Some(kind))
        })
}

proptest! {
    #![proptest_config(common::cases::cases(32))]

    #[test]
    fn a_set_reads_back_as_the_same_questions(questions in proptest::collection::vec(a_question(), 0..6)) {
        let value = encode_set(&questions);
        prop_assert!(value.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b)));
        let set = decode_set(&value);
        prop_assert!(set.problems.is_empty(), "{:?}", set.problems);
        let back: Vec<Question> = set.questions.iter().map(|p| p.question().clone()).collect();
        prop_assert_eq!(back, questions);
    }

    #[test]
    fn a_tampered_set_never_marks_a_wrong_owner_right(
        seed in any::<u64>(),
        cut in 0usize..400,
        byte in 32u8..127,
    ) {
        // An owner question, its text altered at one place, then read back. Whatever the
        // question now asks, a server is marked right exactly when the naive ring agrees.
        let q = generate(seed, 0, Difficulty::EASIEST, Some(QuestionKind::Owner));
        let mut text = q.to_query().into_bytes();
        let at = cut % text.len();
        text[at] = byte;
        let Ok(tampered) = String::from_utf8(text) else { return Ok(()) };
        let tampered: Vec<Question> = Question::from_query(&tampered).into_iter().collect();
        let set = decode_set(&encode_set(&tampered));
        for posed in &set.questions {
            let Ask::Owner { key } = &posed.question().ask else { continue };
            let s = posed.scenario();
            let id = s.keys().find(key).unwrap();
            let truth = naive_owners(s)[id as usize].clone();
            for server in s.servers() {
                let marked = posed.mark(&Response::Server(server.name.clone())).unwrap();
                prop_assert_eq!(marked.right, server.name == truth);
            }
        }
        prop_assert!(set.questions.len() + set.problems.len() == tampered.len());
    }
}

#[test]
fn a_set_edited_by_hand_asks_another_question_but_recomputes_its_answer() {
    // The set says "who owns @90" on the teaching ring; an editor changes the key to @52 and
    // hopes the old reply, A, still counts.
    let honest = Question::from_query(
        "ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5&ask=owner&key=@90",
    )
    .unwrap();
    let mut edited = honest.clone();
    edited.ask = Ask::Owner { key: "@52".into() };
    let set = decode_set(&encode_set(&[honest, edited]));
    assert!(set.problems.is_empty());
    assert!(
        set.questions[0]
            .mark(&Response::Server("A".into()))
            .unwrap()
            .right
    );
    assert!(
        !set.questions[1]
            .mark(&Response::Server("A".into()))
            .unwrap()
            .right
    );
    assert!(
        set.questions[1]
            .mark(&Response::Server("C".into()))
            .unwrap()
            .right
    );
    // Moving a server instead changes the answer the same way.
    let moved = Question::from_query(
        "ring=100&servers=A@10,B@95,C@75&keys=@90,@52,@68,@25,@5&ask=owner&key=@90",
    )
    .unwrap();
    let posed = moved.pose().unwrap();
    assert!(!posed.mark(&Response::Server("A".into())).unwrap().right);
}

#[test]
fn a_damaged_set_says_which_questions_it_skipped_and_keeps_the_rest() {
    let questions: Vec<Question> = (0..3)
        .map(|i| generate(5, i, Difficulty::EASIEST, Some(QuestionKind::Owner)))
        .collect();
    let value = encode_set(&questions);
    let pieces: Vec<&str> = value.split('.').collect();
    // Question 2 loses its middle; a character outside the alphabet lands in question 3.
    let broken = format!(
        "{}.{}.{}.{}+x",
        pieces[0],
        pieces[1],
        &pieces[2][..pieces[2].len() / 2 + 1],
        pieces[3]
    );
    let set = decode_set(&broken);
    assert_eq!(set.questions.len(), 1);
    assert_eq!(set.questions[0].question(), &questions[0]);
    let said: Vec<String> = set.problems.iter().map(|p| p.to_string()).collect();
    assert_eq!(said.len(), 2, "{said:?}");
    assert!(said[0].starts_with("Question 2: "), "{said:?}");
    assert!(
        said[1].starts_with("Question 3: it cannot be read: it holds '+'"),
        "{said:?}"
    );

    let others = [
        ("", "empty"),
        ("2.abc", "starts with \"2\""),
        ("1..", "Question 1: it is empty."),
        ("1.////", "not part of the encoding"),
    ];
    for (value, expected) in others {
        let set = decode_set(value);
        assert!(set.questions.is_empty(), "{value}");
        assert!(
            set.problems
                .iter()
                .any(|p| p.to_string().contains(expected)),
            "{value}: {:?}",
            set.problems
        );
    }
    // A question whose band was widened to take any guess is refused rather than marked.
    let loose = Question::from_query(
        "ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5&ask=number&measure=moved&change=add:D@60&band=0..5",
    )
    .unwrap();
    let set = decode_set(&encode_set(&[loose]));
    assert!(set.questions.is_empty());
    assert!(set.problems[0].message.contains("wider than the answer"));
}

// ---------------------------------------------------------------------------------------------
// Replies and scores

#[test]
fn every_kind_of_reply_is_read_and_marked() {
    let teaching = "ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5";
    let cases = [
        ("ask=moves&change=add:D@60", "@52", "@52, @68"),
        ("ask=owner&key=@25", "B", "C"),
        ("ask=number&measure=moved&change=add:D@60&band=0", "1", "2"),
        ("ask=arc&server=B&slack=1", "10-41", "10 to 42"),
        ("ask=share&server=A&slack=1", "34%", "30"),
        ("ask=choice&concept=leaving&server=B", "a", "c"),
    ];
    for (ask, good, bad) in cases {
        let posed = Question::from_query(&format!("{teaching}&{ask}"))
            .unwrap()
            .pose()
            .unwrap();
        assert!(right(&posed, good), "{ask}: {good}");
        assert!(!right(&posed, bad), "{ask}: {bad}");
        let marking = posed.mark(&posed.read_reply(bad).unwrap()).unwrap();
        assert!(marking.verdict.starts_with("Not"), "{}", marking.verdict);
        assert_eq!(marking.worked, posed.worked());
    }
}

#[test]
fn the_score_sums_up_replies_by_kind_with_the_longest_run() {
    let mut score = Score::new();
    let teaching = "ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5";
    for (ask, reply) in [
        ("ask=owner&key=@90", "A"),
        ("ask=owner&key=@52", "C"),
        ("ask=moves&change=add:D@60", "@68"),
        ("ask=arc&server=C", "41 to 75"),
    ] {
        let posed = Question::from_query(&format!("{teaching}&{ask}"))
            .unwrap()
            .pose()
            .unwrap();
        let marking = posed.mark(&posed.read_reply(reply).unwrap()).unwrap();
        score.record(&posed, &marking);
    }
    assert_eq!(
        (
            score.right(),
            score.total(),
            score.streak(),
            score.best_streak()
        ),
        (3, 4, 1, 2)
    );
    assert_eq!(
        score.summary(),
        "Ringlab quiz: 3 of 4 right (75%).\n\
         \x20 Which keys move? 0 of 1\n\
         \x20 Who owns this key? 2 of 2\n\
         \x20 Which stretch? 1 of 1\n\
         \x20 Longest run of right answers: 2\n\
         ✓ 1. Which server owns @90?\n\
         ✓ 2. Which server owns @52?\n\
         ✗ 3. D joins at 60. Which keys change server?\n\
         ✓ 4. Which stretch of the ring does C own? Give its first and last position, clockwise.\n"
    );
}

#[test]
fn bands_state_how_replies_are_marked() {
    let q = Question::new(
        "ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5",
        Ask::Number {
            measure: Measure::ModN,
            change: "add:D".parse().unwrap(),
            unit: Unit::Keys { of: Some(1_000) },
            band: Band::Relative(10.0),
        },
    );
    let posed = q.pose().unwrap();
    assert!(posed
        .prompt()
        .ends_with("Within 10% of the answer counts as right."));
    assert_eq!(number(&posed), (750.0, 675.0, 825.0));
    assert!(right(&posed, "700") && !right(&posed, "600"));
}
