//! What a host page may ask of the ring: the engine reads each message
//! ([`read_message`](crate::core::message::read_message)) from the fields this file hands it,
//! and the commands are carried out as the page's own controls would.

use wasm_bindgen::prelude::*;

use super::js::field;
use crate::core::message::{read_message, Command};
use crate::core::{Change, Error};
use crate::ui::state::{AppState, Field, MAX_PAGE_KEYS};

/// Reads a message from the host page. `Err` carries words for a message of ours that cannot
/// be carried out; `Ok(None)` is anything else, which is ignored.
pub(super) fn read(message: &JsValue) -> Result<Option<Command>, String> {
    read_message(|name| field(message, name)).map_err(|e| e.to_string())
}

pub(super) fn run(app: AppState, command: Command) -> Result<(), String> {
    let field = Field::Canvas;
    let change = match command {
        Command::Apply(change) => change,
        Command::AddServer { name, at, weight } => Change::AddServer {
            name: name.unwrap_or_else(|| app.suggested_name()),
            at,
            weight,
        },
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
                key => app.selection.set_selected_key(key),
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
        Err(app.words.error(field).unwrap_or_default())
    }
}
