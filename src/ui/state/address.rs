//! The address bar: the page's address always holds the scenario, so a copied address (or the
//! "Copy link" button) reopens exactly this view. A link's view parameters are read here, and
//! the address is written back as the state changes.

use leptos::prelude::*;
use wasm_bindgen::JsValue;

use super::{AppState, TimelineEvent, View};
use std::sync::Arc;

use crate::core::{gives_param, parse_number, write_link, CacheLoad};
use crate::teach::lessons::{is_lesson_link, lesson_from_link, lesson_link, MAX_LINK_CHARS};
use crate::ui::kit::browser::now;

/// Applies the view parameters a link carries besides the scenario (`select`, `r`, `reads`,
/// `hit`); what cannot be read joins the link's notices.
pub fn apply_view_params(app: AppState, extra: &[(String, String)]) {
    let mut notices = Vec::new();
    let mut cache = CacheLoad::default();
    // Practice without a seed in the link starts from a seed of its own, written into the
    // address so the same questions can be shared.
    if !extra.iter().any(|(n, _)| n == "seed") {
        app.teaching
            .set_practice_seed((js_sys::Math::random() * 999_999.0) as u64 + 1);
    }
    for (name, value) in extra {
        match name.as_str() {
            "select" => {
                if app
                    .scenario
                    .with_untracked(|s| s.keys().find(value).is_some())
                {
                    app.selection.set_selected_key(Some(value.clone()));
                } else {
                    notices.push(format!("select: there is no key {value}"));
                }
            }
            "present" => app.page.set_present(value == "1"),
            "view" => match View::parse(value) {
                Some(view) => app.page.set_view(view),
                None => notices.push(format!("view: there is no view {value}")),
            },
            "lesson" => {
                let step = extra
                    .iter()
                    .find(|(n, _)| n == "step")
                    .and_then(|(_, v)| parse_number::<usize>(v).ok())
                    .unwrap_or(1);
                // A link written by the page carries its own scenario (the step as explored so
                // far); a hand-written one naming only the lesson and step opens that step.
                let own_scenario = extra.iter().any(|(n, _)| n == "servers")
                    || gives_param(&window().location().search().unwrap_or_default(), "servers");
                let (found, mut skipped) = if is_lesson_link(value) {
                    let read = lesson_from_link(value);
                    (Some(Arc::new(read.lesson)), read.skipped)
                } else {
                    (
                        crate::teach::lessons::lesson(value).map(|l| Arc::new(l.clone())),
                        Vec::new(),
                    )
                };
                match found {
                    Some(found) if (1..=found.steps.len()).contains(&step) => {
                        if own_scenario {
                            app.teaching.set_lesson(Some((found, step - 1)));
                        } else {
                            app.open_lesson(found, step - 1);
                        }
                    }
                    Some(found) if is_lesson_link(value) => {
                        skipped.push(if found.steps.is_empty() {
                            "lesson: no step of the lesson could be read".to_string()
                        } else {
                            format!("lesson: the lesson has no step {step}")
                        })
                    }
                    _ => skipped.push(format!(
                        "lesson: there is no lesson {value} with a step {step}"
                    )),
                }
                notices.extend(skipped.into_iter().map(|s| {
                    if s.starts_with("lesson:") {
                        s
                    } else {
                        format!("lesson: {s}")
                    }
                }));
            }
            "seed" => match parse_number::<u64>(value) {
                Ok(seed) => app.teaching.set_practice_seed(seed),
                Err(error) => notices.push(format!("seed: {error}")),
            },
            "quiz" => {
                app.teaching.set_quiz_set(Some(value.clone()));
                if !extra.iter().any(|(n, _)| n == "view") {
                    app.page.set_view(View::Practice);
                }
            }
            "systems" => app.page.set_compare_systems(value == "1"),
            // `r` is the scenario's copies per key: the link reader takes it (or reports it).
            "r" => {}
            "reads" => match parse_number::<u64>(value)
                .and_then(|r| CacheLoad::new(r as f64, cache.hit_rate))
            {
                Ok(load) => cache = load,
                Err(error) => notices.push(format!("reads: {error}")),
            },
            "hit" => match cache.with_hit_text(value) {
                Ok(load) => cache = load,
                Err(_) => notices.push("hit: the hit rate goes from 0 to 100".to_string()),
            },
            "event" => match TimelineEvent::parse(value) {
                Some(event) => app.work.set_timeline_event(event),
                None => notices.push(format!(
                    "event: {value} is not an event (fail:NAME, remove:NAME or join)"
                )),
            },
            // Read by embed mode, or by the lesson above.
            "embed" | "panels" | "host" | "step" | "" => {}
            other => notices.push(format!("{other}: not a parameter this page knows")),
        }
    }
    app.work.set_cache(cache);
    if !notices.is_empty() {
        app.words.add_link_notices(notices);
    }
}

