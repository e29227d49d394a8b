//! The Practice view: questions drawn from a seed (in the link, so two people get the same
//! questions), one at a time, harder as answers come right; or the questions of an exercise
//! set a link carries, with the score kept and a summary at the end to copy or save.
//!
//! Drawing, posing and marking the questions, the level and the score are all the engine's
//! ([`Practice`], [`decode_set`], [`Score`]); the view shows them and gathers replies.

use leptos::prelude::*;

use super::predict::Asked;
use super::question_card::QuestionCard;
use crate::core::quiz::{
    decode_set, encode_set, Difficulty, Marking, Practice, QuestionKind, Score, SET_PARAM,
};
use crate::ui::kit::focus::focus_soon;
use crate::ui::kit::theme::Theme;
use crate::ui::state::AppState;

/// Practice, or the exercise set a link opened.
#[component]
pub fn PracticeView(theme: Signal<Theme>) -> impl IntoView {
    let app = expect_context::<AppState>();
    view! {
        <section class="practice" aria-labelledby="practice-title" data-testid="practice-view">
            {move || match app.quiz_set.get() {
                Some(value) => view! { <SetRun value=value theme=theme /> }.into_any(),
                None => view! { <PracticeRun theme=theme /> }.into_any(),
            }}
        </section>
    }
}

/// Where the focus goes for a new question: its prompt is read out first.
const PROMPT: &str = "[data-testid=\"practice-view\"] [data-testid=\"q-prompt\"]";

/// A practice round: the engine's run from the seed, the kinds asked for, the score and the
/// question on screen. It lives with the app, not the view, so that a look at the ring and
/// back does not lose the round.
#[derive(Clone, Copy)]
pub struct PracticeRound {
    run: RwSignal<Practice>,
    kind: RwSignal<Option<QuestionKind>>,
    score: RwSignal<Score>,
    answered: RwSignal<bool>,
    current: RwSignal<Option<Result<Asked, String>>>,
}

impl PracticeRound {
    /// A round from `seed`, no question drawn yet.
    pub fn new(seed: u64) -> PracticeRound {
        PracticeRound {
            run: RwSignal::new(Practice::new(seed)),
            kind: RwSignal::new(None),
            score: RwSignal::new(Score::new()),
            answered: RwSignal::new(false),
            current: RwSignal::new(None),
        }
    }
}

