//! A host page's messages to an embedded ring, as JSON (what a host page's `postMessage`
//! object would be) or as fields built by the fuzzer: a message is ours and read as a command,
//! ours and refused in words, or not ours; a change it carries writes back to its text.
#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use ringlab::core::message::{read_message, Command, Field, MAX_LIST, MAX_TEXT_CHARS, MESSAGE_TYPES};
use ringlab::core::{Change, Scenario};
use ringlab_fuzz::words_about;
use serde_json::Value;

/// A field as the page hands it over: shallow, long values measured and not copied.
fn field_of(value: Option<&Value>) -> Field {
    let text = |t: &str| {
        let length = t.encode_utf16().count();
        if length > MAX_TEXT_CHARS {
            Field::Oversized(length)
        } else {
            Field::Text(t.to_string())
        }
    };
    match value {
        None => Field::Absent,
        Some(Value::Null) => Field::Null,
        Some(Value::String(t)) => text(t),
        Some(Value::Number(n)) => n.as_f64().map_or(Field::Other, Field::Number),
        Some(Value::Array(items)) if items.len() > MAX_LIST => Field::TooMany(items.len()),
        Some(Value::Array(items)) => {
            let mut texts = Vec::new();
            for item in items {
                match item {
                    Value::String(t) => match text(t) {
                        Field::Text(t) => texts.push(t),
                        oversized => return oversized,
                    },
                    _ => return Field::Other,
                }
            }
            Field::Texts(texts)
        }
        Some(_) => Field::Other,
    }
}

/// A field the fuzzer builds directly, for the shapes JSON cannot make (NaN, infinities).
#[derive(Debug, Arbitrary)]
enum Made {
    Absent,
    Null,
    Text(String),
    Number(f64),
    Texts(Vec<String>),
    Oversized(u32),
    TooMany(u32),
    Other,
}

fn check(field: impl Fn(&str) -> Field, input: &str) {
    match read_message(field) {
        Err(error) => words_about(&error.to_string(), input),
        Ok(None) => {}
        Ok(Some(Command::Apply(change))) => {
            // Generating keys is work the message states; a few thousand keep this quick.
            if matches!(change, Change::GenerateKeys { count } if count > 5_000) {
                return;
            }
            // The change a message carries may hold what its text cannot (a key list with an
            // empty label, a name with spaces round it): written and read again, it must do
            // the same to a ring, or be refused both ways.
            let mut direct = Scenario::teaching();
            let result = direct.apply(change.clone());
            if let Err(error) = &result {
                words_about(&error.to_string(), input);
            }
            let written = change.to_string();
            match written.parse::<Change>() {
                Ok(again) => {
                    let mut through_text = Scenario::teaching();
                    let again_result = through_text.apply(again);
                    assert_eq!(result.is_ok(), again_result.is_ok(), "{change:?} and {written:?}");
                    assert!(direct == through_text, "{change:?} and {written:?} differ");
                }
                Err(_) => assert!(result.is_err(), "{change:?} applies, but its text {written:?} does not read"),
            }
        }
        Ok(Some(_)) => {}
    }
}

fuzz_target!(|data: &[u8]| {
    if let Ok(Value::Object(message)) = serde_json::from_slice::<Value>(data) {
        check(|name| field_of(message.get(name)), &String::from_utf8_lossy(data));
        return;
    }
    let mut u = Unstructured::new(data);
    let Ok(kind) = u.int_in_range(0..=MESSAGE_TYPES.len()) else {
        return;
    };
    let fields: Vec<(String, Made)> = Arbitrary::arbitrary(&mut u).unwrap_or_default();
    check(|name| {
        if name == "type" {
            return MESSAGE_TYPES
                .get(kind)
                .map_or(Field::Number(1.0), |t| Field::Text(t.to_string()));
        }
        match fields.iter().find(|(n, _)| n.trim_start_matches('_') == name).map(|(_, f)| f) {
            None | Some(Made::Absent) => Field::Absent,
            Some(Made::Null) => Field::Null,
            Some(Made::Text(t)) => Field::Text(t.clone()),
            Some(Made::Number(n)) => Field::Number(*n),
            Some(Made::Texts(t)) => Field::Texts(t.clone()),
            Some(Made::Oversized(n)) => Field::Oversized(*n as usize),
            Some(Made::TooMany(n)) => Field::TooMany(*n as usize),
            Some(Made::Other) => Field::Other,
        }
    }, &format!("{fields:?}"));
});
