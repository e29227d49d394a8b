//! Compensated sums, so the shares of a million keys add up to 1 within 1e-12.

/// A compensated (Neumaier) sum.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Sum {
    sum: f64,
    carry: f64,
}

impl Sum {
    /// Adds `x`.
    #[inline]
    pub fn add(&mut self, x: f64) {
        let t = self.sum + x;
        if self.sum.abs() >= x.abs() {
            self.carry += (self.sum - t) + x;
        } else {
            self.carry += (x - t) + self.sum;
        }
        self.sum = t;
    }

    /// The sum.
    pub fn get(&self) -> f64 {
        self.sum + self.carry
    }
}
