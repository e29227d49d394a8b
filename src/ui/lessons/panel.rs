//! Guided lessons: a picker, and the current step's narration with Back and Next.
//!
//! Each step is a whole link, so going to a step (forwards or back) shows exactly that step's
//! state; undo also works across steps.

use leptos::prelude::*;

use super::caption::Caption;
use crate::teach::lessons::LESSONS;
use crate::ui::kit::focus::focus_soon;
use crate::ui::kit::theme::Theme;
use crate::ui::practice::question_card::QuestionCard;
use crate::ui::state::AppState;

/// The narration of the step on screen, where the focus goes after a step.
const NARRATION: &str = "[data-testid=\"lesson-narration\"]";

/// Moves `delta` steps through the current lesson from a button of the lesson panel, which is
/// drawn anew for the step: the focus goes to the new step's narration.
fn step_from_panel(app: AppState, delta: isize) {
    app.step_lesson(delta);
    focus_soon(vec![NARRATION.into()]);
}

/// The lesson picker, for the header.
#[component]
pub fn LessonPicker() -> impl IntoView {
    let app = expect_context::<AppState>();
    let on_pick = move |ev| {
        let id = event_target_value(&ev);
        if let Some(found) = LESSONS.iter().find(|l| l.id == id) {
            app.open_lesson_step(&found.id, 0);
            focus_soon(vec![NARRATION.into()]);
        }
    };
    view! {
        <label class="lesson-picker">
            <span class="sr-only">"Guided lesson"</span>
            <select data-testid="lesson-select" on:change=on_pick>
                <option value="" selected=move || app.lesson.get().is_none()>"Guided lessons…"</option>
                {LESSONS
                    .iter()
                    .map(|l| {
                        let id = l.id.clone();
                        let value = id.clone();
                        view! {
                            <option value=value selected=move || app.lesson.with(|open| open.as_ref().is_some_and(|(open, _)| open.id == id))>
                                {l.title.clone()}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </label>
    }
}

/// The current step: where we are, what to notice, the lesson's questions about what comes
/// next (predict, then check), and Back / Next.
#[component]
pub fn LessonPanel(theme: Signal<Theme>) -> impl IntoView {
    let app = expect_context::<AppState>();
    move || {
        let (found, step) = app.lesson.get()?;
        let at = found.steps.get(step)?.clone();
        let count = found.steps.len();
        let questions = at
            .questions
            .iter()
            .filter_map(|q| Some((q.clone(), q.question().ok()?.pose().ok()?)))
            .map(|(q, posed)| {
                view! {
                    <div class="lesson-question" data-testid="lesson-question">
                        <h3>{format!("Predict, then check: {}", q.title)}</h3>
                        <p class="q-lead">{q.lead}</p>
                        <QuestionCard posed=posed theme=theme on_marked=|_| {} />
                    </div>
                }
            })
            .collect_view();
        Some(view! {
            <section class="panel lesson" aria-labelledby="lesson-title" data-testid="lesson-panel">
                <h2 id="lesson-title">{found.title.clone()}</h2>
                <p class="step-count" data-testid="lesson-step">{format!("Step {} of {count}: {}", step + 1, at.title)}</p>
                <div class="narration" data-testid="lesson-narration" tabindex="-1"><Caption text=at.caption.clone() /></div>
                {questions}
                <div class="button-row">
                    <button
                        type="button"
                        data-testid="lesson-back"
                        aria-keyshortcuts="ArrowLeft"
                        disabled=step == 0
                        on:click=move |_| step_from_panel(app, -1)
                    >
                        "← Back"
                    </button>
                    <button
                        type="button"
                        class="primary"
                        data-testid="lesson-next"
                        aria-keyshortcuts="ArrowRight"
                        disabled=step + 1 == count
                        on:click=move |_| step_from_panel(app, 1)
                    >
                        "Next →"
                    </button>
                    <button
                        type="button"
                        data-testid="lesson-close"
                        on:click=move |_| {
                            app.leave_lesson();
                            focus_soon(vec!["[data-testid=\"lesson-select\"]".into()]);
                        }
                    >
                        "Leave lesson"
                    </button>
                </div>
            </section>
        })
    }
}
