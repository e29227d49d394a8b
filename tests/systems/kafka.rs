//! Kafka's partitioners: the Java client's murmur2 and librdkafka's CRC32.

use ringlab::core::placement::systems::hashes::crc32;
use ringlab::core::placement::systems::kafka::murmur2::murmur2 as kafka_murmur2;
use ringlab::core::placement::systems::kafka::{java_partition, librdkafka_partition};

#[test]
fn murmur2_gives_kafkas_own_test_values() {
    // apache/kafka clients/src/test/java/org/apache/kafka/common/utils/UtilsTest.java, testMurmur2.
    let cases: [(&[u8], i32); 6] = [
        (b"21", -973932308),
        (b"foobar", -790332482),
        (b"a-little-bit-long-string", -985981536),
        (b"a-little-bit-longer-string", -1486304829),
        (
            b"lkjh234lh9fiuh90y23oiuhsafujhadof229phr9h19h89h8",
            -58897971,
        ),
        (b"abc", 479470107),
    ];
    for (key, h) in cases {
        assert_eq!(kafka_murmur2(key), h, "{:?}", String::from_utf8_lossy(key));
    }
}

#[test]
fn murmur2_gives_librdkafkas_java_compatible_values() {
    // confluentinc/librdkafka src/rdmurmur2.c, unittest_murmur2 ("java_murmur2_results").
    let cases: [(&str, u32); 10] = [
        ("kafka", 0xd067cf64),
        ("giberish123456789", 0x8f552b0c),
        ("1234", 0x9fc97b14),
        ("234", 0xe7c009ca),
        ("34", 0x873930da),
        ("4", 0x5a4b5ca1),
        ("PreAmbleWillBeRemoved,ThePrePartThatIs", 0x78424f1c),
        ("reAmbleWillBeRemoved,ThePrePartThatIs", 0x4a62b377),
        ("eAmbleWillBeRemoved,ThePrePartThatIs", 0xe0e4e09e),
        ("AmbleWillBeRemoved,ThePrePartThatIs", 0x62b8b43f),
    ];
    for (key, h) in cases {
        assert_eq!(kafka_murmur2(key.as_bytes()) as u32, h, "{key}");
    }
    assert_eq!(kafka_murmur2(b"") as u32, 0x106e08d9);
}

#[test]
fn librdkafkas_partitioner_test_keys_hash_as_expected() {
    // confluentinc/librdkafka tests/0048-partitioner.c: "", "23456",
    // "this is another string with more length to it perhaps", "hejsan".
    let keys: [&str; 4] = [
        "",
        "23456",
        "this is another string with more length to it perhaps",
        "hejsan",
    ];
    let consistent: [u32; 4] = [0x0, 0xb1b451d7, 0xb0150df7, 0xd077037e];
    // The murmur2 values there are already masked with 0x7fffffff, as the partitioner masks.
    let murmur: [u32; 4] = [0x106e08d9, 0x058d780f, 0x4f7703da, 0x5ec19395];
    for (i, key) in keys.iter().enumerate() {
        assert_eq!(crc32(key.as_bytes()), consistent[i], "{key:?}");
        assert_eq!(
            kafka_murmur2(key.as_bytes()) as u32 & 0x7fff_ffff,
            murmur[i],
            "{key:?}"
        );
        for p in [7, 17] {
            assert_eq!(librdkafka_partition(key.as_bytes(), p), consistent[i] % p);
        }
    }
}

#[test]
fn the_java_client_puts_keys_on_these_partitions() {
    // (murmur2 & 0x7fffffff) % P for P = 3, 6, 12.
    let cases: [(&str, [u32; 3]); 5] = [
        ("foobar", [0, 0, 6]),
        ("21", [0, 0, 0]),
        ("abc", [0, 3, 3]),
        ("user:1000", [2, 5, 5]),
        ("", [0, 3, 9]),
    ];
    for (key, parts) in cases {
        for (p, want) in [3, 6, 12].into_iter().zip(parts) {
            assert_eq!(java_partition(key.as_bytes(), p), want, "{key:?} of {p}");
        }
    }
}

#[test]
fn the_two_clients_disagree_on_most_keys() {
    let keys: Vec<String> = (0..1000).map(|i| format!("key-{i}")).collect();
    let disagree = keys
        .iter()
        .filter(|k| java_partition(k.as_bytes(), 6) != librdkafka_partition(k.as_bytes(), 6))
        .count();
    assert!(disagree > 700, "{disagree}");
}
