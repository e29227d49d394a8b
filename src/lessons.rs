//! The guided lessons, as plain data.
//!
//! A [`Lesson`] is a short sequence of [`Step`]s. Each step is fully described by its `link`, a
//! query string read with [`read_link`](crate::core::read_link): the ring, the servers, the keys,
//! the change to replay (`then=`) and the key to highlight (`select=`). Showing a step, or going
//! back to the previous one, is reading that step's link; nothing else carries over.
//!
//! The narration may name numbers, and the tests at the bottom of this file check every one of
//! them against what the engine computes for that step's link.

/// One guided lesson.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lesson {
    /// A stable identifier, usable in an address: `teaching-ring`.
    pub id: &'static str,
    /// The lesson's name for people.
    pub title: &'static str,
    /// The steps, in order.
    pub steps: &'static [Step],
}

/// One step of a lesson.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// The whole state of this step as a query string for
    /// [`read_link`](crate::core::read_link), with `then=` for the change it shows and `select=`
    /// for the key it highlights.
    pub link: &'static str,
    /// A few words naming the step.
    pub title: &'static str,
    /// One to three short sentences saying what to look at.
    pub narration: &'static str,
    /// How many copies of each key this step keeps (1 outside the replicas lesson).
    pub replicas: usize,
    /// Whether the cache-impact panel matters in this step.
    pub cache: bool,
}

/// Finds a lesson by its id.
///
/// ```
/// use ringlab::lessons::lesson;
/// assert_eq!(lesson("teaching-ring").unwrap().steps.len(), 6);
/// assert!(lesson("nope").is_none());
/// ```
pub fn lesson(id: &str) -> Option<&'static Lesson> {
    LESSONS.iter().find(|l| l.id == id)
}

/// Every lesson, in the order they are offered.
pub const LESSONS: &[Lesson] = &[
    Lesson {
        id: "teaching-ring",
        title: "The ring by hand",
        steps: TEACHING_RING,
    },
    Lesson {
        id: "fifth-cache",
        title: "Adding a fifth cache",
        steps: FIFTH_CACHE,
    },
    Lesson {
        id: "virtual-nodes",
        title: "Virtual nodes even out the shares",
        steps: VIRTUAL_NODES,
    },
    Lesson {
        id: "node-dies",
        title: "When a cache server dies",
        steps: NODE_DIES,
    },
    Lesson {
        id: "replicas",
        title: "Three copies of every key",
        steps: REPLICAS,
    },
];

/// A, B and C placed by hand on the ring 0 to 99, with five keys placed by hand.
const TEACHING_RING: &[Step] = &[
    Step {
        link: "ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5",
        title: "Three servers, one circle",
        narration:
            "The positions 0 to 99 close into a circle. A, B and C own 35, 30 and 35 of them: \
                    each server owns the stretch of ring that ends at its own point.",
        replicas: 1,
        cache: false,
    },
    Step {
        link: "ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5&select=@90",
        title: "Walking past the top",
        narration: "A key belongs to the first server clockwise from it. From 90 there is no \
                    server before 99, so the walk goes on past 0 and stops at A.",
        replicas: 1,
        cache: false,
    },
    Step {
        link: "ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5&then=add:D@60",
        title: "D joins at 60",
        narration: "D lands at 60 and takes positions 41 to 60, the end of C's stretch. No other \
                    part of the ring changes hands.",
        replicas: 1,
        cache: false,
    },
    Step {
        link: "ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5&then=add:D@60&select=@52",
        title: "Only one key moves",
        narration: "Key 52 is inside D's new stretch, so it goes from C to D, while key 68 lies \
                    past 60 and stays on C. 1 of 5 keys moved; hash mod N would have moved 4.",
        replicas: 1,
        cache: false,
    },
    Step {
        link:
            "ring=100&servers=A@10,B@40,C@75,D@60&keys=@90,@52,@68,@25,@5&then=remove:B&select=@25",
        title: "B leaves",
        narration: "B's stretch, 11 to 40, passes to the next server clockwise, which is D now. \
                    Key 25 follows it to D, and no other key moves.",
        replicas: 1,
        cache: false,
    },
    Step {
        link: "ring=100&servers=A@10,B@40,C@75,D@60&keys=@90,@52,@68,@25,@5&then=remove:B",
        title: "The catch",
        narration: "D now owns 50 of the 100 positions and C only 15. With one point per server, \
                    where the points happen to sit decides the shares, and they come out lopsided.",
        replicas: 1,
        cache: false,
    },
];

