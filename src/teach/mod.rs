//! Teaching, beside the engine: the question engine ([`quiz`]), the lessons ([`lessons`]) and
//! the stories a view starts from ([`stories`]).
//!
//! Both read the engine ([`crate::core`]) and nothing in the engine reads them: a question is
//! a scenario link and what is asked about it, and the engine works the answer out; a lesson
//! is a list of steps, each a scenario with its words and, sometimes, a question.

pub mod lessons;
pub mod quiz;
pub mod stories;
