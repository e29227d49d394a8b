//! Property tests: the engine against a naive ring that scans every point, on random rings
//! (tiny ones, where points collide, up to the full 2^32 ring) and random changes.

mod common;

use std::collections::HashSet;

use common::door::{any_change, apply_and_check, FEW_NAMES, SMALL_COUNTS};
use common::{compare_owners, key_position, mod_n_owners, moves_match, ring_owners, NaiveRing};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use ringlab::core::{
    Change, Error, HashScheme, Key, KeySet, LinesRefused, Outcome, Placement, RingSize, Scenario,
    Server, MAX_POINTS,
};

/// Server names, handed out in a shuffled order so that list order and name order disagree
/// (`Zed` sorts before `a`): points sharing a position must be ordered by name, not list place.
const NAMES: [&str; 8] = ["A", "B", "C", "Zed", "a", "b", "tokyo", "osaka"];

/// Ring sizes: mostly tiny (collisions), sometimes middling, often the full ring.
fn ring_size() -> impl Strategy<Value = u64> {
    prop_oneof![
        4 => 2u64..=50,
        1 => Just(RingSize::MIN),
        1 => 51u64..=5_000,
        2 => Just(RingSize::MAX),
    ]
}

/// A key before it is put on a ring: a position seed or a name number.
#[derive(Debug, Clone)]
enum KeySpec {
    At(u64),
    Named(u32),
}

fn key_spec() -> impl Strategy<Value = KeySpec> {
    prop_oneof![
        any::<u64>().prop_map(KeySpec::At),
        (0u32..60).prop_map(KeySpec::Named),
    ]
}

use common::ServerSpec;

fn server_spec() -> impl Strategy<Value = ServerSpec> {
    (any::<bool>(), any::<u64>(), 1u32..=3)
}

/// Builds a valid scenario from its parts. A server whose hand-picked position is already
/// taken by another hand-placed server is hashed instead.
fn build(
    size: u64,
    hash: HashScheme,
    vnodes: u32,
    names: &[&str],
    specs: &[ServerSpec],
    keys: &[KeySpec],
    generated: usize,
) -> Scenario {
    let servers = common::servers_of(size, names, specs);
    let mut scenario = Scenario::new(RingSize::new(size).unwrap(), hash, vnodes, servers)
        .expect("the servers are valid");
    let mut seen = HashSet::new();
    let keys: Vec<Key> = keys
        .iter()
        .map(|spec| match spec {
            KeySpec::At(seed) => Key::At((seed % size) as u32),
            KeySpec::Named(n) => Key::Named(format!("user:{n}").into()),
        })
        .filter(|key| seen.insert(key.clone()))
        .collect();
    scenario.insert_keys(keys).expect("the keys are valid");
    if generated > 0 {
        scenario
            .apply(Change::GenerateKeys { count: generated })
            .unwrap();
    }
    scenario
}

/// A random valid scenario with up to `max_servers` servers named from `names`.
fn scenario_with(
    sizes: BoxedStrategy<u64>,
    names: &'static [&'static str],
    max_servers: usize,
) -> impl Strategy<Value = Scenario> {
    (
        sizes,
        select(HashScheme::ALL.to_vec()),
        1u32..=6,
        Just(names.to_vec()).prop_shuffle(),
        vec(server_spec(), 1..=max_servers),
        vec(key_spec(), 0..40),
        0usize..40,
    )
        .prop_map(|(size, hash, vnodes, names, specs, keys, generated)| {
            build(size, hash, vnodes, &names, &specs, &keys, generated)
        })
}

fn scenario() -> impl Strategy<Value = Scenario> {
    scenario_with(ring_size().boxed(), &NAMES, 6)
}

/// Rings small enough to ask about every single position.
fn small_scenario() -> impl Strategy<Value = Scenario> {
    scenario_with((2u64..=120).boxed(), &NAMES, 6)
}