/// The query string for what is on screen: the scenario before the last change plus that
/// change, so that opening it shows the same last change.
pub fn current_query(app: AppState) -> String {
    let scenario = app.scenario.get_untracked();
    let previous = app.previous.get_untracked();
    let last = app.last.get_untracked();
    let mut extra = Vec::new();
    if let Some(label) = app.selection.key.get_untracked() {
        extra.push(("select".to_string(), label));
    }
    if let Some((found, step)) = app.teaching.lesson.get_untracked() {
        // A written lesson travels whole when it fits in a link; otherwise the address holds
        // the step's state only, and the lesson is shared as a file.
        let value = if found.id.is_empty() {
            Some(lesson_link(&found)).filter(|v| v.len() + 200 < MAX_LINK_CHARS)
        } else {
            Some(found.id.clone())
        };
        if let Some(value) = value {
            extra.push(("lesson".to_string(), value));
            extra.push(("step".to_string(), (step + 1).to_string()));
        }
    }
    if app.page.present.get_untracked() {
        extra.push(("present".to_string(), "1".to_string()));
    }
    let view = app.page.view.get_untracked();
    if view != View::Ring {
        extra.push(("view".to_string(), view.id().to_string()));
    }
    if view == View::Practice {
        match app.teaching.quiz_set.get_untracked() {
            Some(set) => extra.push(("quiz".to_string(), set)),
            None => extra.push((
                "seed".to_string(),
                app.teaching.practice_seed.get_untracked().to_string(),
            )),
        }
    }
    if view == View::Compare && app.page.compare_systems.get_untracked() {
        extra.push(("systems".to_string(), "1".to_string()));
    }
    let event = app.work.timeline_event.get_untracked();
    if view == View::Timeline && event != TimelineEvent::default() {
        extra.push(("event".to_string(), event.link_text()));
    }
    extra.extend(app.kept_params.get_value());
    let cache = app.work.cache.get_untracked();
    if cache != CacheLoad::default() {
        extra.push(("reads".to_string(), (cache.reads as u64).to_string()));
        extra.push(("hit".to_string(), format!("{}", cache.hit_rate * 100.0)));
    }
    match (previous, last.as_ref().and_then(|o| o.change.clone())) {
        (Some(before), Some(change)) => write_link(&before, Some(&change), &extra),
        _ => write_link(&scenario, None, &extra),
    }
}

/// The least time between two writes of the address, in ms.
const ADDRESS_INTERVAL_MS: f64 = 100.0;

/// Keeps the address bar in step with the scenario, without adding browser history entries.
/// The address is written just after a change, once the change is on screen, and at most
/// once every 100 ms during a burst of changes: writing it costs a few milliseconds, more than
/// a change itself on a big ring, and browsers slow down pages that rewrite it too often.
pub fn sync_address(app: AppState) {
    let pending = StoredValue::new(false);
    // When the address was last written (ms since the page opened).
    let written = StoredValue::new(f64::NEG_INFINITY);
    Effect::new(move |_| {
        app.scenario.track();
        app.selection.key.track();
        app.replicas.track();
        app.work.cache.track();
        app.page.present.track();
        app.teaching.lesson.track();
        app.page.view.track();
        app.teaching.practice_seed.track();
        app.teaching.quiz_set.track();
        app.work.timeline_event.track();
        app.page.compare_systems.track();
        if !pending.get_value() {
            pending.set_value(true);
            let since = now() - written.get_value();
            let wait = (ADDRESS_INTERVAL_MS - since).clamp(0.0, ADDRESS_INTERVAL_MS);
            set_timeout(
                move || {
                    pending.set_value(false);
                    written.set_value(now());
                    write_address(app);
                },
                std::time::Duration::from_millis(wait as u64),
            );
        }
    });
}

/// Writes the current view into the address bar now.
pub fn write_address(app: AppState) {
    let query = current_query(app);
    if let Ok(history) = window().history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&format!("?{query}")));
    }
}
