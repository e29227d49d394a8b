//! What a question asks about its scenario: the kind and its parameters, as plain data.
//!
//! Nothing here holds an answer. Every answer is worked out by the engine from the scenario and
//! these parameters when the question is posed (see [`Question::pose`](super::Question::pose)).

use std::fmt;
use std::str::FromStr;

use super::kind::QuestionKind;
use crate::core::parse_decimal;
use crate::core::parse_number;
use crate::core::Change;
use crate::core::Error;

/// What is asked, with its parameters.
#[derive(Debug, Clone, PartialEq)]
pub enum Ask {
    /// Which keys change server when `change` is applied? The learner marks keys.
    Moves {
        /// The change, not yet applied.
        change: Change,
    },
    /// Which server owns the key labelled `key`, under the scenario's placement?
    Owner {
        /// The key's label: `@52`, `user:7`, `key-3`.
        key: String,
    },
    /// A number about `change`: what `measure` gives, shown in `unit`, right within `band`.
    Number {
        /// What is counted.
        measure: Measure,
        /// The change it is counted on (not yet applied).
        change: Change,
        /// How the number is given.
        unit: Unit,
        /// How far from the answer a reply may be and still be right.
        band: Band,
    },
    /// Which stretch of the ring: both ends, each right within `slack` positions.
    Arc {
        /// Whose stretch.
        of: ArcOf,
        /// Positions either end may be off by.
        slack: u32,
    },
    /// What share of the key space `server` owns, in percent, right within `slack` points.
    Share {
        /// The server.
        server: String,
        /// Percentage points the reply may be off by.
        slack: f64,
    },
    /// One of the engine's statements about an idea; the engine works out which is true here.
    Choice {
        /// The idea asked about.
        concept: Concept,
    },
    /// Which server serves the most requests, on the Traffic view?
    Busiest,
    /// How many times a fair share of the requests the busiest server serves, within `band`.
    Overload {
        /// How far from the answer a reply may be.
        band: Band,
    },
    /// The most database reads a second after `change`, on the Timeline, within `band`.
    Peak {
        /// A server joining, leaving or failing.
        change: Change,
        /// How far from the answer a reply may be.
        band: Band,
    },
    /// The seconds until 99% of `change`'s extra database reads are in, within `band`.
    Settle {
        /// A server joining, leaving or failing.
        change: Change,
        /// How far from the answer a reply may be.
        band: Band,
    },
    /// The instructor's own question and statements, with the one they marked right.
    Pick {
        /// The question, as the instructor wrote it.
        prompt: String,
        /// The statements, in the order offered.
        statements: Vec<String>,
        /// The one marked right (from 0).
        right: usize,
    },
}

impl Ask {
    /// The kind of question.
    pub fn kind(&self) -> QuestionKind {
        match self {
            Ask::Moves { .. } => QuestionKind::Moves,
            Ask::Owner { .. } => QuestionKind::Owner,
            Ask::Number { .. } => QuestionKind::Number,
            Ask::Arc { .. } => QuestionKind::Arc,
            Ask::Share { .. } => QuestionKind::Share,
            Ask::Choice { .. } => QuestionKind::Choice,
            Ask::Busiest => QuestionKind::Busiest,
            Ask::Overload { .. } => QuestionKind::Overload,
            Ask::Peak { .. } => QuestionKind::Peak,
            Ask::Settle { .. } => QuestionKind::Settle,
            Ask::Pick { .. } => QuestionKind::Pick,
        }
    }
}

/// What a number question counts, always about one change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Measure {
    /// The scenario's own keys that change server under its placement.
    Moved,
    /// The least share of keys any placement must move: the share, by weight, of the servers
    /// that join or leave (W/(T+W) for one server of weight W joining a total weight T).
    Ideal,
    /// What `hash mod N` moves when the server count changes, over evenly spread hashes,
    /// worked out exactly over one full cycle of remainders.
    ModN,
}

impl Measure {
    /// Every measure.
    pub const ALL: [Measure; 3] = [Measure::Moved, Measure::Ideal, Measure::ModN];

    /// Its name in a question's text.
    pub fn id(self) -> &'static str {
        match self {
            Measure::Moved => "moved",
            Measure::Ideal => "ideal",
            Measure::ModN => "mod-n",
        }
    }
}

impl FromStr for Measure {
    type Err = Error;

    fn from_str(text: &str) -> Result<Measure, Error> {
        Measure::ALL
            .into_iter()
            .find(|m| m.id() == text.trim())
            .ok_or_else(|| {
                Error::Question(format!(
                    "Unknown measure {:?}; choose moved, ideal or mod-n.",
                    crate::core::shown(text.trim())
                ))
            })
    }
}

/// How a number question wants its number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// A count of keys: of the scenario's own keys, or of `of` keys with evenly spread hashes.
    Keys {
        /// How many keys the share is taken of, when not the scenario's own.
        of: Option<u64>,
    },
    /// A percentage of the keys.
    Percent,
    /// Database reads per second right after the change, for a cache in front of it.
    Reads {
        /// Reads per second reaching the caches.
        reads: u64,
        /// The share of them the caches answer, in percent.
        hit: u32,
    },
    /// Times a fair share (1 is perfectly even).
    Times,
    /// Seconds.
    Seconds,
}

