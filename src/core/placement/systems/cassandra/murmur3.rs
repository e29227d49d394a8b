//! Cassandra's Murmur3Partitioner hash: MurmurHash3 x64_128 as Cassandra computes it.
//!
//! Cassandra reads the 16-byte blocks as standard MurmurHash3 does, but each of the last
//! `len % 16` bytes is a Java `byte`, sign-extended to 64 bits before it is shifted in: a key
//! whose tail holds a byte of 0x80 or more hashes differently from the reference algorithm. No
//! published crate computes that variant, so it is written here, and pinned by the drivers'
//! own test vectors (`tests/systems/cassandra.rs`).

/// The first half (h1) of Cassandra's MurmurHash3 x64_128 of `bytes`, seed 0, as a signed
/// 64-bit integer: standard for the 16-byte blocks, with the tail bytes sign-extended.
///
/// ```
/// use ringlab::core::placement::systems::cassandra::murmur3::h1;
/// assert_eq!(h1(b"123"), -7468325962851647638);
/// assert_eq!(h1(&[0xfe; 8]), -8927430733708461935);
/// ```
pub fn h1(bytes: &[u8]) -> i64 {
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
    fn cassandras_variant_equals_the_reference_murmur3_for_ascii_keys() {
        for text in ["", "a", "hello", "0123456789abcdefXYZ", "user:1000"] {
            let reference = mur3::murmurhash3_x64_128(text.as_bytes(), 0).0 as i64;
            assert_eq!(h1(text.as_bytes()), reference, "{text}");
        }
        let reference = mur3::murmurhash3_x64_128(&[0xfe; 8], 0).0 as i64;
        assert_eq!(reference, -3927725473986473217);
        assert_ne!(h1(&[0xfe; 8]), reference);
    }
}