/// Positions worth probing: around every point, both ends of the ring, and random ones.
fn probes(scenario: &Scenario, seeds: &[u64]) -> Vec<u64> {
    let size = scenario.size().get();
    if size <= 200 {
        return (0..size).collect();
    }
    let mut probes = vec![0, size - 1];
    for point in scenario.ring().points() {
        let p = u64::from(point.position);
        probes.extend([p, (p + 1) % size, (p + size - 1) % size]);
    }
    probes.extend(seeds.iter().map(|s| s % size));
    probes
}

fn names_of(scenario: &Scenario, indexes: &[usize]) -> Vec<String> {
    indexes
        .iter()
        .map(|&i| scenario.servers()[i].name.clone())
        .collect()
}

/// A server change, resolved against a scenario by [`server_change`].
#[derive(Debug, Clone)]
enum Edit {
    Add {
        by_hand: bool,
        seed: u64,
        weight: u32,
    },
    Remove(usize),
    Vnodes(u32),
    Weight(usize, u32),
    Move(usize, u64),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<bool>(), any::<u64>(), 1u32..=3).prop_map(|(by_hand, seed, weight)| Edit::Add {
            by_hand,
            seed,
            weight
        }),
        any::<usize>().prop_map(Edit::Remove),
        (1u32..=8).prop_map(Edit::Vnodes),
        (any::<usize>(), 1u32..=4).prop_map(|(i, w)| Edit::Weight(i, w)),
        (any::<usize>(), any::<u64>()).prop_map(|(i, seed)| Edit::Move(i, seed)),
    ]
}

/// A name no server has yet.
fn fresh_name(scenario: &Scenario, seed: u64) -> String {
    let free: Vec<&str> = NAMES
        .iter()
        .copied()
        .filter(|n| scenario.server(n).is_err())
        .collect();
    free[(seed % free.len() as u64) as usize].to_string()
}

/// Turns an edit into a change of this scenario's servers; `None` when there is no server of
/// the kind the edit needs.
/// The scenario after the server change `edit` describes, with its outcome, when the engine
/// accepts it.
fn applied_server_change(scenario: &Scenario, edit: &Edit) -> Option<(Scenario, Outcome)> {
    let change = server_change(scenario, edit)?;
    let mut after = scenario.clone();
    let outcome = after.apply(change).ok()?;
    Some((after, outcome))
}

fn server_change(scenario: &Scenario, edit: &Edit) -> Option<Change> {
    let servers = scenario.servers();
    let hashed: Vec<&Server> = servers
        .iter()
        .filter(|s| matches!(s.placement, Placement::Hashed { .. }))
        .collect();
    let by_hand: Vec<&Server> = servers
        .iter()
        .filter(|s| matches!(s.placement, Placement::At(_)))
        .collect();
    let size = scenario.size().get();
    Some(match *edit {
        Edit::Add {
            by_hand,
            seed,
            weight,
        } => Change::AddServer {
            name: fresh_name(scenario, seed),
            at: by_hand.then_some(seed % size),
            weight: (!by_hand).then_some(weight),
        },
        Edit::Remove(i) => Change::RemoveServer {
            name: servers[i % servers.len()].name.clone(),
        },
        Edit::Vnodes(vnodes) => Change::SetVnodes { vnodes },
        Edit::Weight(i, weight) => Change::SetWeight {
            name: hashed.get(i % hashed.len().max(1))?.name.clone(),
            weight,
        },
        Edit::Move(i, seed) => Change::MovePoint {
            name: by_hand.get(i % by_hand.len().max(1))?.name.clone(),
            to: seed % size,
        },
    })
}

