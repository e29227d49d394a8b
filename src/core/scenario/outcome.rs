//! What a change did: the words to announce, and which keys moved under the chosen placement
//! and under the placement it is compared with (mod N, or the ring when mod N is chosen).

use super::change::Change;
use crate::core::diff::RingDiff;
use crate::core::moves::Moves;
use crate::core::numbers_and_lists::{amount, grouped, percent, plural};
use crate::core::placement::{Kind, Theory};

/// The placement a change is measured against, and what it would have moved.
#[derive(Debug, Clone, PartialEq)]
pub struct Baseline {
    /// Which placement: mod N, or the ring when mod N is the chosen one.
    pub kind: Kind,
    /// The keys it would have moved.
    pub moved: Moves,
    /// What theory expects it to move, when theory has a number for it.
    pub theory: Option<Theory>,
}

impl Baseline {
    /// The share of keys theory expects it to move.
    pub fn expected(&self) -> Option<f64> {
        self.theory.as_ref().map(|t| t.share)
    }
}

/// What a change did to a real system's own structure, in its own terms.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SystemOutcome {
    /// What the system's units are: "slots", "tokens", "partitions", "shards", ...
    pub unit: &'static str,
    /// Units that changed server, were added or were removed.
    pub moved: u64,
    /// The units after the change.
    pub total: u64,
    /// Keys that changed unit (another partition or shard), when the change regrouped them.
    pub regrouped: Option<usize>,
    /// The system's own account of what it did, a line each: "Moving 1366 slots from B to D".
    pub lines: Vec<String>,
}

impl SystemOutcome {
    /// What the change did to the structure, in one sentence: "4,096 of the 16,384 slots changed
    /// master." or "1,033 of 1,200 keys changed partition."
    pub fn summary(&self, keys: usize) -> String {
        let holder = match self.unit {
            "slots" => "changed master",
            "partitions" => "changed leader",
            "shards" => "changed node",
            _ => "came or went",
        };
        let mut text = format!(
            "{} of the {} {} {holder}.",
            grouped(self.moved),
            grouped(self.total),
            self.unit
        );
        if let Some(regrouped) = self.regrouped {
            let unit = self.unit.trim_end_matches('s');
            text.push_str(&format!(
                " {} of {} {} changed {unit}.",
                grouped(regrouped as u64),
                grouped(keys as u64),
                plural(keys, "key", "keys")
            ));
        }
        text
    }
}

/// How many keys a change moved, without which ones: all a report needs of them, and what
/// keys streamed through the same change a batch at a time add up to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MoveCounts {
    /// The keys the change was measured on.
    pub keys: usize,
    /// How many changed owner under the placement.
    pub moved: usize,
    /// How many would have under the compared placement, when it was measured.
    pub baseline: Option<usize>,
}

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
    /// The placement the moves are measured under.
    pub placement: Kind,
    /// The arcs whose owner changed, on the ring when it kept its size and hash.
    pub diff: Option<RingDiff>,
    /// Keys that changed owner under the placement.
    pub moved: Moves,
    /// What theory expects the placement to move, when theory has a number for it.
    pub theory: Option<Theory>,
    /// What the compared placement would have moved.
    pub baseline: Option<Baseline>,
    /// Anything else worth saying, such as points sharing positions on a small ring.
    pub notes: Vec<String>,
    /// Under a real system: what the change did to its slots, tokens, partitions or shards.
    pub system: Option<SystemOutcome>,
}

impl Outcome {
    /// An outcome in which no key changed owner.
    pub fn quiet(headline: String, keys: usize, servers: usize, placement: Kind) -> Outcome {
        Outcome {
            change: None,
            headline,
            moves_keys: false,
            keys,
            servers: (servers, servers),
            placement,
            diff: None,
            moved: Moves::default(),
            theory: None,
            baseline: None,
            notes: Vec::new(),
            system: None,
        }
    }

    /// The share of keys theory expects the placement to move.
    pub fn expected(&self) -> Option<f64> {
        self.theory.as_ref().map(|t| t.share)
    }

