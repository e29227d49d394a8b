//! docs/placements.md defines every placement exactly enough to reimplement it, and works one
//! key through each: this test computes every number of that worked example from the
//! definitions as the page states them (plain arithmetic here, not the engine's structures),
//! checks that the engine gives the same owners, and that the page prints the same numbers.
//! With `PRINT_PLACEMENTS_DOC=1` it prints the rows instead, for writing the page.

mod common;

use std::fmt::Write;

use common::oracles::splitmix;
use md5::{Digest, Md5};
use ringlab::core::{read_link, Kind, Scenario};

/// The example: four hashed servers on the full ring, one virtual node each, and one key.
const LINK: &str = "ring=2^32&servers=A,B,C,D&keys=user:7";
const KEY: &str = "user:7";
const NAMES: [&str; 4] = ["A", "B", "C", "D"];

fn md5_first32(text: &str) -> u32 {
    let d = Md5::digest(text.as_bytes());
    u32::from_be_bytes([d[0], d[1], d[2], d[3]])
}

fn finalise(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Rows of the worked example: (what, value).
type Rows = Vec<(String, String)>;
/// Each placement's owner of the key.
type Owners = Vec<(Kind, String)>;

/// Every row of the worked example, and each placement's owner.
fn rows() -> (Rows, Owners) {
    let mut rows = Vec::new();
    let mut owners = Vec::new();
    let mut row = |what: String, value: String| rows.push((what, value));
    let h = md5_first32(KEY);
    row(format!("h = md5-first32(\"{KEY}\")"), h.to_string());
    let server_hash: Vec<u32> = NAMES.iter().map(|n| md5_first32(n)).collect();
    let point: Vec<u32> = NAMES
        .iter()
        .map(|n| md5_first32(&format!("{n}#0")))
        .collect();
    for (i, n) in NAMES.iter().enumerate() {
        row(
            format!("md5-first32(\"{n}#0\"), {n}'s point"),
            point[i].to_string(),
        );
    }

    // The ring: the first point at or after h, wrapping.
    let ring_owner = (0..4)
        .filter(|&i| point[i] >= h)
        .min_by_key(|&i| point[i])
        .unwrap_or_else(|| (0..4).min_by_key(|&i| point[i]).unwrap());
    row(
        "ring: the first point at or after h".into(),
        NAMES[ring_owner].into(),
    );
    owners.push((Kind::Ring, NAMES[ring_owner].to_string()));

    // mod N.
    row("mod N: h mod 4".into(), (h % 4).to_string());
    owners.push((Kind::ModN, NAMES[(h % 4) as usize].to_string()));

    // Rendezvous: equal weights, so the highest draw wins.
    let draws: Vec<u64> = server_hash
        .iter()
        .map(|&s| finalise(splitmix(s, 0) ^ splitmix(h, 0)))
        .collect();
    for (i, n) in NAMES.iter().enumerate() {
        row(
            format!("rendezvous: {n}'s draw"),
            format!("{:#018x}", draws[i]),
        );
    }
    let winner = (0..4)
        .max_by_key(|&i| (draws[i], std::cmp::Reverse(NAMES[i])))
        .unwrap();
    let u = ((draws[winner] >> 11) as f64 + 0.5) / (1u64 << 53) as f64;
    row(
        format!("rendezvous: u of {}", NAMES[winner]),
        format!("{u:.6}"),
    );
    row(
        format!("rendezvous: score −1/ln(u) of {}", NAMES[winner]),
        format!("{:.4}", -1.0 / u.ln()),
    );
    owners.push((Kind::Rendezvous, NAMES[winner].to_string()));

    // Jump: key = output 0 of SplitMix64 seeded with h.
    let key = splitmix(h, 0);
    row("jump: key = splitmix(h, 0)".into(), format!("{key:#018x}"));
    let (mut b, mut j, mut k) = (-1i64, 0i64, key);
    let mut landings = Vec::new();
    while j < 4 {
        b = j;
        landings.push(b);
        k = k.wrapping_mul(2_862_933_555_777_941_757).wrapping_add(1);
        j = ((b + 1) as f64 * ((1i64 << 31) as f64 / ((k >> 33) + 1) as f64)) as i64;
    }
    let landings: Vec<String> = landings.iter().map(ToString::to_string).collect();
    row("jump: buckets landed on".into(), landings.join(", "));
    owners.push((Kind::Jump, NAMES[b as usize].to_string()));

    // Maglev, M = 65,537.
    let m = 65_537u64;
    for (i, n) in NAMES.iter().enumerate() {
        let offset = splitmix(server_hash[i], 0) % m;
        let skip = splitmix(server_hash[i], 1) % (m - 1) + 1;
        row(
            format!("maglev: {n}'s offset, skip"),
            format!("{offset}, {skip}"),
        );
    }
    row(
        "maglev: entry h mod 65537".into(),
        (u64::from(h) % m).to_string(),
    );

    // The partition table: P = 1,024 on the full ring, dealt round-robin.
    let partition = (u64::from(h) * 1024) >> 32;
    row(
        "table: partition ⌊h × 1024 / 2^32⌋".into(),
        partition.to_string(),
    );
    row(
        "table: its holder, partition mod 4".into(),
        NAMES[(partition % 4) as usize].into(),
    );
    owners.push((Kind::Table, NAMES[(partition % 4) as usize].to_string()));

    // Bounded loads: the arrival order's key.
    row(
        "bounded: arrival key mix64(h)".into(),
        format!("{:#018x}", finalise(u64::from(h))),
    );

    // Multi-probe, k = 21: probe i at the top 32 bits of splitmix(h, i).
    let mut best = (u64::MAX, 0usize, 0u32);
    for i in 0..21u32 {
        let probe = (splitmix(h, i) >> 32) as u32;
        let next = (0..4)
            .filter(|&s| point[s] >= probe)
            .min_by_key(|&s| point[s])
            .unwrap_or_else(|| (0..4).min_by_key(|&s| point[s]).unwrap());
        let distance = (u64::from(point[next]) + (1 << 32) - u64::from(probe)) % (1 << 32);
        if distance < best.0 {
            best = (distance, next, i);
        }
    }
    row(
        "multi-probe: the nearest probe, its distance".into(),
        format!("probe {}, {}", best.2, best.0),
    );
    owners.push((Kind::MultiProbe, NAMES[best.1].to_string()));
    (rows, owners)
}

#[test]
fn the_worked_example_of_docs_placements_md_is_what_the_engine_does() {
    let (rows, mut owners) = rows();
    let link = read_link(LINK, 10);
    assert!(link.ignored.is_empty());
    let scenario: Scenario = link.scenario;
    // The three whose owner takes a whole structure: the oracles' plain versions.
    owners.push((
        Kind::Ketama,
        common::oracles::ketama_owners(&scenario)[0].clone(),
    ));
    owners.push((
        Kind::Maglev,
        common::oracles::maglev_owners(&scenario, 65_537)[0].clone(),
    ));
    owners.push((
        Kind::Bounded,
        common::oracles::bounded_owners(&scenario, 125)[0].clone(),
    ));
    let id = scenario.keys().find(KEY).unwrap();
    for (kind, owner) in &owners {
        let placed = scenario.place(*kind);
        assert_eq!(
            &*placed.names()[placed.owner_of_key(scenario.keys(), id)],
            owner,
            "{kind}"
        );
    }
    let mut table = String::new();
    for (what, value) in &rows {
        let _ = writeln!(table, "| {what} | {value} |");
    }
    for (kind, owner) in &owners {
        let _ = writeln!(table, "| {} owns it | {owner} |", kind.name());
    }
    if std::env::var("PRINT_PLACEMENTS_DOC").is_ok() {
        println!("{table}");
        return;
    }
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/placements.md"))
        .expect("docs/placements.md");
    for line in table.lines() {
        assert!(
            page.contains(line),
            "docs/placements.md lacks the row {line}"
        );
    }
}
