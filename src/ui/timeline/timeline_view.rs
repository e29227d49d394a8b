//! The Timeline view: database reads per second over time if a server fails (and restarts), is
//! removed or a new one joins, under the chosen placement and its baseline on one chart, with
//! the gossip window shaded; the figures, a table as the chart's text alternative, and the
//! sweep plots below. The engine's [`Timeline`] computes every number; this file lays it out.

use std::sync::Arc;

use leptos::prelude::*;

use super::chart::{save_csv, value_text, Axis, Chart, LineChart};
use super::chart_png::save_chart_png;
use super::controls::{effective, EventControls, TimingControls};
use super::sweeps::SweepPanel;
use crate::core::timeline::Curve;
use crate::core::{Error, Timeline};
use crate::draw::timeline::{aside, chart_of, curve_name, notes, time_text};
use crate::teach::stories::TIMELINE_STORIES;
use crate::ui::kit::landmark::labelled_by;
use crate::ui::kit::numbers::grouped;
use crate::ui::notices::fields::FieldError;
use crate::ui::state::{AppState, Field};

/// A timeline, compared by identity: recomputed only when its inputs change.
#[derive(Clone)]
struct Computed(Result<Arc<Timeline>, String>);

impl PartialEq for Computed {
    fn eq(&self, other: &Computed) -> bool {
        match (&self.0, &other.0) {
            (Ok(a), Ok(b)) => Arc::ptr_eq(a, b),
            (Err(a), Err(b)) => a == b,
            _ => false,
        }
    }
}

/// Rows in the table alternative.
const TABLE_ROWS: usize = 20;

