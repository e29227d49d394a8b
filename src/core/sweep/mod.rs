//! Sweeps (placeholder while the timeline compiles).
