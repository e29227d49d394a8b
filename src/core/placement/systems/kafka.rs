//! Kafka's keyed partitioners: a key's partition is its hash mod the topic's partition count,
//! and each partition is led by one broker.
//!
//! - The Java client (`kafka`): `(murmur2(key) & 0x7fffffff) % P`, murmur2 with seed
//!   0x9747b28c as in `Utils.murmur2`; `& 0x7fffffff`, not `abs()`.
//! - librdkafka, the C client (`kafka-librdkafka`): its default `consistent_random` is
//!   `crc32(key) % P` for a non-empty key. The same key lands on different partitions from a
//!   Java and a C producer.
//!
//! Because it is mod P, adding partitions (P → P+1) sends most keys to another partition, and a
//! key's records are only in order within one partition. The brokers are a separate matter: a
//! topic is created with its partitions led round-robin (partition p by broker p mod N, as
//! Kafka's rack-unaware assignment does from start index 0), a new broker leads nothing until
//! partitions are reassigned, and a broker that leaves hands its partitions' leadership to
//! another broker (a follower of each; here, the broker leading the fewest).

use super::hashes::{crc32, kafka_murmur2};

/// Partitions of a new topic here.
pub const PARTITIONS: u32 = 6;
/// The most partitions a topic may have here.
pub const MAX_PARTITIONS: u32 = 4096;

/// The Java client's partition for `key`.
///
/// ```
/// use ringlab::core::placement::systems::kafka::java_partition;
/// assert_eq!(java_partition(b"foobar", 12), 6);
/// ```
pub fn java_partition(key: &[u8], partitions: u32) -> u32 {
    to_positive(kafka_murmur2(key)) % partitions
}

/// `Utils.toPositive`: the sign bit cleared.
pub fn to_positive(n: i32) -> u32 {
    (n & 0x7fff_ffff) as u32
}

/// librdkafka's `consistent` partition for `key`.
pub fn librdkafka_partition(key: &[u8], partitions: u32) -> u32 {
    crc32(key) % partitions
}