/// The Timeline view; with `sweeps`, the sweep plots below it; with `stories`, the stories to
/// start from, and the first of them when the view opens on the untouched starting ring.
#[component]
pub fn TimelineView(sweeps: bool, #[prop(optional)] stories: bool) -> impl IntoView {
    let app = expect_context::<AppState>();
    // The first screen's five keys make no storm worth a chart: the view opens on a story.
    // Once, after the view is on the page (an Effect, so no state changes while it is drawn).
    Effect::new(move |_| {
        let untouched = stories
            && app.teaching.lesson.with_untracked(Option::is_none)
            && app.last.with_untracked(Option::is_none)
            && app
                .scenario
                .with_untracked(|s| *s == crate::core::Scenario::teaching());
        if untouched {
            app.open_story(&TIMELINE_STORIES[0]);
        }
    });
    let story = Memo::new(move |_| {
        app.story_on_screen()
            .and_then(|id| TIMELINE_STORIES.iter().find(|s| s.id == id))
    });
    // A Memo: the engine's timeline runs once per change of scenario, event or load, not once
    // per figure that reads it.
    // By default it follows the last change made anywhere, from the scenario before it;
    // otherwise the "what if" event from the scenario on screen.
    let timeline = Memo::new(move |_| {
        let event = effective(app);
        let load = app.work.cache.get();
        let result = match app.last_moving_change().filter(|_| event.follows_last()) {
            Some(change) => app.previous.with(|before| match before {
                Some(before) => Timeline::new(before, &change, load).map(Arc::new),
                None => Err(Error::NoTimeline(change.to_string())),
            }),
            None => app.scenario.with(|s| event.change(s)).and_then(|change| {
                app.scenario
                    .with(|s| Timeline::new(s, &change, load))
                    .map(Arc::new)
            }),
        };
        Computed(result.map_err(|e| match e {
            Error::NoTimeline(_) => "There is no server to follow.".to_string(),
            other => other.to_string(),
        }))
    });
    let ok = move || timeline.with(|t| t.0.is_ok());
    let chart = Signal::derive(move || {
        timeline.with(|t| match &t.0 {
            Ok(t) => chart_of(t),
            Err(_) => Chart {
                x: Axis {
                    label: "time after the change (s)".into(),
                    min: 0.0,
                    max: 1.0,
                    log: false,
                    percent: false,
                },
                y: Axis {
                    label: "database reads/s".into(),
                    min: 0.0,
                    max: 1.0,
                    log: false,
                    percent: false,
                },
                lines: Vec::new(),
                bands: Vec::new(),
                marks: Vec::new(),
                spot: None,
            },
        })
    });
    let save = move |_| {
        timeline.with_untracked(|t| {
            if let Ok(t) = &t.0 {
                save_csv(&t.csv(), "ringlab-timeline.csv");
            }
        });
    };
    view! {
        <section class="timeline-view" aria-labelledby=labelled_by("timeline-title") data-testid="timeline-view">
            <h2 id="timeline-title">"Database reads over time"</h2>
            {stories.then(|| view! {
                <div class="segmented story-picker" role="group" aria-label="Stories" hidden=move || app.teaching.lesson.with(Option::is_some)>
                    {TIMELINE_STORIES.iter().map(|s| {
                        let id = s.id;
                        view! {
                            <button
                                type="button"
                                data-testid=format!("story-{id}")
                                aria-pressed=move || (story.get().map(|s| s.id) == Some(id)).to_string()
                                on:click=move |_| {
                                    if let Some(found) = TIMELINE_STORIES.iter().find(|s| s.id == id) {
                                        app.open_story(found);
                                    }
                                }
                            >
                                {s.title}
                            </button>
                        }
                    }).collect_view()}
                </div>
            })}
            <Show
                when=move || story.get().is_some()
                fallback=move || view! {
                    <p class="timeline-lead" hidden=move || app.teaching.lesson.with(Option::is_some)>
                        "What the database sees after the last change, or if, from now, a server fails, is removed or joins: every key that lands on a server without it misses once there, so the database takes its reads until it is refilled."
                    </p>
                }
            >
                <p class="timeline-story" data-testid="timeline-story">
                    <strong>{move || story.get().map(|s| format!("Story: {}. ", s.title))}</strong>
                    {move || story.get().map(|s| s.caption)}
                </p>
            </Show>
            // Folded while a lesson or presentation mode shows the chart: the step names the
            // event, and the chart comes first.
            <details
                class="timeline-settings"
                data-testid="timeline-settings"
                prop:open=move || {
                    // Open outside a lesson, unless presentation mode folds the controls.
                    app.teaching.lesson.with(Option::is_none)
                        && (!app.page.present.get() || app.page.controls_open.get())
                }
            >
                <summary>"What happens, and the settings"</summary>
                <EventControls />
                <TimingControls />
            </details>
            <FieldError field=Field::Timeline id="timeline-error" />
            <Show
                when=ok
                fallback=move || view! {
                    <p class="field-error" role="alert" data-testid="timeline-refused">
                        {move || timeline.with(|t| t.0.clone().err())}
                    </p>
                }
            >
                <Figures timeline=timeline />
                <div class="chart-card">
                    <LineChart chart=chart title="Database reads per second over time".to_string() testid="timeline-chart" />
                    <div class="chart-actions">
                        <button type="button" data-testid="timeline-csv" on:click=save>"Save series (CSV)"</button>
                        <button type="button" data-testid="timeline-png" on:click=move |_| save_chart_png("timeline-chart", "ringlab-timeline.png")>"Save PNG"</button>
                    </div>
                    <TimelineTable timeline=timeline />
                </div>
            </Show>
            {sweeps.then(|| view! { <SweepPanel /> })}
        </section>
    }
}

