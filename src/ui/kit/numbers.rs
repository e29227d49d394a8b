//! Numbers as the page writes them: the engine's own forms (`core::numbers_and_lists`), under
//! the names the views use.

pub use crate::core::grouped;

/// A fraction as a percentage, one decimal at most.
pub fn pct(fraction: f64) -> String {
    crate::core::percent(fraction)
}
