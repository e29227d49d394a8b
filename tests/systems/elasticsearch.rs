//! Elasticsearch's routing: Murmur3HashFunctionTests' vectors and the shards they give.

use ringlab::core::placement::systems::elasticsearch::{EsVersion, Routing};
use ringlab::core::placement::systems::hashes::es_murmur3;

#[test]
fn murmur3_over_utf16_gives_elasticsearchs_test_values() {
    // elastic/elasticsearch server/src/test/.../hash/murmur3/Murmur3HashFunctionTests.java.
    let cases: [(u32, &str); 16] = [
        (0x00000000, ""),
        (0x3fb8ba02, "h"),
        (0xce30a49f, "he"),
        (0x0c7cee6b, "hel"),
        (0x5a0cb7c3, "hell"),
        (0xd7c31989, "hello"),
        (0x22ab2984, "hello w"),
        (0xdf0ca123, "hello wo"),
        (0xe7744d61, "hello wor"),
        (0x51837ec6, "hello worl"),
        (0x64b256a4, "hello world"),
        (0xda1575e5, "hello world!"),
        (0x8ded82be, "Γειά σου Κόσμε"),
        (0x8274606c, "Supplementary planes too 🙂"),
        (0xe07db09c, "The quick brown fox jumps over the lazy dog"),
        (0x4e63d2ad, "The quick brown fox jumps over the lazy cog"),
    ];
    for (h, text) in cases {
        assert_eq!(es_murmur3(text) as u32, h, "{text}");
    }
}

#[test]
fn documents_land_on_these_shards_for_one_to_ten_primaries() {
    let cases: [(&str, [u32; 5]); 4] = [
        ("hello", [0, 0, 2, 4, 8]),
        ("hello world", [0, 1, 1, 4, 8]),
        ("user:1000", [0, 0, 0, 2, 5]),
        ("1", [0, 0, 2, 4, 8]),
    ];
    for (id, shards) in cases {
        for (n, want) in [1, 2, 3, 5, 10].into_iter().zip(shards) {
            let index = Routing::new(n, None, EsVersion::From7).unwrap();
            assert_eq!(index.shard(id), want, "{id} over {n}");
        }
    }
}

#[test]
fn from_9_4_the_shard_is_the_hash_mod_the_shards() {
    let index = Routing::new(5, None, EsVersion::From94).unwrap();
    for id in ["hello", "hello world", "user:1000", "1"] {
        let h = es_murmur3(id);
        assert_eq!(index.shard(id), h.rem_euclid(5) as u32);
    }
}

#[test]
fn split_and_shrink_are_refused_as_elasticsearch_refuses_them() {
    let index = Routing::new(3, None, EsVersion::From7).unwrap();
    assert!(index.split(6).is_ok());
    assert!(index.split(12).is_ok());
    assert!(
        index.split(9).is_err(),
        "768 routing shards do not divide into 9"
    );
    assert!(index.split(5).is_err());
    assert!(index.shrink(1).is_ok());
    assert!(index.shrink(2).is_err());
    let old = Routing::new(3, None, EsVersion::Before7).unwrap();
    assert!(
        old.split(6).is_err(),
        "an index from before 7.0 has no routing shards to split by"
    );
}
