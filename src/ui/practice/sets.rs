//! Exercise sets: one put together from practice questions, with its link, and one a link
//! carries, answered in order with the score kept and a summary at the end to copy or save.

use leptos::prelude::*;

use super::question_card::QuestionCard;
use crate::teach::quiz::{decode_set, encode_set, Marking, Score, SET_PARAM};
use crate::ui::kit::browser::download;
use crate::ui::kit::focus::focus_soon;
use crate::ui::kit::theme::Theme;
use crate::ui::state::AppState;

/// Where the focus goes for a new question: its prompt is read out first.
pub(super) const PROMPT: &str = "[data-testid=\"practice-view\"] [data-testid=\"q-prompt\"]";

/// "question" or "questions", for `n` of them.
pub(super) fn plural_q(n: usize) -> &'static str {
    if n == 1 {
        "question"
    } else {
        "questions"
    }
}

/// The exercise set being put together: its questions, and its link.
#[component]
pub(super) fn SetBuilder() -> impl IntoView {
    let app = expect_context::<AppState>();
    let copied = RwSignal::new(String::new());
    let link = move || {
        app.teaching.exercises.with(|d| {
            let location = window().location();
            format!(
                "{}{}?view=practice&{SET_PARAM}={}",
                location.origin().unwrap_or_default(),
                location.pathname().unwrap_or_default(),
                encode_set(d)
            )
        })
    };
    let copy = move |_| {
        let _ = window().navigator().clipboard().write_text(&link());
        copied.set("Link copied.".into());
        app.words
            .announce("The exercise set's link was copied.".into());
    };
    let try_it = move |_| {
        let value = app.teaching.exercises.with_untracked(|d| encode_set(d));
        app.teaching.set_quiz_set(Some(value));
        focus_soon(vec![PROMPT.into()]);
    };
    view! {
        <Show when=move || !app.teaching.exercises.with(Vec::is_empty)>
            <section class="panel set-builder" aria-labelledby="set-builder-title" data-testid="set-builder">
                <h3 id="set-builder-title">
                    {move || {
                        let n = app.teaching.exercises.with(Vec::len);
                        format!("Exercise set: {n} {}", plural_q(n))
                    }}
                </h3>
                <ol>
                    {move || {
                        app.teaching.exercises
                            .get()
                            .into_iter()
                            .enumerate()
                            .map(|(i, q)| {
                                let words = q
                                    .pose()
                                    .map(|p| p.prompt().to_string())
                                    .unwrap_or_else(|e| e.to_string());
                                view! {
                                    <li>
                                        {words}
                                        " "
                                        <button
                                            type="button"
                                            class="link"
                                            on:click=move |_| {
                                                app.teaching.update_exercises(|d| {
                                                    if i < d.len() {
                                                        d.remove(i);
                                                    }
                                                });
                                                focus_soon(vec!["[data-testid=\"add-to-set\"]".into()]);
                                            }
                                        >
                                            {format!("Remove question {}", i + 1)}
                                        </button>
                                    </li>
                                }
                            })
                            .collect_view()
                    }}
                </ol>
                <label class="set-link">
                    <span>"Link to hand out"</span>
                    <input type="text" readonly data-testid="set-link" prop:value=link />
                </label>
                <div class="button-row">
                    <button type="button" class="primary" data-testid="set-copy" on:click=copy>
                        "Copy link"
                    </button>
                    <button type="button" data-testid="set-try" on:click=try_it>
                        "Try the set"
                    </button>
                    <span class="copied" role="status">{move || copied.get()}</span>
                </div>
            </section>
        </Show>
    }
}

