//! The work store: keys being generated in steps, the cache traffic the cache panel works with,
//! and the event the Timeline follows. Written only through the methods here.

use leptos::prelude::*;

use super::TimelineEvent;
use crate::core::CacheLoad;

/// The store: what it holds, read as signals, and its own methods, the only writers.
#[derive(Clone, Copy)]
pub struct Work {
    /// Keys being generated in steps: how much work is done, of how much (twice the keys: each
    /// is hashed, then sorted).
    pub generating: ReadSignal<Option<(usize, usize)>>,
    /// The cache traffic the cache-impact panel works with.
    pub cache: ReadSignal<CacheLoad>,
    /// The event the Timeline view follows.
    pub timeline_event: ReadSignal<TimelineEvent>,
    w: Writes,
}

/// The store's signals, changed only by its methods.
#[derive(Clone, Copy)]
struct Writes {
    generating: RwSignal<Option<(usize, usize)>>,
    cache: RwSignal<CacheLoad>,
    timeline_event: RwSignal<TimelineEvent>,
}

impl Work {
    /// Nothing under way, the usual cache and event.
    pub(super) fn new() -> Work {
        let w = Writes {
            generating: RwSignal::new(None),
            cache: RwSignal::new(CacheLoad::default()),
            timeline_event: RwSignal::new(TimelineEvent::default()),
        };
        Work {
            generating: w.generating.read_only(),
            cache: w.cache.read_only(),
            timeline_event: w.timeline_event.read_only(),
            w,
        }
    }
}

impl Work {
    /// Says how much of the key generation under way is done, of how much; `None` when none is.
    pub fn set_generating(&self, progress: Option<(usize, usize)>) {
        self.w.generating.set(progress);
    }

    /// Sets the cache traffic the cache panel works with.
    pub fn set_cache(&self, cache: CacheLoad) {
        self.w.cache.set(cache);
    }

    /// Follows `event` on the Timeline.
    pub fn set_timeline_event(&self, event: TimelineEvent) {
        self.w.timeline_event.set(event);
    }

    /// Edits the event the Timeline follows.
    pub fn update_timeline_event(&self, edit: impl FnOnce(&mut TimelineEvent)) {
        self.w.timeline_event.update(edit);
    }
}
