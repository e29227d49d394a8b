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
pub const SHORTCUTS: [(&str, &str); 18] = [
    ("A", "add a server"),
    ("X or Delete", "remove the selected server"),
    ("K", "add 100 keys"),
    ("V", "cycle virtual nodes: 1, 3, 10, 100, 200"),
    ("Z or Ctrl+Z", "undo"),
    ("Shift+Z or Ctrl+Shift+Z", "redo"),
    ("→ or N", "next lesson step"),
    (
        "← or B",
        "previous lesson step (B blanks the screen in presentation mode)",
    ),
    (
        "Page Down",
        "next lesson step in presentation mode, as a clicker sends it",
    ),
    ("Page Up", "previous lesson step in presentation mode"),
    (
        "B or .",
        "in presentation mode, blank the screen, as a clicker's blank button does; any key brings it back",
    ),
    ("P", "presentation mode on or off"),
    ("Q", "in presentation mode, a QR code of this view for the room's phones"),
    ("C", "show or fold the controls in presentation mode"),
    ("F", "full screen"),
    ("R", "reset to the starting ring"),
    ("?", "show this list"),
    ("Escape", "close this list, stop placing"),
];

/// Where the choice to switch single-key shortcuts off is kept, on this machine only.
const SINGLE_KEYS_OFF: &str = "ringlab-single-key-shortcuts-off";

/// Whether single-key shortcuts (letters and `?`) are on: they are, unless switched off in the
/// list of shortcuts (WCAG 2.1.4), a choice the browser keeps for the next visit.
pub fn single_keys() -> RwSignal<bool> {
    if let Some(on) = use_context::<SingleKeys>() {
        return on.0;
    }
    let stored = window()
        .local_storage()
        .ok()
        .flatten()
        .and_then(|s| s.get_item(SINGLE_KEYS_OFF).ok().flatten());
    let on = RwSignal::new(stored.is_none());
    provide_context(SingleKeys(on));
    on
}

/// The single-key switch, shared through context.
#[derive(Clone, Copy)]
struct SingleKeys(RwSignal<bool>);

/// Switches single-key shortcuts on or off and remembers the choice.
fn set_single_keys(on: RwSignal<bool>, value: bool) {
    on.set(value);
    if let Some(storage) = window().local_storage().ok().flatten() {
        let _ = if value {
            storage.remove_item(SINGLE_KEYS_OFF)
        } else {
            storage.set_item(SINGLE_KEYS_OFF, "1")
        };
    }
}

/// Listens for shortcuts on the whole page, except while typing in a field.
pub fn install(app: AppState) {
    let single = single_keys();
    let handle = window_event_listener(ev::keydown, move |ev: web_sys::KeyboardEvent| {
        // A control that answered the key itself (the ring walking its keys, a chart its
        // samples) keeps it.
        if typing(&ev) || ev.alt_key() || ev.default_prevented() {
            return;
        }
        // A blank screen comes back at any key, which does nothing else.
        if untrack(|| app.page.blanked()) {
            app.page.set_blank(false);
            ev.prevent_default();
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
        } else if key.chars().count() == 1 && !single.get_untracked() {
            // A character key, with single-key shortcuts off: it is the page's no more.
            return;
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
        "x" | "X" | "Delete" => match app.selection.server.get_untracked() {
            Some(name) => {
                app.dispatch(Change::RemoveServer { name }, Field::ServerList);
            }
            None => app.words.show_error(
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
        "b" | "B" | "." if app.page.present.get_untracked() => {
            app.page.set_blank(true);
            app.words
                .announce("The screen is blank: press any key to bring it back.".into());
        }
        "ArrowRight" | "n" | "N" => app.step_lesson(1),
        "ArrowLeft" | "b" | "B" => app.step_lesson(-1),
        // A presenter's clicker sends Page Down and Page Up; elsewhere they scroll the page.
        "PageDown" | "PageUp"
            if app.page.present.get_untracked()
                && app.teaching.lesson.with_untracked(Option::is_some) =>
        {
            app.step_lesson(if key == "PageDown" { 1 } else { -1 });
        }
        "p" | "P" => app.page.toggle_present(),
        "q" | "Q" if app.page.present.get_untracked() => app.page.set_qr_open(true),
        "c" | "C" if app.page.present.get_untracked() => {
            app.page.toggle_controls();
            if app.page.controls_open.get_untracked() {
                crate::ui::kit::focus::focus_soon(vec!["#controls select".into()]);
            }
        }
        "f" | "F" => full_screen(),
        "r" | "R" => app.reset(),
        "?" => app.page.set_help_open(true),
        "Escape" => {
            app.page.set_help_open(false);
            app.selection.set_mode(ClickMode::Select);
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

/// The list of shortcuts, as a modal dialog, with the switch that turns the single-key ones off.
#[component]
pub fn ShortcutHelp() -> impl IntoView {
    let app = expect_context::<AppState>();
    let single = single_keys();
    view! {
        <Dialog open=app.page.help_open close=Callback::new(move |()| app.page.set_help_open(false)) title="Keyboard shortcuts" testid="shortcuts">
            <label class="check single-keys">
                <input
                    type="checkbox"
                    data-testid="single-keys"
                    prop:checked=move || single.get()
                    on:change=move |ev| set_single_keys(single, event_target_checked(&ev))
                />
                "Single-key shortcuts (A, K, R, ? …)"
            </label>
            <p class="hint">"Switch them off if you use speech input or often press keys by mistake: Ctrl+Z, the arrow keys, Delete and Escape still work."</p>
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
