//! Questions about the ring: predict, then check.
//!
//! A [`Question`] is plain data: a scenario link and an [`Ask`], what is asked about that
//! scenario. It never holds its answer. [`Question::pose`] reads the scenario and lets the
//! engine work the answer out, as a [`Posed`] question with its prompt, its [`Answer`] and a
//! worked explanation; [`Posed::mark`] marks a learner's [`Response`] against it.
//!
//! Six kinds of question ([`QuestionKind`]):
//!
//! - **which keys move?** The learner marks the keys a change will move; each key is graded
//!   right, missed or wrongly marked ([`Grade`]) with the reason in the placement's own terms
//!   (the clockwise walk on the ring, the remainder under mod N, the jumps under jump hash...);
//! - **who owns this key?** A server, and the lookup step by step;
//! - **how many?** A number about a change: keys moved, a percentage, `hash mod N`'s share over
//!   a cycle of remainders, the least any placement could move (W/(T+W) with weights), or
//!   database reads after the change, right within the [`Band`] the question states;
//! - **which stretch?** The first and last position of the stretch a server owns or a change
//!   hands over;
//! - **which share?** A server's share of the key space, in percent;
//! - **choose one** between the engine's statements about an idea ([`Concept`]): where a
//!   leaving server's keys go, whether keys move between servers that stay, whether a server
//!   that comes back gets its keys back, whether virtual nodes tame a hot key. The engine
//!   applies the changes and looks, so which statement is true is computed too.
//!
//! Questions travel as query strings ([`Question::to_query`]) and as exercise sets
//! ([`encode_set`], [`decode_set`]); practice questions come from a seed and a [`Difficulty`]
//! ([`generate`], [`Practice`]); a [`Score`] keeps the replies and sums them up. Nothing here
//! depends on the web.

mod answer;
mod ask;
pub(crate) mod base64;
mod difficulty;
mod explain;
mod generate;
mod kind;
mod kinds;
mod marking;
mod parts;
mod phrases;
mod posed;
mod practice;
mod question;
mod reply;
mod rng;
mod score;
mod set;

pub use answer::{letter, unit_amount, Alternative, Answer, Response, Span};
pub use ask::{ArcOf, Ask, Band, Concept, Measure, Unit};
pub use difficulty::Difficulty;
pub use explain::KeyFate;
pub use generate::generate;
pub use kind::QuestionKind;
pub use kinds::arc::MAX_SCANNED;
pub use kinds::choice::TAMED;
pub use kinds::moves::MAX_MARKED_KEYS;
pub use kinds::number::MAX_OF;
pub use kinds::share::MAX_SLACK;
pub use marking::{Grade, KeyMark, Marking};
pub use phrases::setting;
pub use posed::{Posed, MAX_QUESTION_KEYS};
pub use practice::{Practice, RIGHT_TO_CLIMB, WRONG_TO_DROP};
pub use question::{Question, PAGE_PARAMS, QUESTION_PARAMS};
pub use reply::read_reply;
pub use rng::Rng;
pub use score::{Answered, Score};
pub use set::{decode_set, encode_set, DecodedSet, SetProblem, MAX_SET, SET_PARAM};
