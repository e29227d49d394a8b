//! Kafka's own hash: `Utils.murmur2` of the Java client, which no published crate computes
//! with Kafka's seed and tail, written here and pinned by Kafka's own test vectors
//! (`tests/systems/kafka.rs`).

/// Kafka's `Utils.murmur2`: 32-bit MurmurHash2 (m = 0x5bd1e995, r = 24) with seed 0x9747b28c,
/// 4-byte little-endian blocks and unsigned tail bytes, read as a signed integer.
///
/// ```
/// use ringlab::core::placement::systems::kafka::murmur2::murmur2;
/// assert_eq!(murmur2(b"21"), -973932308);
/// ```
pub fn murmur2(bytes: &[u8]) -> i32 {
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
