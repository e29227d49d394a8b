//! The real systems' own hashes, each exactly as the system computes it.
//!
//! | hash | used by | from |
//! |---|---|---|
//! | CRC-16/XMODEM (poly 0x1021, init 0, no reflection) | Redis Cluster's key slot | the `crc` crate |
//! | CRC-32/ISO-HDLC (zlib's, reflected 0xEDB88320) | nginx, groupcache, librdkafka's `consistent` | the `crc` crate |
//! | XXH64, seed 0 or 1 | Envoy's ring_hash and maglev | the `twox-hash` crate |
//! | MurmurHash3 x86_32, seed 0, over UTF-16LE | Elasticsearch's routing | the `mur3` crate |
//! | MurmurHash3 x64_128 with sign-extended tail bytes | Cassandra's Murmur3Partitioner | here |
//! | MurmurHash2, seed 0x9747b28c | Kafka's Java client | here |
//!
//! Cassandra reads the 16-byte blocks as standard MurmurHash3 does, but each of the last
//! `len % 16` bytes is a Java `byte`, sign-extended to 64 bits before it is shifted in: a key
//! whose tail holds a byte of 0x80 or more hashes differently from the reference algorithm. No
//! published crate computes that variant, so it is written here, and pinned by the drivers'
//! own test vectors (`tests/systems_golden.rs`).

use crc::{Crc, Digest, CRC_16_XMODEM, CRC_32_ISO_HDLC};

const CRC16: Crc<u16> = Crc::<u16>::new(&CRC_16_XMODEM);
const CRC32: Crc<u32> = Crc::<u32>::new(&CRC_32_ISO_HDLC);

/// CRC-16/XMODEM of `bytes`, as Redis's `crc16()` computes it.
///
/// ```
/// use ringlab::core::placement::systems::hashes::crc16_xmodem;
/// assert_eq!(crc16_xmodem(b"123456789"), 0x31C3);
/// ```
pub fn crc16_xmodem(bytes: &[u8]) -> u16 {
    CRC16.checksum(bytes)
}

/// CRC-32 (IEEE, as zlib) of `bytes`.
///
/// ```
/// use ringlab::core::placement::systems::hashes::crc32;
/// assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
/// ```
pub fn crc32(bytes: &[u8]) -> u32 {
    CRC32.checksum(bytes)
}

/// A CRC-32 digest under way, for hashes that share a prefix (nginx's points).
pub fn crc32_digest() -> Digest<'static, u32> {
    CRC32.digest()
}

/// XXH64 of `bytes` with `seed`.
pub fn xxh64(bytes: &[u8], seed: u64) -> u64 {
    twox_hash::XxHash64::oneshot(seed, bytes)
}

/// Elasticsearch's `Murmur3HashFunction.hash(String)`: MurmurHash3 x86_32, seed 0, over the
/// text's UTF-16 code units written little-endian, read as a signed 32-bit integer.
///
/// ```
/// use ringlab::core::placement::systems::hashes::es_murmur3;
/// assert_eq!(es_murmur3("hello") as u32, 0xd7c3_1989);
/// ```
pub fn es_murmur3(text: &str) -> i32 {
    let bytes: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    mur3::murmurhash3_x86_32(&bytes, 0) as i32
}

/// Kafka's `Utils.murmur2`: 32-bit MurmurHash2 (m = 0x5bd1e995, r = 24) with seed 0x9747b28c,
/// 4-byte little-endian blocks and unsigned tail bytes, read as a signed integer.
///
/// ```
/// use ringlab::core::placement::systems::hashes::kafka_murmur2;
/// assert_eq!(kafka_murmur2(b"21"), -973932308);
/// ```
pub fn kafka_murmur2(bytes: &[u8]) -> i32 {
    const M: u32 = 0x5bd1_e995;
    const SEED: u32 = 0x9747_b28c;
    let mut h = SEED ^ bytes.len() as u32;
    let blocks = bytes.chunks_exact(4);
    let tail = blocks.remainder();
    for block in blocks {
        let mut k = u32::from_le_bytes([block[0], block[1], block[2], block[3]]);
        k = k.wrapping_mul(M);
        k ^= k >> 24;
        k = k.wrapping_mul(M);
        h = h.wrapping_mul(M);
        h ^= k;
    }
    if !tail.is_empty() {
        for (i, &b) in tail.iter().enumerate().rev() {
            h ^= u32::from(b) << (8 * i);
        }
        h = h.wrapping_mul(M);
    }
    h ^= h >> 13;
    h = h.wrapping_mul(M);
    h ^= h >> 15;
    h as i32
}

