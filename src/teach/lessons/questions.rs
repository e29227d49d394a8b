//! The questions the guided lessons ask between their steps: predict, then check.
//!
//! Each question is plain data, a query string read by
//! [`Question::from_query`](crate::teach::quiz::Question::from_query): a scenario link followed by
//! what is asked. Only the question is written here; its answer is worked out by the engine when
//! it is posed, and the tests check that it comes out as the reference lessons state it: 8 million
//! of 10 million keys under mod N from 4 to 5 servers, about 14,000 database reads a second when
//! one of four caches dies, W/(T+W) for a weighted newcomer, the 400-position ring's 140 and 150,
//! a server that leaves and comes back getting every key back, and so on.

use crate::core::Error;
use crate::teach::quiz::Question;

/// A question a lesson asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LessonQuestion {
    /// The lesson's id.
    pub lesson: &'static str,
    /// The step it comes just before, counted from 0; the lesson's step count puts it after
    /// the last step.
    pub before_step: usize,
    /// A few words naming it.
    pub title: &'static str,
    /// A sentence leading into it, in the lesson's voice; the question itself is the engine's.
    pub lead: &'static str,
    /// The question: its scenario link, then what is asked.
    pub query: &'static str,
}

impl LessonQuestion {
    /// The question, read from its query.
    pub fn question(&self) -> Result<Question, Error> {
        Question::from_query(self.query)
    }
}

/// The questions of lesson `id`, in the order they are asked.
///
/// ```
/// use ringlab::teach::lessons::questions_for;
/// assert!(questions_for("teaching-ring").count() >= 2);
/// assert_eq!(questions_for("nope").count(), 0);
/// ```
pub fn questions_for(id: &str) -> impl Iterator<Item = &'static LessonQuestion> + '_ {
    QUESTIONS.iter().filter(move |q| q.lesson == id)
}

/// The teaching ring with its five keys.
macro_rules! teaching {
    ($rest:literal) => {
        concat!(
            "ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5&",
            $rest
        )
    };
}

/// The four caches of the fifth-cache lesson.
macro_rules! four_caches {
    ($rest:literal) => {
        concat!(
            "ring=2^32&vnodes=100&servers=tokyo,osaka,kyoto,nagoya&gen=100&",
            $rest
        )
    };
}

