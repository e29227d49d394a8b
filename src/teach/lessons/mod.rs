//! The guided lessons, as plain data.
//!
//! A [`Lesson`] is a short sequence of [`Step`]s. Each step is fully described by its `link`, a
//! query string read with [`read_link`](crate::core::read_link): the ring, the servers, the keys,
//! the change to replay (`then=`) and the key to highlight (`select=`), and the view to open
//! (`view=`) with, on the Timeline, the event it follows (`event=fail:C`). Showing a step, or
//! going back to the previous one, is reading that step's link; nothing else carries over.
//!
//! The narration may name numbers, and the tests at the bottom of this file check every one of
//! them against what the engine computes for that step's link.

/// One guided lesson.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lesson {
    /// A stable identifier, usable in an address: `teaching-ring`.
    pub id: &'static str,
    /// The lesson's name for people.
    pub title: &'static str,
    /// The steps, in order.
    pub steps: &'static [Step],
}

/// One step of a lesson.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// The whole state of this step as a query string for
    /// [`read_link`](crate::core::read_link), with `then=` for the change it shows and `select=`
    /// for the key it highlights.
    pub link: &'static str,
    /// A few words naming the step.
    pub title: &'static str,
    /// One to three short sentences saying what to look at.
    pub narration: &'static str,
    /// How many copies of each key this step keeps (1 outside the replicas lesson).
    pub replicas: usize,
    /// Whether the cache-impact panel matters in this step.
    pub cache: bool,
}

/// Finds a lesson by its id.
///
/// ```
/// use ringlab::teach::lessons::lesson;
/// assert_eq!(lesson("teaching-ring").unwrap().steps.len(), 6);
/// assert!(lesson("nope").is_none());
/// ```
pub fn lesson(id: &str) -> Option<&'static Lesson> {
    LESSONS.iter().find(|l| l.id == id)
}

/// Every lesson, in the order they are offered.
pub const LESSONS: &[Lesson] = &[
    Lesson {
        id: "teaching-ring",
        title: "The ring by hand",
        steps: TEACHING_RING,
    },
    Lesson {
        id: "fifth-cache",
        title: "Adding a fifth cache",
        steps: FIFTH_CACHE,
    },
    Lesson {
        id: "virtual-nodes",
        title: "Virtual nodes even out the shares",
        steps: VIRTUAL_NODES,
    },
    Lesson {
        id: "node-dies",
        title: "When a cache server dies",
        steps: NODE_DIES,
    },
    Lesson {
        id: "replicas",
        title: "Three copies of every key",
        steps: REPLICAS,
    },
    Lesson {
        id: "other-ways",
        title: "Other ways to place keys",
        steps: other_ways::STEPS,
    },
    Lesson {
        id: "hot-key",
        title: "A very hot key",
        steps: hot_key::STEPS,
    },
    Lesson {
        id: "clients-disagree",
        title: "Clients that disagree",
        steps: clients_disagree::STEPS,
    },
    Lesson {
        id: "real-systems",
        title: "How real systems do it",
        steps: real_systems::STEPS,
    },
];

/// A, B and C placed by hand on the ring 0 to 99, with five keys placed by hand.
const TEACHING_RING: &[Step] = &[
    Step {
        link: "ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5",
        title: "Three servers, one circle",
        narration:
            "The positions 0 to 99 close into a circle. A, B and C own 35, 30 and 35 of them: \
                    each server owns the stretch of ring that ends at its own point.",
        replicas: 1,
        cache: false,
    },
    Step {
        link: "ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5&select=@90",
        title: "Walking past the top",
        narration: "A key belongs to the first server clockwise from it. From 90 there is no \
                    server before 99, so the walk goes on past 0 and stops at A.",
        replicas: 1,
        cache: false,
    },
    Step {
        link: "ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5&then=add:D@60",
        title: "D joins at 60",
        narration: "D lands at 60 and takes positions 41 to 60, the end of C's stretch. No other \
                    part of the ring changes hands.",
        replicas: 1,
        cache: false,
    },
    Step {
        link: "ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5&then=add:D@60&select=@52",
        title: "Only one key moves",
        narration: "Key 52 is inside D's new stretch, so it goes from C to D, while key 68 lies \
                    past 60 and stays on C. 1 of 5 keys moved; hash mod N would have moved 4.",
        replicas: 1,
        cache: false,
    },
    Step {
        link:
            "ring=100&servers=A@10,B@40,C@75,D@60&keys=@90,@52,@68,@25,@5&then=remove:B&select=@25",
        title: "B leaves",
        narration: "B's stretch, 11 to 40, passes to the next server clockwise, which is D now. \
                    Key 25 follows it to D, and no other key moves.",
        replicas: 1,
        cache: false,
    },
    Step {
        link: "ring=100&servers=A@10,B@40,C@75,D@60&keys=@90,@52,@68,@25,@5&then=remove:B",
        title: "The catch",
        narration: "D now owns 50 of the 100 positions and C only 15. With one point per server, \
                    where the points happen to sit decides the shares, and they come out lopsided.",
        replicas: 1,
        cache: false,
    },
];

