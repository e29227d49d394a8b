//! A circle of sorted points, each a server's, for the systems that place keys on a ring of
//! their own: Cassandra's tokens and Envoy's ring (64-bit), nginx's and groupcache's points
//! (32-bit). A key goes to the first point at or after its hash, wrapping past the top.
//!
//! Positions are unsigned and `bits` wide; a signed token is shifted into that order first
//! (see [`token_position`]). The canvas draws every circle with 2^32 places, so a 64-bit
//! position is drawn at its top 32 bits ([`Points::spot`]).

/// One point: where it sits, whose it is, and its number among that server's points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Point64 {
    /// Its position, `bits` wide.
    pub at: u64,
    /// The server's index in the list.
    pub server: u16,
    /// Its number among the server's points (the `i` that was hashed).
    pub index: u32,
}

/// Sorted points on a circle of 2^`bits` positions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Points {
    points: Vec<Point64>,
    bits: u32,
}

/// A signed 64-bit token in ring order: `i64::MIN` at 0, `i64::MAX` at the top.
pub fn token_position(token: i64) -> u64 {
    (token as u64) ^ (1 << 63)
}

/// The token at a ring position: the inverse of [`token_position`].
pub fn position_token(at: u64) -> i64 {
    (at ^ (1 << 63)) as i64
}

impl Points {
    /// Points sorted by position, then server, then number (a stable order for equal
    /// positions; the first of equal points is the one a lookup finds).
    pub fn new(mut points: Vec<Point64>, bits: u32) -> Points {
        points.sort_by_key(|p| (p.at, p.server, p.index));
        Points { points, bits }
    }

    /// Points already in the order a system sorted them.
    pub fn sorted(points: Vec<Point64>, bits: u32) -> Points {
        debug_assert!(points.windows(2).all(|w| w[0].at <= w[1].at));
        Points { points, bits }
    }

    /// The points, in order.
    pub fn points(&self) -> &[Point64] {
        &self.points
    }

    /// How wide a position is.
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// The index of the first point at or after `h`, wrapping to the first.
    pub fn owner_point(&self, h: u64) -> usize {
        let i = self.points.partition_point(|p| p.at < h);
        if i == self.points.len() {
            0
        } else {
            i
        }
    }

    /// The server owning hash `h`.
    pub fn owner(&self, h: u64) -> usize {
        self.points
            .get(self.owner_point(h))
            .map_or(0, |p| p.server as usize)
    }

    /// Where a position is drawn on the canvas's circle of 2^32 places.
    pub fn spot(&self, at: u64) -> u32 {
        if self.bits > 32 {
            (at >> (self.bits - 32)) as u32
        } else {
            at as u32
        }
    }

    /// The last position of the stretch the canvas's place `spot` stands for.
    pub fn spot_end(&self, spot: u32) -> u64 {
        if self.bits > 32 {
            let shift = self.bits - 32;
            (u64::from(spot) << shift) | ((1u64 << shift) - 1)
        } else {
            u64::from(spot)
        }
    }

    /// How many points each of `servers` servers has.
    pub fn counts(&self, servers: usize) -> Vec<u64> {
        let mut counts = vec![0u64; servers];
        for p in &self.points {
            if let Some(c) = counts.get_mut(p.server as usize) {
                *c += 1;
            }
        }
        counts
    }

    /// The share of the circle each of `servers` servers owns: each point owns the stretch
    /// after the point before it, up to and including itself.
    pub fn shares(&self, servers: usize) -> Vec<f64> {
        let mut shares = vec![0.0f64; servers];
        let n = self.points.len();
        if n == 0 {
            return shares;
        }
        let circle = 2f64.powi(self.bits as i32);
        for (i, p) in self.points.iter().enumerate() {
            let prev = self.points[(i + n - 1) % n].at;
            let length = if n == 1 {
                circle
            } else {
                (p.at.wrapping_sub(prev) & mask(self.bits)) as f64
            };
            shares[p.server as usize] += length / circle;
        }
        shares
    }

    /// The first `r` distinct servers clockwise from hash `h`, owner first: Cassandra's
    /// SimpleStrategy, or the points a retry would walk.
    pub fn walk(&self, h: u64, r: usize, servers: usize) -> Vec<usize> {
        let mut list = Vec::new();
        let n = self.points.len();
        let start = self.owner_point(h);
        for step in 0..n {
            if list.len() >= r.min(servers) {
                break;
            }
            let s = self.points[(start + step) % n].server as usize;
            if !list.contains(&s) {
                list.push(s);
            }
        }
        list
    }
}

fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_goes_to_the_first_point_at_or_after_it_and_wraps_past_the_top() {
        let p = |at, server| Point64 {
            at,
            server,
            index: 0,
        };
        let points = Points::new(vec![p(10, 0), p(40, 1), p(75, 2)], 32);
        assert_eq!(points.owner(5), 0);
        assert_eq!(points.owner(10), 0);
        assert_eq!(points.owner(11), 1);
        assert_eq!(points.owner(76), 0);
        assert_eq!(points.walk(76, 3, 3), vec![0, 1, 2]);
    }

    #[test]
    fn tokens_keep_their_signed_order_on_the_circle() {
        assert_eq!(token_position(i64::MIN), 0);
        assert_eq!(token_position(-1), (1 << 63) - 1);
        assert_eq!(token_position(0), 1 << 63);
        assert_eq!(token_position(i64::MAX), u64::MAX);
        for t in [i64::MIN, -5, 0, 7, i64::MAX] {
            assert_eq!(position_token(token_position(t)), t);
        }
    }
}