/// Questions from the seed, one after another.
#[component]
fn PracticeRun(theme: Signal<Theme>) -> impl IntoView {
    let app = expect_context::<AppState>();
    let seed = app.practice_seed.get_untracked();
    let PracticeRound {
        run,
        kind,
        score,
        answered,
        current,
    } = expect_context::<PracticeRound>();
    let draw = move || {
        let mut practice = run.get_untracked();
        let question = practice.next(kind.get_untracked());
        run.set(practice);
        answered.set(false);
        current.set(Some(question.pose().map(Asked).map_err(|e| e.to_string())));
    };
    if current.with_untracked(Option::is_none) {
        draw();
    }
    let restart = move |new_seed: u64| {
        app.practice_seed.set(new_seed);
        run.set(Practice::new(new_seed));
        score.set(Score::new());
        draw();
        app.announcement.set(format!(
            "Practice from seed {new_seed}, level 1. A new question."
        ));
        focus_soon(vec![PROMPT.into()]);
    };
    let on_marked = move |m: Marking| {
        if let Some(Ok(Asked(posed))) = current.get_untracked() {
            score.update(|s| s.record(&posed, &m));
        }
        let before = run.with_untracked(|r| r.level());
        let mut practice = run.get_untracked();
        let after = practice.record(m.right);
        run.set(practice);
        answered.set(true);
        if after != before {
            let words = if after.level() > before.level() {
                "up"
            } else {
                "down"
            };
            app.announcement.set(format!(
                "Level {words} to {} of {}: {}",
                after.level(),
                Difficulty::HARDEST.level(),
                after.describe()
            ));
        }
    };
    let next = move |_| {
        draw();
        focus_soon(vec![PROMPT.into()]);
    };
    let seed_text = RwSignal::new(seed.to_string());
    let seed_error = RwSignal::new(None::<String>);
    let start = move || match crate::core::parse_number::<u64>(&seed_text.get_untracked()) {
        Ok(s) => {
            seed_error.set(None);
            restart(s);
        }
        Err(e) => seed_error.set(Some(format!("Seed: {e}"))),
    };
    let status = move || {
        let level = run.with(|r| r.level());
        score.with(|s| {
            format!(
                "Seed {} · level {} of {} · {} of {} right",
                app.practice_seed.get(),
                level.level(),
                Difficulty::HARDEST.level(),
                s.right(),
                s.total()
            )
        })
    };
    let add = move |_| {
        if let Some(Ok(Asked(posed))) = current.get_untracked() {
            let question = posed.question().clone();
            app.set_draft.update(|d| {
                if !d.contains(&question) {
                    d.push(question);
                }
            });
            let n = app.set_draft.with_untracked(Vec::len);
            app.announcement
                .set(format!("Added to the exercise set: {n} {}.", plural_q(n)));
        }
    };
    view! {
        <div class="practice-head">
            <h2 id="practice-title">"Practice"</h2>
            <p class="practice-status" data-testid="practice-status">{status}</p>
            <p class="practice-level" data-testid="practice-level">
                {move || run.with(|r| r.level().describe())}
            </p>
        </div>
        <div class="practice-settings">
            <label>
                <span>"Seed"</span>
                <input
                    type="text"
                    inputmode="numeric"
                    data-testid="practice-seed"
                    prop:value=move || seed_text.get()
                    aria-invalid=move || seed_error.with(Option::is_some).to_string()
                    aria-describedby="seed-error"
                    on:input=move |ev| seed_text.set(event_target_value(&ev))
                    on:keydown=move |ev: web_sys::KeyboardEvent| {
                        if ev.key() == "Enter" {
                            ev.prevent_default();
                            start();
                        }
                    }
                />
            </label>
            <button type="button" data-testid="practice-start" on:click=move |_| start()>
                "Start from this seed"
            </button>
            <label>
                <span>"Questions"</span>
                <select
                    data-testid="practice-kind"
                    on:change=move |ev| {
                        let id = event_target_value(&ev);
                        kind.set(QuestionKind::ALL.into_iter().find(|k| k.id() == id));
                    }
                >
                    <option value="" selected=move || kind.get().is_none()>"Every kind"</option>
                    {QuestionKind::ALL
                        .into_iter()
                        .map(|k| {
                            view! {
                                <option value=k.id() selected=move || kind.get() == Some(k)>
                                    {k.name()}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            <p class="field-error" id="seed-error" role="alert">{move || seed_error.get()}</p>
        </div>
        {move || {
            current
                .get()
                .map(|c| match c {
                    Ok(Asked(posed)) => {
                        view! { <QuestionCard posed=posed theme=theme on_marked=on_marked /> }.into_any()
                    }
                    Err(message) => {
                        view! { <p class="field-error" role="alert">{message}</p> }.into_any()
                    }
                })
        }}
        <div class="button-row practice-next">
            <button
                type="button"
                class:primary=move || answered.get()
                data-testid="practice-next"
                on:click=next
            >
                {move || if answered.get() { "Next question" } else { "Skip this question" }}
            </button>
            <button type="button" data-testid="add-to-set" on:click=add>
                "Add to an exercise set"
            </button>
        </div>
        <SetBuilder />
    }
}

fn plural_q(n: usize) -> &'static str {
    if n == 1 {
        "question"
    } else {
        "questions"
    }
}

/// The exercise set being put together: its questions, and its link.
#[component]
fn SetBuilder() -> impl IntoView {
    let app = expect_context::<AppState>();
    let copied = RwSignal::new(String::new());
    let link = move || {
        app.set_draft.with(|d| {
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
        app.announcement
            .set("The exercise set's link was copied.".into());
    };
    let try_it = move |_| {
        let value = app.set_draft.with_untracked(|d| encode_set(d));
        app.quiz_set.set(Some(value));
        focus_soon(vec![PROMPT.into()]);
    };
    view! {
        <Show when=move || !app.set_draft.with(Vec::is_empty)>
            <section class="panel set-builder" aria-labelledby="set-builder-title" data-testid="set-builder">
                <h3 id="set-builder-title">
                    {move || {
                        let n = app.set_draft.with(Vec::len);
                        format!("Exercise set: {n} {}", plural_q(n))
                    }}
                </h3>
                <ol>
                    {move || {
                        app.set_draft
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
                                                app.set_draft.update(|d| {
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
fn SetRun(value: String, theme: Signal<Theme>) -> impl IntoView {
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
            app.announcement.set(summary);
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
        app.announcement.set("The summary was copied.".into());
    };
    let save = move |_| {
        let url = format!(
            "data:text/plain;charset=utf-8,{}",
            js_sys::encode_uri_component(&summary())
        );
        crate::ui::kit::browser::download(&url, "ringlab-exercise-set.txt");
        app.announcement
            .set("The summary was saved as text.".into());
    };
    let leave = move |_| {
        app.quiz_set.set(None);
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
