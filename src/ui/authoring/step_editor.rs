//! The step open for editing in the recording strip: its title, its caption (plain text:
//! paragraphs, **bold** and `code`), what it points at, its questions, and the actions on it:
//! move earlier or later, duplicate, capture again from the screen, delete.

use leptos::prelude::*;

use super::capture::capture_link;
use crate::teach::lessons::{Panel, Pointer, Step, MAX_CAPTION};
use crate::ui::kit::focus::focus_soon;
use crate::ui::state::AppState;

/// Where the focus goes when a step opens for editing.
pub(super) const CAPTION: &str = "[data-testid=\"draft-caption\"]";

/// Opens step `i` for editing and shows its state on screen.
pub(super) fn edit_step(app: AppState, i: usize) {
    let Some(step) = app
        .teaching
        .draft
        .with_untracked(|d| d.as_ref().and_then(|d| d.lesson.steps.get(i).cloned()))
    else {
        return;
    };
    app.leave_lesson();
    app.show_step(&step, format!("Editing step {}: {}.", i + 1, step.title), i);
    app.teaching.update_draft(|d| {
        if let Some(d) = d {
            d.editing = Some(i);
        }
    });
}

/// Changes the step being edited with `edit`.
fn with_step(app: AppState, edit: impl FnOnce(&mut Step)) {
    app.teaching.update_draft(|d| {
        if let Some(d) = d {
            if let Some(step) = d.editing.and_then(|i| d.lesson.steps.get_mut(i)) {
                edit(step);
            }
        }
    });
}

/// Moves, copies or deletes the step being edited; says what happened.
fn rearrange(app: AppState, what: &'static str) {
    let mut said = String::new();
    app.teaching.update_draft(|d| {
        let Some(d) = d else { return };
        let Some(i) = d.editing else { return };
        let steps = &mut d.lesson.steps;
        let n = steps.len();
        match what {
            "earlier" if i > 0 => {
                steps.swap(i, i - 1);
                d.editing = Some(i - 1);
                said = format!("Step {} is now step {i}.", i + 1);
            }
            "later" if i + 1 < n => {
                steps.swap(i, i + 1);
                d.editing = Some(i + 1);
                said = format!("Step {} is now step {}.", i + 1, i + 2);
            }
            "duplicate" if n < crate::teach::lessons::MAX_STEPS => {
                let copy = steps[i].clone();
                steps.insert(i + 1, copy);
                d.editing = Some(i + 1);
                said = format!("Step {} copied as step {}.", i + 1, i + 2);
            }
            "delete" => {
                steps.remove(i);
                d.editing = None;
                said = format!("Step {} deleted; {} left.", i + 1, steps.len());
            }
            _ => {}
        }
    });
    if !said.is_empty() {
        app.words.announce(said);
    }
    let focus = match what {
        "delete" => "[data-testid=\"draft-add\"]",
        "earlier" => "[data-testid=\"draft-earlier\"]",
        "later" => "[data-testid=\"draft-later\"]",
        _ => CAPTION,
    };
    focus_soon(vec![focus.into(), "[data-testid=\"draft-add\"]".into()]);
}

/// The pointer choices for the state on screen: nothing, the selected key or server, a panel.
fn pointer_options(app: AppState) -> Vec<(String, String)> {
    let mut out = vec![(String::new(), "Nothing".to_string())];
    if let Some(key) = app.selection.key.get() {
        out.push((format!("key {key}"), format!("The key {key}")));
    }
    if let Some(server) = app.selection.server.get() {
        out.push((format!("server {server}"), format!("The server {server}")));
    }
    out.extend(Panel::ALL.iter().map(|p| {
        (
            format!("panel {}", p.id()),
            format!("The panel {}", p.title()),
        )
    }));
    out
}