/// Peak, extra reads, time to settle, and what clients and hints did, for both curves.
#[component]
fn Figures(timeline: Memo<Computed>) -> impl IntoView {
    let with = move |f: &dyn Fn(&Timeline) -> String| {
        timeline.with(|t| t.0.as_ref().map(|t| f(t)).unwrap_or_default())
    };
    let reads = |x: f64| value_text(false, x);
    view! {
        <dl class="tiles timeline-tiles">
            <div>
                <dt>{move || with(&|t| format!("Peak, {}", curve_name(&t.placement)))}</dt>
                <dd class="big" data-testid="timeline-peak">{move || with(&|t| reads(t.placement.peak))}</dd>
                <dd class="meaning">
                    {move || with(&|t| format!("database reads/s, from {} before; {}: {}", reads(t.placement.steady), curve_name(&t.baseline), reads(t.baseline.peak)))}
                </dd>
            </div>
            <div>
                <dt>"Extra database reads"</dt>
                <dd class="big" data-testid="timeline-extra">{move || with(&|t| reads(t.placement.extra_reads))}</dd>
                <dd class="meaning">
                    {move || with(&|t| format!("in all, from {} {} that miss; {}: {}", grouped(t.placement.cold_keys as u64), crate::core::plural(t.placement.cold_keys, "key", "keys"), curve_name(&t.baseline), reads(t.baseline.extra_reads)))}
                </dd>
            </div>
            <div>
                <dt>"Settled by"</dt>
                <dd class="big" data-testid="timeline-settle">{move || with(&|t| time_text(t, t.placement.settle))}</dd>
                <dd class="meaning">
                    {move || with(&|t| format!("99 % of the extra reads in; {}: {}", curve_name(&t.baseline), time_text(t, t.baseline.settle)))}
                </dd>
            </div>
        </dl>
        <p class="timeline-notes" data-testid="timeline-notes">
            {move || with(&notes)}
            <span class="notes-aside">{move || with(&aside)}</span>
        </p>
    }
}

/// The chart's text alternative: database reads/s at evenly spaced times.
#[component]
fn TimelineTable(timeline: Memo<Computed>) -> impl IntoView {
    let rows = move || {
        timeline.with(|t| {
            let Ok(t) = &t.0 else {
                return Vec::new();
            };
            let mut times: Vec<(f64, bool)> = vec![(t.axis.start, false), (0.0, false)];
            times.extend(
                (1..=TABLE_ROWS).map(|i| (t.axis.end * i as f64 / TABLE_ROWS as f64, false)),
            );
            if let Some(d) = t.restart_at {
                times.push((d, true));
                times.push((d, false));
            }
            times.sort_unstable_by(|x, y| x.0.total_cmp(&y.0).then(y.1.cmp(&x.1)));
            times.dedup();
            times
                .into_iter()
                .map(|(at, before)| {
                    let read = |c: &Curve| {
                        if before {
                            c.db_reads_before(at)
                        } else {
                            c.db_reads_at(at)
                        }
                    };
                    let mut label = value_text(false, t.axis.unit.of(at));
                    if before {
                        label.push_str(" (just before)");
                    }
                    (
                        label,
                        value_text(false, read(&t.placement)),
                        value_text(false, read(&t.baseline)),
                    )
                })
                .collect()
        })
    };
    let heads = move || {
        timeline.with(|t| {
            t.0.as_ref()
                .map(|t| {
                    (
                        format!("Time ({})", t.axis.unit.symbol()),
                        curve_name(&t.placement),
                        curve_name(&t.baseline),
                    )
                })
                .unwrap_or_default()
        })
    };
    view! {
        <details class="chart-table" data-testid="timeline-table">
            <summary>"Table of the chart"</summary>
            <div class="table-wrap">
                <table class="compare-table">
                    <caption>"Database reads per second over time"</caption>
                    <thead>
                        <tr>
                            <th scope="col">{move || heads().0}</th>
                            <th scope="col" class="num">{move || heads().1}</th>
                            <th scope="col" class="num">{move || heads().2}</th>
                        </tr>
                    </thead>
                    <tbody>
                        {move || rows().into_iter().map(|(t, a, b)| view! {
                            <tr><td>{t}</td><td class="num">{a}</td><td class="num">{b}</td></tr>
                        }).collect_view()}
                    </tbody>
                </table>
            </div>
        </details>
    }
}
