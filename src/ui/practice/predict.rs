//! Predict first: with the switch on, a change that moves keys is held back and the learner is
//! asked which keys it will move, and a new key is held back and the learner asked which
//! server it goes to; the change is applied once the prediction is checked.
//!
//! The question is the engine's "which keys move?" on the scenario on screen and the change
//! held back, or its "who owns this key?" on the ring with the new key on it, so its marking is
//! the engine's too.

use leptos::prelude::*;

use super::question_card::QuestionCard;
use crate::core::{write_link, Change, Key};
use crate::teach::quiz::{Ask, Posed, Question};
use crate::ui::kit::dialog::Dialog;
use crate::ui::kit::theme::Theme;
use crate::ui::state::AppState;

/// A posed question, the same as another when it asks the same.
#[derive(Clone)]
pub struct Asked(pub Posed);

impl PartialEq for Asked {
    fn eq(&self, other: &Asked) -> bool {
        self.0.question() == other.0.question()
    }
}

/// The Predict switch, for the ring's stage.
#[component]
pub fn PredictSwitch() -> impl IntoView {
    let app = expect_context::<AppState>();
    view! {
        <button
            type="button"
            class="predict-switch"
            data-testid="predict-toggle"
            aria-pressed=move || app.teaching.predict.get().to_string()
            on:click=move |_| {
                let on = !app.teaching.predict.get_untracked();
                app.teaching.set_predict(on);
                app.words.announce(
                    if on {
                        "Predict first is on: a change that moves keys first asks which keys will move."
                    } else {
                        "Predict first is off."
                    }
                    .into(),
                );
            }
        >
            "Predict first"
        </button>
    }
}

/// The question asked before a held-back change, in a dialog.
#[component]
pub fn PredictDialog(theme: Signal<Theme>) -> impl IntoView {
    let app = expect_context::<AppState>();
    let open = RwSignal::new(false);
    let checked = RwSignal::new(false);
    // The question for the change held back; a change the engine cannot ask about (or refuses)
    // goes straight through, so its refusal shows where it always does.
    let posed = Memo::new(move |_| {
        let (change, _) = app.teaching.pending.get()?;
        let new_key = if let Change::AddKeys { keys } = &change {
            keys.first().filter(|_| keys.len() == 1).cloned()
        } else {
            None
        };
        let question = match new_key {
            // A new key: where does it go? Asked on the ring with the key on it.
            Some(label) => {
                let link = app
                    .scenario
                    .with_untracked(|s| write_link(s, Some(&change), &[]));
                let key = Key::parse(&label).ok()?.label();
                Question::new(&link, Ask::Owner { key })
            }
            None => {
                let link = app.scenario.with_untracked(|s| write_link(s, None, &[]));
                Question::new(&link, Ask::Moves { change })
            }
        };
        question.pose().ok().map(Asked)
    });
    Effect::new(move |_| {
        let pending = app.teaching.pending.get();
        match (pending, posed.get()) {
            (Some(_), Some(_)) => {
                checked.set(false);
                open.set(true);
            }
            (Some((change, field)), None) => {
                app.teaching.set_pending(None);
                app.apply_held(change, field);
            }
            (None, _) => {}
        }
    });
    // Closed before the check: the change is dropped.
    Effect::new(move |was: Option<bool>| {
        let is_open = open.get();
        if was == Some(true) && !is_open {
            if !checked.get_untracked() && app.teaching.pending.get_untracked().is_some() {
                app.words
                    .announce("The change was not applied: no prediction was checked.".into());
            }
            app.teaching.set_pending(None);
        }
        is_open
    });
    let on_marked = move |_| {
        checked.set(true);
        if let Some((change, field)) = app.teaching.pending.get_untracked() {
            app.apply_held(change, field);
        }
    };
    view! {
        <Dialog open=open close=Callback::new(move |()| open.set(false)) title="Predict first, then check" testid="predict-dialog">
            {move || {
                posed
                    .get()
                    .map(|Asked(p)| {
                        view! {
                            <QuestionCard
                                posed=p
                                theme=theme
                                on_marked=on_marked
                                check_label="Check, then apply"
                            />
                        }
                    })
            }}
        </Dialog>
    }
}