/// Four hashed caches with 100 points each and 100 keys; a fifth joins.
const FIFTH_CACHE: &[Step] = &[
    Step {
        link: "ring=2^32&vnodes=100&servers=tokyo,osaka,kyoto,nagoya&gen=100",
        title: "Four caches",
        narration: "Four caches are hashed onto the full ring at 100 points each, and 100 keys \
                    are hashed onto it too. Each cache ends up with between 24 and 27 of them.",
        replicas: 1,
        cache: false,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=tokyo,osaka,kyoto,nagoya&gen=100&then=add:sapporo",
        title: "sapporo joins",
        narration: "sapporo brings its own 100 points. 21 of the 100 keys move, and every one of \
                    them goes to sapporo: no key moves between the caches that were already there.",
        replicas: 1,
        cache: true,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=tokyo,osaka,kyoto,nagoya&gen=100&then=add:sapporo&select=key-2",
        title: "The same join under mod N",
        narration: "Picking servers with hash mod N, going from 4 to 5 would have moved 83 of the \
                    100 keys. key-2 is one of them: the ring leaves it on tokyo, but mod N sends it \
                    to kyoto, which does not have it.",
        replicas: 1,
        cache: true,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=tokyo,osaka,kyoto,nagoya&gen=100&then=add:sapporo",
        title: "What the database feels",
        narration: "At 50,000 reads a second and 95% hits, the database serves 2,500 reads a \
                    second. Right after the join that is about 12,500 with the ring, and about \
                    41,900 with mod N.",
        replicas: 1,
        cache: true,
    },
];

/// The same four caches at 1, 10, 100 and 1,000 points each.
const VIRTUAL_NODES: &[Step] = &[
    Step {
        link: "ring=2^32&vnodes=1&servers=tokyo,osaka,kyoto,nagoya&gen=1000",
        title: "One point each",
        narration: "With 1 point per server the shares are down to luck: tokyo owns 42% of the \
                    ring and osaka 15%. The spread around the fair share is 40%, where one over \
                    the square root of the points per server predicts 100%.",
        replicas: 1,
        cache: false,
    },
    Step {
        link: "ring=2^32&vnodes=10&servers=tokyo,osaka,kyoto,nagoya&gen=1000",
        title: "Ten points each",
        narration: "With 10 points per server each share is the sum of several arcs, and the \
                    spread shrinks to 27%, against 32% predicted.",
        replicas: 1,
        cache: false,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=tokyo,osaka,kyoto,nagoya&gen=1000",
        title: "A hundred points each",
        narration: "With 100 points per server the spread is 8%, against 10% predicted: every \
                    share now lies between 23% and 28%.",
        replicas: 1,
        cache: false,
    },
    Step {
        link: "ring=2^32&vnodes=1000&servers=tokyo,osaka,kyoto,nagoya&gen=1000",
        title: "A thousand points each",
        narration: "With 1,000 points per server the spread is 2%, against 3% predicted. The more \
                    points each server has, the smaller the spread, roughly as one over their \
                    square root.",
        replicas: 1,
        cache: false,
    },
];

