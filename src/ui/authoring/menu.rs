//! The Teach menu in the header: record a new lesson, edit the one playing, ask a question
//! about what is on screen, open a lesson file.

use leptos::prelude::*;

use super::share::open_file;
use crate::teach::lessons::Lesson;
use crate::ui::header::menu::{Fold, Menu};
use crate::ui::kit::focus::focus_soon;
use crate::ui::kit::icons::Icon;
use crate::ui::kit::lazy::{arrive, Lazy};
use crate::ui::kit::theme::Theme;
use crate::ui::state::{AppState, Draft};

/// Starts recording `lesson` (a new one when `None`).
fn record(app: AppState, lesson: Option<Lesson>) {
    let mut lesson = lesson.unwrap_or_else(|| Lesson {
        title: "My lesson".into(),
        ..Lesson::default()
    });
    lesson.id = String::new();
    let count = lesson.steps.len();
    app.leave_lesson();
    app.teaching.set_draft(Some(Draft {
        lesson,
        editing: None,
    }));
    app.words.announce(if count == 0 {
        "Recording a lesson. Set up the ring, then choose Add step to keep what is on screen."
            .into()
    } else {
        format!("Editing the lesson: {count} steps. Choose a step to change it.")
    });
    focus_soon(vec!["[data-testid=\"draft-add\"]".into()]);
}

/// The Teach menu and the dialog it opens.
#[component]
pub fn TeachMenu(theme: Signal<Theme>) -> impl IntoView {
    let app = expect_context::<AppState>();
    let fold = Fold::new();
    let ask_open = RwSignal::new(false);
    // The dialog's code arrives the first time it is asked for, and then stays mounted (it
    // shows itself while `ask_open` is true), so closing it gives the focus back as usual.
    let asked = Memo::new(move |was: Option<&bool>| was == Some(&true) || ask_open.get());
    let announce = Callback::new(move |words: String| app.words.announce(words));
    let ask = Lazy::new(
        "the question builder",
        || Box::pin(crate::ui::placements::with(super::arrive_ask())),
        announce,
    );
    let worksheet = Lazy::new(
        "the worksheet",
        || Box::pin(super::arrive_worksheet()),
        announce,
    );
    let file_ref = NodeRef::<leptos::html::Input>::new();
    view! {
        <Menu fold=fold label="Teach ▾" icon=Icon::Teach items_id="teach-items" testid="teach-open">
            <button
                type="button"
                data-testid="teach-new"
                on:click=move |_| {
                    fold.open.set(false);
                    record(app, None);
                }
            >
                "New lesson"
            </button>
            <Show when=move || app.teaching.lesson.with(Option::is_some)>
                <button
                    type="button"
                    data-testid="teach-edit"
                    on:click=move |_| {
                        fold.open.set(false);
                        let playing = app.teaching.lesson.get_untracked().map(|(l, _)| (*l).clone());
                        record(app, playing);
                    }
                >
                    "Edit this lesson"
                </button>
            </Show>
            <Show when=move || app.teaching.lesson.with(Option::is_some) || app.teaching.quiz_set.with(Option::is_some)>
                <button
                    type="button"
                    data-testid="teach-worksheet"
                    on:click=move |_| {
                        fold.open.set(false);
                        worksheet.with(move |print| print(app));
                    }
                >
                    "Print worksheet"
                </button>
            </Show>
            <button
                type="button"
                data-testid="teach-ask"
                on:click=move |_| {
                    fold.open.set(false);
                    ask_open.set(true);
                }
            >
                "Ask about this…"
            </button>
            <button
                type="button"
                data-testid="teach-open-file"
                on:click=move |_| {
                    fold.open.set(false);
                    if let Some(input) = file_ref.get_untracked() {
                        input.click();
                    }
                }
            >
                "Open a lesson file…"
            </button>
        </Menu>
        // Hidden: the menu's item opens it, and its own button would be a second way in.
        <input
            type="file"
            hidden
            aria-label="Lesson file"
            accept=".lesson,.txt,text/plain"
            data-testid="lesson-file"
            node_ref=file_ref
            on:change=move |ev| {
                if let Some(input) = ev
                    .target()
                    .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlInputElement>(t).ok())
                {
                    open_file(app, &input);
                }
            }
        />
        <Show when=move || asked.get()>
            {arrive(ask, "toast", move |show| show(ask_open, theme))}
        </Show>
    }
}
