//! The recording strip: a slim row under the header while a lesson is being recorded, with its
//! title, a button per step, "Add step", "Play", the lesson's link and file, and "Stop". The
//! ring, the controls and the readout stay where they are: recording is using the page.

use std::sync::Arc;

use leptos::prelude::*;

use super::capture::capture_step;
use super::share::DraftShare;
use super::step_editor::{StepEditor, CAPTION};
use crate::ui::kit::focus::focus_soon;
use crate::ui::state::AppState;

/// Adds the state on screen as a new step, after the one being edited (or at the end), and
/// opens it for its caption.
pub fn add_step(app: AppState) {
    let Some(mut draft) = app.teaching.draft.get_untracked() else {
        return;
    };
    if draft.lesson.steps.len() >= crate::teach::lessons::MAX_STEPS {
        app.words.announce(format!(
            "A lesson holds at most {} steps.",
            crate::teach::lessons::MAX_STEPS
        ));
        return;
    }
    let at = draft.editing.map_or(draft.lesson.steps.len(), |i| {
        (i + 1).min(draft.lesson.steps.len())
    });
    let step = capture_step(app, at + 1);
    draft.lesson.steps.insert(at, step);
    draft.editing = Some(at);
    let count = draft.lesson.steps.len();
    app.teaching.set_draft(Some(draft));
    app.words.announce(format!(
        "Step {} of {count} kept from the screen. Write its caption.",
        at + 1
    ));
    focus_soon(vec![CAPTION.into()]);
}

/// The strip, shown while a lesson is being recorded.
#[component]
pub fn RecordingStrip() -> impl IntoView {
    let app = expect_context::<AppState>();
    let title = move || {
        app.teaching.draft.with(|d| {
            d.as_ref()
                .map(|d| d.lesson.title.clone())
                .unwrap_or_default()
        })
    };
    let set_title = move |ev| {
        let value = event_target_value(&ev);
        app.teaching.update_draft(|d| {
            if let Some(d) = d {
                d.lesson.title = value;
            }
        });
    };
    let play = move |_| {
        let Some(draft) = app.teaching.draft.get_untracked() else {
            return;
        };
        if draft.lesson.steps.is_empty() {
            app.words
                .announce("Add a step first: there is nothing to play.".into());
            return;
        }
        let from = draft.editing.unwrap_or(0);
        app.teaching.update_draft(|d| {
            if let Some(d) = d {
                d.editing = None;
            }
        });
        app.open_lesson(Arc::new(draft.lesson), from);
        focus_soon(vec!["[data-testid=\"lesson-narration\"]".into()]);
    };
    let stop = move |_| {
        app.teaching.set_draft(None);
        app.words.announce(
            "Recording stopped. Save the lesson or copy its link first to keep it.".into(),
        );
        focus_soon(vec!["[data-testid=\"teach-open\"]".into()]);
    };
    let steps = move || {
        app.teaching.draft.with(|d| {
            let Some(d) = d else { return Vec::new() };
            d.lesson
                .steps
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    (
                        i,
                        s.title.clone(),
                        !s.questions.is_empty(),
                        d.editing == Some(i),
                    )
                })
                .collect::<Vec<_>>()
        })
    };
    view! {
        <section class="authoring-strip" aria-label="Recording a lesson" data-testid="authoring-strip">
            <div class="strip-row">
                <span class="rec-dot" aria-hidden="true"></span>
                <label class="strip-title">
                    <span>"Lesson"</span>
                    <input
                        type="text"
                        data-testid="draft-title"
                        maxlength="120"
                        prop:value=title
                        on:input=set_title
                    />
                </label>
                <ol class="draft-steps" aria-label="Steps">
                    <For each=steps key=|s| (s.0, s.1.clone(), s.2, s.3) let:s>
                        <li>
                            <button
                                type="button"
                                data-testid="draft-step"
                                aria-pressed=s.3.to_string()
                                on:click=move |_| super::step_editor::edit_step(app, s.0)
                            >
                                <span class="step-no">{s.0 + 1}</span>
                                " "
                                {s.1.clone()}
                                {s.2.then_some(" · question")}
                            </button>
                        </li>
                    </For>
                </ol>
                <div class="strip-actions">
                    <button type="button" class="primary" data-testid="draft-add" on:click=move |_| add_step(app)>
                        "Add step"
                    </button>
                    <button type="button" data-testid="draft-play" on:click=play>"Play"</button>
                    <DraftShare />
                    <button type="button" data-testid="draft-stop" on:click=stop>"Stop recording"</button>
                </div>
            </div>
            <StepEditor />
        </section>
    }
}
