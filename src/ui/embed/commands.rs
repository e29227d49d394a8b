//! What a host page may ask of the ring, read field by field and carried out as the page's
//! own controls would.

use leptos::prelude::*;
use wasm_bindgen::prelude::*;

use crate::core::{Change, Error};
use crate::ui::state::{AppState, Field, MAX_PAGE_KEYS};

/// A message from the host page, read field by field; anything of another shape is None.
#[derive(Debug)]
pub(super) enum Command {
    Apply(Change),
    SelectKey(Option<String>),
    Step { lesson: String, step: usize },
    AddKeys(usize),
    Reset,
    Undo,
    Redo,
}

impl Command {
    /// Reads a message. `Err` carries words for a message of ours that cannot be carried out;
    /// `Ok(None)` is anything else, which is ignored.
    pub(super) fn read(app: AppState, message: &JsValue) -> Result<Option<Command>, String> {
        use super::js::{has_field, number_field, text_field, text_list_field};
        let Some(kind) = text_field(message, "type") else {
            return Ok(None);
        };
        // A field that is present must have its type; otherwise the message is not ours.
        let text = |name: &str| match (has_field(message, name), text_field(message, name)) {
            (false, _) => Some(None),
            (true, Some(value)) => Some(Some(value)),
            (true, None) => None,
        };
        let number = |name: &str| match (has_field(message, name), number_field(message, name)) {
            (false, _) => Some(None),
            (true, Some(value)) => Some(Some(value)),
            (true, None) => None,
        };
        let small = |value: u64| u32::try_from(value).unwrap_or(u32::MAX);
        let command = match kind.as_str() {
            "ringlab:apply" => match text("change") {
                Some(Some(change)) => {
                    Command::Apply(change.parse::<Change>().map_err(|e| e.to_string())?)
                }
                _ => return Ok(None),
            },
            "ringlab:addServer" => match (text("name"), number("at"), number("weight")) {
                (Some(name), Some(at), Some(weight)) => Command::Apply(Change::AddServer {
                    name: name.unwrap_or_else(|| app.suggested_name()),
                    at,
                    weight: weight.map(small),
                }),
                _ => return Ok(None),
            },
            "ringlab:removeServer" => match text("name") {
                Some(Some(name)) => Command::Apply(Change::RemoveServer { name }),
                _ => return Ok(None),
            },
            "ringlab:addKeys" => match (
                number("count"),
                has_field(message, "keys"),
                text_list_field(message, "keys"),
            ) {
                (Some(Some(count)), false, _) => Command::AddKeys(count as usize),
                (Some(None), true, Some(keys)) => Command::Apply(Change::AddKeys { keys }),
                _ => return Ok(None),
            },
            "ringlab:setVnodes" => match number("vnodes") {
                Some(Some(v)) => Command::Apply(Change::SetVnodes { vnodes: small(v) }),
                _ => return Ok(None),
            },
            "ringlab:selectKey" if has_field(message, "key") => match text("key") {
                Some(key) => Command::SelectKey(key),
                // `key: null` clears the selection; any other type is not ours.
                None if key_is_null(message) => Command::SelectKey(None),
                None => return Ok(None),
            },
            "ringlab:step" => match (text("lesson"), number("step")) {
                (Some(Some(lesson)), Some(Some(step))) => Command::Step {
                    lesson,
                    step: step as usize,
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
}

/// Whether the message's `key` field is `null`.
fn key_is_null(message: &JsValue) -> bool {
    js_sys::Reflect::get(message, &JsValue::from_str("key")).is_ok_and(|v| v.is_null())
}

pub(super) fn run(app: AppState, command: Command) -> Result<(), String> {
    let field = Field::Canvas;
    let change = match command {
        Command::Apply(change) => change,
        Command::AddKeys(count) => {
            if app.scenario.with_untracked(|s| s.keys().len()) + count > MAX_PAGE_KEYS {
                return Err(Error::TooManyKeys { max: MAX_PAGE_KEYS }.to_string());
            }
            if count >= crate::ui::controls::generation::IN_STEPS {
                crate::ui::controls::generation::generate(app, count, |_| {});
                return Ok(());
            }
            Change::GenerateKeys { count }
        }
        Command::SelectKey(key) => {
            match key {
                Some(label)
                    if app
                        .scenario
                        .with_untracked(|s| s.keys().find(&label).is_none()) =>
                {
                    return Err(Error::NoSuchKey(label).to_string());
                }
                key => app.selected_key.set(key),
            }
            return Ok(());
        }
        Command::Step { lesson, step } => {
            let found = crate::teach::lessons::lesson(&lesson)
                .filter(|l| (1..=l.steps.len()).contains(&step))
                .ok_or_else(|| format!("There is no lesson {lesson:?} with a step {step}."))?;
            app.open_lesson_step(&found.id, step - 1);
            return Ok(());
        }
        Command::Reset => {
            app.reset();
            return Ok(());
        }
        Command::Undo => {
            app.undo();
            return Ok(());
        }
        Command::Redo => {
            app.redo();
            return Ok(());
        }
    };
    if app.dispatch(change, field) {
        Ok(())
    } else {
        Err(app.error(field).unwrap_or_default())
    }
}
