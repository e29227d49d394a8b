//! The Timeline view: database reads per second over time if a server fails (and restarts), is
//! removed or a new one joins, under the chosen placement and its baseline on one chart, with
//! the gossip window shaded; the figures, a table as the chart's text alternative, and the
//! sweep plots below. The engine's [`Timeline`] computes every number; this file lays it out.

use std::sync::Arc;

use leptos::prelude::*;

use super::chart::{nice_ceiling, save_csv, value_text, Axis, Chart, Line, LineChart};
use super::chart_png::save_chart_png;
use super::controls::{effective, EventControls, TimingControls};
use super::sweeps::SweepPanel;
use crate::core::timeline::Curve;
use crate::core::{Change, Error, Kind, Timeline};
use crate::teach::stories::TIMELINE_STORIES;
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

/// A curve's name on the chart: "Ring", "mod N", "Rendezvous".
fn curve_name(c: &Curve) -> String {
    if c.kind == Kind::ModN {
        "mod N".to_string()
    } else {
        c.kind.name().to_string()
    }
}

/// A time in the axis' unit, with its symbol.
fn time_text(t: &Timeline, seconds: f64) -> String {
    format!(
        "{} {}",
        value_text(false, t.axis.unit.of(seconds)),
        t.axis.unit.symbol()
    )
}

/// The chart of a timeline: both curves, the gossip windows shaded, the outage and the restart
/// marked.
fn chart_of(t: &Timeline) -> Chart {
    let unit = t.axis.unit;
    let line = |c: &Curve, class| Line {
        name: curve_name(c),
        class,
        points: c
            .samples
            .iter()
            .map(|s| (unit.of(s.t), s.db_reads))
            .collect(),
    };
    let top = t.placement.peak.max(t.baseline.peak).max(1.0);
    let mut marks = vec![(0.0, happening_mark(t))];
    if let Some(d) = t.restart_at {
        marks.push((
            unit.of(d),
            format!("{} restarts", t.failed.clone().unwrap_or_default()),
        ));
    }
    Chart {
        x: Axis {
            label: format!("time after the change ({})", unit.symbol()),
            min: unit.of(t.axis.start),
            max: unit.of(t.axis.end),
            log: false,
            percent: false,
        },
        y: Axis {
            label: "database reads/s".to_string(),
            min: 0.0,
            max: nice_ceiling(top * 1.05),
            log: false,
            percent: false,
        },
        lines: vec![line(&t.placement, "line-a"), line(&t.baseline, "line-b")],
        bands: t
            .gossip
            .iter()
            .map(|w| {
                (
                    unit.of(w.from),
                    unit.of(w.to),
                    "clients disagree".to_string(),
                )
            })
            .collect(),
        marks,
        spot: None,
    }
}

fn happening_mark(t: &Timeline) -> String {
    match &t.change {
        Change::FailServer { name } => format!("{name} fails"),
        Change::RemoveServer { name } => format!("{name} removed"),
        Change::AddServer { name, .. } => format!("{name} joins"),
        _ => "the change".to_string(),
    }
}

/// The Timeline view; with `sweeps`, the sweep plots below it; with `stories`, the stories to
/// start from, and the first of them when the view opens on the untouched starting ring.
#[component]
pub fn TimelineView(sweeps: bool, #[prop(optional)] stories: bool) -> impl IntoView {
    let app = expect_context::<AppState>();
    // The first screen's five keys make no storm worth a chart: the view opens on a story.
    // Once, after the view is on the page (an Effect, so no state changes while it is drawn).
    Effect::new(move |_| {
        let untouched = stories
            && app.lesson.with_untracked(Option::is_none)
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
        let load = app.cache.get();
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
        <section class="timeline-view" aria-labelledby="timeline-title" data-testid="timeline-view">
            <h2 id="timeline-title">"Database reads over time"</h2>
            {stories.then(|| view! {
                <div class="segmented story-picker" role="group" aria-label="Stories" hidden=move || app.lesson.with(Option::is_some)>
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
                    <p class="timeline-lead" hidden=move || app.lesson.with(Option::is_some)>
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
                    app.lesson.with(Option::is_none)
                        && (!app.present.get() || app.controls_open.get())
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

/// What the clients that disagree and the hints add, in words.
fn notes(t: &Timeline) -> String {
    let p = &t.placement;
    let mut parts = Vec::new();
    if t.failed.is_some() && t.timing.replicas > 1 {
        parts.push(format!(
            "With {} copies per key a replica serves the failed server's keys: no storm.",
            t.timing.replicas
        ));
    }
    if let (Some(name), Some(d)) = (&t.failed, t.restart_at) {
        parts.push(format!(
            "{name} restarts empty after {d} s: its {} returning {} miss again.",
            grouped(p.moved.1 as u64),
            crate::core::plural(p.moved.1, "key", "keys")
        ));
    }
    if !t.gossip.is_empty() {
        parts.push(format!(
            "While clients disagree (shaded), {} requests go to a server the new view does not name and {} to an old owner.",
            value_text(false, p.misrouted),
            value_text(false, p.stale)
        ));
    }
    if let Some(h) = p.hints.filter(|_| t.timing.writes > 0) {
        let mut text = format!(
            "Hinted handoff: {} writes/s for the failed server are held as hints",
            value_text(false, h.per_second)
        );
        match h.delivered {
            Some(d) => text.push_str(&format!(
                ", {} delivered at the restart.",
                value_text(false, d)
            )),
            None => text.push_str(" while it stays down."),
        }
        parts.push(text);
    }
    parts.join(" ")
}

/// How to see more, and how the sum was done: the notes' second part, which presentation mode
/// leaves out.
fn aside(t: &Timeline) -> String {
    let mut parts = Vec::new();
    if let (Some(name), None) = (&t.failed, t.restart_at) {
        parts.push(format!(
            "{name} stays down; give a restart time to see it come back."
        ));
    }
    parts.push(
        match t.placement.summation {
            crate::core::Summation::Exact { .. } => "Summed exactly over the moved keys.",
            crate::core::Summation::Binned { .. } => {
                "Summed over fine bins of the moved keys' read rates (totals exact)."
            }
        }
        .to_string(),
    );
    format!(" {}", parts.join(" "))
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