/// The first half (h1) of Cassandra's MurmurHash3 x64_128 of `bytes`, seed 0, as a signed
/// 64-bit integer: standard for the 16-byte blocks, with the tail bytes sign-extended.
///
/// ```
/// use ringlab::core::placement::systems::hashes::cassandra_h1;
/// assert_eq!(cassandra_h1(b"123"), -7468325962851647638);
/// assert_eq!(cassandra_h1(&[0xfe; 8]), -8927430733708461935);
/// ```
pub fn cassandra_h1(bytes: &[u8]) -> i64 {
    const C1: u64 = 0x87c3_7b91_1142_53d5;
    const C2: u64 = 0x4cf5_ad43_2745_937f;
    let (mut h1, mut h2) = (0u64, 0u64);
    let blocks = bytes.chunks_exact(16);
    let tail = blocks.remainder();
    let word = |b: &[u8]| u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
    for block in blocks {
        let k1 = word(&block[..8])
            .wrapping_mul(C1)
            .rotate_left(31)
            .wrapping_mul(C2);
        h1 ^= k1;
        h1 = h1
            .rotate_left(27)
            .wrapping_add(h2)
            .wrapping_mul(5)
            .wrapping_add(0x52dc_e729);
        let k2 = word(&block[8..])
            .wrapping_mul(C2)
            .rotate_left(33)
            .wrapping_mul(C1);
        h2 ^= k2;
        h2 = h2
            .rotate_left(31)
            .wrapping_add(h1)
            .wrapping_mul(5)
            .wrapping_add(0x3849_5ab5);
    }
    let (mut k1, mut k2) = (0u64, 0u64);
    for (i, &b) in tail.iter().enumerate() {
        // A Java byte is signed: 0xfe is -2, and widening it fills the high bits with ones.
        let v = i64::from(b as i8) as u64;
        if i < 8 {
            k1 ^= v << (8 * i);
        } else {
            k2 ^= v << (8 * (i - 8));
        }
    }
    if tail.len() > 8 {
        h2 ^= k2.wrapping_mul(C2).rotate_left(33).wrapping_mul(C1);
    }
    if !tail.is_empty() {
        h1 ^= k1.wrapping_mul(C1).rotate_left(31).wrapping_mul(C2);
    }
    let len = bytes.len() as u64;
    h1 ^= len;
    h2 ^= len;
    h1 = h1.wrapping_add(h2);
    h2 = h2.wrapping_add(h1);
    h1 = fmix64(h1);
    h2 = fmix64(h2);
    h1.wrapping_add(h2) as i64
}

fn fmix64(mut k: u64) -> u64 {
    k ^= k >> 33;
    k = k.wrapping_mul(0xff51_afd7_ed55_8ccd);
    k ^= k >> 33;
    k = k.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    k ^= k >> 33;
    k
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_check_values_of_both_crcs_are_the_catalogues() {
        assert_eq!(crc16_xmodem(b"123456789"), 0x31C3);
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        let mut d = crc32_digest();
        d.update(b"1234");
        d.update(b"56789");
        assert_eq!(d.finalize(), 0xCBF4_3926);
    }

    #[test]
    fn cassandras_variant_equals_the_reference_murmur3_for_ascii_keys() {
        for text in ["", "a", "hello", "0123456789abcdefXYZ", "user:1000"] {
            let reference = mur3::murmurhash3_x64_128(text.as_bytes(), 0).0 as i64;
            assert_eq!(cassandra_h1(text.as_bytes()), reference, "{text}");
        }
        let reference = mur3::murmurhash3_x64_128(&[0xfe; 8], 0).0 as i64;
        assert_eq!(reference, -3927725473986473217);
        assert_ne!(cassandra_h1(&[0xfe; 8]), reference);
    }
}