/// Four hashed caches with 100 points each and 100 keys; a fifth joins.
const FIFTH_CACHE: &[Step] = &[
    Step {
        link: "ring=2^32&vnodes=100&servers=tokyo,osaka,kyoto,nagoya&gen=100",
        title: "Four caches",
        narration: "Four caches are hashed onto the full ring at 100 points each, and 100 keys \
                    are hashed onto it too. Each cache ends up with between 24 and 27 of them.",
        replicas: 1,
        cache: false,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=tokyo,osaka,kyoto,nagoya&gen=100&then=add:sapporo",
        title: "sapporo joins",
        narration: "sapporo brings its own 100 points. 21 of the 100 keys move, and every one of \
                    them goes to sapporo: no key moves between the caches that were already there.",
        replicas: 1,
        cache: true,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=tokyo,osaka,kyoto,nagoya&gen=100&then=add:sapporo&select=key-2",
        title: "The same join under mod N",
        narration: "Picking servers with hash mod N, going from 4 to 5 would have moved 83 of the \
                    100 keys. key-2 is one of them: the ring leaves it on tokyo, but mod N sends it \
                    to kyoto, which does not have it.",
        replicas: 1,
        cache: true,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=tokyo,osaka,kyoto,nagoya&gen=100&then=add:sapporo",
        title: "What the database feels",
        narration: "At 50,000 reads a second and 95% hits, the database serves 2,500 reads a \
                    second. Right after the join that is about 12,500 with the ring, and about \
                    41,900 with mod N.",
        replicas: 1,
        cache: true,
    },
];

/// The same four caches at 1, 10, 100 and 1,000 points each.
const VIRTUAL_NODES: &[Step] = &[
    Step {
        link: "ring=2^32&vnodes=1&servers=tokyo,osaka,kyoto,nagoya&gen=1000",
        title: "One point each",
        narration: "With 1 point per server the shares are down to luck: tokyo owns 42% of the \
                    ring and osaka 15%. The spread around the fair share is 40%, where one over \
                    the square root of the points per server predicts 100%.",
        replicas: 1,
        cache: false,
    },
    Step {
        link: "ring=2^32&vnodes=10&servers=tokyo,osaka,kyoto,nagoya&gen=1000",
        title: "Ten points each",
        narration: "With 10 points per server each share is the sum of several arcs, and the \
                    spread shrinks to 27%, against 32% predicted.",
        replicas: 1,
        cache: false,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=tokyo,osaka,kyoto,nagoya&gen=1000",
        title: "A hundred points each",
        narration: "With 100 points per server the spread is 8%, against 10% predicted: every \
                    share now lies between 23% and 28%.",
        replicas: 1,
        cache: false,
    },
    Step {
        link: "ring=2^32&vnodes=1000&servers=tokyo,osaka,kyoto,nagoya&gen=1000",
        title: "A thousand points each",
        narration: "With 1,000 points per server the spread is 2%, against 3% predicted. The more \
                    points each server has, the smaller the spread, roughly as one over their \
                    square root.",
        replicas: 1,
        cache: false,
    },
];

/// Four hashed caches with 100 points each and 10,001 keys; C dies, then comes back.
const NODE_DIES: &[Step] = &[
    Step {
        link: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=10000&keys=user:2&select=user:2",
        title: "Four healthy caches",
        narration: "Every app server holds the same ring of four caches with 100 points each. A \
                    read of user:2 hashes to a point of C, and C has it. Only misses reach the \
                    database: 2,500 of the 50,000 reads a second.",
        replicas: 1,
        cache: true,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=10000&keys=user:2&then=remove:C&select=user:2",
        title: "C dies",
        narration: "Health checks take C's points off every ring. Each of its 100 arcs falls to \
                    the next point clockwise, so A, B and D each take roughly a third of its keys.",
        replicas: 1,
        cache: true,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=10000&keys=user:2&then=remove:C",
        title: "The misses",
        narration: "C held 24% of the keys, and their new owners do not have them yet. Those reads \
                    all miss, so the database goes from 2,500 to about 14,000 reads a second until \
                    the caches refill.",
        replicas: 1,
        cache: true,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=10000&keys=user:2&then=remove:C",
        title: "Against mod N",
        narration: "Keys on A, B and D still hit. With hash mod N, going from 4 servers to 3 would \
                    have moved 75% of the keys and sent about 38,000 reads a second to the \
                    database.",
        replicas: 1,
        cache: true,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=A,B,D&gen=10000&keys=user:2&then=add:C&select=user:2",
        title: "C comes back",
        narration: "C returns to the same points and takes back the same 2,426 keys, all of them \
                    from A, B and D; only those miss again. Bring it back empty, since what it held \
                    may have changed while it was away.",
        replicas: 1,
        cache: true,
    },
];

