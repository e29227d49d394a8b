//! Every part of the page that arrives on first use ([`Parts`]), none fetched yet: the list the
//! app and each of a host page's figures start from. Apart from `parts.rs`, whose types the
//! parts themselves name, so that no part imports the list that names it.

use leptos::prelude::*;

use crate::ui::kit::lazy::Lazy;
use crate::ui::parts::Parts;
use crate::ui::{compare, controls, header, lessons, placements, ring, timeline, traffic};

/// Every part, none fetched yet; `announce` tells screen readers about the parts a person
/// asks for.
pub fn every_part(announce: Callback<String>) -> Parts {
    // The views that may show any placement bring every placement's code with their own.
    Parts {
        compare: Lazy::new(
            "the Compare view",
            || Box::pin(placements::with(compare::arrive())),
            announce,
        ),
        traffic: Lazy::new(
            "the Traffic view",
            || Box::pin(placements::with(traffic::arrive())),
            announce,
        ),
        timeline: Lazy::new(
            "the Timeline view",
            || Box::pin(placements::with(timeline::arrive())),
            announce,
        ),
        lesson: Lazy::new(
            "the lesson",
            || Box::pin(placements::with(lessons::arrive())),
            announce,
        ),
        share: Lazy::new("the Share menu", || Box::pin(header::arrive()), announce),
        // Selecting a key says the key in words; its panel arriving says nothing over them.
        key: Lazy::quiet("the selected key", || Box::pin(ring::arrive_key())),
        // On the ring view but not what its first screen needs: these arrive just after it,
        // unasked, and so announce nothing.
        cache: Lazy::quiet("the cache impact", || Box::pin(traffic::arrive_cache())),
        replicas: Lazy::quiet("copies per key", || Box::pin(controls::arrive_replicas())),
    }
}
