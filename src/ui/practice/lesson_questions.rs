//! A built-in lesson's questions, added to the exercise set being put together, beside the
//! practice questions and the ones asked about the screen ("Ask about this").

use leptos::prelude::*;

use crate::teach::lessons::{questions_for, LESSONS};
use crate::ui::state::AppState;

/// A lesson picker and "Add its questions".
#[component]
pub(super) fn LessonQuestions() -> impl IntoView {
    let app = expect_context::<AppState>();
    let chosen = RwSignal::new(LESSONS[0].id.clone());
    let said = RwSignal::new(String::new());
    let add = move |_| {
        let id = chosen.get_untracked();
        let questions: Vec<_> = questions_for(&id)
            .filter_map(|q| q.question().ok())
            .collect();
        let n = questions.len();
        app.teaching.update_exercises(|d| d.extend(questions));
        let total = app.teaching.exercises.with_untracked(Vec::len);
        let words = format!(
            "{n} {} of the lesson added; the set holds {total}.",
            if n == 1 { "question" } else { "questions" }
        );
        said.set(words.clone());
        app.words.announce(words);
    };
    view! {
        <div class="button-row lesson-questions">
            <label>
                <span>"A lesson's questions "</span>
                <select
                    data-testid="lesson-questions-pick"
                    on:change=move |ev| chosen.set(event_target_value(&ev))
                >
                    {LESSONS
                        .iter()
                        .map(|l| view! { <option value=l.id.clone()>{l.title.clone()}</option> })
                        .collect_view()}
                </select>
            </label>
            <button type="button" data-testid="lesson-questions-add" on:click=add>
                "Add its questions to the set"
            </button>
            <span role="status">{move || said.get()}</span>
        </div>
    }
}