    /// What theory says of the chosen placement (`kind` = [`Outcome::placement`]) or of the
    /// baseline, in one line; empty when the change moved no keys between servers.
    pub fn theory_line(&self, kind: Kind) -> String {
        let theory = if kind == self.placement {
            self.theory.as_ref()
        } else {
            self.baseline.as_ref().and_then(|b| b.theory.as_ref())
        };
        match theory {
            Some(theory) => theory.line(),
            None if !self.moves_keys => String::new(),
            None if kind == Kind::ModN && self.servers.0 == self.servers.1 => {
                "same servers, same remainders".to_string()
            }
            None if kind.has_arcs() => "keys move where arcs changed owner".to_string(),
            None => "keys move where their owner changed".to_string(),
        }
    }

    /// The share of keys the placement moved, when there are keys.
    pub fn moved_fraction(&self) -> Option<f64> {
        fraction(self.moved.len(), self.keys)
    }

    /// The share of keys the baseline would have moved, when there are keys.
    pub fn baseline_fraction(&self) -> Option<f64> {
        self.baseline
            .as_ref()
            .and_then(|b| fraction(b.moved.len(), self.keys))
    }

    /// How many keys moved under `kind`, when this outcome measured it (as the chosen placement
    /// or as the baseline).
    pub fn moved_under(&self, kind: Kind) -> Option<usize> {
        if self.placement == kind {
            Some(self.moved.len())
        } else {
            self.baseline
                .as_ref()
                .filter(|b| b.kind == kind)
                .map(|b| b.moved.len())
        }
    }

    /// The name people read for the baseline: "mod N" or "the ring".
    pub fn baseline_name(&self) -> &'static str {
        self.baseline
            .as_ref()
            .map_or(Kind::ModN, |b| b.kind)
            .spec()
            .called
    }

    /// How many keys the baseline would have moved.
    pub fn baseline_moved(&self) -> usize {
        self.baseline.as_ref().map_or(0, |b| b.moved.len())
    }

    /// How many keys moved, under the placement and under the compared one.
    pub fn counts(&self) -> MoveCounts {
        MoveCounts {
            keys: self.keys,
            moved: self.moved.len(),
            baseline: self.baseline.as_ref().map(|b| b.moved.len()),
        }
    }

    /// The whole result in words, for a screen reader or a log:
    /// "Server D added. 1 of 5 keys moved (20%). mod N would move 4 (80%)."
    pub fn summary(&self) -> String {
        self.summary_of(self.counts())
    }

    /// [`Outcome::summary`] with the keys counted elsewhere: the same change measured on keys
    /// that came a batch at a time, `counts` their sums.
    pub fn summary_of(&self, counts: MoveCounts) -> String {
        let mut text = self.headline.clone();
        let keys = counts.keys;
        if self.moves_keys && keys > 0 {
            let under = if self.placement == Kind::Ring {
                String::new()
            } else {
                format!(" Under {},", self.placement.name())
            };
            text.push_str(&format!(
                "{under} {} of {} {} moved ({}).",
                grouped(counts.moved as u64),
                grouped(keys as u64),
                plural(keys, "key", "keys"),
                percent(fraction(counts.moved, keys).unwrap_or(0.0)),
            ));
            if let (Some(b), Some(moved)) = (&self.baseline, counts.baseline) {
                let name = if b.kind == Kind::Ring {
                    "The ring"
                } else {
                    b.kind.spec().called
                };
                text.push_str(&format!(
                    " {name} would move {} ({}).",
                    grouped(moved as u64),
                    percent(fraction(moved, keys).unwrap_or(0.0)),
                ));
            }
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
        let moves = &self.moved;
        if moves.is_empty() {
            return Some(format!(
                "No key changed owner{}.",
                if self.placement == Kind::Ring {
                    " on the ring".to_string()
                } else {
                    format!(" under {}", self.placement.name())
                }
            ));
        }
        let to: Vec<&str> = moves.to.iter().map(|n| &**n).collect();
        let from: Vec<&str> = moves.from.iter().map(|n| &**n).collect();
        let (before, after) = self.servers;
        let ratio = self
            .baseline
            .as_ref()
            .map(|b| comparison_words(self.placement, b, moves.len()))
            .unwrap_or_default();
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
        } else if from == to {
            // Keys traded places among the same servers (mod N after a join, where the newcomer
            // may get none of a few keys): said once, not as "from A and B to A and B".
            format!(
                "{} {} changed owner {} {}.",
                grouped(moves.len() as u64),
                plural(moves.len(), "key", "keys"),
                if from.len() == 2 { "between" } else { "among" },
                list_words(&from)
            )
        } else {
            format!(
                "{} {} changed owner, from {} to {}.",
                grouped(moves.len() as u64),
                plural(moves.len(), "key", "keys"),
                list_words(&from),
                list_words(&to)
            )
        };
        Some(sentence + &ratio)
    }
}

