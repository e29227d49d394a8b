//! The app's state and the page's vocabulary. Every control turns what a person did into a
//! [`Change`](crate::core::Change) and hands it to [`AppState::dispatch`], which asks the engine
//! to apply it; a refused change leaves everything as it was and puts the engine's message next
//! to the control that sent it. `app` holds the state, `changes` every way it changes (undo and
//! redo among them), `vocabulary` the page's words (views, fields, click modes, the Timeline's
//! event), `slots` the servers' colours, `lesson` the way through a guided lesson, `address`
//! the address bar kept in step with it all and `ahead` the work counted ahead while idle.

pub mod address;
pub mod ahead;
mod app;
mod changes;
mod feedback;
mod lesson;
mod page;
mod selection;
mod shown;
mod slots;
mod teaching;
mod vocabulary;
mod work;

/// The most keys the page holds: as many as the engine.
pub const MAX_PAGE_KEYS: usize = crate::core::MAX_KEYS;

pub use crate::core::timeline::{Event as TimelineEvent, Happening};
pub use app::{AppState, Still};
pub use changes::Dispatched;
pub use slots::slot_list;
pub use teaching::Draft;
pub use vocabulary::{ClickMode, Field, View};