/// Four hashed caches with 100 points each and 10,001 keys; C dies, then comes back; the
/// Timeline shows the storm of misses and, with a restart, the second one.
const NODE_DIES: &[Step] = &[
    Step {
        link: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=10000&keys=user:2&select=user:2",
        title: "Four healthy caches",
        narration: "Every app server holds the same ring of four caches with 100 points each. A \
                    read of user:2 hashes to a point of C, and C has it. Only misses reach the \
                    database: 2,500 of the 50,000 reads a second.",
        replicas: 1,
        cache: true,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=10000&keys=user:2&then=remove:C&select=user:2",
        title: "C dies",
        narration: "Health checks take C's points off every ring. Each of its 100 arcs falls to \
                    the next point clockwise, so A, B and D each take roughly a third of its keys.",
        replicas: 1,
        cache: true,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=10000&keys=user:2&then=remove:C",
        title: "The misses",
        narration: "C held 24% of the keys, and their new owners do not have them yet. Those reads \
                    all miss, so the database goes from 2,500 to about 14,000 reads a second until \
                    the caches refill.",
        replicas: 1,
        cache: true,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=10000&keys=user:2&view=timeline&event=fail:C",
        title: "The storm over time",
        narration: "On the Timeline, the database jumps from 2,500 to 14,022 reads a second the \
                    moment C fails, then falls back as each moved key's first read refills it. \
                    99% of the 2,305 extra reads are in within 0.92 seconds.",
        replicas: 1,
        cache: true,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=10000&keys=user:2&then=remove:C",
        title: "Against mod N",
        narration: "Keys on A, B and D still hit. With hash mod N, going from 4 servers to 3 would \
                    have moved 75% of the keys and sent about 38,000 reads a second to the \
                    database.",
        replicas: 1,
        cache: true,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=A,B,D&gen=10000&keys=user:2&then=add:C&select=user:2",
        title: "C comes back",
        narration: "C returns to the same points and takes back the same 2,426 keys, all of them \
                    from A, B and D; only those miss again. Bring it back empty, since what it held \
                    may have changed while it was away.",
        replicas: 1,
        cache: true,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=10000&keys=user:2&view=timeline&event=fail:C&restart=60",
        title: "C restarts after a minute",
        narration: "On the Timeline, C fails and restarts empty 60 seconds later. Its arcs move \
                    back to it and only those 2,426 keys miss again, a second storm as tall as the \
                    first: 4,609 extra reads in all.",
        replicas: 1,
        cache: true,
    },
];

/// Five hashed servers with 100 points each and 1,002 keys, each key on 3 servers.
const REPLICAS: &[Step] = &[
    Step {
        link: "ring=2^32&vnodes=100&servers=tokyo,osaka,kyoto,nagoya,sapporo&gen=1000&keys=user:7,user:21&select=user:7",
        title: "A key and its copies",
        narration: "Each key is kept on the first 3 different servers met walking clockwise from \
                    it. For user:7 that is kyoto, which answers, then tokyo and osaka, which hold \
                    copies.",
        replicas: 3,
        cache: false,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=tokyo,osaka,kyoto,nagoya,sapporo&gen=1000&keys=user:7,user:21&select=user:21",
        title: "Servers, not points",
        narration: "The walk counts servers, not points. From user:21 it passes 8 points to \
                    collect kyoto, sapporo and nagoya, skipping 5 that belong to a server already \
                    on the list.",
        replicas: 3,
        cache: false,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=tokyo,osaka,kyoto,nagoya,sapporo&gen=1000&keys=user:7,user:21&then=remove:kyoto&select=user:7",
        title: "kyoto dies",
        narration: "kyoto answered for 186 keys. Each of them is now answered by the next server \
                    on its list, which already holds a copy: tokyo for user:7. No key loses its \
                    last copy.",
        replicas: 3,
        cache: false,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=tokyo,osaka,kyoto,nagoya,sapporo&gen=1000&keys=user:7,user:21&then=remove:kyoto",
        title: "With a single copy",
        narration: "Keep one copy per key instead, and the same failure leaves all 186 of \
                    kyoto's keys with no copy anywhere.",
        replicas: 1,
        cache: false,
    },
];

mod clients_disagree;
mod hot_key;
mod other_ways;
mod questions;
mod real_systems;

pub use questions::{questions_for, LessonQuestion, QUESTIONS};
#[cfg(test)]
mod tests;
