//! The cache-impact panel: database reads per second before the last change and right after
//! it, on the ring and under mod N.

use leptos::prelude::*;

use crate::core::{parse_number, CacheLoad, MovedReads};
use crate::teach::lessons::Panel;
use crate::ui::kit::landmark::labelled_by;
use crate::ui::kit::numbers::grouped;
use crate::ui::state::{AppState, TimelineEvent, View};

/// Reads per second and hit rate in, database reads per second out.
#[component]
pub fn CachePanel() -> impl IntoView {
    let app = expect_context::<AppState>();
    // The page's rule for refused input: the box keeps the text, marked, next to the message,
    // and the figures stay as they were.
    let error = RwSignal::new(None::<String>);
    let refused = RwSignal::new(None::<&'static str>);
    let settle =
        move |which: &'static str, result: Result<CacheLoad, crate::core::Error>| match result {
            Ok(load) => {
                app.work.set_cache(load);
                error.set(None);
                refused.set(None);
            }
            Err(e) => {
                error.set(Some(e.to_string()));
                refused.set(Some(which));
            }
        };
    let invalid = move |which: &'static str| {
        move || (error.with(Option::is_some) && refused.get() == Some(which)).to_string()
    };
    let set_reads = move |ev| {
        let result = parse_number::<u64>(&event_target_value(&ev)).and_then(|reads| {
            CacheLoad::new(reads as f64, app.work.cache.get_untracked().hit_rate)
        });
        settle("reads", result);
    };
    let set_hit = move |ev| {
        let text = event_target_value(&ev);
        let result = app.work.cache.get_untracked().with_hit_text(&text);
        settle("hit", result);
    };
    let reads = |x: f64| grouped(x.round() as u64);
    // The shares of reads the last change moved, as the engine weighs them.
    let fractions = move || {
        app.last.with(|last| {
            app.previous
                .with(|before| MovedReads::fractions(before.as_ref(), last.as_deref()?))
        })
    };
    view! {
        <section class="panel" class:pointed=move || app.points_at(Panel::Cache) aria-labelledby=labelled_by("cache-title")>
            <h2 id="cache-title">"Cache impact"</h2>
            <div class="cache-inputs">
                <label class="stacked">
                    "Reads per second"
                    <input
                        inputmode="numeric"
                        data-testid="cache-reads"
                        aria-describedby="cache-error"
                        aria-invalid=invalid("reads")
                        prop:value=move || (app.work.cache.get().reads as u64).to_string()
                        on:change=set_reads
                    />
                </label>
                <label class="stacked">
                    "Hit rate (%)"
                    <input
                        inputmode="decimal"
                        data-testid="cache-hit"
                        aria-describedby="cache-error"
                        aria-invalid=invalid("hit")
                        prop:value=move || format!("{}", (app.work.cache.get().hit_rate * 1000.0).round() / 10.0)
                        on:change=set_hit
                    />
                </label>
            </div>
            <p class="field-error" id="cache-error" role="alert">{move || error.get()}</p>
            <dl class="tiles small">
                <div>
                    <dt>"Before"</dt>
                    <dd data-testid="db-before">{move || reads(app.work.cache.get().steady())}</dd>
                    <dd class="meaning">"database reads/s: the misses"</dd>
                </div>
                <div>
                    <dt>{move || format!("Right after, {}", placement_words(app))}</dt>
                    <dd data-testid="db-after-ring">
                        {move || fractions().map(|(ring, _)| reads(app.work.cache.get().after(ring))).unwrap_or_else(|| "—".into())}
                    </dd>
                    <dd class="meaning">
                        {move || format!("{}: ", baseline_words(app))}
                        <span data-testid="db-after-modn">
                            {move || fractions().map(|(_, m)| reads(app.work.cache.get().after(m))).unwrap_or_else(|| "—".into())}
                        </span>
                    </dd>
                </div>
            </dl>
            <p class="hint formula">"reads × (1 − hit) + reads × hit × moved fraction"</p>
            // Only when there is a change to follow: the Timeline view then opens on it.
            <p class="hint" hidden=move || fractions().is_none()>
                <button
                    type="button"
                    data-testid="see-over-time"
                    on:click=move |_| {
                        app.work.set_timeline_event(TimelineEvent::default());
                        app.page.set_view(View::Timeline);
                        // The focus (and, on a phone, the scroll) goes to the change followed.
                        crate::ui::kit::focus::focus_soon(vec!["[data-testid=\"event-last\"]".into()]);
                    }
                >
                    "See it over time"
                </button>
            </p>
        </section>
    }
}

/// The chosen placement, as the panel names it.
fn placement_words(app: AppState) -> String {
    let kind = app.scenario.with(|s| s.placement());
    if kind == crate::core::Kind::Ring {
        "ring".to_string()
    } else {
        kind.name().to_string()
    }
}

/// The placement the last change is compared with.
fn baseline_words(app: AppState) -> String {
    app.last
        .with(|l| l.as_ref().map(|o| o.baseline_name()))
        .unwrap_or("mod N")
        .to_string()
}
