//! The shown store: the scenario on screen, the scenario before its last change and what that
//! change did, always written together as one [`Frame`]; with the undo history and the servers'
//! colours, which follow what is shown. `changes.rs` is its one writer.

use std::sync::Arc;

use leptos::prelude::*;

use crate::core::{Outcome, Scenario};

/// One view of the app, as it is shown and as undo and redo restore it.
#[derive(Clone)]
pub struct Frame {
    pub(super) scenario: Scenario,
    pub(super) previous: Option<Scenario>,
    pub(super) last: Option<Arc<Outcome>>,
}

/// One part of the shown frame, read-only: the scenario, the one before, or the last outcome.
/// Reading a part tracks the frame, so a reader wakes whenever the frame is replaced (the
/// three always change in one step).
pub struct Part<T: 'static> {
    frame: ReadSignal<Frame>,
    part: fn(&Frame) -> &T,
}

impl<T> Clone for Part<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Part<T> {}

impl<T: 'static> Part<T> {
    pub(super) fn new(frame: ReadSignal<Frame>, part: fn(&Frame) -> &T) -> Part<T> {
        Part { frame, part }
    }

    /// Runs `f` on the part, tracking it.
    pub fn with<U>(&self, f: impl FnOnce(&T) -> U) -> U {
        self.frame.with(|frame| f((self.part)(frame)))
    }

    /// Runs `f` on the part without tracking it.
    pub fn with_untracked<U>(&self, f: impl FnOnce(&T) -> U) -> U {
        self.frame.with_untracked(|frame| f((self.part)(frame)))
    }

    /// Tracks the part without reading it.
    pub fn track(&self) {
        self.frame.track();
    }
}

impl<T: Clone + 'static> Part<T> {
    /// A copy of the part, tracking it.
    pub fn get(&self) -> T {
        self.with(T::clone)
    }

    /// A copy of the part without tracking it.
    pub fn get_untracked(&self) -> T {
        self.with_untracked(T::clone)
    }
}

/// The shown store's write side: the frame on screen, undo and redo, and the colours. Only
/// `changes.rs` writes them.
#[derive(Clone, Copy)]
pub(super) struct Writes {
    pub(super) frame: RwSignal<Frame>,
    pub(super) past: RwSignal<Vec<Frame>>,
    pub(super) future: RwSignal<Vec<Frame>>,
    pub(super) slots: RwSignal<Vec<(String, usize)>>,
}

/// The shown store's read side: the frame, undo's and redo's frames, and the colours.
pub(super) struct Reads {
    pub frame: ReadSignal<Frame>,
    pub past: ReadSignal<Vec<Frame>>,
    pub future: ReadSignal<Vec<Frame>>,
    pub slots: ReadSignal<Vec<(String, usize)>>,
}

impl Writes {
    /// The store showing `frame`, with `past` to undo into and the colours `slots`.
    pub(super) fn new(
        frame: Frame,
        past: Vec<Frame>,
        slots: Vec<(String, usize)>,
    ) -> (Reads, Writes) {
        let writes = Writes {
            frame: RwSignal::new(frame),
            past: RwSignal::new(past),
            future: RwSignal::new(Vec::new()),
            slots: RwSignal::new(slots),
        };
        let reads = Reads {
            frame: writes.frame.read_only(),
            past: writes.past.read_only(),
            future: writes.future.read_only(),
            slots: writes.slots.read_only(),
        };
        (reads, writes)
    }
}
