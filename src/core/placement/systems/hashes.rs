//! The real systems' own hashes, each exactly as the system computes it.
//!
//! | hash | used by | from |
//! |---|---|---|
//! | CRC-16/XMODEM (poly 0x1021, init 0, no reflection) | Redis Cluster's key slot | the `crc` crate |
//! | CRC-32/ISO-HDLC (zlib's, reflected 0xEDB88320) | nginx, groupcache, librdkafka's `consistent` | the `crc` crate |
//! | XXH64, seed 0 or 1 | Envoy's ring_hash and maglev | the `twox-hash` crate |
//! | MurmurHash3 x86_32, seed 0, over UTF-16LE | Elasticsearch's routing | the `mur3` crate |
//! | MurmurHash3 x64_128 with sign-extended tail bytes | Cassandra's Murmur3Partitioner | its folder (`cassandra::murmur3`) |
//! | MurmurHash2, seed 0x9747b28c | Kafka's Java client | its folder (`kafka::murmur2`) |

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
}
