//! The kinds of question, one file each: every file poses its kind on a scenario and returns
//! the [`Parts`](super::parts::Parts) of a posed question, the answer worked out by the engine.

pub(crate) mod arc;
pub(crate) mod busiest;
pub(crate) mod choice;
pub(crate) mod moves;
pub(crate) mod number;
pub(crate) mod overload;
pub(crate) mod owner;
pub(crate) mod peak;
pub(crate) mod pick;
pub(crate) mod settle;
pub(crate) mod share;
