//! The most keys a second this machine can hash: one MD5 (the ring's hash) or one CRC-16 (Redis
//! Cluster's) of `key-N` per key, on every core at once, and nothing else. `scripts/stream-bench.sh`
//! sets the command line's streamed speed beside it.
//!
//! `cargo bench --bench hash_limit [KEYS]` prints the keys a second of each hash.

use std::hint::black_box;
use std::io::Write as _;
use std::time::Instant;

use md5::{Digest, Md5};
use ringlab::core::placement::systems::redis::key_slot;

/// Hashes `key-first` to `key-(last-1)` with `hash`, in one thread; a sum so nothing is skipped.
fn run(first: u64, last: u64, hash: fn(&[u8]) -> u64) -> u64 {
    let mut label = Vec::with_capacity(32);
    let mut sum = 0u64;
    for n in first..last {
        label.clear();
        let _ = write!(label, "key-{n}");
        sum = sum.wrapping_add(hash(black_box(&label)));
    }
    sum
}

fn md5_first_word(bytes: &[u8]) -> u64 {
    let digest = Md5::digest(bytes);
    u64::from(u32::from_le_bytes([
        digest[0], digest[1], digest[2], digest[3],
    ]))
}

fn crc16_slot(bytes: &[u8]) -> u64 {
    u64::from(key_slot(bytes))
}

fn main() {
    let keys: u64 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(20_000_000);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    println!("{keys} keys, {cores} cores");
    for (name, hash) in [
        ("md5", md5_first_word as fn(&[u8]) -> u64),
        ("crc16", crc16_slot),
    ] {
        // One core alone, then every core at once.
        let start = Instant::now();
        let one = run(0, keys / cores, hash);
        let alone = (keys / cores) as f64 / start.elapsed().as_secs_f64();
        let start = Instant::now();
        let per = keys.div_ceil(cores);
        let sum: u64 = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..cores)
                .map(|c| scope.spawn(move || run(c * per, ((c + 1) * per).min(keys), hash)))
                .collect();
            handles.into_iter().map(|h| h.join().unwrap_or(0)).sum()
        });
        let seconds = start.elapsed().as_secs_f64();
        println!(
            "{name}\t{:.1} M keys/s on one core\t{:.1} M keys/s on {cores}\t(sums {one}, {sum})",
            alone / 1e6,
            keys as f64 / seconds / 1e6
        );
    }
}
