//! What a change costs a cache: database reads per second before it and right after it.
//!
//! With `reads` per second and a hit rate `h`, the database sees the misses, `reads × (1 − h)`.
//! Right after a change, every key that moved is on a server that does not hold it yet, so its
//! hits become misses too: `reads × (1 − h) + reads × h × moved`, where `moved` is the fraction of
//! keys that moved. With 50,000 reads/s at 95% hits that is 2,500 before; 40,500 after mod N
//! goes from 4 to 5 servers (80% moved); about 14,000 after one of four servers dies on a ring.

use super::decimal::parse_decimal;
use super::error::Error;

/// A cache's traffic.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CacheLoad {
    /// Reads per second.
    pub reads: f64,
    /// The share of reads the cache answers, from 0 to 1.
    pub hit_rate: f64,
}

impl Default for CacheLoad {
    /// The lessons' cluster: 50,000 reads a second, 95% hits.
    fn default() -> Self {
        CacheLoad {
            reads: 50_000.0,
            hit_rate: 0.95,
        }
    }
}

impl CacheLoad {
    /// The most reads per second accepted.
    pub const MAX_READS: f64 = 1e12;

    /// A load, if the reads are from 0 to [`CacheLoad::MAX_READS`] and the hit rate from 0 to 1.
    pub fn new(reads: f64, hit_rate: f64) -> Result<CacheLoad, Error> {
        if !(0.0..=Self::MAX_READS).contains(&reads) {
            return Err(Error::OutOfRange("Reads per second go from 0 to 10^12."));
        }
        if !(0.0..=1.0).contains(&hit_rate) {
            return Err(Error::OutOfRange("The hit rate goes from 0% to 100%."));
        }
        Ok(CacheLoad { reads, hit_rate })
    }

    /// This load with the hit rate typed as a percentage (`90`, `99.5%`).
    pub fn with_hit_text(&self, text: &str) -> Result<CacheLoad, Error> {
        let t = text.trim();
        let percent = parse_decimal(t.strip_suffix('%').unwrap_or(t).trim_end())
            .ok_or_else(|| Error::NotADecimal(t.to_string()))?;
        CacheLoad::new(self.reads, percent / 100.0)
    }

    /// Database reads per second in steady state: the misses.
    pub fn steady(&self) -> f64 {
        self.reads * (1.0 - self.hit_rate)
    }

    /// Database reads per second right after a change that moved `moved` of the keys.
    ///
    /// ```
    /// use ringlab::core::CacheLoad;
    /// let load = CacheLoad::default();
    /// assert_eq!(load.steady().round(), 2_500.0);
    /// assert_eq!(load.after(0.8).round(), 40_500.0);
    /// ```
    pub fn after(&self, moved: f64) -> f64 {
        self.steady() + self.reads * self.hit_rate * moved
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lessons_figures_come_out() {
        let load = CacheLoad::default();
        assert_eq!(load.steady().round(), 2_500.0);
        // mod N from 4 to 5 servers moves 80%.
        assert_eq!(load.after(0.8).round(), 40_500.0);
        // One of four servers dies on the ring: about a quarter moves, about 14,000 reads/s.
        assert_eq!(load.after(0.25).round(), 14_375.0);
        // mod N from 4 to 3 moves 75%: about 38,000.
        assert_eq!(load.after(0.75).round(), 38_125.0);
        // The fifth cache on the ring: 20% moved, 5% of the other 80% miss as usual: 24%.
        let sale = CacheLoad::new(100_000.0, 0.95).unwrap();
        assert_eq!(sale.after(0.2).round(), 24_000.0);
        assert_eq!(sale.after(0.8).round(), 81_000.0);
    }

    #[test]
    fn out_of_range_loads_are_refused() {
        assert!(CacheLoad::new(-1.0, 0.5).is_err());
        assert!(CacheLoad::new(10.0, 1.5).is_err());
        assert!(CacheLoad::new(f64::NAN, 0.5).is_err());
    }
}
