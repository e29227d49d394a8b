//! Keyboard shortcuts for every frequent action, so an instructor can drive the ring from a
//! presenter or the keyboard, and the "?" overlay that lists them.

use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::core::Change;
use crate::ui::kit::dialog::Dialog;
use crate::ui::state::{AppState, ClickMode, Field};

/// The vnode counts `v` cycles through.
const VNODE_CYCLE: [u32; 5] = [1, 3, 10, 100, 200];

/// Every shortcut, as the overlay lists it.
pub const SHORTCUTS: [(&str, &str); 13] = [
    ("A", "add a server"),
    ("X or Delete", "remove the selected server"),
    ("K", "add 100 keys"),
    ("V", "cycle virtual nodes: 1, 3, 10, 100, 200"),
    ("Z or Ctrl+Z", "undo"),
    ("Shift+Z or Ctrl+Shift+Z", "redo"),
    ("→ or N", "next lesson step"),
    ("← or B", "previous lesson step"),
    ("P", "presentation mode on or off"),
    ("F", "full screen"),
    ("R", "reset to the starting ring"),
    ("?", "show this list"),
    ("Escape", "close this list, stop placing"),
];

/// Listens for shortcuts on the whole page, except while typing in a field.
pub fn install(app: AppState) {
    let handle = window_event_listener(ev::keydown, move |ev: web_sys::KeyboardEvent| {
        if typing(&ev) || ev.alt_key() {
            return;
        }
        let key = ev.key();
        let command = ev.ctrl_key() || ev.meta_key();
        let handled = if command {
            match (key.to_ascii_lowercase().as_str(), ev.shift_key()) {
                ("z", false) => app.undo(),
                ("z", true) | ("y", false) => app.redo(),
                _ => return,
            }
        } else {
            run(app, &key)
        };
        if handled {
            ev.prevent_default();
        }
    });
    on_cleanup(move || handle.remove());
}

fn run(app: AppState, key: &str) -> bool {
    match key {
        "a" | "A" => {
            let name = app.suggested_name();
            app.dispatch(
                Change::AddServer {
                    name,
                    at: None,
                    weight: None,
                },
                Field::AddServer,
            );
        }
        "x" | "X" | "Delete" => match app.selected_server.get_untracked() {
            Some(name) => {
                app.dispatch(Change::RemoveServer { name }, Field::ServerList);
            }
            None => app.show_error(
                Field::ServerList,
                "Select a server first: click its point on the ring or its name.".into(),
            ),
        },
        "k" | "K" => {
            app.dispatch(Change::GenerateKeys { count: 100 }, Field::Keys);
        }
        "v" | "V" => {
            let now = app.scenario.with_untracked(|s| s.vnodes());
            let next = VNODE_CYCLE
                .iter()
                .copied()
                .find(|v| *v > now)
                .unwrap_or(VNODE_CYCLE[0]);
            app.dispatch(Change::SetVnodes { vnodes: next }, Field::Vnodes);
        }
        "z" => {
            app.undo();
        }
        "Z" => {
            app.redo();
        }
        "ArrowRight" | "n" | "N" => app.step_lesson(1),
        "ArrowLeft" | "b" | "B" => app.step_lesson(-1),
        "p" | "P" => app.present.update(|p| *p = !*p),
        "f" | "F" => full_screen(),
        "r" | "R" => app.reset(),
        "?" => app.help_open.set(true),
        "Escape" => {
            app.help_open.set(false);
            app.mode.set(ClickMode::Select);
        }
        _ => return false,
    }
    true
}

fn typing(ev: &web_sys::KeyboardEvent) -> bool {
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"))
}

/// Asks for full screen, or leaves it.
pub fn full_screen() {
    let document = document();
    if document.fullscreen_element().is_some() {
        document.exit_fullscreen();
    } else if let Some(root) = document.document_element() {
        let _ = root.request_fullscreen();
    }
}

/// The list of shortcuts, as a modal dialog.
#[component]
pub fn ShortcutHelp() -> impl IntoView {
    let app = expect_context::<AppState>();
    view! {
        <Dialog open=app.help_open title="Keyboard shortcuts" testid="shortcuts">
            <table>
                <tbody>
                    {SHORTCUTS
                        .iter()
                        .map(|(keys, what)| view! { <tr><th scope="row"><kbd>{*keys}</kbd></th><td>{*what}</td></tr> })
                        .collect_view()}
                </tbody>
            </table>
        </Dialog>
    }
}
