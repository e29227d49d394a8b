//! The lesson "Clients that disagree": every app server keeps its own copy of the membership,
//! and a change reaches them over a gossip window. While it spreads, clients on the old view
//! send keys to their old owner. Drained on purpose, that owner still answers; failed, it
//! answers nobody. Then the failed server restarts, and writes meant for it wait as hints.

use super::Step;

pub(super) const STEPS: &[Step] = &[
    Step {
        link: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=10000&keys=user:2&view=timeline&event=remove:C",
        title: "Everyone hears at once",
        narration: "C is taken out of four caches on purpose, and every client hears of it at \
                    once. Its 2,426 keys miss once on their new servers: the database jumps from \
                    2,500 to 14,022 reads a second and is back within 0.92 seconds.",
        replicas: 1,
        cache: true,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=10000&keys=user:2&view=timeline&event=remove:C&gossip=30",
        title: "The news takes 30 seconds",
        narration: "Now the change reaches the clients by gossip over 30 seconds, shaded on the \
                    chart. Clients on the old view still send C's keys to C, which answers until \
                    it is drained: 181,932 requests go to a server the new view does not name. \
                    The misses spread out, so the peak is only 3,071 reads a second for the same \
                    2,305 extra reads.",
        replicas: 1,
        cache: true,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=10000&keys=user:2&view=timeline&event=fail:C&gossip=30",
        title: "When C fails instead",
        narration: "A failed C answers nobody, so every read an old-view client sends it goes to \
                    the database. The peak is back at 14,022 and the storm lasts as long as the \
                    gossip: 175,140 extra reads instead of 2,305.",
        replicas: 1,
        cache: true,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=10000&keys=user:2&view=timeline&event=fail:C&gossip=30&restart=120",
        title: "C restarts",
        narration: "C restarts 120 seconds after it failed, and that news spreads over 30 seconds \
                    too. Until it arrives, clients send C's 2,426 keys to the servers that stood \
                    in for it: 363,864 requests in both windows go to an owner the newest view \
                    has replaced.",
        replicas: 1,
        cache: true,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=10000&keys=user:2&view=timeline&event=fail:C&restart=120&writes=500",
        title: "Hinted handoff",
        narration: "Writes need C too: of 500 writes a second, 121 are meant for C while it is \
                    down. Another server keeps each one as a hint and hands all 14,555 back when \
                    C restarts; for reads, C still starts empty.",
        replicas: 1,
        cache: true,
    },
];