/// Five hashed servers with 100 points each and 1,002 keys, each key on 3 servers.
const REPLICAS: &[Step] = &[
    Step {
        link: "ring=2^32&vnodes=100&servers=tokyo,osaka,kyoto,nagoya,sapporo&gen=1000&keys=user:7,user:21&select=user:7",
        title: "A key and its copies",
        narration: "Each key is kept on the first 3 different servers met walking clockwise from \
                    it. For user:7 that is kyoto, which answers, then tokyo and osaka, which hold \
                    copies.",
        replicas: 3,
        cache: false,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=tokyo,osaka,kyoto,nagoya,sapporo&gen=1000&keys=user:7,user:21&select=user:21",
        title: "Servers, not points",
        narration: "The walk counts servers, not points. From user:21 it passes 8 points to \
                    collect kyoto, sapporo and nagoya, skipping 5 that belong to a server already \
                    on the list.",
        replicas: 3,
        cache: false,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=tokyo,osaka,kyoto,nagoya,sapporo&gen=1000&keys=user:7,user:21&then=remove:kyoto&select=user:7",
        title: "kyoto dies",
        narration: "kyoto answered for 186 keys. Each of them is now answered by the next server \
                    on its list, which already holds a copy: tokyo for user:7. No key loses its \
                    last copy.",
        replicas: 3,
        cache: false,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=tokyo,osaka,kyoto,nagoya,sapporo&gen=1000&keys=user:7,user:21&then=remove:kyoto",
        title: "With a single copy",
        narration: "Keep one copy per key instead, and the same failure leaves all 186 of \
                    kyoto's keys with no copy anywhere.",
        replicas: 1,
        cache: false,
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{failover, read_link, CacheLoad, Link, Moves, Outcome, Scenario, MAX_KEYS};

    fn step(id: &str, index: usize) -> &'static Step {
        &lesson(id).expect("the lesson exists").steps[index]
    }

    fn read(step: &Step) -> Link {
        read_link(step.link, MAX_KEYS)
    }

    fn last(link: &Link) -> &Outcome {
        link.last.as_ref().expect("the step replays a change")
    }

    fn before(link: &Link) -> &Scenario {
        link.before.as_ref().expect("the step replays a change")
    }

    fn selected(link: &Link) -> Option<&str> {
        link.extra
            .iter()
            .find(|(name, _)| name == "select")
            .map(|(_, value)| value.as_str())
    }

    fn key_id(scenario: &Scenario, label: &str) -> u32 {
        scenario.keys().find(label).expect("the key is on the ring")
    }

    fn owner(scenario: &Scenario, label: &str) -> String {
        let id = key_id(scenario, label);
        scenario
            .ring()
            .server_name(scenario.owner_of_key(id))
            .to_string()
    }

    fn labelled(scenario: &Scenario, moves: &Moves) -> Vec<(String, String, String)> {
        moves
            .listed
            .iter()
            .map(|m| {
                (
                    scenario.keys().label(m.key),
                    m.from.to_string(),
                    m.to.to_string(),
                )
            })
            .collect()
    }

    /// A server's arc, in positions.
    fn arc(scenario: &Scenario, name: &str) -> u64 {
        let own = scenario.ownership();
        own.servers
            .iter()
            .find(|s| &*s.name == name)
            .expect("the server is on the ring")
            .arc
    }

    /// A server's key count.
    fn keys_of(scenario: &Scenario, name: &str) -> u64 {
        let own = scenario.ownership();
        own.servers
            .iter()
            .find(|s| &*s.name == name)
            .expect("the server is on the ring")
            .keys
    }

    /// A fraction as a whole percentage, as the narration writes it.
    fn pct(fraction: f64) -> String {
        format!("{}%", (fraction * 100.0).round())
    }

    /// A whole number with thousands separators, as the narration writes it.
    fn grouped(n: u64) -> String {
        let digits = n.to_string();
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i) % 3 == 0 {
                out.push(',');
            }
            out.push(c);
        }
        out
    }

    /// `value` rounded to the nearest multiple of `to`, grouped.
    fn about(value: f64, to: f64) -> String {
        grouped(((value / to).round() * to) as u64)
    }

    /// Every number the narration states, in order: digit runs with their thousands separators,
    /// decimals and percent sign. Digits inside a label such as `user:7` or `key-2` are part of
    /// the label, not a figure.
    fn figures(text: &str) -> Vec<String> {
        let chars: Vec<char> = text.chars().collect();
        let mut found = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            let glued = i > 0 && (chars[i - 1].is_alphanumeric() || ":-#@_".contains(chars[i - 1]));
            if !chars[i].is_ascii_digit() || glued {
                i += 1;
                continue;
            }
            let mut figure = String::new();
            while i < chars.len() {
                let c = chars[i];
                let inner =
                    (c == ',' || c == '.') && chars.get(i + 1).is_some_and(|n| n.is_ascii_digit());
                if c.is_ascii_digit() || inner {
                    figure.push(c);
                    i += 1;
                } else {
                    break;
                }
            }
            if chars.get(i) == Some(&'%') {
                figure.push('%');
                i += 1;
            }
            found.push(figure);
        }
        found
    }

    fn narrates(step: &Step, expected: &[String]) {
        assert_eq!(figures(step.narration), expected, "{}", step.narration);
    }

    #[test]
    fn the_figure_reader_finds_numbers_but_not_key_labels() {
        assert_eq!(
            figures(
                "From user:7 and key-2, 1 of 5 moved; 2,500 reads, 95% hits, 0.5 left, at 10, then"
            ),
            vec!["1", "5", "2,500", "95%", "0.5", "10"]
        );
        assert_eq!(grouped(38_000), "38,000");
        assert_eq!(grouped(999), "999");
        assert_eq!(about(14_022.3, 1000.0), "14,000");
    }

    #[test]
    fn every_lesson_has_a_unique_id_and_at_least_two_steps() {
        let mut ids: Vec<&str> = LESSONS.iter().map(|l| l.id).collect();
        assert_eq!(
            ids,
            vec![
                "teaching-ring",
                "fifth-cache",
                "virtual-nodes",
                "node-dies",
                "replicas"
            ]
        );
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), LESSONS.len());
        for l in LESSONS {
            assert!(l.steps.len() >= 2, "{}", l.id);
            assert!(!l.title.is_empty());
            assert_eq!(lesson(l.id), Some(l));
        }
    }

    #[test]
    fn an_unknown_lesson_is_none() {
        assert_eq!(lesson("nope"), None);
        assert_eq!(lesson(""), None);
    }

    #[test]
    fn every_step_reads_cleanly_and_selects_a_key_it_holds() {
        for l in LESSONS {
            for (i, s) in l.steps.iter().enumerate() {
                let link = read(s);
                assert!(
                    link.ignored.is_empty(),
                    "{} step {i}: {:?}",
                    l.id,
                    link.ignored
                );
                let others: Vec<&str> = link
                    .extra
                    .iter()
                    .map(|(n, _)| n.as_str())
                    .filter(|n| *n != "select")
                    .collect();
                assert!(others.is_empty(), "{} step {i}: {others:?}", l.id);
                if let Some(label) = selected(&link) {
                    key_id(&link.scenario, label);
                }
                if s.link.contains("then=") {
                    assert!(link.last.is_some(), "{} step {i}", l.id);
                }
                assert!(!s.title.is_empty() && !s.narration.is_empty());
                assert!(!s.narration.contains("  "), "{} step {i}", l.id);
                let sentences = s.narration.matches(". ").count() + 1;
                assert!(sentences <= 3, "{} step {i}", l.id);
                let copies = if l.id == "replicas" { 1..=3 } else { 1..=1 };
                assert!(copies.contains(&s.replicas), "{} step {i}", l.id);
            }
        }
    }

    #[test]
    fn every_step_stays_small_enough_for_the_browser() {
        for l in LESSONS {
            for s in l.steps {
                let link = read(s);
                assert!(link.scenario.keys().len() <= 20_000, "{}", s.link);
                assert!(link.scenario.ring().points().len() <= 5_000, "{}", s.link);
            }
        }
    }

    #[test]
    fn the_teaching_ring_splits_into_35_30_and_35() {
        let s = step("teaching-ring", 0);
        let ring = read(s).scenario;
        assert_eq!(ring.ring().owned_arcs(), vec![35, 30, 35]);
        let top = ring.size().get() - 1;
        let arcs: Vec<String> = ring
            .ring()
            .owned_arcs()
            .iter()
            .map(u64::to_string)
            .collect();
        let mut expected = vec!["0".to_string(), top.to_string()];
        expected.extend(arcs);
        narrates(s, &expected);
    }

    #[test]
    fn key_90_wraps_past_the_top_to_a() {
        let s = step("teaching-ring", 1);
        let link = read(s);
        assert_eq!(selected(&link), Some("@90"));
        assert_eq!(owner(&link.scenario, "@90"), "A");
        // No point between the key and the top of the ring.
        assert!((90..100).all(|p| link.scenario.ring().occupant(p).is_none()));
        narrates(s, &["90", "99", "0"].map(String::from));
    }

    #[test]
    fn d_joining_at_60_takes_41_to_60_from_c() {
        let s = step("teaching-ring", 2);
        let link = read(s);
        let arcs = &last(&link).diff.as_ref().expect("a diff").arcs;
        assert_eq!(arcs.len(), 1);
        let arc = &arcs[0];
        assert_eq!((arc.start, arc.end, arc.length), (40, 60, 20));
        assert_eq!((&*arc.from, &*arc.to), ("C", "D"));
        narrates(
            s,
            &[
                "60".to_string(),
                (arc.start + 1).to_string(),
                arc.end.to_string(),
            ],
        );
    }

    #[test]
    fn d_joining_moves_only_key_52_where_mod_n_moves_4() {
        let s = step("teaching-ring", 3);
        let link = read(s);
        let out = last(&link);
        assert_eq!(selected(&link), Some("@52"));
        assert_eq!(
            labelled(&link.scenario, &out.moved),
            vec![("@52".into(), "C".into(), "D".into())]
        );
        assert_eq!(out.keys, 5);
        assert_eq!(out.baseline_moved(), 4);
        assert_eq!(owner(&link.scenario, "@68"), "C");
        narrates(
            s,
            &[
                "52".to_string(),
                "68".to_string(),
                "60".to_string(),
                out.moved.len().to_string(),
                out.keys.to_string(),
                out.baseline_moved().to_string(),
            ],
        );
    }

    #[test]
    fn b_leaving_hands_11_to_40_and_key_25_to_d() {
        let s = step("teaching-ring", 4);
        let link = read(s);
        let out = last(&link);
        assert_eq!(selected(&link), Some("@25"));
        let arcs = &out.diff.as_ref().expect("a diff").arcs;
        assert_eq!(arcs.len(), 1);
        assert_eq!((arcs[0].start, arcs[0].end), (10, 40));
        assert_eq!((&*arcs[0].from, &*arcs[0].to), ("B", "D"));
        assert_eq!(
            labelled(&link.scenario, &out.moved),
            vec![("@25".into(), "B".into(), "D".into())]
        );
        narrates(
            s,
            &[
                (arcs[0].start + 1).to_string(),
                arcs[0].end.to_string(),
                "25".to_string(),
            ],
        );
    }

    #[test]
    fn after_b_leaves_d_owns_50_positions_and_c_15() {
        let s = step("teaching-ring", 5);
        let ring = read(s).scenario;
        assert_eq!(arc(&ring, "D"), 50);
        assert_eq!(arc(&ring, "C"), 15);
        assert_eq!(arc(&ring, "A"), 35);
        narrates(
            s,
            &[
                arc(&ring, "D").to_string(),
                ring.size().get().to_string(),
                arc(&ring, "C").to_string(),
            ],
        );
    }

    #[test]
    fn four_caches_each_hold_about_a_quarter_of_100_keys() {
        let s = step("fifth-cache", 0);
        let ring = read(s).scenario;
        let counts: Vec<u64> = ring.ownership().servers.iter().map(|s| s.keys).collect();
        assert_eq!(counts, vec![27, 24, 25, 24]);
        let low = counts.iter().min().unwrap();
        let high = counts.iter().max().unwrap();
        narrates(
            s,
            &[
                ring.vnodes().to_string(),
                ring.keys().len().to_string(),
                low.to_string(),
                high.to_string(),
            ],
        );
    }

    #[test]
    fn sapporo_joining_moves_21_of_100_keys_on_the_ring_and_83_under_mod_n() {
        let s = step("fifth-cache", 1);
        let link = read(s);
        let out = last(&link);
        assert_eq!(out.keys, 100);
        assert_eq!(out.moved.len(), 21);
        assert_eq!(out.baseline_moved(), 83);
        assert_eq!(out.moved.to, vec![std::sync::Arc::from("sapporo")]);
        // The ring's figure sits near one in five, mod N's near four in five.
        assert!((out.moved_fraction().unwrap() - 0.2).abs() <= 0.02);
        assert!((out.baseline_fraction().unwrap() - 0.8).abs() <= 0.04);
        narrates(
            s,
            &[
                link.scenario.vnodes().to_string(),
                out.moved.len().to_string(),
                out.keys.to_string(),
            ],
        );
    }

    #[test]
    fn key_2_stays_on_tokyo_on_the_ring_but_mod_n_sends_it_to_kyoto() {
        let s = step("fifth-cache", 2);
        let link = read(s);
        let out = last(&link);
        assert_eq!(selected(&link), Some("key-2"));
        let id = key_id(&link.scenario, "key-2");
        assert!(!out.moved.keys.contains(id));
        assert_eq!(owner(&link.scenario, "key-2"), "tokyo");
        let modn = &out.baseline.as_ref().unwrap().moved;
        assert!(modn.keys.contains(id));
        let named = |s: &Scenario| s.servers()[s.mod_n_owner_of_key(id)].name.clone();
        assert_eq!(
            (named(before(&link)), named(&link.scenario)),
            ("tokyo".into(), "kyoto".into())
        );
        narrates(
            s,
            &[
                out.servers.0.to_string(),
                out.servers.1.to_string(),
                out.baseline_moved().to_string(),
                out.keys.to_string(),
            ],
        );
    }

    #[test]
    fn the_fifth_cache_costs_the_database_about_12_500_reads_on_the_ring_and_41_900_under_mod_n() {
        let s = step("fifth-cache", 3);
        assert!(s.cache);
        let link = read(s);
        let out = last(&link);
        let load = CacheLoad::default();
        let ring = load.after(out.moved_fraction().unwrap());
        let modn = load.after(out.baseline_fraction().unwrap());
        assert_eq!(load.steady().round(), 2_500.0);
        assert_eq!(ring.round(), 12_475.0);
        assert_eq!(modn.round(), 41_925.0);
        narrates(
            s,
            &[
                grouped(load.reads as u64),
                pct(load.hit_rate),
                grouped(load.steady().round() as u64),
                about(ring, 100.0),
                about(modn, 100.0),
            ],
        );
    }

    /// Each virtual-nodes step: its points per server, measured spread and predicted spread.
    fn spreads() -> Vec<(u32, f64, f64)> {
        lesson("virtual-nodes")
            .unwrap()
            .steps
            .iter()
            .map(|s| {
                let ring = read(s).scenario;
                let balance = ring.ownership().balance;
                (
                    ring.vnodes(),
                    balance.spread,
                    balance.predicted_spread.unwrap(),
                )
            })
            .collect()
    }

    #[test]
    fn the_spread_shrinks_as_points_per_server_grow() {
        let spreads = spreads();
        let points: Vec<u32> = spreads.iter().map(|s| s.0).collect();
        assert_eq!(points, vec![1, 10, 100, 1000]);
        let measured: Vec<String> = spreads.iter().map(|s| pct(s.1)).collect();
        let predicted: Vec<String> = spreads.iter().map(|s| pct(s.2)).collect();
        assert_eq!(measured, vec!["40%", "27%", "8%", "2%"]);
        assert_eq!(predicted, vec!["100%", "32%", "10%", "3%"]);
        for pair in spreads.windows(2) {
            assert!(pair[1].1 < pair[0].1, "{pair:?}");
        }
    }

    #[test]
    fn each_spread_sits_within_a_factor_of_three_of_one_over_root_v() {
        for (v, spread, predicted) in spreads() {
            assert!((predicted - 1.0 / f64::from(v).sqrt()).abs() < 1e-12);
            let ratio = spread / predicted;
            assert!((1.0 / 3.0..=3.0).contains(&ratio), "v={v}: {ratio}");
        }
    }

    #[test]
    fn the_virtual_nodes_narration_states_the_measured_figures() {
        let steps = lesson("virtual-nodes").unwrap().steps;
        let spreads = spreads();

        let one = read(&steps[0]).scenario.ownership();
        let share = |name: &str| {
            one.servers
                .iter()
                .find(|s| &*s.name == name)
                .map(|s| s.share)
                .unwrap()
        };
        assert_eq!(pct(share("tokyo")), "42%");
        assert_eq!(pct(share("osaka")), "15%");
        narrates(
            &steps[0],
            &[
                spreads[0].0.to_string(),
                pct(share("tokyo")),
                pct(share("osaka")),
                pct(spreads[0].1),
                pct(spreads[0].2),
            ],
        );
        narrates(
            &steps[1],
            &[
                spreads[1].0.to_string(),
                pct(spreads[1].1),
                pct(spreads[1].2),
            ],
        );

        let hundred = read(&steps[2]).scenario.ownership();
        let shares: Vec<f64> = hundred.servers.iter().map(|s| s.share).collect();
        let low = shares.iter().copied().fold(1.0, f64::min);
        let high = shares.iter().copied().fold(0.0, f64::max);
        assert_eq!(
            (pct(low), pct(high)),
            ("23%".to_string(), "28%".to_string())
        );
        narrates(
            &steps[2],
            &[
                spreads[2].0.to_string(),
                pct(spreads[2].1),
                pct(spreads[2].2),
                pct(low),
                pct(high),
            ],
        );
        narrates(
            &steps[3],
            &[
                grouped(u64::from(spreads[3].0)),
                pct(spreads[3].1),
                pct(spreads[3].2),
            ],
        );
    }

    #[test]
    fn four_healthy_caches_send_2_500_reads_to_the_database_and_user_2_hits_c() {
        let s = step("node-dies", 0);
        assert!(s.cache);
        let link = read(s);
        assert_eq!(selected(&link), Some("user:2"));
        assert_eq!(owner(&link.scenario, "user:2"), "C");
        assert_eq!(link.scenario.keys().len(), 10_001);
        let load = CacheLoad::default();
        assert_eq!(load.steady().round(), 2_500.0);
        narrates(
            s,
            &[
                link.scenario.vnodes().to_string(),
                grouped(load.steady().round() as u64),
                grouped(load.reads as u64),
            ],
        );
    }

    #[test]
    fn when_c_dies_a_b_and_d_each_take_about_a_third_of_its_keys() {
        let s = step("node-dies", 1);
        let link = read(s);
        let out = last(&link);
        let was = before(&link);
        let held = keys_of(was, "C");
        assert_eq!(held, 2_426);
        assert_eq!(out.moved.len() as u64, held);
        assert_eq!(out.moved.from, vec![std::sync::Arc::from("C")]);
        for name in ["A", "B", "D"] {
            let took = keys_of(&link.scenario, name) - keys_of(was, name);
            let share = took as f64 / held as f64;
            assert!((0.28..=0.39).contains(&share), "{name}: {share}");
        }
        assert_ne!(owner(&link.scenario, "user:2"), "C");
        narrates(s, &[was.vnodes().to_string()]);
    }

    #[test]
    fn c_dying_sends_about_14_000_reads_to_the_database_on_the_ring() {
        let s = step("node-dies", 2);
        assert!(s.cache);
        let out = last(&read(s)).clone();
        let load = CacheLoad::default();
        let moved = out.moved_fraction().unwrap();
        let after = load.after(moved);
        // The theory line: a quarter of the keys moved.
        assert_eq!(load.after(0.25).round(), 14_375.0);
        assert!((after - 14_375.0).abs() <= 14_375.0 * 0.15, "{after}");
        assert_eq!(pct(moved), "24%");
        assert_eq!(about(after, 1000.0), "14,000");
        narrates(
            s,
            &[
                pct(moved),
                grouped(load.steady().round() as u64),
                about(after, 1000.0),
            ],
        );
    }

    #[test]
    fn under_mod_n_c_dying_moves_75_percent_and_sends_about_38_000_reads() {
        let s = step("node-dies", 3);
        assert!(s.cache);
        let out = last(&read(s)).clone();
        let load = CacheLoad::default();
        let moved = out.baseline_fraction().unwrap();
        let after = load.after(moved);
        assert_eq!(load.after(0.75).round(), 38_125.0);
        assert!((after - 38_125.0).abs() <= 38_125.0 * 0.05, "{after}");
        assert_eq!(out.servers, (4, 3));
        assert_eq!(pct(moved), "75%");
        assert_eq!(about(after, 1000.0), "38,000");
        narrates(
            s,
            &[
                out.servers.0.to_string(),
                out.servers.1.to_string(),
                pct(moved),
                about(after, 1000.0),
            ],
        );
    }

    #[test]
    fn c_coming_back_takes_back_exactly_the_keys_it_lost() {
        let died = read(step("node-dies", 1));
        let s = step("node-dies", 4);
        assert!(s.cache);
        let back = read(s);
        let labels = |link: &Link| -> Vec<String> {
            let mut all: Vec<String> = last(link)
                .moved
                .keys
                .iter()
                .map(|id| before(link).keys().label(id))
                .collect();
            all.sort_unstable();
            all
        };
        let (lost, regained) = (labels(&died), labels(&back));
        assert_eq!(regained.len(), 2_426);
        assert_eq!(lost, regained);
        assert_eq!(last(&back).moved.to, vec![std::sync::Arc::from("C")]);
        assert!(!last(&back).moved.from.iter().any(|n| &**n == "C"));
        assert_eq!(owner(&back.scenario, "user:2"), "C");
        narrates(s, &[grouped(regained.len() as u64)]);
    }

    fn preference(scenario: &Scenario, label: &str, replicas: usize) -> Vec<String> {
        scenario
            .preference_list(key_id(scenario, label), replicas)
            .iter()
            .map(|&i| scenario.ring().server_name(i).to_string())
            .collect()
    }

    #[test]
    fn user_7_is_kept_on_kyoto_tokyo_and_osaka() {
        let s = step("replicas", 0);
        assert_eq!(s.replicas, 3);
        let link = read(s);
        assert_eq!(selected(&link), Some("user:7"));
        assert_eq!(
            preference(&link.scenario, "user:7", s.replicas),
            vec!["kyoto", "tokyo", "osaka"]
        );
        narrates(s, &[s.replicas.to_string()]);
    }

    #[test]
    fn the_walk_from_user_21_skips_5_points_of_servers_already_chosen() {
        let s = step("replicas", 1);
        let link = read(s);
        let ring = link.scenario.ring();
        let position = link
            .scenario
            .keys()
            .position_of(key_id(&link.scenario, "user:21"));
        let points = ring.preference_points(position, s.replicas);
        let start = ring.owner_point(position);
        let total = ring.points().len();
        let walked = (points[points.len() - 1] + total - start) % total + 1;
        assert_eq!(walked, 8);
        assert_eq!(
            preference(&link.scenario, "user:21", s.replicas),
            vec!["kyoto", "sapporo", "nagoya"]
        );
        narrates(s, &[walked.to_string(), (walked - s.replicas).to_string()]);
    }

    #[test]
    fn when_kyoto_dies_each_of_its_keys_is_promoted_and_none_is_lost() {
        let s = step("replicas", 2);
        let link = read(s);
        let out = last(&link);
        let result = failover(before(&link), out, s.replicas).unwrap();
        assert_eq!(result.lost, 0);
        assert_eq!(result.promoted.len(), out.moved.len());
        assert_eq!(out.moved.len(), 186);
        // The promoted replica is exactly the key's new owner on the ring.
        for promotion in &result.promoted {
            let owner = link.scenario.owner_of_key(promotion.key);
            assert_eq!(&*promotion.to, link.scenario.ring().server_name(owner));
        }
        let id = key_id(&link.scenario, "user:7");
        let user7 = result.promoted.iter().find(|p| p.key == id).unwrap();
        assert_eq!((&*user7.from, &*user7.to), ("kyoto", "tokyo"));
        narrates(s, &[out.moved.len().to_string()]);
    }

    #[test]
    fn with_one_copy_every_key_of_kyoto_is_lost() {
        let s = step("replicas", 3);
        assert_eq!(s.replicas, 1);
        let link = read(s);
        let out = last(&link);
        let result = failover(before(&link), out, s.replicas).unwrap();
        assert_eq!(result.lost, 186);
        assert!(result.promoted.is_empty());
        narrates(s, &[result.lost.to_string()]);
    }

    #[test]
    fn only_the_replicas_lesson_keeps_more_than_one_copy_and_the_cache_panel_marks_cache_steps() {
        for l in LESSONS {
            for s in l.steps {
                if l.id != "replicas" {
                    assert_eq!(s.replicas, 1, "{}", s.link);
                }
                if l.id == "node-dies" {
                    assert!(s.cache, "{}", s.link);
                }
                if l.id == "teaching-ring" || l.id == "virtual-nodes" || l.id == "replicas" {
                    assert!(!s.cache, "{}", s.link);
                }
            }
        }
    }
}