proptest! {
    #![proptest_config(common::cases::cases(128))]

    #[test]
    fn every_lookup_agrees_with_a_linear_scan_of_the_points(
        scenario in scenario(),
        seeds in vec(any::<u64>(), 0..20),
    ) {
        let naive = NaiveRing::of(&scenario);
        let ring = scenario.ring();
        for position in probes(&scenario, &seeds) {
            let point = ring.points()[ring.owner_point(position as u32)];
            let expected = naive.owner_point(position);
            prop_assert_eq!(
                (u64::from(point.position), ring.server_name(point.server as usize), point.vnode),
                (expected.position, expected.name.as_str(), expected.vnode),
                "owner of {}", position
            );
            prop_assert_eq!(ring.server_name(ring.owner_of(position as u32)), &*expected.name);
        }
    }

    #[test]
    fn every_key_belongs_to_the_server_a_linear_scan_finds(scenario in scenario()) {
        let engine: Vec<String> = (0..scenario.keys().len() as u32)
            .map(|id| scenario.servers()[scenario.owner_of_key(id)].name.clone())
            .collect();
        prop_assert_eq!(engine, ring_owners(&scenario));
        for (id, key) in scenario.keys().iter().enumerate() {
            let position = key_position(&key, scenario.hash(), scenario.size().get());
            prop_assert_eq!(u64::from(scenario.keys().position_of(id as u32)), position);
        }
    }

    #[test]
    fn owned_arcs_sum_exactly_to_the_ring_size(scenario in scenario()) {
        let arcs = scenario.ring().owned_arcs();
        prop_assert_eq!(arcs.iter().sum::<u64>(), scenario.size().get());
        prop_assert_eq!(arcs, NaiveRing::of(&scenario).gap_arcs());
    }

    #[test]
    fn owned_arcs_equal_a_count_of_the_positions_each_server_owns(scenario in small_scenario()) {
        prop_assert_eq!(scenario.ring().owned_arcs(), NaiveRing::of(&scenario).counted_arcs());
    }

    #[test]
    fn ownership_counts_the_keys_of_each_server_like_a_linear_scan(scenario in scenario()) {
        let owners = ring_owners(&scenario);
        let ownership = scenario.ownership();
        prop_assert_eq!(ownership.keys, scenario.keys().len() as u64);
        prop_assert_eq!(ownership.ring_size, scenario.size().get());
        let naive = NaiveRing::of(&scenario);
        for (row, server) in ownership.servers.iter().zip(scenario.servers()) {
            prop_assert_eq!(&*row.name, server.name.as_str());
            let keys = owners.iter().filter(|o| **o == server.name).count() as u64;
            prop_assert_eq!(row.keys, keys, "keys of {}", server.name);
            let points = naive.points.iter().filter(|p| p.name == server.name).count();
            prop_assert_eq!(row.points, points, "points of {}", server.name);
        }
    }

    #[test]
    fn the_preference_list_holds_min_r_distinct_servers_led_by_the_owner(
        scenario in scenario(),
        replicas in 0usize..9,
        seeds in vec(any::<u64>(), 0..10),
    ) {
        let naive = NaiveRing::of(&scenario);
        let want = replicas.min(scenario.servers().len());
        let size = scenario.size().get();
        let key_positions = (0..scenario.keys().len() as u32)
            .map(|id| u64::from(scenario.keys().position_of(id)));
        let positions: Vec<u64> = seeds.iter().map(|s| s % size).chain(key_positions).collect();
        for position in positions {
            let list = names_of(
                &scenario,
                &scenario.ring().preference_list(position as u32, replicas),
            );
            prop_assert_eq!(list.len(), want);
            let distinct: HashSet<&String> = list.iter().collect();
            prop_assert_eq!(distinct.len(), want);
            if want > 0 {
                prop_assert_eq!(list[0].as_str(), naive.owner(position));
            }
            prop_assert_eq!(list, naive.preference_list(position, replicas));
        }
        for id in 0..scenario.keys().len() as u32 {
            let list = scenario.preference_list(id, replicas);
            prop_assert_eq!(
                list,
                scenario.ring().preference_list(scenario.keys().position_of(id), replicas)
            );
        }
    }

    #[test]
    fn moved_keys_from_the_diff_equal_a_before_and_after_comparison(
        scenario in scenario(),
        edit in edit(),
    ) {
        let mut scenario = scenario;
        if let Some(change) = server_change(&scenario, &edit) {
            apply_and_check(&mut scenario, change)?;
        }
    }

    #[test]
    fn the_diff_holds_exactly_the_positions_whose_owner_changed(
        scenario in small_scenario(),
        edit in edit(),
    ) {
        let Some((after, outcome)) = applied_server_change(&scenario, &edit) else {
            return Ok(());
        };
        let diff = outcome.diff.expect("a server change has a diff");
        let (old, new) = (NaiveRing::of(&scenario), NaiveRing::of(&after));
        let size = scenario.size().get();
        let mut changed = 0;
        for position in 0..size {
            let (from, to) = (old.owner(position), new.owner(position));
            let holders: Vec<_> = diff
                .arcs
                .iter()
                .filter(|arc| {
                    let start = u64::from(arc.start);
                    let offset = (position + size - start - 1) % size;
                    offset < arc.length
                })
                .collect();
            if from == to {
                prop_assert!(
                    holders.is_empty(),
                    "{} kept {} but is in {:?}",
                    position,
                    from,
                    holders
                );
            } else {
                changed += 1;
                prop_assert_eq!(holders.len(), 1, "{} went {} -> {}", position, from, to);
                prop_assert_eq!((&*holders[0].from, &*holders[0].to), (from, to));
            }
        }
        prop_assert_eq!(diff.moved_length(), changed);
        for arc in &diff.arcs {
            prop_assert!(arc.length > 0 && arc.length <= size);
            let span = (u64::from(arc.end) + size - u64::from(arc.start)) % size;
            prop_assert_eq!(span, arc.length % size);
        }
    }

    #[test]
    fn adding_a_server_only_moves_keys_to_it(
        scenario in scenario(),
        by_hand in any::<bool>(),
        seed in any::<u64>(),
        weight in 1u32..=3,
    ) {
        let mut scenario = scenario;
        let name = fresh_name(&scenario, seed);
        let change = server_change(&scenario, &Edit::Add { by_hand, seed, weight }).unwrap();
        let Some(moves) = apply_and_check(&mut scenario, change)? else {
            return Ok(());
        };
        prop_assert!(moves.iter().all(|(_, _, to)| *to == name));
        let now_owned = ring_owners(&scenario).iter().filter(|o| **o == name).count();
        prop_assert_eq!(moves.len(), now_owned);
    }

    #[test]
    fn removing_a_server_only_moves_its_own_keys(scenario in scenario(), pick in any::<usize>()) {
        let mut scenario = scenario;
        let name = scenario.servers()[pick % scenario.servers().len()].name.clone();
        let owned_before = ring_owners(&scenario).iter().filter(|o| **o == name).count();
        let last = scenario.servers().len() == 1;
        let change = Change::RemoveServer { name: name.clone() };
        match apply_and_check(&mut scenario, change)? {
            None => prop_assert!(last, "removing {} was refused", name),
            Some(moves) => {
                prop_assert!(!last);
                prop_assert!(moves.iter().all(|(_, from, _)| *from == name));
                prop_assert_eq!(moves.len(), owned_before);
            }
        }
    }

    #[test]
    fn removing_the_last_server_is_refused(scenario in scenario(), pick in any::<usize>()) {
        let mut scenario = scenario;
        while scenario.servers().len() > 1 {
            let name = scenario.servers()[pick % scenario.servers().len()].name.clone();
            scenario.apply(Change::RemoveServer { name }).unwrap();
        }
        let before = scenario.clone();
        let name = scenario.servers()[0].name.clone();
        prop_assert_eq!(scenario.apply(Change::RemoveServer { name }), Err(Error::LastServer));
        prop_assert_eq!(scenario, before);
    }

    #[test]
    fn removing_a_server_and_adding_it_back_restores_every_owner(
        scenario in scenario(),
        pick in any::<usize>(),
    ) {
        prop_assume!(scenario.servers().len() > 1);
        let mut scenario = scenario;
        let server = scenario.servers()[pick % scenario.servers().len()].clone();
        let owners = ring_owners(&scenario);
        scenario.apply(Change::RemoveServer { name: server.name.clone() }).unwrap();
        let (at, weight) = match server.placement {
            Placement::At(position) => (Some(u64::from(position)), None),
            Placement::Hashed { weight } => (None, Some(weight)),
        };
        let back = scenario.apply(Change::AddServer { name: server.name.clone(), at, weight });
        if let Err(Error::PositionTaken { position, by }) = &back {
            // A hand-placed server may not be put where another server's hashed point sits.
            let (_, holder) = scenario.server(by).unwrap();
            let hashed = matches!(holder.placement, Placement::Hashed { .. });
            prop_assert!(hashed, "{} holds {} by hand", by, position);
            prop_assert_eq!(Some(u64::from(*position)), at);
            return Ok(());
        }
        prop_assert!(back.is_ok(), "{:?}", back);
        prop_assert_eq!(scenario.servers().last(), Some(&server));
        prop_assert_eq!(ring_owners(&scenario), owners.clone());
        let engine: Vec<String> = (0..scenario.keys().len() as u32)
            .map(|id| scenario.servers()[scenario.owner_of_key(id)].name.clone())
            .collect();
        prop_assert_eq!(engine, owners);
    }

    #[test]
    fn mod_n_moves_equal_a_before_and_after_comparison(
        scenario in scenario(),
        edit in edit(),
    ) {
        let Some((after, outcome)) = applied_server_change(&scenario, &edit) else {
            return Ok(());
        };
        let expected = compare_owners(&mod_n_owners(&scenario), &mod_n_owners(&after));
        let moved = &outcome.baseline.as_ref().expect("a baseline").moved;
        if let Err(why) = moves_match(moved, &expected) {
            prop_assert!(false, "{}", why);
        }
        for (id, key) in scenario.keys().iter().enumerate() {
            let hash = common::key_hash(&key, scenario.hash());
            let expected = (u64::from(hash) % scenario.servers().len() as u64) as usize;
            prop_assert_eq!(scenario.mod_n_owner_of_key(id as u32), expected);
        }
    }
}

