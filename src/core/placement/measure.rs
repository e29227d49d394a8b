//! What a placement costs and keeps, and how much of the key space each server holds.

/// What one lookup costs, in the algorithm's own unit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Cost {
    /// The cost per key (a mean where it varies from key to key).
    pub per_key: f64,
    /// What is counted: "points searched", "servers scored", "jumps", ...
    pub unit: &'static str,
}

/// What a placement stores to answer lookups.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct State {
    /// How many.
    pub count: u64,
    /// Of what: "points", "table entries", "partitions", ...
    pub unit: &'static str,
}

/// How much of the key space each server holds.
#[derive(Debug, Clone, PartialEq)]
pub struct Space {
    /// Per server, in list order.
    pub amounts: Vec<u64>,
    /// The whole space.
    pub total: u64,
    /// What the amounts count: "positions", "hash values", "table entries" or "sampled
    /// positions".
    pub unit: &'static str,
    /// Whether the amounts are exact (false when positions were sampled).
    pub exact: bool,
}

impl Space {
    /// Server `i`'s share, from 0 to 1.
    pub fn share(&self, i: usize) -> f64 {
        self.amounts[i] as f64 / self.total as f64
    }
}

/// Binary search over `n` sorted points compares about this many.
pub fn search_steps(n: usize) -> f64 {
    f64::from((n as u32 + 1).next_power_of_two().trailing_zeros()).max(1.0)
}
