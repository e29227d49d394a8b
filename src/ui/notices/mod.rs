//! Notices in words about input the page could not take: a control's message and the rule for
//! showing a refusal beside it, and the notice for a link that could not be read in full.

pub mod fields;
pub mod link;
