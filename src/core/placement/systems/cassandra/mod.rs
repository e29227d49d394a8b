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

pub mod link;
pub mod murmur3;
pub mod pasted;
mod settings;
mod tokens;
use std::sync::Arc;

use super::hashes::xxh64;
use super::on_points;
use super::points::{position_token, token_position, Point64, Points};
use super::state::SystemState;
use super::structure::evaluated;
use super::system::{points_space, Coordinate, Located, Shape, System};
use crate::core::numbers_and_lists::plural;
use crate::core::placement::layout::Layout;
use crate::core::placement::measure::Space;
use crate::core::placement::options::Setting;
use crate::core::placement::spec::{
    any_may_leave, drawn_on_circle, hashed_here_hover, no_caveat, nothing_ignored, Circle, Copies,
    Lookup, Panel, ServersBy, Spec, Verbs, Weights,
};
use crate::core::placement::structure::{Earlier, Evaluated};
use murmur3::h1;

pub use settings::{check_num_tokens, MAX_TOKENS, NUM_TOKENS, SEED, TOKENS_PER_NODE, TOKEN_SEED};
pub use tokens::Tokens;

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
    normalize(h1(key))
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

/// Node `name`'s tokens in `state`: those read from `nodetool ring`, or `count` drawn from
/// `seed`.
pub fn tokens_of(state: &SystemState, name: &str, count: u32, seed: u64) -> Vec<i64> {
    match state.tokens().of(name) {
        Some(read) => read.to_vec(),
        None => (0..count).map(|i| drawn_token(seed, name, i)).collect(),
    }
}

/// Cassandra.
pub static SPEC: Spec = Spec {
    id: "cassandra",
    name: "Cassandra",
    phrase: "Cassandra",
    called: "Cassandra",
    under: "under Cassandra",
    summary: "MurmurHash3 of the key gives a 64-bit token; each node holds num_tokens tokens and owns the stretch up to each.",
    system: true,
    verbs: Verbs {
        add: "Bootstrap",
        remove: "Decommission",
    },
    units: Some("tokens"),
    weights: Weights::Honoured,
    circle: Circle::Own,
    fixed_ring: false,
    arcs: true,
    lookup: Lookup::Clockwise,
    servers_by: ServersBy::Name,
    settings: &[Setting::System(&TOKENS_PER_NODE), Setting::System(&TOKEN_SEED)],
    note: Some("Cassandra draws a new node's tokens at random; Ringlab draws them from this seed so a link shows the same ring. Paste nodetool ring output to use your own."),
    hover: hashed_here_hover,
    picture: |_, places| drawn_on_circle(SPEC.name, places),
    listing: "Each node's tokens",
    panel: Panel::Note("Bootstrap a node with the servers' Bootstrap button: it joins with its own tokens and takes only the stretches before them. Decommission hands its stretches to the next tokens."),
    practice: None,
    copies: Copies::SimpleStrategy,
    caveat: no_caveat,
    refuse_leaving: any_may_leave,
    ignored: nothing_ignored,
};

pub(in crate::core::placement) fn evaluate(
    layout: &Layout<'_>,
    _: Option<Earlier<'_>>,
) -> Evaluated {
    let options = layout.options;
    let tokens: Vec<Vec<i64>> = layout
        .servers
        .iter()
        .map(|s| {
            let count = options.num_tokens() * s.weight();
            tokens_of(layout.systems, &s.name, count, options.token_seed())
        })
        .collect();
    evaluated(layout, "tokens", TokenRing(ring(&tokens)))
}

/// The nodes' tokens on the ring.
#[derive(Debug)]
struct TokenRing(Points);

impl System for TokenRing {
    fn locate(&self, key: &str) -> Located {
        let t = token(key.as_bytes());
        on_points::locate(&self.0, token_position(t), Coordinate::Token(t))
    }

    fn shape(&self) -> Shape<'_> {
        Shape::Points(&self.0)
    }

    fn position_value(&self, at: u64) -> i128 {
        i128::from(position_token(at))
    }

    fn steps(&self, key: &str, names: &[Arc<str>]) -> (Vec<String>, usize) {
        let bytes = key.as_bytes();
        let t = token(bytes);
        let located = on_points::locate(&self.0, token_position(t), Coordinate::Token(t));
        let mut words = format!(
            "MurmurHash3 x64_128 of its {} UTF-8 {}, as Cassandra computes it: token {t}.",
            bytes.len(),
            plural(bytes.len(), "byte", "bytes")
        );
        let tail = &bytes[bytes.len() - bytes.len() % 16..];
        if tail.iter().any(|&b| b >= 0x80) {
            let standard = mur3::murmurhash3_x64_128(bytes, 0).0 as i64;
            words.push_str(&format!(
                " Its last {} bytes include one of 0x80 or more, which Cassandra sign-extends: the reference MurmurHash3 gives {standard}.",
                tail.len()
            ));
        }
        let owner = names.get(located.owner).map_or("?", |n| n);
        let held = self.0.counts(names.len())[located.owner];
        on_points::steps(&self.0, located, words, |p, _| {
            format!(
                "The first token at or after it is {owner}'s {} (token {} of its {held}), so {owner} owns the key",
                position_token(p.at),
                p.index + 1
            )
        })
    }

    fn listing(&self, names: &[Arc<str>]) -> Vec<String> {
        let counts = self.0.counts(names.len());
        names
            .iter()
            .enumerate()
            .map(|(s, name)| {
                let mut tokens: Vec<i64> = self
                    .0
                    .points()
                    .iter()
                    .filter(|p| p.server as usize == s)
                    .map(|p| position_token(p.at))
                    .collect();
                tokens.sort_unstable();
                let list: Vec<String> = tokens.iter().map(i64::to_string).collect();
                format!(
                    "{name}: {} {}: {}",
                    counts[s],
                    plural(counts[s] as usize, "token", "tokens"),
                    list.join(", ")
                )
            })
            .collect()
    }

    fn headline(&self, servers: usize) -> String {
        let n = self.0.points().len();
        on_points::headline(
            n as u64,
            plural(n, "token", "tokens"),
            servers,
            plural(servers, "node", "nodes"),
        )
    }

    fn space(&self, servers: usize) -> Space {
        points_space(&self.0, servers)
    }
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
