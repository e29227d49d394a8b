//! Notices in words about input the page could not take: a control's message and the rule for
//! showing a refusal beside it, the notice for a link that could not be read in full, and the
//! notice shown if the page meets a bug it cannot recover from.

pub mod crash;
pub mod fields;
pub mod link;
