//! A plan's rows and totals, in a sentence and as JSON.

use super::rate::bytes_words;
use crate::core::words::{grouped, percent, plural};

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
                    ", over {} {} of the ring",
                    grouped(spans as u64),
                    plural(spans, "range", "ranges")
                ));
            }
            Some(units) => {
                text.push_str(&format!(
                    ", with {} {units}",
                    grouped(self.spanned() as u64)
                ));
            }
            None => {}
        }
        text.push('.');
        text
    }

    /// The plan as JSON: `{"moves":[{"from","to","slots":[[first,last],…],"keys","bytes"}…],
    /// "total":{"keys","bytes"}}`. The spans are named as the placement names them (`slots`,
    /// `ranges`) and written only where it has them; bytes only where sizes were given.
    pub fn json(&self) -> serde_json::Value {
        use serde_json::{json, Value};
        let number = |n: i128| -> Value {
            i64::try_from(n)
                .map(Value::from)
                .or_else(|_| u64::try_from(n).map(Value::from))
                .unwrap_or(Value::Null)
        };
        let moves: Vec<Value> = self
            .rows
            .iter()
            .map(|r| {
                let mut row = json!({ "from": r.from, "to": r.to });
                if let Some(name) = self.ranges {
                    let spans: Vec<Value> = r
                        .ranges
                        .iter()
                        .map(|&(a, b)| json!([number(a), number(b)]))
                        .collect();
                    row[name] = Value::from(spans);
                }
                row["keys"] = json!(r.keys);
                if self.sized {
                    row["bytes"] = json!(r.bytes);
                }
                row
            })
            .collect();
        let mut total = json!({ "keys": self.keys() });
        if self.sized {
            total["bytes"] = json!(self.bytes());
        }
        json!({ "moves": moves, "total": total })
    }
}
