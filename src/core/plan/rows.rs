//! A plan's rows and totals, in a sentence and as JSON.

use serde::ser::{Serialize, SerializeMap, Serializer};

use super::rate::bytes_words;
use crate::core::numbers_and_lists::{grouped, percent, plural};

/// One row of a plan: what goes from one server (or group) to another.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlanRow {
    /// Where the keys were: a server's name, with its group for systems that group keys.
    pub from: String,
    /// Where they go.
    pub to: String,
    /// The slots or ranges that change hands, as inclusive `[first, last]` spans in the
    /// system's own numbers (Redis's slots, Cassandra's tokens, the ring's positions).
    pub ranges: Vec<(i128, i128)>,
    /// How many keys move.
    pub keys: u64,
    /// How many bytes they hold, where sizes were given.
    pub bytes: u64,
}

impl PlanRow {
    /// Its spans in words, at most `most` of them before the rest are counted: "0-1364,
    /// 5461-6826", "7, 12-40 and 35 more", "-8293944580462784560 to -7148955894835838991".
    pub fn spans_words(&self, most: usize) -> String {
        let (words, more) = self.each_span(most);
        let mut text = words.join(", ");
        if more > 0 {
            text.push_str(&format!(" and {} more", grouped(more as u64)));
        }
        text
    }

    /// Its first `most` spans, each in words ("5461-6826", "7"), and how many more there are.
    pub fn each_span(&self, most: usize) -> (Vec<String>, usize) {
        let words = self
            .ranges
            .iter()
            .take(most)
            .map(|&(a, b)| match (a == b, a < 0 || b < 0) {
                (true, _) => a.to_string(),
                (false, false) => format!("{a}-{b}"),
                // A dash beside a minus sign would read as two: tokens are written "a to b".
                (false, true) => format!("{a} to {b}"),
            })
            .collect();
        (words, self.ranges.len().saturating_sub(most))
    }
}

/// What a change moves, row by row, and in all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// The rows, biggest first (by bytes where sizes were given, by keys otherwise).
    pub rows: Vec<PlanRow>,
    /// The keys looked at.
    pub keys_seen: u64,
    /// The bytes they hold.
    pub bytes_seen: u64,
    /// Whether any key came with its size.
    pub sized: bool,
    /// What the rows' spans are (`slots`, `ranges`), for placements that have them.
    pub ranges: Option<&'static str>,
}

impl Plan {
    /// The keys that move, in all.
    pub fn keys(&self) -> u64 {
        self.rows.iter().map(|r| r.keys).sum()
    }

    /// The bytes that move, in all.
    pub fn bytes(&self) -> u64 {
        self.rows.iter().map(|r| r.bytes).sum()
    }

    /// How many slots (or positions) change hands, in all.
    pub fn spanned(&self) -> u128 {
        self.rows
            .iter()
            .flat_map(|r| &r.ranges)
            .map(|&(a, b)| (b - a + 1) as u128)
            .sum()
    }

    /// How long moving the bytes takes at `bytes_per_second`.
    pub fn seconds_at(&self, bytes_per_second: f64) -> f64 {
        self.bytes() as f64 / bytes_per_second
    }

    /// The plan in a sentence: "1,024 of 4,000 keys move (25.6%), 1.20 MB of 4.80 MB, with
    /// 4,096 slots."
    pub fn summary(&self) -> String {
        let share = if self.keys_seen == 0 {
            String::new()
        } else {
            format!(" ({})", percent(self.keys() as f64 / self.keys_seen as f64))
        };
        let mut text = format!(
            "{} of {} {} {}{share}",
            grouped(self.keys()),
            grouped(self.keys_seen),
            plural(self.keys_seen as usize, "key", "keys"),
            if self.keys() == 1 { "moves" } else { "move" },
        );
        if self.sized {
            text.push_str(&format!(
                ", {} of {}",
                bytes_words(self.bytes()),
                bytes_words(self.bytes_seen)
            ));
        }
        match self.ranges {
            Some("ranges") => {
                let spans: usize = self.rows.iter().map(|r| r.ranges.len()).sum();
                text.push_str(&format!(
                    "; {} {} of the ring {} hands",
                    grouped(spans as u64),
                    plural(spans, "range", "ranges"),
                    if spans == 1 { "changes" } else { "change" }
                ));
            }
            Some(units) => {
                let spanned = self.spanned() as u64;
                let units = if spanned == 1 {
                    units.strip_suffix('s').unwrap_or(units)
                } else {
                    units
                };
                let verb = if spanned == 1 { "changes" } else { "change" };
                text.push_str(&format!("; {} {units} {verb} hands", grouped(spanned)));
            }
            None => {}
        }
        text.push('.');
        text
    }

    /// The plan as JSON: `{"moves":[{"from","to","slots":[[first,last],…],"keys","bytes"}…],
    /// "total":{"keys","bytes"}}`, fields in that order. The spans are named as the placement
    /// names them (`slots`, `ranges`) and written only where it has them; bytes only where
    /// sizes were given.
    pub fn json(&self) -> String {
        let mut text = serde_json::to_string_pretty(&self.written())
            .unwrap_or_else(|e| format!("{{\"error\": {:?}}}", e.to_string()));
        text.push('\n');
        text
    }

    fn written(&self) -> Written<'_> {
        Written(self)
    }
}

/// A plan as its JSON writes it, fields in the order the format lists them.
struct Written<'a>(&'a Plan);

/// A row as its JSON writes it.
struct Row<'a>(&'a Plan, &'a PlanRow);

/// A span `[first, last]`, as numbers.
struct Span(i128, i128);

/// The totals as JSON writes them.
struct Total<'a>(&'a Plan);

impl Serialize for Written<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let plan = self.0;
        let rows: Vec<Row<'_>> = plan.rows.iter().map(|r| Row(plan, r)).collect();
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("moves", &rows)?;
        map.serialize_entry("total", &Total(plan))?;
        map.end()
    }
}

impl Serialize for Total<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let plan = self.0;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("keys", &plan.keys())?;
        if plan.sized {
            map.serialize_entry("bytes", &plan.bytes())?;
        }
        map.end()
    }
}

impl Serialize for Row<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (plan, row) = (self.0, self.1);
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("from", &row.from)?;
        map.serialize_entry("to", &row.to)?;
        if let Some(name) = plan.ranges {
            let spans: Vec<Span> = row.ranges.iter().map(|&(a, b)| Span(a, b)).collect();
            map.serialize_entry(name, &spans)?;
        }
        map.serialize_entry("keys", &row.keys)?;
        if plan.sized {
            map.serialize_entry("bytes", &row.bytes)?;
        }
        map.end()
    }
}

impl Serialize for Span {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Every span fits a signed or an unsigned 64-bit number: slots, positions, tokens.
        let number = |n: i128| -> Result<serde_json::Number, S::Error> {
            i64::try_from(n)
                .map(serde_json::Number::from)
                .or_else(|_| u64::try_from(n).map(serde_json::Number::from))
                .map_err(|_| serde::ser::Error::custom("a span past 64 bits"))
        };
        [number(self.0)?, number(self.1)?].serialize(serializer)
    }
}