/// The questions of an exercise set, in order, with the score and a summary at the end.
#[component]
pub(super) fn SetRun(value: String, theme: Signal<Theme>) -> impl IntoView {
    let app = expect_context::<AppState>();
    let decoded = decode_set(&value);
    let problems: Vec<String> = decoded.problems.iter().map(|p| p.to_string()).collect();
    let questions = StoredValue::new(decoded.questions);
    let total = questions.with_value(Vec::len);
    let index = RwSignal::new(0usize);
    let score = RwSignal::new(Score::new());
    let answered = RwSignal::new(false);
    let finished = move || index.get() >= total;
    let on_marked = move |m: Marking| {
        let i = index.get_untracked();
        if let Some(posed) = questions.with_value(|q| q.get(i).cloned()) {
            score.update(|s| s.record(&posed, &m));
        }
        answered.set(true);
    };
    let next = move |_| {
        answered.set(false);
        index.update(|i| *i += 1);
        if index.get_untracked() >= total {
            let summary = score.with_untracked(|s| {
                format!("Exercise set done: {} of {} right.", s.right(), s.total())
            });
            app.words.announce(summary);
            focus_soon(vec!["[data-testid=\"set-summary\"]".into()]);
        } else {
            focus_soon(vec![PROMPT.into()]);
        }
    };
    let summary = move || score.with(Score::summary);
    let copied = RwSignal::new(String::new());
    let copy = move |_| {
        let _ = window().navigator().clipboard().write_text(&summary());
        copied.set("Summary copied.".into());
        app.words.announce("The summary was copied.".into());
    };
    let save = move |_| {
        let url = format!(
            "data:text/plain;charset=utf-8,{}",
            js_sys::encode_uri_component(&summary())
        );
        download(&url, "ringlab-exercise-set.txt");
        app.words.announce("The summary was saved as text.".into());
    };
    let leave = move |_| {
        app.teaching.set_quiz_set(None);
        focus_soon(vec!["[data-testid=\"practice-seed\"]".into()]);
    };
    let has_problems = !problems.is_empty();
    let problems = StoredValue::new(problems);
    view! {
        <div class="practice-head">
            <h2 id="practice-title">"Exercise set"</h2>
            <p class="practice-status" data-testid="set-status">
                {move || {
                    let done = score.with(|s| (s.right(), s.total()));
                    if total == 0 {
                        "This set has no question that can be used.".to_string()
                    } else if finished() {
                        format!("Done · {} of {} right", done.0, done.1)
                    } else {
                        format!(
                            "Question {} of {total} · {} of {} right so far",
                            index.get() + 1,
                            done.0,
                            done.1
                        )
                    }
                }}
            </p>
        </div>
        <Show when=move || has_problems>
            <div class="notice" role="status" data-testid="set-problems">
                <p>"Parts of this exercise set could not be used and were left out:"</p>
                <ul>
                    {move || problems.get_value().into_iter().map(|p| view! { <li>{p}</li> }).collect_view()}
                </ul>
            </div>
        </Show>
        {move || {
            let i = index.get();
            questions
                .with_value(|q| q.get(i).cloned())
                .map(|posed| view! { <QuestionCard posed=posed theme=theme on_marked=on_marked /> })
        }}
        <Show when=move || !finished()>
            <div class="button-row practice-next">
                <button
                    type="button"
                    class:primary=move || answered.get()
                    data-testid="set-next"
                    disabled=move || !answered.get()
                    on:click=next
                >
                    {move || if index.get() + 1 >= total { "Finish" } else { "Next question" }}
                </button>
            </div>
        </Show>
        <Show when=move || { finished() && (total > 0) }>
            <section class="panel set-summary" aria-labelledby="set-summary-title">
                <h3 id="set-summary-title">"Your summary"</h3>
                <textarea
                    readonly
                    rows="8"
                    data-testid="set-summary"
                    aria-labelledby="set-summary-title"
                    prop:value=summary
                ></textarea>
                <div class="button-row">
                    <button type="button" class="primary" data-testid="summary-copy" on:click=copy>
                        "Copy summary"
                    </button>
                    <button type="button" data-testid="summary-save" on:click=save>
                        "Save as text"
                    </button>
                    <span class="copied" role="status">{move || copied.get()}</span>
                </div>
                <p class="q-hint">"Nothing leaves this page: the summary is only where you copy or save it."</p>
            </section>
        </Show>
        <div class="button-row">
            <button type="button" data-testid="set-leave" on:click=leave>
                "Practise from a seed instead"
            </button>
        </div>
    }
}
