//! A host page's messages to an embedded ring, read in plain Rust.
//!
//! A host page drives an embedded ring with `postMessage` (see docs/embedding.md): objects such
//! as `{type: 'ringlab:apply', change: 'add:D@60'}`. The page hands this reader each field it
//! asks for as a [`Field`], which records only the field's shape (absent, null, a text, a
//! number, a list of texts, something else), so the reading itself is plain data and can be
//! fuzzed natively. The page never walks a value deeper than one list of texts, and it measures
//! a long text or list before copying it: a text past [`MAX_TEXT_CHARS`] arrives as
//! [`Field::Oversized`], a list past [`MAX_LIST`] as [`Field::TooMany`], and either is refused
//! in words without being read.
//!
//! [`read_message`] answers `Ok(None)` for anything that is not one of ours (no `type`, an
//! unknown `type`, a field of the wrong type), which the page ignores; `Err` for one of ours
//! that asks for something impossible, in words for the host; or the [`Command`] to carry out.

use crate::core::error::Error;
use crate::core::numbers_and_lists::grouped;
use crate::core::scenario::Change;

/// The longest text field read, in characters (UTF-16 units, as the page measures them).
pub const MAX_TEXT_CHARS: usize = 100_000;

/// The longest list field read, in items: two million. A message is copied whole from the
/// host's window into the page's before a field is read, so a host with more keys than this
/// sends them in several messages (or as `gen`), up to the page's
/// [`MAX_KEYS`](crate::core::MAX_KEYS).
pub const MAX_LIST: usize = 2_000_000;

/// One field of a message, as the page found it.
#[derive(Debug, Clone, PartialEq)]
pub enum Field {
    /// The message has no such field, or it is `undefined`.
    Absent,
    /// The field is `null`.
    Null,
    /// A string.
    Text(String),
    /// A number.
    Number(f64),
    /// An array whose items are all strings.
    Texts(Vec<String>),
    /// A string longer than [`MAX_TEXT_CHARS`] (alone or as an item of an array); its
    /// length.
    Oversized(usize),
    /// An array of more than [`MAX_LIST`] items; its length.
    TooMany(usize),
    /// Anything else: a boolean, an object, an array holding something other than strings.
    Other,
}

/// What a host page's message asks the ring to do.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// Apply a change, as the page's own controls would.
    Apply(Change),
    /// Add a server; with no name, the page picks the next free one.
    AddServer {
        /// Its name, if given.
        name: Option<String>,
        /// A position chosen by hand.
        at: Option<u64>,
        /// A weight.
        weight: Option<u32>,
    },
    /// Generate this many keys.
    AddKeys(usize),
    /// Select a key by label, or clear the selection.
    SelectKey(Option<String>),
    /// Go to a step of a lesson (counted from 1).
    Step {
        /// The lesson's id.
        lesson: String,
        /// The step, from 1.
        step: usize,
    },
    /// Go back to the starting ring.
    Reset,
    /// Undo the last change.
    Undo,
    /// Redo the change undone last.
    Redo,
}

/// The message types this reader knows, for the docs and the tests.
pub const MESSAGE_TYPES: [&str; 10] = [
    "ringlab:apply",
    "ringlab:addServer",
    "ringlab:removeServer",
    "ringlab:addKeys",
    "ringlab:setVnodes",
    "ringlab:selectKey",
    "ringlab:step",
    "ringlab:reset",
    "ringlab:undo",
    "ringlab:redo",
];

