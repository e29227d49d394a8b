//! Where a scenario's keys came from, when they came from a file of your own.

use crate::core::numbers_and_lists::{grouped, plural};

/// Where a scenario's keys came from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DataSource {
    /// The file's name, as the person's system gave it ("" for pasted text).
    pub name: String,
    /// How many lines it had.
    pub lines: usize,
}

impl DataSource {
    /// What a link says in place of the keys: "your file, 1,000,000 lines, not in this link".
    pub fn link_words(&self) -> String {
        format!(
            "your file, {} {}, not in this link",
            grouped(self.lines as u64),
            plural(self.lines, "line", "lines")
        )
    }
}
