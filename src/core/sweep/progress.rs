//! How far a sweep has got, for a page that draws it while it runs.

/// How far a sweep has got.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Pieces of work done.
    pub done: usize,
    /// Pieces of work in all.
    pub total: usize,
}

impl Progress {
    /// The share done, from 0 to 1.
    pub fn fraction(self) -> f64 {
        if self.total == 0 {
            1.0
        } else {
            self.done as f64 / self.total as f64
        }
    }
}
