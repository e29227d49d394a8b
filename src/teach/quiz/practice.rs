//! A practice run: questions from one seed, growing harder as replies come right.
//!
//! The level rises by one after [`RIGHT_TO_CLIMB`] right replies in a row and falls by one
//! after [`WRONG_TO_DROP`] wrong ones in a row, within 1 to 6 (see [`Difficulty`]). Question
//! `i` depends only on the seed, `i`, the level it was asked at and the kind asked for, so the
//! same seed and the same sequence of levels give the same questions.

use super::difficulty::Difficulty;
use super::generate::generate;
use super::kind::QuestionKind;
use super::question::Question;

/// Right replies in a row that raise the level.
pub const RIGHT_TO_CLIMB: u32 = 3;

/// Wrong replies in a row that lower the level.
pub const WRONG_TO_DROP: u32 = 2;

/// A practice run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Practice {
    seed: u64,
    asked: u64,
    level: Difficulty,
    rights: u32,
    wrongs: u32,
}

impl Practice {
    /// A run seeded with `seed`, starting at level 1.
    pub fn new(seed: u64) -> Practice {
        Practice::at(seed, Difficulty::EASIEST)
    }

    /// A run seeded with `seed`, starting at `level`.
    pub fn at(seed: u64, level: Difficulty) -> Practice {
        Practice {
            seed,
            asked: 0,
            level,
            rights: 0,
            wrongs: 0,
        }
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The level the next question is asked at.
    pub fn level(&self) -> Difficulty {
        self.level
    }

    /// How many questions have been handed out.
    pub fn asked(&self) -> u64 {
        self.asked
    }

    /// The next question: of `kind`, or of a kind the run draws when `None`.
    ///
    /// ```
    /// use ringlab::teach::quiz::Practice;
    /// let mut a = Practice::new(42);
    /// let mut b = Practice::new(42);
    /// assert_eq!(a.next(None), b.next(None));
    /// a.record(true);
    /// b.record(true);
    /// assert_eq!(a.next(None), b.next(None));
    /// ```
    pub fn next(&mut self, kind: Option<QuestionKind>) -> Question {
        let q = generate(self.seed, self.asked, self.level, kind);
        self.asked += 1;
        q
    }

    /// Records whether the last reply was right, and returns the level of the next question.
    pub fn record(&mut self, right: bool) -> Difficulty {
        if right {
            self.rights += 1;
            self.wrongs = 0;
            if self.rights >= RIGHT_TO_CLIMB {
                self.level = self.level.harder();
                self.rights = 0;
            }
        } else {
            self.wrongs += 1;
            self.rights = 0;
            if self.wrongs >= WRONG_TO_DROP {
                self.level = self.level.easier();
                self.wrongs = 0;
            }
        }
        self.level
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_right_in_a_row_climb_and_two_wrong_in_a_row_drop() {
        let mut run = Practice::new(1);
        assert_eq!(run.record(true).level(), 1);
        assert_eq!(run.record(true).level(), 1);
        assert_eq!(run.record(true).level(), 2);
        assert_eq!(run.record(false).level(), 2);
        assert_eq!(run.record(true).level(), 2);
        assert_eq!(run.record(false).level(), 2);
        assert_eq!(run.record(false).level(), 1);
        assert_eq!(run.record(false).level(), 1);
    }
}
