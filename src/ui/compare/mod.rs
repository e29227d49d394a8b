//! The Compare view: every placement on the same servers, keys and last change, side by side
//! as small rings with their figures, and a table of the same numbers.

pub mod view;