impl Unit {
    /// Its name in a question's text.
    pub fn id(self) -> &'static str {
        match self {
            Unit::Keys { .. } => "keys",
            Unit::Percent => "percent",
            Unit::Reads { .. } => "reads",
            Unit::Times => "times",
            Unit::Seconds => "seconds",
        }
    }

    /// How far a reply may stray from a band's edge by rounding alone: half a key or a read,
    /// or a twentieth of a percentage point (one decimal).
    pub fn rounding(self) -> f64 {
        match self {
            Unit::Percent => 0.05,
            Unit::Times | Unit::Seconds => 0.005,
            _ => 0.5,
        }
    }
}

/// How far from the answer a number may be and still be right. The question states it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Band {
    /// Within this much of the answer, either way (0 for exactly).
    Within(f64),
    /// Within this percentage of the answer, either way.
    Relative(f64),
    /// Anything from the first to the second number, as an estimate's band.
    Range(f64, f64),
}

impl Band {
    /// Exactly the answer.
    pub const EXACT: Band = Band::Within(0.0);

    /// The lowest and highest right replies for `answer`.
    pub fn bounds(self, answer: f64) -> (f64, f64) {
        match self {
            Band::Within(d) => (answer - d, answer + d),
            Band::Relative(p) => {
                let d = answer.abs() * p / 100.0;
                (answer - d, answer + d)
            }
            Band::Range(low, high) => (low, high),
        }
    }
}

impl fmt::Display for Band {
    /// `0`, `5`, `10%` or `3000000..10000000`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Band::Within(d) => write!(f, "{d}"),
            Band::Relative(p) => write!(f, "{p}%"),
            Band::Range(low, high) => write!(f, "{low}..{high}"),
        }
    }
}

impl FromStr for Band {
    type Err = Error;

    fn from_str(text: &str) -> Result<Band, Error> {
        let text = text.trim();
        let band = if let Some((low, high)) = text.split_once("..") {
            let (low, high) = (decimal(low)?, decimal(high)?);
            if low > high {
                return Err(Error::Question(format!(
                    "The band {} runs backwards: its low end comes first.",
                    crate::core::shown(text)
                )));
            }
            Band::Range(low, high)
        } else if let Some(p) = text.strip_suffix('%') {
            Band::Relative(decimal(p)?)
        } else {
            Band::Within(decimal(text)?)
        };
        Ok(band)
    }
}

/// A finite number that is not negative, as bands and slacks take them.
pub(super) fn decimal(text: &str) -> Result<f64, Error> {
    let t = text.trim();
    match parse_decimal(t) {
        Some(x) if x.is_finite() && x >= 0.0 => Ok(x),
        _ => Err(Error::NotADecimal(t.to_string())),
    }
}

/// Whose stretch of the ring an arc question asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArcOf {
    /// The one stretch a server owns.
    Server(String),
    /// The one stretch that changes owner when the change is applied.
    Change(Change),
}

/// An idea a choice question asks about. The statements offered are the engine's; which one
/// is true is worked out on the scenario, never written into the question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Concept {
    /// When `server` leaves, where do its keys go: all to one server, spread over several,
    /// or do other servers' keys move too?
    Leaving {
        /// The server that leaves.
        server: String,
    },
    /// When `change` is applied, does any key move between servers there both before and
    /// after?
    Between {
        /// The change.
        change: Change,
    },
    /// When `server` leaves and comes back as it was, is every key back where it started?
    Restore {
        /// The server.
        server: String,
    },
    /// Does giving every server `points` virtual nodes fix the scenario's hottest key?
    HotKey {
        /// Points per server to try.
        points: u32,
    },
}

impl Concept {
    /// Its name in a question's text.
    pub fn id(&self) -> &'static str {
        match self {
            Concept::Leaving { .. } => "leaving",
            Concept::Between { .. } => "between",
            Concept::Restore { .. } => "restore",
            Concept::HotKey { .. } => "hot-key",
        }
    }
}

/// Reads a whole number parameter, naming the parameter when it is not one.
pub(super) fn whole<T: crate::core::Whole>(name: &str, text: &str) -> Result<T, Error> {
    parse_number(text).map_err(|e| Error::Question(format!("{name}: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_read_back_from_their_text() {
        for text in ["0", "5", "0.5", "10%", "3000000..10000000"] {
            let band: Band = text.parse().unwrap();
            assert_eq!(band.to_string(), text);
        }
        assert_eq!(
            "3000000..10000000".parse::<Band>().unwrap().bounds(8e6),
            (3e6, 1e7)
        );
        assert_eq!("10%".parse::<Band>().unwrap().bounds(200.0), (180.0, 220.0));
    }

    #[test]
    fn malformed_bands_are_refused_in_words() {
        assert!("ten".parse::<Band>().is_err());
        assert!("-3".parse::<Band>().is_err());
        assert!("inf".parse::<Band>().is_err());
        let backwards = "9..3".parse::<Band>().unwrap_err().to_string();
        assert!(backwards.contains("backwards"), "{backwards}");
    }
}
