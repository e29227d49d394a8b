//! The work store: keys being generated in steps, the cache traffic the cache panel works with,
//! and the event the Timeline follows. Written only through the methods here.

use leptos::prelude::*;

use super::TimelineEvent;
use crate::core::CacheLoad;

/// The store: its signals, written only through the methods below.
#[derive(Clone, Copy)]
pub struct Work {
    generating: RwSignal<Option<(usize, usize)>>,
    cache: RwSignal<CacheLoad>,
    timeline_event: RwSignal<TimelineEvent>,
}

/// The work's read side, as the app state holds it.
pub(super) struct Reads {
    pub generating: ReadSignal<Option<(usize, usize)>>,
    pub cache: ReadSignal<CacheLoad>,
    pub timeline_event: ReadSignal<TimelineEvent>,
}

impl Work {
    /// Nothing under way, the usual cache and event.
    pub(super) fn new() -> (Reads, Work) {
        let writes = Work {
            generating: RwSignal::new(None),
            cache: RwSignal::new(CacheLoad::default()),
            timeline_event: RwSignal::new(TimelineEvent::default()),
        };
        let reads = Reads {
            generating: writes.generating.read_only(),
            cache: writes.cache.read_only(),
            timeline_event: writes.timeline_event.read_only(),
        };
        (reads, writes)
    }
}

impl Work {
    /// Says how much of the key generation under way is done, of how much; `None` when none is.
    pub fn set_generating(&self, progress: Option<(usize, usize)>) {
        self.generating.set(progress);
    }

    /// Sets the cache traffic the cache panel works with.
    pub fn set_cache(&self, cache: CacheLoad) {
        self.cache.set(cache);
    }

    /// Follows `event` on the Timeline.
    pub fn set_timeline_event(&self, event: TimelineEvent) {
        self.timeline_event.set(event);
    }

    /// Edits the event the Timeline follows.
    pub fn update_timeline_event(&self, edit: impl FnOnce(&mut TimelineEvent)) {
        self.timeline_event.update(edit);
    }
}