proptest! {
    #![proptest_config(common::cases::cases(200))]

    #[test]
    fn random_changes_never_panic_and_refused_ones_leave_the_scenario_as_it_was(
        scenario in scenario_with(
            prop_oneof![3 => 2u64..=80, 1 => Just(RingSize::MAX)].boxed(),
            &FEW_NAMES,
            4,
        ),
        changes in vec(any_change(SMALL_COUNTS), 1..16),
    ) {
        let mut scenario = scenario;
        for change in changes {
            apply_and_check(&mut scenario, change)?;
        }
    }
}

#[test]
fn a_change_that_would_pass_the_point_limit_is_refused_and_changes_nothing() {
    let servers = (0..26)
        .map(|i| Server {
            name: format!("s{i}"),
            placement: Placement::Hashed { weight: 10 },
        })
        .collect();
    let mut scenario = Scenario::new(RingSize::FULL, HashScheme::default(), 1, servers).unwrap();
    let before = scenario.clone();
    assert_eq!(
        scenario.apply(Change::SetVnodes { vnodes: 1000 }),
        Err(Error::TooManyPoints { max: MAX_POINTS })
    );
    assert_eq!(scenario, before);
}

/// One line of a keys file, without its end: plain names (often repeated, so duplicates occur),
/// names padded with ASCII or other whitespace, names in other scripts, keys placed by hand
/// (some off a small ring, some not numbers), generated labels, blank lines, and lines that
/// are no key (reserved characters, control characters, names over the length limit).
fn key_line() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => (0u32..40).prop_map(|n| format!("user:{n}")),
        2 => (0u32..40, select(vec![" ", "\t", "  \t", "\u{a0}", "\u{2003}", "\u{b}"]))
            .prop_map(|(n, pad)| format!("{pad}user:{n}{pad}")),
        1 => (0u32..20).prop_map(|n| format!("ключ {n}")),
        1 => (1usize..=41).prop_map(|n| "é".repeat(n)),
        1 => (0usize..=42).prop_map(|n| "x".repeat(n)),
        2 => (0u32..120).prop_map(|n| format!("@{n}")),
        1 => select(vec!["@x", "@", "@-1", "@ 7", "@4294967296", "@1_0"]).prop_map(String::from),
        2 => (0u32..30).prop_map(|n| format!("key-{n}")),
        1 => select(vec!["key-007", "key-", "key-x", "key-4294967295"]).prop_map(String::from),
        2 => select(vec!["", " ", "\t", "\u{a0}", "\u{feff}"]).prop_map(String::from),
        1 => select(vec!["a,b", "a\u{1}b", "tab\tinside", "del\u{7f}", "\u{85}x"])
            .prop_map(String::from),
    ]
}

