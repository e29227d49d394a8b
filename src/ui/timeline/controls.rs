//! The Timeline view's controls: the last change or a "what if" (what happens and to which
//! server), copies per key, and the timeline's settings (restart, gossip, writes) and the cache's
//! reads and hit rate. Every setting of the scenario is a [`Change`] given to the engine through
//! [`AppState::set_setting`], so undo and links carry it and the last change stays followed.

use leptos::prelude::*;

use crate::core::{parse_number, CacheLoad, Change, Error, MAX_REPLICAS};
use crate::ui::state::TimelineEvent;
use crate::ui::state::{AppState, Field, Happening};

/// The event on the chart: the one chosen, or a failure when it follows the last change and
/// that moved no keys (the engine's rule, [`TimelineEvent::effective`]).
pub fn effective(app: AppState) -> TimelineEvent {
    let event = app.work.timeline_event.get();
    app.last.with(|l| event.effective(l.as_deref()))
}

/// Whether the chart follows a failure (restart and writes then matter).
pub fn follows_failure(app: AppState) -> bool {
    let event = app.work.timeline_event.get();
    app.last.with(|l| event.follows_failure(l.as_deref()))
}

/// The server an event happens to: the named one while it is on the ring, else the last one.
pub fn target(app: AppState, event: &TimelineEvent) -> Option<String> {
    app.scenario.with(|s| event.target(s))
}

/// What happens, and to which server.
#[component]
pub fn EventControls() -> impl IntoView {
    let app = expect_context::<AppState>();
    let event = move || effective(app);
    let timing = move || app.scenario.with(|s| s.timing());
    let set_what = move |what: Happening| {
        app.work.update_timeline_event(|e| e.what = what);
    };
    let last = move || {
        app.last.with(|l| {
            l.as_ref()
                .filter(|o| o.moves_keys)
                .map(|o| o.headline.trim_end_matches('.').to_string())
        })
    };
    let follows = move || event().follows_last();
    let choices = [
        (Happening::Fail, "fails", "event-fail"),
        (Happening::Remove, "is removed", "event-remove"),
        (Happening::Join, "A new server joins", "event-join"),
    ];
    let names = move || {
        app.scenario.with(|s| {
            s.servers()
                .iter()
                .map(|s| s.name.clone())
                .collect::<Vec<_>>()
        })
    };
    let chosen = move || target(app, &event()).unwrap_or_default();
    view! {
        <fieldset class="subgroup event-controls">
            <legend>"What happens"</legend>
            <div class="segmented follow-choice" role="group" aria-label="Which change" hidden=move || last().is_none()>
                <button
                    type="button"
                    data-testid="event-last"
                    aria-pressed=move || follows().to_string()
                    on:click=move |_| app.work.set_timeline_event(TimelineEvent::default())
                >
                    {move || format!("Last change: {}", last().unwrap_or_default())}
                </button>
                <button
                    type="button"
                    data-testid="event-what-if"
                    aria-pressed=move || (!follows()).to_string()
                    on:click=move |_| {
                        if follows() {
                            set_what(Happening::Fail);
                        }
                    }
                >
                    "What if…"
                </button>
            </div>
            <div class="event-row">
                <label class="inline" hidden=move || follows() || event().what == Happening::Join>
                    "Server "
                    <select
                        data-testid="event-server"
                        prop:value=chosen
                        on:change=move |ev| {
                            // The "what if" shown (a failure when there was no change to follow).
                            let what = event().what;
                            app.work.set_timeline_event(TimelineEvent { what, server: Some(event_target_value(&ev)) });
                        }
                    >
                        {move || names().into_iter().map(|n| {
                            let selected = n == chosen();
                            view! { <option value=n.clone() selected=selected>{n.clone()}</option> }
                        }).collect_view()}
                    </select>
                </label>
                <div class="segmented" role="group" aria-label="What happens" hidden=follows>
                    {choices
                        .into_iter()
                        .map(|(what, label, id)| view! {
                            <button
                                type="button"
                                data-testid=id
                                aria-pressed=move || (event().what == what).to_string()
                                on:click=move |_| set_what(what)
                            >
                                {label}
                            </button>
                        })
                        .collect_view()}
                </div>
            <div class="copies">
                    <span id="copies-label">"Copies per key"</span>
                    <div class="segmented" role="group" aria-labelledby="copies-label">
                        {(1..=MAX_REPLICAS as u32)
                            .map(|r| view! {
                                <button
                                    type="button"
                                    data-testid=format!("timeline-copies-{r}")
                                    aria-pressed=move || (timing().replicas == r).to_string()
                                    on:click=move |_| {
                                        // One R for the ring's copies and the timeline's: the scenario's.
                                        let said = format!("Each key now kept on {r} distinct {}.", crate::core::plural(r as usize, "server", "servers"));
                                        app.set_setting(Change::SetReplicas { count: r }, Field::Timeline, said, true);
                                    }
                                >
                                    {r}
                                </button>
                            })
                            .collect_view()}
                    </div>
                </div>
            </div>
        </fieldset>
    }
}

