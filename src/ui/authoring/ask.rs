//! "Ask about this": a question about what is on screen. The instructor picks a kind and what
//! it is about (a change, a key, a server, their own statements); the engine poses it on the
//! scenario and works the answer out, shown here before the question is kept. A question the
//! engine refuses is refused here, in words, and cannot be kept. It goes into the lesson being
//! recorded as a step, or into the exercise set of the Practice view.

use leptos::prelude::*;

use super::ask_fields::{build, choices, fields, label, start_value};
use crate::teach::lessons::{Lesson, Step, StepQuestion};
use crate::teach::quiz::{letter, Posed, Question, QuestionKind};
use crate::ui::kit::dialog::Dialog;
use crate::ui::kit::focus::focus_soon;
use crate::ui::kit::theme::Theme;
use crate::ui::state::{AppState, Draft, View};

/// Keeps `question`, asked on `link`, as a new step of the lesson being recorded (a new lesson
/// when none is).
fn keep_in_lesson(
    app: AppState,
    link: String,
    question: Question,
    posed_title: String,
    lead: String,
) {
    let mut draft = app.teaching.draft.get_untracked().unwrap_or_else(|| Draft {
        lesson: Lesson {
            title: "My lesson".into(),
            ..Lesson::default()
        },
        editing: None,
    });
    let at = draft.editing.map_or(draft.lesson.steps.len(), |i| {
        (i + 1).min(draft.lesson.steps.len())
    });
    draft.lesson.steps.insert(
        at,
        Step {
            title: posed_title.clone(),
            link,
            caption: String::new(),
            pointer: None,
            questions: vec![StepQuestion {
                title: posed_title,
                lead,
                query: question.to_query(),
            }],
        },
    );
    draft.editing = Some(at);
    let count = draft.lesson.steps.len();
    app.teaching.set_draft(Some(draft));
    app.words.announce(format!(
        "The question is step {} of {count} of the lesson.",
        at + 1
    ));
}

