//! What a change did: the words to announce, and which keys moved on the ring and under mod N.

use super::diff::{KeyMove, RingDiff};

/// The result of one applied change.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// What happened, in a short sentence: "Server D added."
    pub headline: String,
    /// Whether the change could move keys between servers.
    pub moves_keys: bool,
    /// How many keys the scenario holds after the change.
    pub keys: usize,
    /// The server count before and after.
    pub servers: (usize, usize),
    /// The arcs whose owner changed, when the ring kept its size and hash.
    pub diff: Option<RingDiff>,
    /// Keys that changed owner on the ring.
    pub ring_moves: Vec<KeyMove>,
    /// The share of keys the ring was expected to move, when theory has a number for it.
    pub ring_expected: Option<f64>,
    /// Keys whose `hash mod N` server changed.
    pub mod_n_moves: Vec<KeyMove>,
    /// The share of keys mod N was expected to move.
    pub mod_n_expected: Option<f64>,
    /// Anything else worth saying, such as points sharing positions on a small ring.
    pub notes: Vec<String>,
}

impl Outcome {
    /// An outcome in which no key changed owner.
    pub fn quiet(headline: String, keys: usize, servers: usize) -> Outcome {
        Outcome {
            headline,
            moves_keys: false,
            keys,
            servers: (servers, servers),
            diff: None,
            ring_moves: Vec::new(),
            ring_expected: None,
            mod_n_moves: Vec::new(),
            mod_n_expected: None,
            notes: Vec::new(),
        }
    }

    /// The share of keys the ring moved, when there are keys.
    pub fn ring_fraction(&self) -> Option<f64> {
        fraction(self.ring_moves.len(), self.keys)
    }

    /// The share of keys mod N moved, when there are keys.
    pub fn mod_n_fraction(&self) -> Option<f64> {
        fraction(self.mod_n_moves.len(), self.keys)
    }

    /// The whole result in words, for a screen reader or a log:
    /// "Server D added. 1 of 5 keys moved (20%). mod N would move 4 (80%)."
    pub fn summary(&self) -> String {
        let mut text = self.headline.clone();
        if self.moves_keys && self.keys > 0 {
            text.push_str(&format!(
                " {} of {} {} moved ({}). mod N would move {} ({}).",
                self.ring_moves.len(),
                self.keys,
                plural(self.keys, "key", "keys"),
                percent(self.ring_fraction().unwrap_or(0.0)),
                self.mod_n_moves.len(),
                percent(self.mod_n_fraction().unwrap_or(0.0)),
            ));
        }
        for note in &self.notes {
            text.push(' ');
            text.push_str(note);
        }
        text
    }
}

fn fraction(part: usize, whole: usize) -> Option<f64> {
    (whole > 0).then(|| part as f64 / whole as f64)
}

/// A fraction as a percentage for people: `0.2` is "20%", `0.238` is "23.8%".
///
/// ```
/// use ringlab::core::percent;
/// assert_eq!(percent(0.2), "20%");
/// assert_eq!(percent(0.2381), "23.8%");
/// assert_eq!(percent(1.0 / 3.0), "33.3%");
/// ```
pub fn percent(fraction: f64) -> String {
    let text = format!("{:.1}", fraction * 100.0);
    let text = text.strip_suffix(".0").unwrap_or(&text);
    format!("{text}%")
}

/// `one` or `many` by count.
pub fn plural<'a>(count: usize, one: &'a str, many: &'a str) -> &'a str {
    if count == 1 {
        one
    } else {
        many
    }
}
