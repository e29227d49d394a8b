//! Guided lessons: a picker, and the current step's narration with Back and Next.
//!
//! Each step is a whole link, so going to a step (forwards or back) shows exactly that step's
//! state; undo also works across steps.

use leptos::prelude::*;

use super::caption::Caption;
use crate::teach::lessons::{Lesson, LESSONS};
use crate::ui::kit::focus::{focus_now, focus_soon};
use crate::ui::kit::landmark::labelled_by;
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
                <option value="" selected=move || app.teaching.lesson.get().is_none()>"Lessons…"</option>
                {LESSONS
                    .iter()
                    .map(|l| {
                        let id = l.id.clone();
                        let value = id.clone();
                        view! {
                            <option value=value selected=move || app.teaching.lesson.with(|open| open.as_ref().is_some_and(|(open, _)| open.id == id))>
                                {l.title.clone()}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </label>
    }
}

/// Puts the focus on the lesson picker before the player goes, so it is never lost with the
/// button that was pressed.
fn back_to_picker() {
    let picker = ["[data-testid=\"lesson-select\"]".to_string()];
    if !focus_now(&picker) {
        focus_soon(picker.to_vec());
    }
}

/// The built-in lesson after `found` in the picker's order, if `found` is a built-in one.
fn next_lesson(found: &Lesson) -> Option<&'static Lesson> {
    let at = LESSONS.iter().position(|l| l == found)?;
    LESSONS.get(at + 1)
}

/// The lesson player: the step (where we are), what to notice, the lesson's questions about
/// what comes next (predict, then check), and Back / Next in one panel. On the page it is the
/// right-hand column (a sheet over the bottom of the screen on a narrow one) whose buttons sit
/// in a bar that never moves: the words above them scroll instead, with `numbers` (the ring's
/// readout, on a wide screen) after the step's words. The last step's Next is Finish, and the
/// next lesson is offered after its words; the keys that step are written on the bar.
#[component]
pub fn LessonPanel(
    theme: Signal<Theme>,
    /// What follows the step's words in the panel's scrolling part (the ring's readout).
    #[prop(optional)]
    numbers: Option<ViewFn>,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let body_ref = NodeRef::<leptos::html::Div>::new();
    // Each step starts at its first words.
    Effect::new(move |_| {
        app.teaching.lesson.track();
        if let Some(body) = body_ref.get() {
            body.set_scroll_top(0);
        }
    });
    let words = move || {
        let (found, step) = app.teaching.lesson.get()?;
        let at = found.steps.get(step)?.clone();
        // The last step offers the next lesson, right after its words.
        let next_offer = (step + 1 == found.steps.len())
            .then(|| next_lesson(&found))
            .flatten()
            .map(|next| {
                let next_id = next.id.clone();
                view! {
                    <button
                        type="button"
                        class="next-lesson"
                        data-testid="lesson-next-lesson"
                        on:click=move |_| {
                            app.open_lesson_step(&next_id, 0);
                            focus_soon(vec![NARRATION.into()]);
                        }
                    >
                        {format!("Next lesson: {} →", next.title)}
                    </button>
                }
            });
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
            <div class="narration" data-testid="lesson-narration" tabindex="-1"><Caption text=at.caption.clone() /></div>
            {next_offer}
            {questions}
        })
    };
    let place = move || {
        app.teaching.lesson.get().map(|(found, step)| {
            let count = found.steps.len();
            (found, step, count)
        })
    };
    let title = move || place().map(|(l, _, _)| l.title.clone()).unwrap_or_default();
    let step_line = move || {
        place()
            .and_then(|(l, step, count)| {
                let at = l.steps.get(step)?;
                Some(format!("Step {} of {count}: {}", step + 1, at.title))
            })
            .unwrap_or_default()
    };
    let first = move || place().is_none_or(|(_, step, _)| step == 0);
    let last = move || place().is_none_or(|(_, step, count)| step + 1 >= count);
    let finish = move || {
        let done = place().map(|(l, _, _)| l.title.clone()).unwrap_or_default();
        back_to_picker();
        app.leave_lesson();
        app.words.announce(format!(
            "Lesson finished: {done}. Pick another from the Lessons list."
        ));
    };
    view! {
        <Show when=move || app.teaching.lesson.with(Option::is_some)>
            <section class="panel lesson player" aria-labelledby=labelled_by("lesson-title") data-testid="lesson-panel">
                <div class="player-head">
                    <h2 id="lesson-title">{title}</h2>
                    <p class="step-count" data-testid="lesson-step">{step_line}</p>
                </div>
                <div class="player-body" node_ref=body_ref data-testid="lesson-body">
                    {words}
                    {numbers.clone().map(|numbers| numbers.run())}
                </div>
                <nav class="player-nav" aria-label="Lesson steps" data-testid="lesson-nav">
                    <div class="player-buttons">
                        <button
                            type="button"
                            data-testid="lesson-back"
                            aria-keyshortcuts="ArrowLeft"
                            disabled=first
                            on:click=move |_| step_from_panel(app, -1)
                        >
                            "← Back"
                        </button>
                        <Show
                            when=last
                            fallback=move || view! {
                                <button
                                    type="button"
                                    class="primary"
                                    data-testid="lesson-next"
                                    aria-keyshortcuts="ArrowRight"
                                    on:click=move |_| step_from_panel(app, 1)
                                >
                                    "Next →"
                                </button>
                            }
                        >
                            <button
                                type="button"
                                class="primary"
                                data-testid="lesson-next"
                                on:click=move |_| finish()
                            >
                                "Finish"
                            </button>
                        </Show>
                        <button
                            type="button"
                            data-testid="lesson-close"
                            on:click=move |_| {
                                back_to_picker();
                                app.leave_lesson();
                            }
                        >
                            "Leave"
                        </button>
                    </div>
                    <p class="keys-hint" data-testid="lesson-keys">
                        <kbd>"←"</kbd>" "<kbd>"→"</kbd>" step through the lesson"
                    </p>
                </nav>
            </section>
        </Show>
    }
}
