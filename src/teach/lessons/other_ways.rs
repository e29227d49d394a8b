//! The lesson "Other ways to place keys": the same five caches and the same 1,000 keys under
//! hash mod N, the ring, rendezvous hashing, a partition table and jump hash, then all of them
//! side by side.

use super::Step;

/// Four caches with 100 points each and 1,000 keys; a fifth, E, joins.
const JOIN: &str = "ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000&then=add:E";

pub(super) const STEPS: &[Step] = &[
    Step {
        link: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000&placement=mod-n&then=add:E",
        title: "hash mod N",
        narration: "E joins four caches. Under hash mod N, 817 of the 1,000 keys change server: \
                    about 4 in 5, as mod N's theory predicts, and almost all of them between caches \
                    that were already there.",
        replicas: 1,
        cache: false,
    },
    Step {
        link: JOIN,
        title: "The ring",
        narration: "On the ring with 100 points per server, the same change moves 181 keys, every \
                    one of them to E: near E's fair share of 1 in 5, and nothing between the others.",
        replicas: 1,
        cache: false,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000&placement=rendezvous&then=add:E",
        title: "Rendezvous hashing",
        narration: "Rendezvous hashing scores every server for every key and keeps the highest. E \
                    takes 200 keys, again all of them new to it, with no ring at all; the price is \
                    5 scores per lookup.",
        replicas: 1,
        cache: false,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000&placement=table&then=add:E",
        title: "A partition table",
        narration: "A partition table cuts the ring into 1,024 fixed partitions. E is handed 204 \
                    whole partitions from the caches holding the most, so 200 keys move, and the \
                    table says exactly which.",
        replicas: 1,
        cache: false,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000&placement=jump&then=add:E",
        title: "Jump hash: adding the last bucket",
        narration: "Jump hash keeps no ring and no table, only the number of buckets. E becomes \
                    bucket 5 and takes 190 keys, all from the others.",
        replicas: 1,
        cache: false,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=A,B,C,D,E&gen=1000&placement=jump&then=remove:B",
        title: "Jump hash: removing a middle bucket",
        narration: "Now B, the second bucket, leaves. C, D and E each move down a bucket, so their \
                    keys move too: 742 of the 1,000, where removing the last bucket would move 190. \
                    Jump hash can only lose its last server cheaply.",
        replicas: 1,
        cache: false,
    },
    Step {
        link: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000&then=add:E&view=compare",
        title: "All of them side by side",
        narration: "The Compare view puts all 9 placements on the same change. Look for what each \
                    moves, how even it keeps the busiest server, and what one lookup costs. Click \
                    one to open it.",
        replicas: 1,
        cache: false,
    },
];