/// Reads a message whose field `name` is `field(name)`. Only the fields a message's type uses
/// are asked for.
///
/// ```
/// use ringlab::core::message::{read_message, Command, Field};
/// use ringlab::core::Change;
/// let message = |name: &str| match name {
///     "type" => Field::Text("ringlab:apply".into()),
///     "change" => Field::Text("remove:B".into()),
///     _ => Field::Absent,
/// };
/// assert_eq!(
///     read_message(message),
///     Ok(Some(Command::Apply(Change::RemoveServer { name: "B".into() })))
/// );
/// assert_eq!(read_message(|_| Field::Absent), Ok(None));
/// ```
pub fn read_message(field: impl Fn(&str) -> Field) -> Result<Option<Command>, Error> {
    let Field::Text(kind) = field("type") else {
        return Ok(None);
    };
    // A field of ours that is too long to read is refused; one of the wrong type makes the
    // message not ours.
    let text = |name: &str| -> Result<Option<Option<String>>, Error> {
        match field(name) {
            Field::Absent => Ok(Some(None)),
            Field::Text(text) => Ok(Some(Some(text))),
            Field::Oversized(length) => Err(oversized(name, length)),
            Field::TooMany(items) => Err(too_many(name, items)),
            _ => Ok(None),
        }
    };
    let number = |name: &str| -> Result<Option<Option<f64>>, Error> {
        match field(name) {
            Field::Absent => Ok(Some(None)),
            Field::Number(value) => Ok(Some(Some(value))),
            Field::Oversized(length) => Err(oversized(name, length)),
            Field::TooMany(items) => Err(too_many(name, items)),
            _ => Ok(None),
        }
    };
    let command = match kind.as_str() {
        "ringlab:apply" => match text("change")? {
            Some(Some(change)) => Command::Apply(change.parse::<Change>()?),
            _ => return Ok(None),
        },
        "ringlab:addServer" => match (text("name")?, number("at")?, number("weight")?) {
            (Some(name), Some(at), Some(weight)) => Command::AddServer {
                name,
                at: at.map(|v| whole("at", v)).transpose()?,
                weight: weight
                    .map(|v| whole("weight", v).map(saturate))
                    .transpose()?,
            },
            _ => return Ok(None),
        },
        "ringlab:removeServer" => match text("name")? {
            Some(Some(name)) => Command::Apply(Change::RemoveServer { name }),
            _ => return Ok(None),
        },
        "ringlab:addKeys" => match (number("count")?, field("keys")) {
            (Some(Some(count)), Field::Absent) => {
                Command::AddKeys(usize::try_from(whole("count", count)?).unwrap_or(usize::MAX))
            }
            (Some(None), Field::Texts(keys)) => {
                // A change's text lists its keys with commas: a key holding one is no key.
                if keys.iter().any(|key| key.contains(',')) {
                    return Err(Error::NameHasReservedChar(','));
                }
                // Nor does it hold an empty key, which its text would leave out unsaid.
                if keys.iter().any(|key| key.trim().is_empty()) {
                    return Err(Error::EmptyKey);
                }
                Command::Apply(Change::AddKeys { keys })
            }
            (Some(None), Field::Oversized(length)) => return Err(oversized("keys", length)),
            (Some(None), Field::TooMany(items)) => return Err(too_many("keys", items)),
            _ => return Ok(None),
        },
        "ringlab:setVnodes" => match number("vnodes")? {
            Some(Some(v)) => Command::Apply(Change::SetVnodes {
                vnodes: saturate(whole("vnodes", v)?),
            }),
            _ => return Ok(None),
        },
        "ringlab:selectKey" => match field("key") {
            Field::Text(key) => Command::SelectKey(Some(key)),
            // `key: null` clears the selection.
            Field::Null => Command::SelectKey(None),
            Field::Oversized(length) => return Err(oversized("key", length)),
            Field::TooMany(items) => return Err(too_many("key", items)),
            _ => return Ok(None),
        },
        "ringlab:step" => match (text("lesson")?, number("step")?) {
            (Some(Some(lesson)), Some(Some(step))) => Command::Step {
                lesson,
                step: usize::try_from(whole("step", step)?).unwrap_or(usize::MAX),
            },
            _ => return Ok(None),
        },
        "ringlab:reset" => Command::Reset,
        "ringlab:undo" => Command::Undo,
        "ringlab:redo" => Command::Redo,
        _ => return Ok(None),
    };
    Ok(Some(command))
}

/// The largest whole number a message's number field may hold: JavaScript's largest safe
/// integer, past which numbers are no longer exact.
pub const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

/// A number as a message's refusal shows it: `2.5`, `-1`, `1e308`.
fn number_text(value: f64) -> String {
    if value.abs() >= 1e16 {
        format!("{value:e}")
    } else {
        value.to_string()
    }
}

/// A number field that must be a whole number of 0 or more.
fn whole(name: &str, value: f64) -> Result<u64, Error> {
    let shown = number_text(value);
    if value.is_nan() {
        Err(Error::HostMessage(format!("{name}: NaN is not a number.")))
    } else if value < 0.0 {
        Err(Error::HostMessage(format!(
            "{name}: {shown} is below zero; it must be a whole number of 0 or more."
        )))
    } else if value.fract() != 0.0 && value.is_finite() {
        Err(Error::HostMessage(format!(
            "{name}: {shown} is not a whole number."
        )))
    } else if value > MAX_SAFE {
        Err(Error::HostMessage(format!(
            "{name}: {shown} is too large: the largest allowed is {}.",
            grouped(MAX_SAFE as u64)
        )))
    } else {
        Ok(value as u64)
    }
}

fn saturate(value: u64) -> u32 {
    u32::try_from(value).unwrap_or(u32::MAX)
}

fn oversized(name: &str, length: usize) -> Error {
    Error::HostMessage(format!(
        "{name}: a text of {} characters is longer than a message may hold (at most {}).",
        grouped(length as u64),
        grouped(MAX_TEXT_CHARS as u64)
    ))
}