/// The dialog.
#[component]
pub fn AskDialog(open: RwSignal<bool>, theme: Signal<Theme>) -> impl IntoView {
    let _ = theme;
    let app = expect_context::<AppState>();
    let kind = RwSignal::new(QuestionKind::Moves);
    let values = RwSignal::new(Vec::<(String, String)>::new());
    let lead = RwSignal::new(String::new());
    let said = RwSignal::new(String::new());
    // Each time the dialog opens or the kind changes, the fields start from the screen.
    let reset = move |k: QuestionKind| {
        values.set(
            fields(k)
                .iter()
                .map(|n| (n.to_string(), start_value(app, n, k)))
                .collect(),
        );
        said.set(String::new());
    };
    Effect::new(move |_| {
        if open.get() {
            // Start from the kind this screen invites: the Traffic view's busiest server, the
            // Timeline's peak, the last change's moved keys, or else who owns a key.
            let k = match app.page.view.get_untracked() {
                View::Traffic => QuestionKind::Busiest,
                View::Timeline => QuestionKind::Peak,
                _ if app
                    .last
                    .with_untracked(|l| l.as_ref().is_some_and(|o| o.change.is_some())) =>
                {
                    QuestionKind::Moves
                }
                _ => QuestionKind::Owner,
            };
            kind.set(k);
            reset(k);
        }
    });
    let built = Memo::new(move |_| {
        if !open.get() {
            return Err(String::new());
        }
        let k = kind.get();
        values
            .with(|v| build(app, k, v))
            .map(|(l, q)| (l, q.to_query()))
    });
    let posed = move || -> Option<Posed> {
        let (_, query) = built.get().ok()?;
        Question::from_query(&query).ok()?.pose().ok()
    };
    let set_value = move |name: &'static str, value: String| {
        values.update(|v| {
            if let Some(slot) = v.iter_mut().find(|(n, _)| n == name) {
                slot.1 = value;
            } else {
                v.push((name.to_string(), value));
            }
        });
    };
    let value_of = move |name: &'static str| {
        values.with(|v| {
            v.iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.clone())
                .unwrap_or_default()
        })
    };
    let keep_step = move |_| {
        let Ok((link, query)) = built.get_untracked() else {
            return;
        };
        let Ok(question) = Question::from_query(&query) else {
            return;
        };
        let title = kind.get_untracked().name().to_string();
        keep_in_lesson(app, link, question, title, lead.get_untracked());
        open.set(false);
        focus_soon(vec!["[data-testid=\"draft-caption\"]".into()]);
    };
    let keep_set = move |_| {
        let Ok((_, query)) = built.get_untracked() else {
            return;
        };
        let Ok(question) = Question::from_query(&query) else {
            return;
        };
        app.teaching.update_exercises(|d| d.push(question));
        let n = app.teaching.exercises.with_untracked(Vec::len);
        let words = format!(
            "Added to the exercise set: {n} {} (in the Practice view).",
            if n == 1 { "question" } else { "questions" }
        );
        said.set(words.clone());
        app.words.announce(words);
    };
    let field_view = move |name: &'static str| {
        let id = format!("ask-{name}");
        let listed = choices(name);
        let keys = if name == "key" {
            app.scenario.with_untracked(|s| {
                let n = s.keys().len().min(200) as u32;
                (0..n).map(|i| s.keys().label(i)).collect::<Vec<_>>()
            })
        } else {
            Vec::new()
        };
        let servers = if name == "server" {
            app.scenario.with_untracked(|s| {
                s.servers()
                    .iter()
                    .map(|s| s.name.clone())
                    .collect::<Vec<_>>()
            })
        } else {
            Vec::new()
        };
        let options: Vec<(String, String)> = if !listed.is_empty() {
            listed
                .iter()
                .map(|(v, w)| (v.to_string(), w.to_string()))
                .collect()
        } else if !servers.is_empty() {
            servers.into_iter().map(|s| (s.clone(), s)).collect()
        } else if name == "right" {
            (0..6)
                .map(|i| (letter(i).to_string(), format!("Statement {}", letter(i))))
                .collect()
        } else {
            Vec::new()
        };
        let control = if !options.is_empty() {
            let current = value_of(name);
            view! {
                <select id=id.clone() data-testid=id.clone() on:change=move |ev| set_value(name, event_target_value(&ev))>
                    {options.into_iter().map(|(v, w)| {
                        let selected = v == current;
                        view! { <option value=v selected=selected>{w}</option> }
                    }).collect_view()}
                </select>
            }
            .into_any()
        } else if name == "say" || name == "prompt" {
            view! {
                <textarea id=id.clone() data-testid=id.clone() rows=if name == "say" { "4" } else { "2" }
                    prop:value=value_of(name)
                    on:input=move |ev| set_value(name, event_target_value(&ev))></textarea>
            }
            .into_any()
        } else {
            let list = (!keys.is_empty()).then(|| format!("{id}-list"));
            view! {
                <input type="text" id=id.clone() data-testid=id.clone() autocomplete="off"
                    list=list.clone()
                    prop:value=value_of(name)
                    on:input=move |ev| set_value(name, event_target_value(&ev)) />
                {list.map(|l| view! {
                    <datalist id=l>{keys.iter().map(|k| view! { <option value=k.clone()></option> }).collect_view()}</datalist>
                })}
            }
            .into_any()
        };
        view! {
            <div class="ask-field">
                <label for=id>{label(name)}</label>
                {control}
            </div>
        }
    };
    view! {
        <Dialog open=open close=Callback::new(move |()| open.set(false)) title="Ask about this" testid="ask-dialog">
            <p class="ask-intro">"A question about what is on screen. The engine works out the answer from the scenario; you never type it in."</p>
            <div class="ask-field">
                <label for="ask-kind">"Kind of question"</label>
                <select
                    id="ask-kind"
                    data-testid="ask-kind"
                    on:change=move |ev| {
                        let id = event_target_value(&ev);
                        if let Ok(k) = id.parse::<QuestionKind>() {
                            kind.set(k);
                            reset(k);
                        }
                    }
                >
                    {QuestionKind::ALL
                        .into_iter()
                        .map(|k| view! { <option value=k.id() selected=move || kind.get() == k>{k.name()}</option> })
                        .collect_view()}
                </select>
            </div>
            {move || {
                let k = kind.get();
                fields(k).iter().map(|n| field_view(n)).collect_view()
            }}
            <div class="ask-field">
                <label for="ask-lead">"Words before it (optional)"</label>
                <input type="text" id="ask-lead" data-testid="ask-lead" maxlength="300"
                    prop:value=move || lead.get()
                    on:input=move |ev| lead.set(event_target_value(&ev)) />
            </div>
            <div class="ask-preview" aria-live="polite">
                {move || match (built.get(), posed()) {
                    (Ok(_), Some(p)) => view! {
                        <p class="q-prompt" data-testid="ask-prompt">{p.prompt().to_string()}</p>
                        <p data-testid="ask-answer"><strong>"The engine's answer: "</strong>{p.answer().text()}</p>
                    }.into_any(),
                    (Err(e), _) if !e.is_empty() => view! {
                        <p class="field-error" role="alert" data-testid="ask-refusal">{format!("This cannot be asked: {e}")}</p>
                    }.into_any(),
                    _ => ().into_any(),
                }}
            </div>
            <div class="button-row">
                <button type="button" class="primary" data-testid="ask-add-step"
                    disabled=move || built.with(Result::is_err) on:click=keep_step>
                    {move || if app.teaching.draft.with(Option::is_some) { "Add to the lesson as a step" } else { "Start a lesson with it" }}
                </button>
                <button type="button" data-testid="ask-add-set"
                    disabled=move || built.with(Result::is_err) on:click=keep_set>
                    "Add to the exercise set"
                </button>
                <span role="status" data-testid="ask-said">{move || said.get()}</span>
            </div>
        </Dialog>
    }
}
