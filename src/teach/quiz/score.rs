//! A learner's score: every marked reply, and a summary to copy.

use super::kind::QuestionKind;
use super::marking::Marking;
use super::posed::Posed;
use crate::core::percent;

/// One marked reply, as the score keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answered {
    /// The kind of question.
    pub kind: QuestionKind,
    /// The question in words.
    pub prompt: String,
    /// Whether the reply was right.
    pub right: bool,
}

/// Replies in the order they were marked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Score {
    answered: Vec<Answered>,
}

impl Score {
    /// An empty score.
    pub fn new() -> Score {
        Score::default()
    }

    /// Records the marking of a reply to `posed`.
    pub fn record(&mut self, posed: &Posed, marking: &Marking) {
        self.answered.push(Answered {
            kind: posed.kind(),
            prompt: posed.prompt().to_string(),
            right: marking.right,
        });
    }

    /// Every reply so far, in order.
    pub fn answered(&self) -> &[Answered] {
        &self.answered
    }

    /// How many replies were right.
    pub fn right(&self) -> usize {
        self.answered.iter().filter(|a| a.right).count()
    }

    /// How many replies were marked.
    pub fn total(&self) -> usize {
        self.answered.len()
    }

    /// Right replies in a row, ending with the last one.
    pub fn streak(&self) -> usize {
        self.answered.iter().rev().take_while(|a| a.right).count()
    }

    /// The longest run of right replies.
    pub fn best_streak(&self) -> usize {
        let mut best = 0;
        let mut run = 0;
        for a in &self.answered {
            run = if a.right { run + 1 } else { 0 };
            best = best.max(run);
        }
        best
    }

    /// Right and marked replies per kind, for the kinds asked, in the usual order of kinds.
    pub fn by_kind(&self) -> Vec<(QuestionKind, usize, usize)> {
        QuestionKind::ALL
            .into_iter()
            .filter_map(|kind| {
                let of: Vec<&Answered> = self.answered.iter().filter(|a| a.kind == kind).collect();
                (!of.is_empty()).then(|| (kind, of.iter().filter(|a| a.right).count(), of.len()))
            })
            .collect()
    }

    /// The score as text a learner can copy: the total, each kind, the best run, then every
    /// question with a tick or a cross.
    ///
    /// ```
    /// use ringlab::teach::quiz::Score;
    /// assert_eq!(Score::new().summary(), "Ringlab quiz: no questions answered yet.\n");
    /// ```
    pub fn summary(&self) -> String {
        if self.answered.is_empty() {
            return "Ringlab quiz: no questions answered yet.\n".to_string();
        }
        let mut out = format!(
            "Ringlab quiz: {} of {} right ({}).\n",
            self.right(),
            self.total(),
            percent(self.right() as f64 / self.total() as f64)
        );
        for (kind, right, total) in self.by_kind() {
            out.push_str(&format!("  {} {right} of {total}\n", kind.name()));
        }
        out.push_str(&format!(
            "  Longest run of right answers: {}\n",
            self.best_streak()
        ));
        for (i, a) in self.answered.iter().enumerate() {
            let mark = if a.right { "✓" } else { "✗" };
            out.push_str(&format!("{mark} {}. {}\n", i + 1, a.prompt));
        }
        out
    }
}