/// The step open for editing, if any.
#[component]
pub(super) fn StepEditor() -> impl IntoView {
    let app = expect_context::<AppState>();
    // Memos, so that typing a caption does not draw the editor again (which would lose the
    // caret): it is drawn again only for another step, another count or other questions.
    let editing = Memo::new(move |_| {
        app.teaching
            .draft
            .with(|d| d.as_ref().and_then(|d| d.editing))
    });
    let count = Memo::new(move |_| {
        app.teaching
            .draft
            .with(|d| d.as_ref().map_or(0, |d| d.lesson.steps.len()))
    });
    let questions = Memo::new(move |_| {
        app.teaching.draft.with(|d| {
            d.as_ref()
                .and_then(|d| d.editing.and_then(|i| d.lesson.steps.get(i)))
                .map(|s| {
                    s.questions
                        .iter()
                        .map(|q| q.title.clone())
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    });
    let recapture = move |_| {
        let link = capture_link(app);
        with_step(app, |s| s.link = link);
        app.words
            .announce("The step now holds what is on screen.".into());
    };
    move || {
        let i = editing.get()?;
        let count = count.get();
        let step = app
            .teaching
            .draft
            .with_untracked(|d| d.as_ref().and_then(|d| d.lesson.steps.get(i).cloned()))
            .unwrap_or_default();
        let questions = questions.get();
        Some(view! {
            <div class="draft-editor" data-testid="draft-editor">
                <h2 class="sr-only">{format!("Step {} of {count}", i + 1)}</h2>
                <label class="draft-field">
                    <span>{format!("Step {} title", i + 1)}</span>
                    <input
                        type="text"
                        data-testid="draft-step-title"
                        maxlength="120"
                        prop:value=step.title.clone()
                        on:input=move |ev| {
                            let v = event_target_value(&ev);
                            with_step(app, |s| s.title = v);
                        }
                    />
                </label>
                <label class="draft-field caption-field">
                    <span>"Caption"</span>
                    <textarea
                        data-testid="draft-caption"
                        rows="2"
                        maxlength=MAX_CAPTION.to_string()
                        aria-describedby="caption-hint"
                        prop:value=step.caption.clone()
                        on:input=move |ev| {
                            let v = event_target_value(&ev);
                            with_step(app, |s| s.caption = v);
                        }
                    ></textarea>
                    <small id="caption-hint">"A blank line starts a paragraph; **bold**, `code`."</small>
                </label>
                <label class="draft-field">
                    <span>"Point at"</span>
                    <select
                        data-testid="draft-pointer"
                        on:change=move |ev| {
                            let v = event_target_value(&ev);
                            with_step(app, |s| s.pointer = v.parse().ok());
                        }
                    >
                        {move || {
                            let current = app.teaching.draft.with_untracked(|d| {
                                d.as_ref()
                                    .and_then(|d| d.editing.and_then(|i| d.lesson.steps.get(i)))
                                    .and_then(|s| s.pointer.as_ref().map(Pointer::to_string))
                                    .unwrap_or_default()
                            });
                            pointer_options(app)
                                .into_iter()
                                .map(|(value, label)| {
                                    let selected = value == current;
                                    view! { <option value=value selected=selected>{label}</option> }
                                })
                                .collect_view()
                        }}
                    </select>
                </label>
                {(!questions.is_empty()).then(|| view! {
                    <ul class="draft-questions" aria-label="Questions on this step">
                        {questions.into_iter().enumerate().map(|(k, title)| view! {
                            <li>
                                {format!("Question: {title} ")}
                                <button type="button" class="link" on:click=move |_| {
                                    with_step(app, |s| { if k < s.questions.len() { s.questions.remove(k); } });
                                    app.words.announce("Question removed.".into());
                                }>{format!("Remove question {}", k + 1)}</button>
                            </li>
                        }).collect_view()}
                    </ul>
                })}
                <div class="button-row">
                    <button type="button" data-testid="draft-earlier" aria-label="Move this step earlier" disabled=i == 0 on:click=move |_| rearrange(app, "earlier")>"← Earlier"</button>
                    <button type="button" data-testid="draft-later" aria-label="Move this step later" disabled=i + 1 == count on:click=move |_| rearrange(app, "later")>"Later →"</button>
                    <button type="button" data-testid="draft-duplicate" on:click=move |_| rearrange(app, "duplicate")>"Duplicate"</button>
                    <button type="button" data-testid="draft-recapture" on:click=recapture>"Capture the screen again"</button>
                    <button type="button" data-testid="draft-delete" on:click=move |_| rearrange(app, "delete")>"Delete step"</button>
                    <button type="button" data-testid="draft-done" on:click=move |_| {
                        app.teaching.update_draft(|d| if let Some(d) = d { d.editing = None; });
                        focus_soon(vec!["[data-testid=\"draft-add\"]".into()]);
                    }>"Done"</button>
                </div>
            </div>
        })
    }
}