/// A keys file: lines ended by `\n` or `\r\n`, the last one ended or not, perhaps after a
/// byte-order mark.
fn keys_text() -> impl Strategy<Value = String> {
    (
        any::<bool>(),
        vec((key_line(), any::<bool>()), 0..40),
        any::<bool>(),
    )
        .prop_map(|(bom, lines, ended)| {
            let mut text = String::from(if bom { "\u{feff}" } else { "" });
            let count = lines.len();
            for (i, (line, crlf)) in lines.into_iter().enumerate() {
                text.push_str(&line);
                if i + 1 < count || ended {
                    text.push_str(if crlf { "\r\n" } else { "\n" });
                }
            }
            text
        })
}

/// The plain way to read a keys file: each non-blank line parsed as a label, the first one that
/// is no key refused by its number, and the keys inserted as one batch.
fn read_plainly(set: &KeySet, text: &str) -> Result<KeySet, LinesRefused> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut keys = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match Key::parse(line) {
            Ok(key) => keys.push(key),
            Err(error) => {
                return Err(LinesRefused::Line {
                    line: index + 1,
                    error,
                })
            }
        }
    }
    let mut set = set.clone();
    set.insert(keys).map_err(LinesRefused::Keys)?;
    Ok(set)
}

proptest! {
    #![proptest_config(common::cases::cases(256))]

    #[test]
    fn reading_a_keys_text_gives_the_keys_and_refusals_that_parsing_each_line_gives(
        size in prop_oneof![Just(100u64), 50u64..=200, Just(RingSize::MAX)],
        hash in select(HashScheme::ALL.to_vec()),
        earlier in vec(key_line(), 0..6),
        texts in vec(keys_text(), 1..4),
    ) {
        let size: RingSize = size.to_string().parse().unwrap();
        // A set that may already hold keys, some given as keys and some read from a text.
        let mut set = KeySet::new(size, hash);
        let keys: Vec<Key> = earlier.iter().filter_map(|l| Key::parse(l).ok()).collect();
        let _ = set.insert(keys);
        for text in texts {
            let plain = read_plainly(&set, &text);
            let mut read = set.clone();
            let outcome = read.insert_lines(text.clone());
            match plain {
                Ok(expected) => {
                    prop_assert_eq!(outcome, Ok(()), "text {:?}", text);
                    prop_assert_eq!(&read, &expected);
                    for id in 0..read.len() as u32 {
                        prop_assert_eq!(read.key(id), expected.key(id));
                        prop_assert_eq!(read.hash_of(id), expected.hash_of(id));
                    }
                    set = read;
                }
                Err(refused) => {
                    prop_assert_eq!(outcome, Err(refused), "text {:?}", text);
                    prop_assert_eq!(&read, &set, "a refused text leaves the set as it was");
                }
            }
        }
    }
}
