//! `mdbook-ringlab`: an [mdBook](https://rust-lang.github.io/mdBook/) preprocessor that writes
//! Ringlab's live consistent-hashing figures into a book.
//!
//! An author writes a figure as a fenced block whose info string is `ringlab`, with the
//! figure's link, panels, label, id, group and size as `key: value` lines ([`fence`]'s reading);
//! a button as a link to `ringlab:CHANGE`; and a scroll step as a paragraph that opens with
//! `{{#ringlab-step CHANGE}}` ([`control`]'s). For mdBook's `html` renderer, each becomes the
//! element Ringlab's `figures.js` makes live, with its still drawn inside for readers without
//! the script; other renderers get the still alone ([`chapter`]). A book holds its own copy of
//! the figure files, which `mdbook-ringlab install` puts there ([`install`]), and a build stops
//! when that copy is not the one this program's figures expect ([`stale`]).
//!
//! Everything a figure would open saying it cannot read, and every control that names nothing
//! or asks for a change Ringlab cannot read, fails the build in words, with the chapter's file
//! and line ([`problem`]).

#![warn(missing_docs)]

mod book_toml;
pub mod chapter;
mod control;
mod fence;
pub mod files;
pub mod install;
pub mod manifest;
pub mod preprocess;
pub mod problem;
mod render;
mod scan;
mod source;
pub mod stale;

pub use chapter::{transform, Output, Transformed};
pub use files::FigureFiles;
pub use preprocess::{run_json, Ringlab};
