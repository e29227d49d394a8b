//! Ringlab: an interactive consistent-hashing visualizer.
//!
//! [`core`] is the ring engine, shared by the browser app, the native tests and the `ringlab`
//! command. [`teach`] holds the questions and lessons, above the engine. [`draw`] turns the
//! engine's results into plain shapes (the ring's picture, the charts, the geometry that maps
//! ring positions to canvas coordinates). The browser app lives in `ui` and is compiled for
//! WebAssembly only.
#![warn(missing_docs)]

pub mod core;
pub mod draw;
pub mod teach;

#[cfg(target_arch = "wasm32")]
pub mod ui;

/// How many cases each property test runs and from which seed, printed when one fails: the
/// same file the native suites use.
#[cfg(test)]
#[path = "../tests/common/cases.rs"]
mod cases;
