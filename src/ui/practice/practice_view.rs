//! The Practice view: questions drawn from a seed (in the link, so two people get the same
//! questions), one at a time, harder as answers come right; or the questions of an exercise
//! set a link carries, with the score kept and a summary at the end to copy or save.
//!
//! Drawing, posing and marking the questions, the level and the score are all the engine's
//! ([`Practice`], [`decode_set`](crate::teach::quiz::decode_set), [`Score`]); the view shows
//! them and gathers replies.

use leptos::prelude::*;

use super::predict::Asked;
use super::question_card::QuestionCard;
use super::sets::{plural_q, SetBuilder, SetRun, PROMPT};
use crate::teach::quiz::{Difficulty, Marking, Practice, QuestionKind, Score};
use crate::ui::kit::focus::focus_soon;
use crate::ui::kit::theme::Theme;
use crate::ui::state::AppState;

/// Practice, or the exercise set a link opened.
#[component]
pub fn PracticeView(theme: Signal<Theme>) -> impl IntoView {
    let app = expect_context::<AppState>();
    view! {
        <section class="practice" aria-labelledby="practice-title" data-testid="practice-view">
            {move || match app.teaching.quiz_set.get() {
                Some(value) => view! { <SetRun value=value theme=theme /> }.into_any(),
                None => view! { <PracticeRun theme=theme /> }.into_any(),
            }}
        </section>
    }
}

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
    let seed = app.teaching.practice_seed.get_untracked();
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
        app.teaching.set_practice_seed(new_seed);
        run.set(Practice::new(new_seed));
        score.set(Score::new());
        draw();
        app.words.announce(format!(
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
            app.words.announce(format!(
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
                app.teaching.practice_seed.get(),
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
            app.teaching.update_exercises(|d| {
                if !d.contains(&question) {
                    d.push(question);
                }
            });
            let n = app.teaching.exercises.with_untracked(Vec::len);
            app.words
                .announce(format!("Added to the exercise set: {n} {}.", plural_q(n)));
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
                        kind.set(QuestionKind::PRACTICE.into_iter().find(|k| k.id() == id));
                    }
                >
                    <option value="" selected=move || kind.get().is_none()>"Every kind"</option>
                    {QuestionKind::PRACTICE
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
        <super::lesson_questions::LessonQuestions />
        <SetBuilder />
    }
}
