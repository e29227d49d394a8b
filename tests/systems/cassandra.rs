//! Cassandra's Murmur3Partitioner: the drivers' own vectors for its MurmurHash3 variant, and
//! the tokens Cassandra's tests expect for `int` keys.

use ringlab::core::placement::systems::cassandra::murmur3::h1 as cassandra_h1;
use ringlab::core::placement::systems::cassandra::token;

fn hex(text: &str) -> Vec<u8> {
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).unwrap())
        .collect()
}

#[test]
fn the_python_drivers_vectors_hash_as_cassandra_does() {
    // datastax/python-driver tests/unit/test_metadata.py, Murmur3TokensTest._verify_hash.
    let cases: [(Vec<u8>, i64); 5] = [
        (b"123".to_vec(), -7468325962851647638),
        (b"\x00\xff\x10\xfa\x99".repeat(10), 5837342703291459765),
        (vec![0xfe; 8], -8927430733708461935),
        (vec![0x10; 8], 1446172840243228796),
        (b"9223372036854775807".to_vec(), 7162290910810015547),
    ];
    for (bytes, h1) in cases {
        assert_eq!(cassandra_h1(&bytes), h1, "{bytes:?}");
    }
}

#[test]
fn the_ruby_drivers_vectors_hash_as_cassandra_does_tail_bytes_sign_extended() {
    // datastax/ruby-driver spec/cassandra/murmur3_spec.rb.
    let run = |from: u8| (from..from + 16).collect::<Vec<u8>>();
    let cases: Vec<(Vec<u8>, i64)> = vec![
        (run(1), -5563837382979743776),
        (run(2), -1513403162740402161),
        (run(3), -495360443712684655),
        (run(4), 1734091135765407943),
        (run(5), -3199412112042527988),
        (run(6), -6316563938475080831),
        (run(7), 8228893370679682632),
        (vec![0x00; 16], 5457549051747178710),
        (vec![0xff; 16], -2824192546314762522),
        (vec![0xfe; 16], -833317529301936754),
        (hex("00010203ffffffffffffffffffffffff"), 6463632673159404390),
        (vec![0xfe; 17], -1672437813826982685),
        (vec![0xfe; 4], 4566408979886474012),
        (vec![0x00; 4], -3485513579396041028),
        (hex("00017f7f"), 6573459401642635627),
        (hex("00ffffff"), 123573637386978882),
        (hex("ff010203"), -2839127690952877842),
        (hex("e2e7"), -8582699461035929883),
        (hex("e2e7e2e7e2e701"), 2222373981930033306),
    ];
    for (bytes, h1) in cases {
        assert_eq!(cassandra_h1(&bytes), h1, "{bytes:02x?}");
    }
}

#[test]
fn gocqls_vectors_from_the_java_driver_hash_as_cassandra_does() {
    // gocql/gocql internal/murmur/murmur_test.go, TestMurmur3H1 (h1 as uint64): "", "0",
    // "01", ... one digit more each time.
    let expected: [u64; 20] = [
        0x0000000000000000,
        0x2ac9debed546a380,
        0x649e4eaa7fc1708e,
        0xce68f60d7c353bdb,
        0x0f95757ce7f38254,
        0x0f04e459497f3fc1,
        0x88c0a92586be0a27,
        0x13eb9fb82606f7a6,
        0x8236039b7387354d,
        0x4c1e87519fe738ba,
        0x3f9652ac3effeb24,
        0x3f33760ded9006c6,
        0xaed70a6631854cb1,
        0x8a299a8f8e0e2da7,
        0x624b675c779249a6,
        0xa4b203bb1d90b9a3,
        0xa3293ad698ecb99a,
        0xbc740023dbd50048,
        0x3fe5ab9837d25cdd,
        0x2d0338c1ca87d132,
    ];
    let mut text = String::new();
    for (i, &h) in expected.iter().enumerate() {
        assert_eq!(cassandra_h1(text.as_bytes()) as u64, h, "{text:?}");
        text.push(char::from(b'0' + (i % 10) as u8));
    }
    let strings: [(&str, u64); 4] = [
        ("hello", 0xcbd8a7b341bd9b02),
        ("hello, world", 0x342fac623a5ebc8e),
        ("19 Jan 2038 at 3:14:07 AM", 0xb89e5988b737affc),
        (
            "The quick brown fox jumps over the lazy dog.",
            0xcd99481f9ee902c9,
        ),
    ];
    for (s, h) in strings {
        assert_eq!(cassandra_h1(s.as_bytes()) as u64, h, "{s}");
    }
    // TestMurmur3H1_CassandraSign and the benchmark's 1,024 bytes 0..255 repeated.
    assert_eq!(
        cassandra_h1(&hex("00104327529fb645dd00b883ec39ae448bb800000400066a6b00")),
        -9223371632693506265
    );
    let bench: Vec<u8> = (0..1024).map(|i| i as u8).collect();
    assert_eq!(cassandra_h1(&bench), 7627370222079200297);
}

#[test]
fn int_keys_get_the_tokens_cassandras_own_tests_expect() {
    // apache/cassandra-dtest replication_test.py: tokens of CQL int keys (4 bytes, big-endian).
    let tokens: [(i32, i64); 20] = [
        (5, -7509452495886106294),
        (10, -6715243485458697746),
        (16, -5477287129830487822),
        (13, -5034495173465742853),
        (11, -4156302194539278891),
        (1, -4069959284402364209),
        (19, -3974532302236993209),
        (8, -3799847372828181882),
        (2, -3248873570005575792),
        (4, -2729420104000364805),
        (18, -2695747960476065067),
        (15, -1191135763843456182),
        (20, 1388667306199997068),
        (7, 1634052884888577606),
        (6, 2705480034054113608),
        (9, 3728482343045213994),
        (14, 4279681877540623768),
        (17, 5467144456125416399),
        (12, 8582886034424406875),
        (3, 9010454139840013625),
    ];
    for (key, t) in tokens {
        assert_eq!(token(&key.to_be_bytes()), t, "int {key}");
    }
}

#[test]
fn text_keys_and_the_empty_key_get_their_tokens() {
    // Computed by the python driver's C extension and checked here.
    assert_eq!(token(b"a"), -8839064797231613815);
    assert_eq!(token(b"hello"), -3758069500696749310);
    assert_eq!(token(b"user:1000"), -5398646197704549862);
    assert_eq!(token(&hex("0000000000000001")), 6292367497774912474);
    assert_eq!(token(&hex("0001610000040000000100")), 8247712171917364652);
    assert_eq!(token(b""), i64::MIN);
}
