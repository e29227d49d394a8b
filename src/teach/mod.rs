//! Teaching, beside the engine: the question engine ([`quiz`]) and the lessons ([`lessons`]).
//!
//! Both read the engine ([`crate::core`]) and nothing in the engine reads them: a question is
//! a scenario link and what is asked about it, and the engine works the answer out; a lesson
//! is a list of steps, each a scenario with its words and, sometimes, a question.

pub mod lessons;
pub mod quiz;
