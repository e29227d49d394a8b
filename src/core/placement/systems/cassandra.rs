//! Cassandra's Murmur3Partitioner: a 64-bit token ring.
//!
//! A key's token is h1 of Cassandra's MurmurHash3 x64_128 of its bytes (UTF-8 for text), seed
//! 0, read as a signed 64-bit integer; `i64::MIN` becomes `i64::MAX`, and the empty key is
//! `i64::MIN`. Each node holds `num_tokens` tokens (16 by default since Cassandra 4.0; 1 and
//! 256 are common) and owns the stretch from the token before each of them up to and including
//! it: a key goes to the first token at or after its own, wrapping. With SimpleStrategy the
//! copies go to the next distinct nodes clockwise.
//!
//! Cassandra draws a new node's tokens at random, unseeded. Ringlab draws them from a seed, so
//! a link shows the same ring again: token `i` of node `name` is a 64-bit mix of the seed, the
//! name and `i`. Tokens read from `nodetool ring` replace the drawn ones.

use super::hashes::{cassandra_h1, xxh64};
use super::points::{token_position, Point64, Points};

/// Tokens per node by default.
pub const NUM_TOKENS: u32 = 16;

/// The most tokens a node may hold here.
pub const MAX_TOKENS: u32 = 1536;

/// The seed the tokens are drawn from by default.
pub const SEED: u64 = 1;

/// The token of a key whose bytes are `key`.
///
/// ```
/// use ringlab::core::placement::systems::cassandra::token;
/// assert_eq!(token(b""), i64::MIN);
/// assert_eq!(token(b"hello"), -3758069500696749310);
/// ```
pub fn token(key: &[u8]) -> i64 {
    if key.is_empty() {
        return i64::MIN;
    }
    normalize(cassandra_h1(key))
}

/// `i64::MIN` is kept for the empty key: a hash landing on it becomes `i64::MAX`.
pub fn normalize(token: i64) -> i64 {
    if token == i64::MIN {
        i64::MAX
    } else {
        token
    }
}

/// Token `i` of node `name`, drawn from `seed`.
pub fn drawn_token(seed: u64, name: &str, i: u32) -> i64 {
    let label = format!("{name}#{i}");
    normalize(xxh64(label.as_bytes(), seed) as i64)
}

/// The token ring of nodes with `tokens[i]` the tokens of node `i`.
pub fn ring(tokens: &[Vec<i64>]) -> Points {
    let points = tokens
        .iter()
        .enumerate()
        .flat_map(|(server, list)| {
            list.iter().enumerate().map(move |(index, &t)| Point64 {
                at: token_position(t),
                server: server as u16,
                index: index as u32,
            })
        })
        .collect();
    Points::new(points, 64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_goes_to_the_first_token_at_or_after_its_own() {
        let ring = ring(&[vec![-100, 100], vec![0]]);
        let owner = |t: i64| ring.owner(token_position(t));
        assert_eq!(owner(-100), 0);
        assert_eq!(owner(-99), 1);
        assert_eq!(owner(0), 1);
        assert_eq!(owner(50), 0);
        assert_eq!(
            owner(101),
            0,
            "past the last token the ring wraps to the first"
        );
    }

    #[test]
    fn drawn_tokens_depend_on_seed_name_and_number_only() {
        assert_eq!(drawn_token(1, "n1", 0), drawn_token(1, "n1", 0));
        assert_ne!(drawn_token(1, "n1", 0), drawn_token(2, "n1", 0));
        assert_ne!(drawn_token(1, "n1", 0), drawn_token(1, "n1", 1));
    }
}
