//! What the engine works out as a question's answer, and what a learner replies.

use super::ask::Unit;
use super::explain::KeyFate;
use crate::core::plural;
use crate::core::{amount, and_list};

/// A stretch of the ring, clockwise from `first` to `last`, both included (it wraps past the
/// top when `last` is below `first`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    /// Its first position.
    pub first: u32,
    /// Its last position.
    pub last: u32,
}

impl Span {
    /// How many positions it covers on a ring of `size` positions.
    pub fn length(self, size: u64) -> u64 {
        (u64::from(self.last) + size - u64::from(self.first)) % size + 1
    }
}

/// One of the statements a choice question offers, and why it is or is not true here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alternative {
    /// The statement.
    pub text: String,
    /// Why it holds or not on this scenario, with the engine's figures.
    pub why: String,
}

/// A question's answer, as the engine works it out from the scenario.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// Every key, in ring order, and whether it moves.
    Moves {
        /// The keys.
        keys: Vec<KeyFate>,
    },
    /// The server that owns the key.
    Owner {
        /// Its name.
        server: String,
    },
    /// A number, and the band of right replies.
    Number {
        /// The answer.
        value: f64,
        /// Its unit.
        unit: Unit,
        /// The lowest right reply.
        low: f64,
        /// The highest right reply.
        high: f64,
    },
    /// A stretch of the ring.
    Arc {
        /// The stretch.
        span: Span,
        /// Positions either end may be off by.
        slack: u32,
        /// The ring's size, for distances.
        size: u64,
    },
    /// A share of the key space, in percent.
    Share {
        /// The share.
        percent: f64,
        /// The lowest right reply.
        low: f64,
        /// The highest right reply.
        high: f64,
    },
    /// One statement among several.
    Choice {
        /// The statements, in the order offered.
        alternatives: Vec<Alternative>,
        /// Which of them is true here (from 0).
        right: usize,
    },
}

impl Answer {
    /// The answer in a few words: `@52 moves, from C to D; the other 4 keys stay.`
    pub fn text(&self) -> String {
        match self {
            Answer::Moves { keys } => {
                let moved: Vec<String> = keys
                    .iter()
                    .filter(|k| k.moved)
                    .map(|k| format!("{} ({} → {})", k.label, k.from, k.to))
                    .collect();
                let stay = keys.len() - moved.len();
                match (moved.len(), stay) {
                    (0, _) => "No key moves.".to_string(),
                    (_, 0) => format!("Every key moves: {}.", and_list(&moved)),
                    (m, s) => {
                        let lead = if m == 1 {
                            "One key moves"
                        } else {
                            "These keys move"
                        };
                        let rest = if s == 1 {
                            "the other key stays".to_string()
                        } else {
                            format!("the other {s} keys stay")
                        };
                        format!("{lead}: {}; {rest}.", and_list(&moved))
                    }
                }
            }
            Answer::Owner { server } => format!("{server}."),
            Answer::Number { value, unit, .. } => format!("{}.", unit_amount(*value, *unit)),
            Answer::Arc { span, size, .. } => format!(
                "Positions {} to {} ({} {}).",
                span.first,
                span.last,
                amount(span.length(*size) as f64, 0),
                plural(span.length(*size) as usize, "position", "positions")
            ),
            Answer::Share { percent, .. } => format!("{}%.", amount(*percent, 1)),
            Answer::Choice {
                alternatives,
                right,
            } => format!("{}) {}", letter(*right), alternatives[*right].text),
        }
    }
}

/// A number with its unit: `8,000,000 keys`, `33.3%`, `14,022 reads a second`.
pub fn unit_amount(value: f64, unit: Unit) -> String {
    match unit {
        Unit::Keys { .. } => {
            let n = amount(value, 1);
            let one = (value - 1.0).abs() < 1e-9;
            format!("{n} {}", if one { "key" } else { "keys" })
        }
        Unit::Percent => format!("{}%", amount(value, 1)),
        Unit::Reads { .. } => format!("{} reads a second", amount(value, 0)),
        Unit::Times => format!("{} times a fair share", amount(value, 2)),
        Unit::Seconds => format!(
            "{} {}",
            amount(value, 2),
            if value == 1.0 { "second" } else { "seconds" }
        ),
    }
}

/// The letter of choice `i`: a, b, c.
pub fn letter(i: usize) -> char {
    (b'a' + (i % 26) as u8) as char
}

/// A learner's reply to a question.
#[derive(Debug, Clone, PartialEq)]
pub enum Response {
    /// The labels of the keys marked as moving.
    Keys(Vec<String>),
    /// The server picked as owner.
    Server(String),
    /// A number, in the question's unit.
    Number(f64),
    /// A stretch of the ring.
    Span(Span),
    /// A share, in percent.
    Percent(f64),
    /// A statement, by its place in the list (from 0).
    Pick(usize),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_span_counts_its_positions_and_may_wrap() {
        assert_eq!(
            Span {
                first: 41,
                last: 60
            }
            .length(100),
            20
        );
        assert_eq!(
            Span {
                first: 351,
                last: 90
            }
            .length(400),
            140
        );
        assert_eq!(Span { first: 7, last: 7 }.length(100), 1);
    }

    #[test]
    fn answers_read_in_a_few_words() {
        let fate = |label: &str, moved: bool| KeyFate {
            label: label.into(),
            from: "C".into(),
            to: if moved { "D".into() } else { "C".into() },
            moved,
            why: String::new(),
        };
        let moves = Answer::Moves {
            keys: vec![fate("@52", true), fate("@68", false), fate("@90", false)],
        };
        assert_eq!(
            moves.text(),
            "One key moves: @52 (C → D); the other 2 keys stay."
        );
        let number = Answer::Number {
            value: 8e6,
            unit: Unit::Keys {
                of: Some(10_000_000),
            },
            low: 3e6,
            high: 1e7,
        };
        assert_eq!(number.text(), "8,000,000 keys.");
        assert_eq!(unit_amount(100.0 / 3.0, Unit::Percent), "33.3%");
    }
}
