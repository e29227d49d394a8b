//! The teaching ring of lesson 000: A, B and C at 10, 40 and 75; D joins at 60; B leaves.

use super::*;

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