/// Every lesson question, lesson by lesson, in the order asked.
pub const QUESTIONS: &[LessonQuestion] = &[
    // The ring by hand.
    LessonQuestion {
        lesson: "teaching-ring",
        before_step: 1,
        title: "Past the top",
        lead: "Another ring, with servers at 20, 50 and 80.",
        query: "ring=100&servers=A@20,B@50,C@80&keys=@95&ask=owner&key=@95",
    },
    LessonQuestion {
        lesson: "teaching-ring",
        before_step: 2,
        title: "Where D lands",
        lead: "D is about to join at 60.",
        query: teaching!("ask=arc&change=add:D@60"),
    },
    LessonQuestion {
        lesson: "teaching-ring",
        before_step: 2,
        title: "Which keys follow D",
        lead: "Predict before D joins.",
        query: teaching!("ask=moves&change=add:D@60"),
    },
    LessonQuestion {
        lesson: "teaching-ring",
        before_step: 4,
        title: "B leaves",
        lead: "Now B is about to leave the four servers.",
        query: "ring=100&servers=A@10,B@40,C@75,D@60&keys=@90,@52,@68,@25,@5&ask=moves&change=remove:B",
    },
    LessonQuestion {
        lesson: "teaching-ring",
        before_step: 5,
        title: "D's share",
        lead: "B is gone, and its stretch went to D.",
        query: "ring=100&servers=A@10,C@75,D@60&keys=@90,@52,@68,@25,@5&ask=share&server=D",
    },
    // Adding a fifth cache.
    LessonQuestion {
        lesson: "fifth-cache",
        before_step: 1,
        title: "Ten million keys under mod N",
        lead: "Picture the same four caches holding 10 million keys, placed with hash mod N, when sapporo joins.",
        query: four_caches!(
            "ask=number&measure=mod-n&change=add:sapporo&of=10000000&band=3000000..10000000"
        ),
    },
    LessonQuestion {
        lesson: "fifth-cache",
        before_step: 1,
        title: "Ten million keys on the ring",
        lead: "And if the caches were placed so that as few keys as possible move?",
        query: four_caches!(
            "ask=number&measure=ideal&change=add:sapporo&of=10000000&band=10%25"
        ),
    },
    LessonQuestion {
        lesson: "fifth-cache",
        before_step: 2,
        title: "Between old caches?",
        lead: "sapporo has joined the ring.",
        query: four_caches!("ask=choice&concept=between&change=add:sapporo"),
    },
    LessonQuestion {
        lesson: "fifth-cache",
        before_step: 3,
        title: "Four in five",
        lead: "Back to hash mod N.",
        query: four_caches!("ask=number&measure=mod-n&change=add:sapporo&unit=percent&band=5"),
    },
    LessonQuestion {
        lesson: "fifth-cache",
        before_step: 4,
        title: "The database under mod N",
        lead: "A shop's caches take 100,000 reads a second and answer 95 of every 100.",
        query: four_caches!(
            "ask=number&measure=mod-n&change=add:sapporo&unit=reads&reads=100000&hit=95&band=5%25"
        ),
    },
    LessonQuestion {
        lesson: "fifth-cache",
        before_step: 4,
        title: "The database on the ring",
        lead: "The same shop, with a placement that moves only sapporo's fair share.",
        query: four_caches!(
            "ask=number&measure=ideal&change=add:sapporo&unit=reads&reads=100000&hit=95&band=5%25"
        ),
    },
    LessonQuestion {
        lesson: "fifth-cache",
        before_step: 4,
        title: "A tenth node",
        lead: "A ring of nine nodes with virtual nodes gets a tenth.",
        query: "ring=2^32&vnodes=100&servers=n1,n2,n3,n4,n5,n6,n7,n8,n9&ask=number&measure=ideal&change=add:n10&unit=percent&band=1",
    },
    // Virtual nodes even out the shares.
    LessonQuestion {
        lesson: "virtual-nodes",
        before_step: 1,
        title: "A lopsided ring",
        lead: "A ring of 400 positions with one point per node, at 90, 100, 200 and 350.",
        query: "ring=400&servers=P@90,Q@100,R@200,S@350&ask=share&server=S",
    },
    LessonQuestion {
        lesson: "virtual-nodes",
        before_step: 1,
        title: "The node at 90",
        lead: "On the same ring, the node at 90 owns the stretch that ends at its point.",
        query: "ring=400&servers=P@90,Q@100,R@200,S@350&ask=arc&server=P",
    },
    LessonQuestion {
        lesson: "virtual-nodes",
        before_step: 1,
        title: "One point, one heir",
        lead: "With one point per cache, kyoto goes down.",
        query: "ring=2^32&vnodes=1&servers=tokyo,osaka,kyoto,nagoya&gen=1000&ask=choice&concept=leaving&server=kyoto",
    },
    LessonQuestion {
        lesson: "virtual-nodes",
        before_step: 3,
        title: "A hundred points, many heirs",
        lead: "Now each cache has 100 points, and kyoto goes down again.",
        query: "ring=2^32&vnodes=100&servers=tokyo,osaka,kyoto,nagoya&gen=1000&ask=choice&concept=leaving&server=kyoto",
    },
    LessonQuestion {
        lesson: "virtual-nodes",
        before_step: 4,
        title: "Twice the memory",
        lead: "A fifth cache with twice the memory joins with weight 2, so twice the points.",
        query: "ring=2^32&vnodes=100&servers=tokyo,osaka,kyoto,nagoya&gen=1000&ask=number&measure=ideal&change=add:sapporo*2&unit=percent&band=0",
    },
    // When a cache server dies.
    LessonQuestion {
        lesson: "node-dies",
        before_step: 2,
        title: "The database after C dies",
        lead: "50,000 reads a second reach the caches, and 95% of them hit.",
        query: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=10000&keys=user:2&ask=number&measure=moved&change=remove:C&unit=reads&reads=50000&hit=95&band=13000..15000",
    },
    LessonQuestion {
        lesson: "node-dies",
        before_step: 4,
        title: "Mod N from four to three",
        lead: "Had the caches been picked with hash mod N instead.",
        query: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=10000&keys=user:2&ask=number&measure=mod-n&change=remove:C&unit=percent&band=0",
    },
    LessonQuestion {
        lesson: "node-dies",
        before_step: 5,
        title: "The database under mod N",
        lead: "The same 50,000 reads a second at 95% hits, under hash mod N.",
        query: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=10000&keys=user:2&ask=number&measure=mod-n&change=remove:C&unit=reads&reads=50000&hit=95&band=37000..39000",
    },
    LessonQuestion {
        lesson: "node-dies",
        before_step: 5,
        title: "C comes back",
        lead: "C restarts with the same name, so the same points.",
        query: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=10000&keys=user:2&ask=choice&concept=restore&server=C",
    },
    // Three copies of every key.
    LessonQuestion {
        lesson: "replicas",
        before_step: 0,
        title: "Who answers user:7",
        lead: "Five caches with 100 points each.",
        query: "ring=2^32&vnodes=100&servers=tokyo,osaka,kyoto,nagoya,sapporo&gen=1000&keys=user:7,user:21&ask=owner&key=user:7",
    },
    LessonQuestion {
        lesson: "replicas",
        before_step: 2,
        title: "Who answers once kyoto dies",
        lead: "kyoto has died; the next server on user:7's list takes over.",
        query: "ring=2^32&vnodes=100&servers=tokyo,osaka,kyoto,nagoya,sapporo&gen=1000&keys=user:7,user:21&then=remove:kyoto&ask=owner&key=user:7",
    },
    LessonQuestion {
        lesson: "replicas",
        before_step: 2,
        title: "kyoto's keys",
        lead: "Before kyoto dies: how many keys does it answer for?",
        query: "ring=2^32&vnodes=100&servers=tokyo,osaka,kyoto,nagoya,sapporo&gen=1000&keys=user:7,user:21&ask=number&measure=moved&change=remove:kyoto&band=0",
    },
    // Other ways to place keys.
    LessonQuestion {
        lesson: "other-ways",
        before_step: 0,
        title: "Mod N between old caches",
        lead: "Four caches placed with hash mod N, and E joins.",
        query: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000&placement=mod-n&ask=choice&concept=between&change=add:E",
    },
    LessonQuestion {
        lesson: "other-ways",
        before_step: 1,
        title: "The ring's share",
        lead: "The same join on the ring with 100 points per cache.",
        query: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000&ask=number&measure=moved&change=add:E&unit=percent&band=5",
    },
    LessonQuestion {
        lesson: "other-ways",
        before_step: 5,
        title: "A middle bucket leaves",
        lead: "Jump hash with five buckets and twelve keys; B, the second bucket, leaves.",
        query: "ring=2^32&vnodes=100&servers=A,B,C,D,E&gen=12&placement=jump&ask=moves&change=remove:B",
    },
    LessonQuestion {
        lesson: "other-ways",
        before_step: 6,
        title: "Back again under jump hash",
        lead: "B comes back after leaving.",
        query: "ring=2^32&vnodes=100&servers=A,B,C,D,E&gen=1000&placement=jump&ask=choice&concept=restore&server=B",
    },
    // A very hot key.
    LessonQuestion {
        lesson: "hot-key",
        before_step: 2,
        title: "Where the hot key lives",
        lead: "key-0 is now read a thousand times as often as any other key.",
        query: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000&hot=key-0*1000&view=traffic&ask=owner&key=key-0",
    },
    LessonQuestion {
        lesson: "hot-key",
        before_step: 2,
        title: "More virtual nodes?",
        lead: "Virtual nodes evened out the keys. Do they even out the reads?",
        query: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000&hot=key-0*1000&view=traffic&ask=choice&concept=hot-key&points=1000",
    },
    LessonQuestion {
        lesson: "hot-key",
        before_step: 6,
        title: "When A dies",
        lead: "A, which holds key-0, is about to die.",
        query: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=1000&hot=key-0*1000&view=traffic&ask=number&measure=moved&change=remove:A&unit=percent&band=2",
    },
    // Clients that disagree.
    LessonQuestion {
        lesson: "clients-disagree",
        before_step: 1,
        title: "What C hands on",
        lead: "Before the news spreads slowly: C leaves four caches of 10,001 keys.",
        query: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=10000&keys=user:2&ask=number&measure=moved&change=remove:C&band=0",
    },
    LessonQuestion {
        lesson: "clients-disagree",
        before_step: 3,
        title: "Back on the same points",
        lead: "C is about to restart with the same name, so the same points.",
        query: "ring=2^32&vnodes=100&servers=A,B,C,D&gen=10000&keys=user:2&ask=choice&concept=restore&server=C",
    },
];
