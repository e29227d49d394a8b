//! Stories: named starting points that show a view's point at once.
//!
//! The Timeline has nothing to say about the first screen's five keys (C failing moves one key
//! and the "storm" is over in half a millisecond), so it opens on a story instead: a scenario
//! written as a link, with the event it follows, and a caption whose every number the tests
//! below check against the engine. A story is loaded like a lesson step, as one undoable change.

/// A named scenario for a view to start from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Story {
    /// A stable identifier.
    pub id: &'static str,
    /// Its name for people, on its button.
    pub title: &'static str,
    /// The whole state as a query string for [`read_link`](crate::core::read_link), with the
    /// view (`view=`) and, on the Timeline, the event it follows (`event=`).
    pub link: &'static str,
    /// What is on screen, in a sentence or two.
    pub caption: &'static str,
}

/// The Timeline's stories; the first is where the view starts from the first screen.
pub const TIMELINE_STORIES: &[Story] = &[
    Story {
        id: "cache-dies",
        title: "A cache server dies",
        link: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=10000&view=timeline&event=fail:C",
        caption: "Four caches, 100 points each on the 2^32 ring, hold 10,000 keys read 50,000 \
                  times a second with 95% hits. C fails: its 2,425 keys miss once on their new \
                  owners, so the database jumps from 2,500 to 14,019 reads a second, where mod N \
                  would send it 38,315, and falls back within a second as the caches refill.",
    },
    Story {
        id: "cache-returns",
        title: "It restarts a minute later",
        link: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=10000&restart=60&view=timeline&event=fail:C",
        caption: "The same four caches; C fails and restarts empty after 60 seconds. Its arcs \
                  move back to it, so its 2,425 keys miss a second time: two storms, 4,608 extra \
                  database reads in all.",
    },
    Story {
        id: "fifth-cache",
        title: "A fifth cache joins",
        link: "ring=2^32&vnodes=100&servers=tokyo,osaka,kyoto,nagoya&gen=10000&then=add:sapporo&view=timeline",
        caption: "Four caches hold 10,000 keys and sapporo joins. The ring moves the 1,898 keys \
                  sapporo now owns, so the database peaks at 11,516 reads a second; mod N moves \
                  8,018 of them and peaks at 40,586.",
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::timeline::Event;
    use crate::core::{grouped, read_link, CacheLoad, Timeline};

    /// The timeline a story shows, as the page works it out.
    fn timeline(story: &Story) -> Timeline {
        let link = read_link(story.link, 20_000);
        assert!(link.ignored.is_empty(), "{:?}", link.ignored);
        let load = CacheLoad::default();
        match (&link.before, &link.last) {
            (Some(before), Some(last)) => {
                Timeline::new(before, last.change.as_ref().unwrap(), load).unwrap()
            }
            _ => {
                let event = link
                    .extra
                    .iter()
                    .find(|(n, _)| n == "event")
                    .and_then(|(_, v)| Event::parse(v))
                    .unwrap();
                let change = event.change(&link.scenario).unwrap();
                Timeline::new(&link.scenario, &change, load).unwrap()
            }
        }
    }

    fn says(story: &Story, number: f64) {
        let text = grouped(number.round() as u64);
        assert!(
            story.caption.contains(&text),
            "{}: the caption does not say {text}: {}",
            story.id,
            story.caption
        );
    }

    #[test]
    fn every_story_shows_a_storm_at_least_twice_the_steady_level_on_an_axis_in_seconds() {
        for story in TIMELINE_STORIES {
            let t = timeline(story);
            assert!(
                t.placement.peak >= 2.0 * t.placement.steady,
                "{}: peak {} against {}",
                story.id,
                t.placement.peak,
                t.placement.steady
            );
            assert_eq!(t.axis.unit.symbol(), "s", "{}", story.id);
        }
    }

    #[test]
    fn the_captions_numbers_are_the_engines() {
        let dies = timeline(&TIMELINE_STORIES[0]);
        says(&TIMELINE_STORIES[0], dies.placement.steady);
        says(&TIMELINE_STORIES[0], dies.placement.peak);
        says(&TIMELINE_STORIES[0], dies.baseline.peak);
        says(&TIMELINE_STORIES[0], dies.placement.cold_keys as f64);
        assert!(dies.placement.settle < 1.0);

        let returns = timeline(&TIMELINE_STORIES[1]);
        says(&TIMELINE_STORIES[1], returns.placement.moved.1 as f64);
        says(&TIMELINE_STORIES[1], returns.placement.extra_reads);

        let joins = timeline(&TIMELINE_STORIES[2]);
        says(&TIMELINE_STORIES[2], joins.placement.cold_keys as f64);
        says(&TIMELINE_STORIES[2], joins.placement.peak);
        says(&TIMELINE_STORIES[2], joins.baseline.cold_keys as f64);
        says(&TIMELINE_STORIES[2], joins.baseline.peak);
    }
}
