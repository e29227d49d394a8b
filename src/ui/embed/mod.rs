//! Embed mode (`?embed=1`): only the ring and the panels named in `panels=`, sized to its
//! content, driven by the host page through `postMessage`.
//!
//! Messages are accepted only from the parent window and only from the allowed origin: the one
//! named by `host=` in the embed link, or else the page's own origin. Events go back to that same
//! origin. Every message is read as JSON of a known shape; anything else is ignored.

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::core::{Change, Error, Kind};
use crate::ui::controls::keys::MAX_PAGE_KEYS;
use crate::ui::embed::js::JsObject;
use crate::ui::state::{AppState, Field};

pub mod js;
pub mod probe;

/// The panels an embed can show, by their `panels=` name.
pub const PANELS: [&str; 14] = [
    "last",
    "ownership",
    "key",
    "cache",
    "lesson",
    "servers",
    "vnodes",
    "keys",
    "replicas",
    "placement",
    "compare",
    "traffic",
    "timeline",
    "sweeps",
];
/// What an embed shows when `panels=` is absent.
pub const DEFAULT_PANELS: [&str; 2] = ["last", "ownership"];

/// How this page was asked to embed itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmbedConfig {
    /// The panels to show, in order.
    pub panels: Vec<&'static str>,
    /// The origin allowed to drive the ring and to receive its events.
    pub host: String,
}

impl EmbedConfig {
    /// Reads `embed`, `panels` and `host` from a link's extra parameters; None unless `embed=1`.
    pub fn from_params(
        extra: &[(String, String)],
        notices: &mut Vec<String>,
    ) -> Option<EmbedConfig> {
        let value = |name: &str| {
            extra
                .iter()
                .rev()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.as_str())
        };
        if value("embed") != Some("1") {
            return None;
        }
        let mut panels = Vec::new();
        match value("panels") {
            None => panels.extend(DEFAULT_PANELS),
            Some(list) => {
                for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
                    match PANELS.iter().find(|p| **p == name) {
                        Some(panel) if !panels.contains(panel) => panels.push(*panel),
                        Some(_) => {}
                        None => notices.push(format!("panels: there is no panel {name:?}")),
                    }
                }
            }
        }
        let own = window().location().origin().unwrap_or_default();
        let host = match value("host") {
            None => own,
            Some(origin) if is_origin(origin) => origin.to_string(),
            Some(origin) => {
                notices.push(format!(
                    "host: {origin:?} is not an origin such as https://example.org"
                ));
                own
            }
        };
        Some(EmbedConfig { panels, host })
    }

    /// Whether the embed shows `panel`.
    pub fn shows(&self, panel: &str) -> bool {
        self.panels.contains(&panel)
    }
}

/// An origin is a scheme, `://` and a host with an optional port, and nothing else.
fn is_origin(text: &str) -> bool {
    let Some((scheme, rest)) = text.split_once("://") else {
        return false;
    };
    matches!(scheme, "http" | "https")
        && !rest.is_empty()
        && rest
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'))
}

/// A message from the host page, read field by field; anything of another shape is None.
#[derive(Debug)]
enum Command {
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
    fn read(app: AppState, message: &JsValue) -> Result<Option<Command>, String> {
        use crate::ui::embed::js::{has_field, number_field, text_field, text_list_field};
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

/// Starts listening to the host and reporting to it.
pub fn connect(app: AppState, config: EmbedConfig) {
    let host = config.host.clone();
    let listener =
        Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
            let from_parent = match (ev.source(), window().parent().ok().flatten()) {
                (Some(source), Some(parent)) => js_sys::Object::is(&source, &parent),
                _ => false,
            };
            if !from_parent || ev.origin() != host {
                return;
            }
            // Anything that is not one of our messages, of the right shape, is ignored.
            let result = match Command::read(app, &ev.data()) {
                Ok(None) => return,
                Ok(Some(command)) => run(app, command),
                Err(words) => Err(words),
            };
            if let Err(message) = result {
                post(
                    &host,
                    JsObject::new()
                        .text("type", Some("ringlab:refused"))
                        .text("message", Some(&message)),
                );
            }
        });
    let _ = window().add_event_listener_with_callback("message", listener.as_ref().unchecked_ref());
    // The listener lives as long as the page.
    listener.forget();

    // After every change (and undo, redo or lesson step), tell the host what moved.
    let host = config.host.clone();
    Effect::new(move |_| {
        let event = app.last.with(|last| {
            let last = last.as_deref();
            let (keys, servers) = app.scenario.with(|s| {
                let rows: Vec<JsObject> = s
                    .ownership()
                    .servers
                    .iter()
                    .map(|row| {
                        JsObject::new()
                            .text("name", Some(&row.name))
                            .set("share", row.share)
                            .set("keys", row.keys as f64)
                    })
                    .collect();
                (s.keys().len(), rows)
            });
            JsObject::new()
                .text("type", Some("ringlab:changed"))
                .text("headline", last.map(|o| o.headline.as_str()))
                .text("summary", last.map(|o| o.summary()).as_deref())
                .text(
                    "change",
                    last.and_then(|o| o.change.as_ref())
                        .map(ToString::to_string)
                        .as_deref(),
                )
                .set("keys", keys as f64)
                .text("placement", Some(app.scenario.with(|s| s.placement().id())))
                .set("moved", last.map_or(0, |o| o.moved.len()) as f64)
                .set("ringMoved", moved_under(last, Kind::Ring))
                .set("modNMoved", moved_under(last, Kind::ModN))
                .list("servers", servers)
        });
        post(&host, event);
    });

    // Keep the host told of the content's height, so it can size the frame.
    let host = config.host;
    let last_height = StoredValue::new(0);
    let report = move || {
        // The body's own height, not the frame's: the frame may be taller or shorter.
        let height = document().body().map_or(0, |body| {
            body.get_bounding_client_rect().height().ceil() as i32
        });
        if height != last_height.get_value() {
            last_height.set_value(height);
            post(
                &host,
                JsObject::new()
                    .text("type", Some("ringlab:height"))
                    .set("height", height),
            );
        }
    };
    let observer_callback = Closure::<dyn Fn()>::new(report.clone());
    if let (Ok(observer), Some(body)) = (
        web_sys::ResizeObserver::new(observer_callback.as_ref().unchecked_ref()),
        document().body(),
    ) {
        observer.observe(&body);
    }
    observer_callback.forget();
    report();
}

fn run(app: AppState, command: Command) -> Result<(), String> {
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
            let found = crate::lessons::lesson(&lesson)
                .filter(|l| (1..=l.steps.len()).contains(&step))
                .ok_or_else(|| format!("There is no lesson {lesson:?} with a step {step}."))?;
            crate::ui::lessons::panel::go_to(app, found.id, step - 1);
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

fn post(origin: &str, message: JsObject) {
    let Ok(Some(parent)) = window().parent() else {
        return;
    };
    let _ = parent.post_message(&message.into(), origin);
}

/// How many keys moved under `kind` on the last change: 0 before any change, null when the
/// change was not measured under `kind` (another placement was chosen).
fn moved_under(last: Option<&crate::core::Outcome>, kind: Kind) -> JsValue {
    match last {
        None => JsValue::from_f64(0.0),
        Some(o) => o
            .moved_under(kind)
            .map_or(JsValue::NULL, |n| JsValue::from_f64(n as f64)),
    }
}
