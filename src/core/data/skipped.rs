//! What a reader passed over: the lines skipped, the first few with why, and the keys merged.

/// How many skipped lines are listed by number; the rest are counted.
pub const LISTED_SKIPS: usize = 5;
/// How many a refusal of the whole file lists: it stays a sentence of a few lines.
const REFUSAL_SKIPS: usize = 3;

/// What a reader passed over.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Skipped {
    /// How many lines were skipped in all.
    pub count: usize,
    /// The first few: line number (from 1) and why.
    pub first: Vec<(usize, String)>,
    /// How many lines repeated a key of an earlier line and were merged into it.
    pub merged: usize,
}

impl Skipped {
    /// Notes a skipped line.
    pub fn add(&mut self, line: usize, why: String) {
        self.count += 1;
        if self.first.len() < LISTED_SKIPS {
            self.first.push((line, why));
        }
    }

    /// Adds what a later part of the same file skipped.
    pub fn extend(&mut self, later: Skipped) {
        self.count += later.count;
        self.merged += later.merged;
        let room = LISTED_SKIPS.saturating_sub(self.first.len());
        self.first.extend(later.first.into_iter().take(room));
    }

    /// Each skipped line listed, as "line 3: why", and "and 15 more lines" after them.
    pub fn listed(&self) -> Vec<String> {
        use crate::core::numbers_and_lists::{grouped, plural};
        let mut items: Vec<String> = self
            .first
            .iter()
            .map(|(line, why)| format!("line {}: {why}", grouped(*line as u64)))
            .collect();
        let more = self.count - self.first.len();
        if more > 0 {
            items.push(format!(
                "and {} more {}",
                grouped(more as u64),
                plural(more, "line", "lines")
            ));
        }
        items
    }

    /// How many lines were merged into an earlier one, in a sentence ("" when none).
    pub fn merged_words(&self) -> String {
        use crate::core::numbers_and_lists::{grouped, plural};
        if self.merged == 0 {
            return String::new();
        }
        format!(
            "{} {} repeated a key of an earlier line and {} counted with it.",
            grouped(self.merged as u64),
            plural(self.merged, "line", "lines"),
            plural(self.merged, "was", "were"),
        )
    }

    /// What was skipped and merged, in a sentence or two ("" when nothing was).
    pub fn summary(&self) -> String {
        self.summary_of(LISTED_SKIPS)
    }

    /// [`summary`](Self::summary) listing at most `listed` skipped lines by number.
    fn summary_of(&self, listed: usize) -> String {
        use crate::core::numbers_and_lists::{grouped, plural};
        let mut parts = Vec::new();
        if self.count > 0 {
            let shown = self.first.len().min(listed);
            let listed: Vec<String> = self.first[..shown]
                .iter()
                .map(|(line, why)| format!("line {}: {why}", grouped(*line as u64)))
                .collect();
            let more = if self.count > shown {
                format!("; and {} more", grouped((self.count - shown) as u64))
            } else {
                String::new()
            };
            parts.push(format!(
                "{} {} skipped ({}{more}).",
                grouped(self.count as u64),
                plural(self.count, "line", "lines"),
                listed.join("; ")
            ));
        }
        if self.merged > 0 {
            parts.push(format!(
                "{} {} repeated a key of an earlier line and {} counted with it.",
                grouped(self.merged as u64),
                plural(self.merged, "line", "lines"),
                plural(self.merged, "was", "were"),
            ));
        }
        parts.join(" ")
    }

    /// What a refusal of the whole file says was skipped: the first few lines and a count.
    pub(super) fn refusal_summary(&self) -> String {
        self.summary_of(REFUSAL_SKIPS)
    }
}
