//! Properties of the real systems against naive oracles written from their definitions: a CRC
//! bit by bit, a hash tag read character by character, a ring searched point by point, slot
//! tables checked slot by slot.

use proptest::prelude::*;

use ringlab::core::placement::systems::cassandra;
use ringlab::core::placement::systems::cassandra::murmur3::h1 as cassandra_h1;
use ringlab::core::placement::systems::elasticsearch::{EsVersion, Routing};
use ringlab::core::placement::systems::hashes::{crc16_xmodem, crc32};
use ringlab::core::placement::systems::points::{Point64, Points};
use ringlab::core::placement::systems::redis::{
    created, hashed_part, rebalance, reshard_table, Rebalance, Rebalanced,
};
use ringlab::core::placement::systems::units::Units;

/// CRC-16/XMODEM one bit at a time: poly 0x1021, init 0, no reflection.
fn naive_crc16(bytes: &[u8]) -> u16 {
    let mut crc: u16 = 0;
    for &b in bytes {
        crc ^= u16::from(b) << 8;
        for _ in 0..8 {
            crc = if crc & 0x8000 != 0 {
                (crc << 1) ^ 0x1021
            } else {
                crc << 1
            };
        }
    }
    crc
}

/// CRC-32 (IEEE) one bit at a time: reflected poly 0xEDB88320, init and xorout all ones.
fn naive_crc32(bytes: &[u8]) -> u32 {
    let mut crc: u32 = !0;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// Redis's hash tag as its documentation says it: find the first `{`; if a `}` follows it with
/// at least one character between, hash only those; otherwise the whole key.
fn naive_tag(key: &[u8]) -> Vec<u8> {
    let mut open = None;
    for (i, &c) in key.iter().enumerate() {
        if c == b'{' {
            open = Some(i);
            break;
        }
    }
    let Some(open) = open else {
        return key.to_vec();
    };
    for j in open + 1..key.len() {
        if key[j] == b'}' {
            if j == open + 1 {
                return key.to_vec();
            }
            return key[open + 1..j].to_vec();
        }
    }
    key.to_vec()
}

/// The first point at or after `h`, searching every point, wrapping to the lowest.
fn naive_owner(points: &[(u64, u16)], h: u64) -> u16 {
    let mut best: Option<(u64, u16)> = None;
    let mut lowest: Option<(u64, u16)> = None;
    for &(at, server) in points {
        if at >= h && best.is_none_or(|b| (at, server) < b) {
            best = Some((at, server));
        }
        if lowest.is_none_or(|l| (at, server) < l) {
            lowest = Some((at, server));
        }
    }
    best.or(lowest).expect("a point").1
}

fn key_bytes() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(
        prop_oneof![Just(b'{'), Just(b'}'), any::<u8>(), b'a'..=b'z'],
        0..24,
    )
}

proptest! {
    #![proptest_config(crate::cases::cases(256))]

    #[test]
    fn both_crcs_agree_with_a_bit_by_bit_oracle(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        prop_assert_eq!(crc16_xmodem(&bytes), naive_crc16(&bytes));
        prop_assert_eq!(crc32(&bytes), naive_crc32(&bytes));
    }

    #[test]
    fn the_hashed_part_of_a_key_is_its_hash_tag_as_redis_documents_it(key in key_bytes()) {
        prop_assert_eq!(hashed_part(&key).to_vec(), naive_tag(&key));
    }

    #[test]
    fn a_ring_lookup_finds_the_point_a_linear_scan_finds(
        raw in prop::collection::vec((any::<u64>(), 0u16..5), 1..60),
        probes in prop::collection::vec(any::<u64>(), 1..40),
    ) {
        let points = Points::new(
            raw.iter().enumerate().map(|(i, &(at, server))| Point64 { at, server, index: i as u32 }).collect(),
            64,
        );
        for h in probes.into_iter().chain([0, u64::MAX]) {
            prop_assert_eq!(points.owner(h) as u16, naive_owner(&raw, h));
        }
    }

    #[test]
    fn cassandras_hash_is_the_reference_murmur3_unless_a_tail_byte_is_high(
        bytes in prop::collection::vec(any::<u8>(), 0..70),
    ) {
        let reference = mur3::murmurhash3_x64_128(&bytes, 0).0 as i64;
        let tail = &bytes[bytes.len() - bytes.len() % 16..];
        if tail.iter().all(|&b| b < 0x80) {
            prop_assert_eq!(cassandra_h1(&bytes), reference);
        }
        let t = cassandra::token(&bytes);
        prop_assert!(t != i64::MIN || bytes.is_empty());
    }

    #[test]
    fn a_reshard_moves_only_the_sources_lowest_slots_and_no_more_than_asked(
        owners in prop::collection::vec(0u16..4, 16_384..=16_384),
        numslots in 1u32..6000,
        mask in 1u8..15,
    ) {
        let table = Units::new(owners);
        let sources: Vec<usize> = (0..4).filter(|i| mask & (1 << i) != 0).collect();
        let moved = reshard_table(&table, &sources, numslots);
        prop_assert!(moved.len() <= numslots as usize);
        for &s in &sources {
            let given: Vec<u32> = moved.iter().filter(|m| m.1 == s).map(|m| m.0).collect();
            let held = table.held_by(s);
            prop_assert_eq!(&given[..], &held[..given.len()], "source {}", s);
        }
        prop_assert!(moved.iter().all(|m| sources.contains(&m.1) && table.owner(m.0) == m.1));
    }

    #[test]
    fn a_rebalance_keeps_every_slot_and_leaves_every_master_near_its_expected_count(
        n in 3usize..9,
        extra in 1usize..3,
    ) {
        let servers = n + extra;
        let plan = Rebalance { weights: vec![1.0; servers], use_empty_masters: true, threshold: 2.0 };
        let table = created(n);
        let table = match rebalance(&table, servers, &plan) {
            Rebalanced::Moved { table, .. } => table,
            Rebalanced::NotNeeded => table,
        };
        let counts = table.counts(servers);
        prop_assert_eq!(counts.iter().sum::<u64>(), 16_384);
        let expected = (16_384.0f32 / servers as f32) as i64;
        for c in counts {
            prop_assert!((c as i64 - expected).abs() <= servers as i64, "{} vs {}", c, expected);
        }
    }

    #[test]
    fn a_split_index_keeps_each_document_in_a_piece_of_its_old_shard(
        id in "[a-z0-9:]{1,20}",
        n in 1u32..9,
        factor in 2u32..5,
    ) {
        let index = Routing::new(n, None, EsVersion::From7).unwrap();
        if let Ok(split) = index.split(n * factor) {
            prop_assert_eq!(split.shard(&id) / factor, index.shard(&id));
        }
        let modern = Routing::new(n, None, EsVersion::From94).unwrap();
        let split = modern.split(n * factor).unwrap();
        prop_assert_eq!(split.shard(&id) % n, modern.shard(&id));
    }
}
