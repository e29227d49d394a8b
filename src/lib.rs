//! Ringlab: an interactive consistent-hashing visualizer.
//!
//! [`core`] is the ring engine, shared by the browser app, the native tests and the `ringlab`
//! command. [`teach`] holds the questions and lessons, above the engine. [`geometry`] maps ring
//! positions to canvas coordinates. The browser app lives in `ui` and is compiled for
//! WebAssembly only.
#![warn(missing_docs)]

pub mod chart;
pub mod core;
pub mod geometry;
pub mod picture;
pub mod teach;

#[cfg(target_arch = "wasm32")]
pub mod ui;
