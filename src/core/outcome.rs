//! What a change did: the words to announce, and which keys moved on the ring and under mod N.

use super::change::Change;
use super::diff::{KeyMove, RingDiff};

/// The result of one applied change.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// The change that was applied (set by [`Scenario::apply`](crate::core::Scenario::apply)).
    pub change: Option<Change>,
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
            change: None,
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

impl Outcome {
    /// What the moves mean, in one sentence, when the change could move keys.
    pub fn verdict(&self) -> Option<String> {
        if !self.moves_keys || self.keys == 0 {
            return None;
        }
        let moves = &self.ring_moves;
        if moves.is_empty() {
            return Some("No key changed owner on the ring.".to_string());
        }
        let mut to: Vec<&str> = moves.iter().map(|m| &*m.to).collect();
        to.sort_unstable();
        to.dedup();
        let mut from: Vec<&str> = moves.iter().map(|m| &*m.from).collect();
        from.sort_unstable();
        from.dedup();
        let (before, after) = self.servers;
        let ratio = match self.mod_n_moves.len() as f64 / moves.len() as f64 {
            r if r >= 1.05 => format!(" mod N would have moved {r:.1}× as many."),
            r if r > 0.0 && r <= 0.95 => format!(" mod N would have moved {r:.1}× as many."),
            r if r > 0.0 => " mod N would have moved about as many.".to_string(),
            _ => String::new(),
        };
        let sentence = if after > before && to.len() == 1 {
            format!(
                "Every key that moved went to {}: no key moved between servers that were already there.",
                to[0]
            )
        } else if after < before && from.len() == 1 {
            format!(
                "Only {}'s keys moved, to {}; every other key stayed where it was.",
                from[0],
                list_words(&to)
            )
        } else {
            format!(
                "{} {} changed owner, from {} to {}.",
                moves.len(),
                plural(moves.len(), "key", "keys"),
                list_words(&from),
                list_words(&to)
            )
        };
        Some(sentence + &ratio)
    }
}

fn list_words(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] if rest.len() < 4 => format!("{} and {last}", rest.join(", ")),
        many => format!("{} servers", many.len()),
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

#[cfg(test)]
mod tests {
    use crate::core::{Change, Scenario};

    #[test]
    fn the_verdict_says_every_moved_key_went_to_the_new_server() {
        let mut s = Scenario::teaching();
        let out = s
            .apply(Change::AddServer {
                name: "D".into(),
                at: Some(60),
                weight: None,
            })
            .unwrap();
        assert_eq!(
            out.verdict().unwrap(),
            "Every key that moved went to D: no key moved between servers that were already there. mod N would have moved 4.0× as many."
        );
        let out = s.apply(Change::RemoveServer { name: "B".into() }).unwrap();
        assert!(out
            .verdict()
            .unwrap()
            .starts_with("Only B's keys moved, to D;"));
    }

    #[test]
    fn adding_keys_has_no_verdict() {
        let mut s = Scenario::teaching();
        let out = s.apply(Change::GenerateKeys { count: 3 }).unwrap();
        assert_eq!(out.verdict(), None);
        assert_eq!(out.summary(), "3 keys added.");
    }
}
