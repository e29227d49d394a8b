//! The lesson "A very hot key": four caches whose keys are spread evenly, then one key read a
//! thousand times as often as the others. Its server melts while the key counts still look
//! even; more virtual nodes do not help; copies and a near cache do, bounded loads only in
//! part; and when that server dies, the keys that move carry most of the reads.

use super::Step;

pub(super) const STEPS: &[Step] = &[
    Step {
        link: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000&view=traffic",
        title: "Keys read alike",
        narration: "Four caches with 100 points each hold 1,000 keys, and every key is read as \
                    often as any other. Each cache serves close to a quarter of the 50,000 reads \
                    per second; the busiest, A, serves 1.02 times its fair share.",
        replicas: 1,
        cache: false,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000&hot=key-0*1000&view=traffic",
        title: "One key a thousand times hotter",
        narration: "Now key-0 is read 1,000 times as often as any other key: alone it carries half \
                    of all reads. A holds it, and serves 63% of the requests with 26% of the keys: \
                    2.51 times its fair share. Counted in keys, the ring still looks even.",
        replicas: 1,
        cache: false,
    },
    Step {
        link: "ring=2^32&vnodes=1000&servers=A,B,C,D&gen=1000&hot=key-0*1000&view=traffic",
        title: "More virtual nodes do not help",
        narration: "Ten times as many points per server spread the keys more evenly, but key-0 \
                    still lives on one server, now B, which serves 2.46 times its fair share. \
                    Virtual nodes spread keys, not the reads of one key.",
        replicas: 1,
        cache: false,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000&hot=key-0*1000&remedy=copies:3&view=traffic",
        title: "Copies of the hottest keys",
        narration: "Keep each of the 10 hottest keys on the first 3 servers of its list, and read \
                    any copy at random. key-0's reads split three ways, and the busiest server \
                    drops to 1.18 times its fair share.",
        replicas: 1,
        cache: false,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000&hot=key-0*1000&remedy=near:0.9&view=traffic",
        title: "A near cache in the app servers",
        narration: "Or keep a short-lived copy of the hottest keys in each app server, answering \
                    90% of their reads before they reach a cache: 22,714 reads per second never \
                    leave the app servers, and the busiest cache serves 0.71 times a fair share of \
                    all reads.",
        replicas: 1,
        cache: false,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000&hot=key-0*1000&remedy=bounded:1.25&view=traffic",
        title: "Bounded loads help only in part",
        narration: "Bounded loads send a key on to the next server when its own would pass 1.25 \
                    times a fair share. A hands its other keys on, but one key cannot be split: \
                    key-0 alone keeps A at 2.00 times its fair share.",
        replicas: 1,
        cache: false,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000&hot=key-0*1000&then=remove:A&view=traffic",
        title: "When the hot key's server dies",
        narration: "A dies. 26% of the keys move, as a ring promises, but they carry 63% of the \
                    reads, and every one of those misses at first. D inherits key-0 and now \
                    serves 67% of the requests.",
        replicas: 1,
        cache: true,
    },
];
