//! The kinds of question, by name.

use std::fmt;
use std::str::FromStr;

use crate::core::Error;

/// What a question asks for, without its details.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum QuestionKind {
    /// Which keys change server when a change is applied?
    Moves,
    /// Which server owns a key?
    Owner,
    /// How many, or what fraction: a number within a stated band.
    Number,
    /// Which stretch of the ring: its first and last position.
    Arc,
    /// What share of the key space a server owns, in percent.
    Share,
    /// One of a few statements, for questions about ideas.
    Choice,
    /// Which server serves the most requests, on the Traffic view?
    Busiest,
    /// How many times a fair share of the requests the busiest server serves.
    Overload,
    /// The most database reads a second after a change, on the Timeline.
    Peak,
    /// The seconds until 99% of a change's extra database reads are in, on the Timeline.
    Settle,
    /// One of a few statements an instructor wrote, with the one they marked right.
    Pick,
}

impl QuestionKind {
    /// Every kind, in the order they are offered.
    pub const ALL: [QuestionKind; 11] = [
        QuestionKind::Moves,
        QuestionKind::Owner,
        QuestionKind::Number,
        QuestionKind::Arc,
        QuestionKind::Share,
        QuestionKind::Choice,
        QuestionKind::Busiest,
        QuestionKind::Overload,
        QuestionKind::Peak,
        QuestionKind::Settle,
        QuestionKind::Pick,
    ];

    /// The kinds practice draws from a seed.
    pub const PRACTICE: [QuestionKind; 6] = [
        QuestionKind::Moves,
        QuestionKind::Owner,
        QuestionKind::Number,
        QuestionKind::Arc,
        QuestionKind::Share,
        QuestionKind::Choice,
    ];

    /// The name used in links and on the command line: `moves`, `owner`, ...
    pub fn id(self) -> &'static str {
        match self {
            QuestionKind::Moves => "moves",
            QuestionKind::Owner => "owner",
            QuestionKind::Number => "number",
            QuestionKind::Arc => "arc",
            QuestionKind::Share => "share",
            QuestionKind::Choice => "choice",
            QuestionKind::Busiest => "busiest",
            QuestionKind::Overload => "overload",
            QuestionKind::Peak => "peak",
            QuestionKind::Settle => "settle",
            QuestionKind::Pick => "pick",
        }
    }

    /// The kind as people read it.
    pub fn name(self) -> &'static str {
        match self {
            QuestionKind::Moves => "Which keys move?",
            QuestionKind::Owner => "Who owns this key?",
            QuestionKind::Number => "How many?",
            QuestionKind::Arc => "Which stretch?",
            QuestionKind::Share => "Which share?",
            QuestionKind::Choice => "Choose one",
            QuestionKind::Busiest => "Which server is busiest?",
            QuestionKind::Overload => "By how much?",
            QuestionKind::Peak => "How high does it peak?",
            QuestionKind::Settle => "How long until it settles?",
            QuestionKind::Pick => "Choose one of your statements",
        }
    }
}

impl fmt::Display for QuestionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for QuestionKind {
    type Err = Error;

    fn from_str(text: &str) -> Result<QuestionKind, Error> {
        QuestionKind::ALL
            .into_iter()
            .find(|k| k.id() == text.trim())
            .ok_or_else(|| Error::UnknownQuestionKind(text.trim().to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_reads_back_from_its_id_and_unknown_ones_are_named() {
        for kind in QuestionKind::ALL {
            assert_eq!(kind.id().parse::<QuestionKind>(), Ok(kind));
        }
        assert_eq!(
            "essay".parse::<QuestionKind>(),
            Err(Error::UnknownQuestionKind("essay".into()))
        );
    }
}
