//! Your own data: keys, and how often each is read, from the text forms people already have.
//!
//! Five formats, one reader each, all giving the same thing: keys in the order of their first
//! line, a count for each when the format has counts, and what was skipped and why.
//!
//! - `lines`: one key per line; blank lines are passed over.
//! - `csv` and `tsv`: a header line, then rows; the key is one column (by name or number) and
//!   the count, if asked for, another.
//! - `counts`: `count key` per line, as `sort | uniq -c` prints them.
//! - `access-log`: a web server's log in the common or combined format; the key is the
//!   request's path (or another field) and each line counts one request.
//!
//! A file is refused whole, in words, when it cannot be text (empty, binary, not UTF-8), when
//! it has more lines than [`MAX_LINES`] or more keys than the ring holds, or when no line of it
//! could be read. Any other line that cannot be read (a key past
//! [`MAX_KEY_BYTES`](crate::core::MAX_KEY_BYTES) or holding a control character, a comma where
//! the format refuses one (see [`Format::commas`]), a missing column, a count that is not a
//! whole number) is skipped, and the reader keeps how many and, for the first few, which line
//! and why. A key that comes again is merged into its first line: its counts are added up.
//!
//! Reading is cut into steps ([`Reading`]) so that a page can read a million lines without
//! blocking: first the lines are read a slice at a time, then the keys are hashed and sorted
//! a slice at a time by the key set's own reader ([`BulkKeys`](crate::core::BulkKeys)).

mod access_log;
mod check;
mod formats;
mod keyspace;
mod options;
mod reading;
mod skipped;
mod table;

pub use access_log::LogField;
pub use keyspace::{plan_lines, read_keyspace, whole_lines, KeyspaceBlock};
pub use options::{DataOptions, Format};
pub use reading::{read_data, Opened, Reading, Stage, MAX_LINES};
pub use skipped::{Skipped, LISTED_SKIPS};
