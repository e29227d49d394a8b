//! Generating many keys without freezing the page: the engine's [`Generation`] is worked a
//! slice per browser task, with progress on screen, and applied as one change at the end. A
//! link with `gen=1000000` opens at once and gets its keys the same way.

use std::time::Duration;

use leptos::prelude::*;

use crate::core::{defer_generation, Deferred, Finished, Generation};
use crate::ui::kit::numbers::grouped;
use crate::ui::state::{AppState, Field};

/// Batches of at least this many keys are generated in steps.
pub const IN_STEPS: usize = 50_000;
/// Keys hashed and sorted per browser task: small enough to keep every task short.
const SLICE: usize = 20_000;

/// Generates `count` keys in steps, then runs `then` on success.
pub fn generate(app: AppState, count: usize, then: impl FnOnce(AppState) + 'static) {
    if app.work.generating.get_untracked().is_some() {
        app.words
            .show_error(Field::Keys, "Keys are already being generated.".into());
        return;
    }
    match app.scenario.with_untracked(|s| Generation::new(s, count)) {
        Ok(generation) => {
            app.stop_generating.set_value(false);
            app.work.set_generating(Some(generation.progress()));
            app.words
                .announce(format!("Generating {} keys…", grouped(count as u64)));
            step(app, generation, Box::new(then));
        }
        Err(error) => app.words.show_error(Field::Keys, error.to_string()),
    }
}

fn step(app: AppState, mut generation: Generation, then: Box<dyn FnOnce(AppState)>) {
    set_timeout(
        move || {
            // A figure taken down meanwhile (its link changed) takes its keys with it.
            let Some(stop) = app.stop_generating.try_get_value() else {
                return;
            };
            if stop {
                app.work.set_generating(None);
                app.words.announce("Key generation stopped.".into());
                return;
            }
            let done = generation.step(SLICE);
            app.work.set_generating(Some(generation.progress()));
            if !done {
                step(app, generation, then);
                return;
            }
            app.work.set_generating(None);
            let result = app
                .scenario
                .with_untracked(|s| s.after_generation(generation));
            if app.commit(result, Field::Keys) {
                then(app);
            }
        },
        Duration::ZERO,
    );
}

/// Splits a link into what opens at once and what waits for a large `gen=` (the engine's
/// [`defer_generation`], at the size generated in steps).
pub fn defer(query: &str) -> (String, Option<Deferred>) {
    defer_generation(query, IN_STEPS)
}

/// Generates what a link deferred, then lets the engine finish the link on them (the keys listed
/// after them, its hot keys, its last change and its selected key), as if the link had opened
/// with all of it.
pub fn finish(app: AppState, deferred: Deferred, max_keys: usize) {
    let count = deferred.count;
    let room = max_keys.saturating_sub(app.scenario.with_untracked(|s| s.keys().len()));
    if count > room {
        app.words.update_link_notices(|n| {
            n.push(format!(
                "gen: {count} keys would pass the limit; kept {room}"
            ))
        });
    }
    generate(app, count.min(room), move |app| {
        let Finished {
            scenario,
            then,
            select,
            mut notes,
        } = deferred.finish(app.scenario.get_untracked());
        // The generated keys belong to the link's own view, not to the history.
        app.set_base(scenario);
        if let Some(change) = then {
            app.dispatch(change, Field::Keys);
        }
        if let Some(label) = select {
            if app
                .scenario
                .with_untracked(|s| s.keys().find(&label).is_some())
            {
                app.selection.set_selected_key(Some(label));
            } else {
                notes.push(format!("select: there is no key {label}"));
            }
        }
        if !notes.is_empty() {
            app.words.add_link_notices(notes);
        }
    });
}

/// Progress while keys are generated, with a way to stop.
#[component]
pub fn GenerationProgress() -> impl IntoView {
    let app = expect_context::<AppState>();
    move || {
        app.work.generating.get().map(|(done, total)| {
            view! {
                <div class="progress" role="status" data-testid="generation-progress">
                    <label for="generation-bar">
                        {format!("Generating {} keys: {}%", grouped((total / 2) as u64), done * 100 / total.max(1))}
                    </label>
                    <progress id="generation-bar" max=total.to_string() value=done.to_string()></progress>
                    <button type="button" data-testid="generation-stop" on:click=move |_| app.stop_generating.set_value(true)>
                        "Stop"
                    </button>
                </div>
            }
        })
    }
}
