//! Generating many keys without freezing the page: the engine's [`Generation`] is worked a
//! slice per browser task, with progress on screen, and applied as one change at the end. A
//! link with `gen=1000000` opens at once and gets its keys the same way.

use std::time::Duration;

use leptos::prelude::*;

use crate::core::{Change, Generation, Scenario};
use crate::ui::kit::numbers::grouped;
use crate::ui::state::{AppState, Field};

/// Batches of at least this many keys are generated in steps.
pub const IN_STEPS: usize = 50_000;
/// Keys hashed and sorted per browser task: small enough to keep every task short.
const SLICE: usize = 20_000;

/// Generates `count` keys in steps, then runs `then` on success.
pub fn generate(app: AppState, count: usize, then: impl FnOnce(AppState) + 'static) {
    if app.generating.get_untracked().is_some() {
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

/// What a link asks for that is too big to do before the page shows: its generated keys, and
/// what must wait for them.
pub struct Deferred {
    count: usize,
    keys: Option<String>,
    hot: Option<String>,
    then: Option<String>,
    select: Option<String>,
}

/// Splits a link into what opens at once and what waits for a large `gen=`.
pub fn defer(query: &str) -> (String, Option<Deferred>) {
    let params: Vec<(String, String)> =
        form_urlencoded::parse(query.trim_start_matches('?').as_bytes())
            .map(|(n, v)| (n.into_owned(), v.into_owned()))
            .collect();
    let value = |name: &str| {
        params
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    };
    let count = value("gen").and_then(|g| crate::core::parse_number::<usize>(&g).ok());
    let Some(count) = count.filter(|&c| c >= IN_STEPS) else {
        return (query.to_string(), None);
    };
    // Keys listed after `gen` were added after the generated ones: they wait too, so that the
    // keys keep their order.
    let position = |name: &str| params.iter().position(|(n, _)| n == name);
    let keys_wait = matches!((position("gen"), position("keys")), (Some(g), Some(k)) if g < k);
    let waiting: &[&str] = if keys_wait {
        &["gen", "then", "select", "hot", "keys"]
    } else {
        &["gen", "then", "select", "hot"]
    };
    let rest = form_urlencoded::Serializer::new(String::new())
        .extend_pairs(
            params
                .iter()
                .filter(|(n, _)| !waiting.contains(&n.as_str())),
        )
        .finish();
    // An empty rest would open the starting scenario with its five keys; `gen=0` opens the
    // link's own ring with none, as the whole link would.
    let rest = if rest.is_empty() {
        "gen=0".to_string()
    } else {
        rest
    };
    let deferred = Deferred {
        count,
        keys: value("keys").filter(|_| keys_wait),
        hot: value("hot"),
        then: value("then"),
        select: value("select"),
    };
    (rest, Some(deferred))
}

/// Generates what a link deferred, then adds the keys listed after them, replays its last
/// change and selects its key, as if the link had opened with all of it.
pub fn finish(app: AppState, deferred: Deferred, max_keys: usize) {
    let Deferred {
        count,
        keys,
        hot,
        then,
        select,
    } = deferred;
    let room = max_keys.saturating_sub(app.scenario.with_untracked(|s| s.keys().len()));
    if count > room {
        app.words.update_link_notices(|n| {
            n.push(format!(
                "gen: {count} keys would pass the limit; kept {room}"
            ))
        });
    }
    generate(app, count.min(room), move |app| {
        // The generated keys belong to the link's own view, not to the history.
        let base = app.scenario.get_untracked();
        let mut notices = Vec::new();
        let mut base = with_keys(base, keys.as_deref(), &mut notices);
        for text in hot
            .iter()
            .flat_map(|h| h.split(','))
            .map(str::trim)
            .filter(|t| !t.is_empty())
        {
            let made = format!("hot:{text}")
                .parse::<Change>()
                .and_then(|change| base.apply(change));
            if let Err(error) = made {
                notices.push(format!("hot {text}: {error}"));
            }
        }
        app.set_base(base);
        if let Some(text) = then {
            match text.parse::<Change>() {
                Ok(change) => {
                    app.dispatch(change, Field::Keys);
                }
                Err(error) => notices.push(format!("then: {error}")),
            }
        }
        if let Some(label) = select {
            if app
                .scenario
                .with_untracked(|s| s.keys().find(&label).is_some())
            {
                app.selection.set_selected_key(Some(label));
            } else {
                notices.push(format!("select: there is no key {label}"));
            }
        }
        if !notices.is_empty() {
            app.words.add_link_notices(notices);
        }
    });
}

fn with_keys(mut scenario: Scenario, keys: Option<&str>, notices: &mut Vec<String>) -> Scenario {
    let Some(list) = keys else { return scenario };
    let labels: Vec<&str> = list
        .split(',')
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let all: Result<Vec<crate::core::Key>, _> =
        labels.iter().map(|l| crate::core::Key::parse(l)).collect();
    if all.and_then(|keys| scenario.insert_keys(keys)).is_ok() {
        return scenario;
    }
    // Something in the list is wrong: add the keys one by one and name the bad ones.
    for label in labels {
        let added = crate::core::Key::parse(label).and_then(|k| scenario.insert_keys(vec![k]));
        if let Err(error) = added {
            notices.push(format!("key {}: {error}", crate::core::shown(label)));
        }
    }
    scenario
}

/// Progress while keys are generated, with a way to stop.
#[component]
pub fn GenerationProgress() -> impl IntoView {
    let app = expect_context::<AppState>();
    move || {
        app.generating.get().map(|(done, total)| {
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