/// The baseline's count against the placement's, as people say it: "mod N would have moved 4
/// keys, 4 times as many", "mod N would have moved 749,410 keys; the ring moved 1", "about as
/// many (1,002)". No bare ratio: counts are grouped, and a ratio is said only where it reads
/// as one.
fn comparison_words(placement: Kind, baseline: &Baseline, moved: usize) -> String {
    let theirs = baseline.moved.len();
    if theirs == 0 || moved == 0 {
        return String::new();
    }
    // Each starts a sentence: "mod N" keeps its small m, as the page writes it everywhere.
    let name = if baseline.kind == Kind::ModN {
        "mod N"
    } else {
        "The ring"
    };
    let ours = placement.spec().called;
    let keys = plural(theirs, "key", "keys");
    let ratio = theirs as f64 / moved as f64;
    let count = grouped(theirs as u64);
    if (0.95..=1.05).contains(&ratio) {
        format!(" {name} would have moved about as many ({count}).")
    } else if (1.5..100.0).contains(&ratio) {
        format!(
            " {name} would have moved {count} {keys}, {} times as many.",
            amount(ratio, 1)
        )
    } else {
        format!(
            " {name} would have moved {count} {keys}; {ours} moved {}.",
            grouped(moved as u64)
        )
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

#[cfg(test)]
mod tests {
    use super::Outcome;
    use crate::core::{Change, Scenario};

    /// The scenario of a link's query.
    fn linked(query: &str) -> Scenario {
        crate::core::read_link(query, 10_000).scenario
    }

    /// Adds server D, placed by hand at `at`.
    fn add_d(s: &mut Scenario, at: u64) -> Outcome {
        s.apply(Change::AddServer {
            name: "D".into(),
            at: Some(at),
            weight: None,
        })
        .unwrap()
    }

    #[test]
    fn the_verdict_says_every_moved_key_went_to_the_new_server() {
        let mut s = Scenario::teaching();
        let out = add_d(&mut s, 60);
        assert_eq!(
            out.verdict().unwrap(),
            "Every key that moved went to D: no key moved between servers that were already there. mod N would have moved 4 keys, 4 times as many."
        );
        let out = s.apply(Change::RemoveServer { name: "B".into() }).unwrap();
        assert!(out
            .verdict()
            .unwrap()
            .starts_with("Only B's keys moved, to D;"));
    }

    #[test]
    fn the_verdict_gives_counts_not_a_bare_ratio_when_mod_n_moves_hundreds_of_times_as_many() {
        // 0 ....1000......4000.4001.......7500......9999
        //       A         B    D          C
        let mut s = linked("ring=10000&servers=A@1000,B@4000,C@7500&keys=@4001&gen=1000");
        let out = add_d(&mut s, 4001);
        let verdict = out.verdict().unwrap();
        let theirs = crate::core::grouped(out.baseline_moved() as u64);
        assert_eq!(out.moved.len(), 1);
        assert!(
            verdict.ends_with(&format!(
                " mod N would have moved {theirs} keys; the ring moved 1."
            )),
            "{verdict}"
        );
        assert!(!verdict.contains('×'));
    }

    #[test]
    fn keys_that_trade_places_among_the_same_servers_are_said_once() {
        // Under mod N, D joining takes none of the five teaching keys: four trade places
        // among A, B and C.
        let mut s =
            linked("ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5&placement=mod-n");
        let out = add_d(&mut s, 60);
        assert_eq!(
            out.verdict().unwrap(),
            "4 keys changed owner among A, B and C. The ring would have moved 1 key; mod N moved 4."
        );
    }

    #[test]
    fn adding_keys_has_no_verdict() {
        let mut s = Scenario::teaching();
        let out = s.apply(Change::GenerateKeys { count: 3 }).unwrap();
        assert_eq!(out.verdict(), None);
        assert_eq!(out.summary(), "3 keys added.");
    }
}