/// Restart, gossip, writes, copies, and the cache's reads and hit rate.
#[component]
pub fn TimingControls() -> impl IntoView {
    let app = expect_context::<AppState>();
    let timing = move || app.scenario.with(|s| s.timing());
    let apply = move |change: Result<Change, Error>| match change {
        Ok(change) => {
            // Said in the engine's words for the setting, before the remeasured change.
            let said = app.scenario.with_untracked(|s| {
                s.after(change.clone())
                    .map(|(_, o)| o.headline)
                    .unwrap_or_default()
            });
            app.set_setting(change, Field::Timeline, said, false);
        }
        Err(error) => app.words.show_error(Field::Timeline, error.to_string()),
    };
    let whole = |text: String| parse_number::<u64>(&text);
    let set_restart = move |ev| {
        let text = event_target_value(&ev);
        apply(if text.trim().is_empty() {
            Ok(Change::SetRestartDelay { seconds: None })
        } else {
            // Too large for the engine's range either way: it refuses with its own words.
            whole(text).map(|s| Change::SetRestartDelay {
                seconds: Some(u32::try_from(s).unwrap_or(u32::MAX)),
            })
        });
    };
    let set_gossip = move |ev| {
        apply(whole(event_target_value(&ev)).map(|s| Change::SetGossip {
            seconds: u32::try_from(s).unwrap_or(u32::MAX),
        }));
    };
    let set_writes = move |ev| {
        apply(whole(event_target_value(&ev)).map(|per_second| Change::SetWrites { per_second }));
    };
    let set_reads = move |ev| {
        let result = whole(event_target_value(&ev)).and_then(|reads| {
            CacheLoad::new(reads as f64, app.work.cache.get_untracked().hit_rate)
        });
        match result {
            Ok(load) => {
                app.work.set_cache(load);
                app.words.clear_error(Field::Timeline);
            }
            Err(e) => app.words.show_error(Field::Timeline, format!("Reads: {e}")),
        }
    };
    let set_hit = move |ev| {
        let text = event_target_value(&ev);
        let result = app.work.cache.get_untracked().with_hit_text(&text);
        match result {
            Ok(load) => {
                app.work.set_cache(load);
                app.words.clear_error(Field::Timeline);
            }
            Err(e) => app
                .words
                .show_error(Field::Timeline, format!("Hit rate: {e}")),
        }
    };
    let failing = move || follows_failure(app);
    view! {
        <div class="timing-grid timing-controls">
            <label class="stacked" hidden=move || !failing()>
                "Restarts after (s)"
                <input
                    inputmode="numeric"
                    data-testid="restart-after"
                    aria-describedby="timeline-error"
                    prop:value=move || timing().restart_after.map(|s| s.to_string()).unwrap_or_default()
                    on:change=set_restart
                />
            </label>
            <label class="stacked">
                "Clients hear over (s)"
                <input
                    inputmode="numeric"
                    data-testid="gossip"
                    aria-describedby="timeline-error"
                    prop:value=move || timing().gossip.to_string()
                    on:change=set_gossip
                />
            </label>
            <label class="stacked" hidden=move || !failing()>
                "Writes per second"
                <input
                    inputmode="numeric"
                    data-testid="writes"
                    aria-describedby="timeline-error"
                    prop:value=move || timing().writes.to_string()
                    on:change=set_writes
                />
            </label>
            <label class="stacked">
                "Reads per second"
                <input
                    inputmode="numeric"
                    data-testid="timeline-reads"
                    aria-describedby="timeline-error"
                    prop:value=move || (app.work.cache.get().reads as u64).to_string()
                    on:change=set_reads
                />
            </label>
            <label class="stacked">
                "Hit rate (%)"
                <input
                    inputmode="decimal"
                    data-testid="timeline-hit"
                    aria-describedby="timeline-error"
                    prop:value=move || format!("{}", (app.work.cache.get().hit_rate * 1000.0).round() / 10.0)
                    on:change=set_hit
                />
            </label>
        </div>
    }
}
