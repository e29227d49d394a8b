//! Hash schemes: how a name becomes a 32-bit number, and that number a ring position.
//!
//! Every scheme maps a UTF-8 string to a `u32`. On a ring of size `M` below 2^32 the position
//! is that value mod `M`; on the full ring it is the value itself. Two MD5 readings are
//! offered because published lessons use both, and one deliberately poor hash shows why
//! mixing matters: with Java's `String.hashCode`, `A#0`, `A#1`, `A#2` land one apart.

mod lanes;
mod scheme;

pub(crate) use lanes::Md5Lanes;
pub(crate) use scheme::generated_label;
pub use scheme::{HashScheme, HashSteps};
