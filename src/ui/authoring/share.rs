//! Sharing a recorded lesson, and opening one: a link when the whole address stays within
//! the engine's limit ([`MAX_LINK_CHARS`]), a file otherwise (or always, by choice), and a file
//! opened from the Teach menu, which opens every step it can read and names what it skipped.

use std::sync::Arc;

use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

use crate::teach::lessons::{lesson_link, read_text, write_text, Lesson, MAX_LINK_CHARS};
use crate::ui::kit::browser::download;
use crate::ui::kit::focus::focus_soon;
use crate::ui::state::{AppState, Draft};

/// The page's address opening `lesson` at its first step, or why it cannot be a link.
pub fn lesson_address(lesson: &Lesson) -> Result<String, String> {
    let location = window().location();
    let address = format!(
        "{}{}?lesson={}&step=1",
        location.origin().unwrap_or_default(),
        location.pathname().unwrap_or_default(),
        lesson_link(lesson)
    );
    if address.len() > MAX_LINK_CHARS {
        return Err(format!(
            "This lesson needs {} characters as a link, more than the {} a link may hold (web servers and chat programs cut longer ones). Save it as a file instead.",
            crate::core::grouped(address.len() as u64),
            crate::core::grouped(MAX_LINK_CHARS as u64)
        ));
    }
    Ok(address)
}

/// A file name for `lesson`: its title in lower case with dashes, then `.lesson`.
fn file_name(lesson: &Lesson) -> String {
    let slug: String = lesson
        .title
        .chars()
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    let slug = slug
        .split('-')
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    format!("{}.lesson", if slug.is_empty() { "ringlab" } else { &slug })
}

/// Offers `lesson` as a file to save.
pub fn save_file(lesson: &Lesson) {
    let url = format!(
        "data:text/plain;charset=utf-8,{}",
        js_sys::encode_uri_component(&write_text(lesson))
    );
    download(&url, &file_name(lesson));
}

/// The recorded lesson's link and file.
#[component]
pub fn DraftShare() -> impl IntoView {
    let app = expect_context::<AppState>();
    let said = RwSignal::new(String::new());
    let link = RwSignal::new(String::new());
    let lesson = move || {
        app.teaching
            .draft
            .with_untracked(|d| d.as_ref().map(|d| d.lesson.clone()))
    };
    let copy = move |_| {
        let Some(lesson) = lesson() else { return };
        if lesson.steps.is_empty() {
            said.set("Add a step first.".into());
            return;
        }
        match lesson_address(&lesson) {
            Ok(address) => {
                let _ = window().navigator().clipboard().write_text(&address);
                link.set(address);
                said.set("Link copied.".into());
                app.words.announce("The lesson's link was copied.".into());
            }
            Err(why) => {
                link.set(String::new());
                said.set(why.clone());
                app.words.announce(why);
            }
        }
    };
    let save = move |_| {
        if let Some(lesson) = lesson() {
            save_file(&lesson);
            said.set("Saved as a file.".into());
        }
    };
    view! {
        <button type="button" data-testid="draft-copy-link" on:click=copy>"Copy link"</button>
        <button type="button" data-testid="draft-save" on:click=save>"Save file"</button>
        <span class="strip-said" role="status" data-testid="draft-said">{move || said.get()}</span>
        <Show when=move || !link.with(String::is_empty)>
            <label class="strip-link">
                <span class="sr-only">"The lesson's link"</span>
                <input type="text" readonly data-testid="draft-link" prop:value=move || link.get() />
            </label>
        </Show>
    }
}

/// Opens a lesson file chosen by the person: plays it from its first step, or says why not.
pub fn open_file(app: AppState, input: &web_sys::HtmlInputElement) {
    let Some(file) = input.files().and_then(|f| f.get(0)) else {
        return;
    };
    let name = file.name();
    let Ok(reader) = web_sys::FileReader::new() else {
        return;
    };
    let read = reader.clone();
    let onload = Closure::once_into_js(move || {
        let text = read
            .result()
            .ok()
            .and_then(|r| r.as_string())
            .unwrap_or_default();
        open_text(app, &name, &text);
    });
    reader.set_onload(Some(onload.unchecked_ref()));
    let _ = reader.read_as_text(&file);
    input.set_value("");
}

/// Opens a lesson from its text, naming what was skipped.
pub fn open_text(app: AppState, name: &str, text: &str) {
    let read = read_text(text);
    if !read.skipped.is_empty() {
        app.words.update_link_notices(|n| {
            n.extend(read.skipped.iter().map(|s| format!("{name}: {s}")));
        });
    }
    if read.lesson.steps.is_empty() {
        app.words
            .announce(format!("{name}: no step of a lesson could be read."));
        return;
    }
    let mut lesson = read.lesson;
    // A file is a written lesson, even one saved from a built-in lesson: it travels whole.
    lesson.id = String::new();
    app.teaching.set_draft(None::<Draft>);
    app.open_lesson(Arc::new(lesson), 0);
    focus_soon(vec!["[data-testid=\"lesson-narration\"]".into()]);
}