fn too_many(name: &str, items: usize) -> Error {
    Error::HostMessage(format!(
        "{name}: a list of {} items is longer than a message may hold (at most {}).",
        grouped(items as u64),
        grouped(MAX_LIST as u64)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A message from `(name, field)` pairs; every other field is absent.
    fn message<'a>(fields: &'a [(&'a str, Field)]) -> impl Fn(&str) -> Field + 'a {
        move |name| {
            fields
                .iter()
                .find(|(n, _)| *n == name)
                .map_or(Field::Absent, |(_, f)| f.clone())
        }
    }

    fn text(value: &str) -> Field {
        Field::Text(value.into())
    }

    #[test]
    fn every_message_of_ours_reads_as_its_command() {
        let cases = [
            (
                vec![
                    ("type", text("ringlab:apply")),
                    ("change", text("add:D@60")),
                ],
                Command::Apply("add:D@60".parse().unwrap()),
            ),
            (
                vec![("type", text("ringlab:addServer"))],
                Command::AddServer {
                    name: None,
                    at: None,
                    weight: None,
                },
            ),
            (
                vec![
                    ("type", text("ringlab:addServer")),
                    ("name", text("E")),
                    ("weight", Field::Number(3.0)),
                ],
                Command::AddServer {
                    name: Some("E".into()),
                    at: None,
                    weight: Some(3),
                },
            ),
            (
                vec![
                    ("type", text("ringlab:addKeys")),
                    ("count", Field::Number(100.0)),
                ],
                Command::AddKeys(100),
            ),
            (
                vec![
                    ("type", text("ringlab:addKeys")),
                    ("keys", Field::Texts(vec!["@52".into(), "user:7".into()])),
                ],
                Command::Apply(Change::AddKeys {
                    keys: vec!["@52".into(), "user:7".into()],
                }),
            ),
            (
                vec![("type", text("ringlab:selectKey")), ("key", Field::Null)],
                Command::SelectKey(None),
            ),
            (
                vec![
                    ("type", text("ringlab:step")),
                    ("lesson", text("replicas")),
                    ("step", Field::Number(2.0)),
                ],
                Command::Step {
                    lesson: "replicas".into(),
                    step: 2,
                },
            ),
            (vec![("type", text("ringlab:undo"))], Command::Undo),
        ];
        for (fields, command) in cases {
            assert_eq!(read_message(message(&fields)), Ok(Some(command)));
        }
    }

    #[test]
    fn a_message_of_another_shape_is_not_ours_and_is_ignored() {
        for fields in [
            vec![],
            vec![("type", Field::Number(1.0))],
            vec![("type", text("other:apply")), ("change", text("remove:B"))],
            vec![("type", text("ringlab:apply")), ("change", Field::Other)],
            vec![("type", text("ringlab:apply"))],
            vec![
                ("type", text("ringlab:removeServer")),
                ("name", Field::Null),
            ],
            vec![
                ("type", text("ringlab:addKeys")),
                ("count", Field::Number(5.0)),
                ("keys", Field::Texts(vec![])),
            ],
            vec![("type", text("ringlab:selectKey"))],
        ] {
            assert_eq!(read_message(message(&fields)), Ok(None), "{fields:?}");
        }
    }

    #[test]
    fn impossible_values_are_refused_in_words_without_being_read() {
        let refused =
            |fields: Vec<(&str, Field)>| read_message(message(&fields)).unwrap_err().to_string();
        assert_eq!(
            refused(vec![("type", text("ringlab:apply")), ("change", Field::Oversized(50_000_000))]),
            "change: a text of 50,000,000 characters is longer than a message may hold (at most 100,000)."
        );
        assert_eq!(
            refused(vec![("type", text("ringlab:addKeys")), ("keys", Field::TooMany(3_000_000))]),
            "keys: a list of 3,000,000 items is longer than a message may hold (at most 2,000,000)."
        );
        assert_eq!(
            refused(vec![
                ("type", text("ringlab:setVnodes")),
                ("vnodes", Field::Number(2.5))
            ]),
            "vnodes: 2.5 is not a whole number."
        );
        assert_eq!(
            refused(vec![
                ("type", text("ringlab:addKeys")),
                ("count", Field::Number(-1.0))
            ]),
            "count: -1 is below zero; it must be a whole number of 0 or more."
        );
        assert!(refused(vec![
            ("type", text("ringlab:step")),
            ("lesson", text("x")),
            ("step", Field::Number(f64::NAN))
        ])
        .contains("not a number"));
        assert!(refused(vec![
            ("type", text("ringlab:step")),
            ("lesson", text("x")),
            ("step", Field::Number(1e300))
        ])
        .contains("too large"));
        assert!(refused(vec![
            ("type", text("ringlab:apply")),
            ("change", text("explode"))
        ])
        .contains("is not a change"));
    }
}
