//! The last change: how many keys moved under the chosen placement, how many the placement it
//! is compared with would have moved (`hash mod N`, or the ring when mod N is chosen), what
//! theory expects for each, and which keys.

use leptos::prelude::*;

use crate::core::{Kind, MovedReads, Moves, Outcome, Scenario};
use crate::draw::first_screen::ring_labels::NO_CHANGE_YET;
use crate::teach::lessons::Panel;
use crate::ui::kit::landmark::labelled_by;
use crate::ui::kit::numbers::{grouped, pct};
use crate::ui::state::AppState;

/// Up to this many moved keys are listed by name.
const MAX_LISTED: usize = 12;

/// The ring and mod N, side by side, for the last change.
#[component]
pub fn LastChangePanel() -> impl IntoView {
    let app = expect_context::<AppState>();
    let has_moves = move || app.last.with(|l| l.as_ref().is_some_and(|o| o.moves_keys));
    let figure = move |f: fn(&Outcome) -> String| move || app.last.with(|l| l.as_deref().map(f));
    // The count and the total are texts of their own, written in place on each change.
    let of_keys = move || figure(|o| grouped(o.keys as u64));

    view! {
        <section class="panel" class:pointed=move || app.points_at(Panel::LastChange) aria-labelledby=labelled_by("last-title") data-testid="last-change-panel">
            <h2 id="last-title">"Last change"</h2>
            <p class="headline" data-testid="last-headline">
                {move || {
                    app.last.with(|l| match l {
                        Some(o) => o.headline.clone(),
                        None => NO_CHANGE_YET.to_string(),
                    })
                }}
            </p>
            <Show when=has_moves>
                <dl class="tiles">
                    <div>
                        <dt data-testid="moved-title">{figure(|o| moved_title(o.placement))}</dt>
                        <dd class="big" data-testid="ring-moved">
                            {figure(|o| grouped(o.moved.len() as u64))}
                            <span class="of">" of " {of_keys()}</span>
                        </dd>
                        <dd data-testid="ring-moved-pct">{figure(|o| o.moved_fraction().map(pct).unwrap_or_default())}</dd>
                        <dd class="meaning" data-testid="ring-expected">{figure(|o| o.theory_line(o.placement))}</dd>
                    </div>
                    <Show when=move || app.last.with(|l| l.as_ref().is_some_and(|o| o.baseline.is_some()))>
                        <div>
                            <dt>{figure(|o| format!("{} would move", capital(o.baseline_name())))}</dt>
                            <dd class="big" data-testid="modn-moved">
                                {figure(|o| grouped(o.baseline_moved() as u64))}
                                <span class="of">" of " {of_keys()}</span>
                            </dd>
                            <dd data-testid="modn-moved-pct">{figure(|o| o.baseline_fraction().map(pct).unwrap_or_default())}</dd>
                            <dd class="meaning" data-testid="modn-expected">
                                {figure(|o| o.baseline.as_ref().map(|b| o.theory_line(b.kind)).unwrap_or_default())}
                            </dd>
                        </div>
                    </Show>
                </dl>
                <SystemMoved />
                <MovedRequests />
                <p class="verdict" data-testid="verdict">{figure(|o| o.verdict().unwrap_or_default())}</p>
                <MoveLists />
                <FailoverLine />
                <super::plan::PlanFold />
            </Show>
            <For each=move || app.last.with(|l| l.as_ref().map(|o| o.notes.clone()).unwrap_or_default()) key=|n| n.clone() let:note>
                <p class="hint">{note}</p>
            </For>
        </section>
    }
}

/// The first tile's title: "Moved on the ring", "Moved under Jump hash".
fn moved_title(kind: Kind) -> String {
    format!("Moved {}", kind.spec().under)
}

fn capital(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| {
            std::iter::once(c.to_ascii_uppercase())
                .chain(chars)
                .collect()
        })
        .unwrap_or_default()
}

/// Under a real system: the slots, tokens, partitions or shards the change moved, and the
/// system's own account of it ("Moving 1366 slots from B to D").
#[component]
fn SystemMoved() -> impl IntoView {
    let app = expect_context::<AppState>();
    let lines = move || {
        app.last.with(|l| {
            let o = l.as_ref()?;
            let system = o.system.as_ref()?;
            let mut lines = vec![system.summary(o.keys)];
            lines.extend(system.lines.iter().cloned());
            Some(lines)
        })
    };
    move || {
        lines().map(|lines| {
            view! {
                <ul class="system-moved" data-testid="system-moved">
                    {lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}
                </ul>
            }
        })
    }
}

/// When keys are not read alike, what share of the reads the moved keys carried.
#[component]
fn MovedRequests() -> impl IntoView {
    let app = expect_context::<AppState>();
    let text = move || {
        app.last.with(|last| {
            app.previous
                .with(|before| MovedReads::line(before.as_ref(), last.as_deref()?))
        })
    };
    view! { <p class="moved-requests" data-testid="moved-requests">{text}</p> }
}

/// The moved keys by name, when they are few.
#[component]
fn MoveLists() -> impl IntoView {
    let app = expect_context::<AppState>();
    let list = move |ring: bool| {
        move || {
            app.last.with(|last| {
                let Some(o) = last else { return None };
                let empty = Moves::default();
                let moves = if ring {
                    &o.moved
                } else {
                    o.baseline.as_ref().map_or(&empty, |b| &b.moved)
                };
                if moves.is_empty() || moves.len() > MAX_LISTED {
                    return None;
                }
                // The moves name keys by id in the key set both scenarios share.
                let lines = app.scenario.with(|s| describe(s, moves));
                let title = if ring {
                    format!("Keys moved {}", o.placement.spec().under)
                } else {
                    format!("Keys {} would move", o.baseline_name())
                };
                Some(view! {
                    <div>
                        <h3>{title}</h3>
                        <ul class="moves" data-testid=if ring { "ring-moves" } else { "modn-moves" }>
                            {lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}
                        </ul>
                    </div>
                })
            })
        }
    };
    view! { <div class="move-lists">{list(true)} {list(false)}</div> }
}

fn describe(scenario: &Scenario, moves: &Moves) -> Vec<String> {
    let keys = scenario.keys();
    moves
        .listed
        .iter()
        .filter(|m| (m.key as usize) < keys.len())
        // A long key is named by its start; the selected key's panel shows it whole.
        .map(|m| {
            let key = keys.with_label(m.key, crate::core::shown);
            format!("{key}: {} → {}", m.from, m.to)
        })
        .collect()
}

/// With replicas, what a server's removal did: which replica took over, and what was lost.
#[component]
fn FailoverLine() -> impl IntoView {
    let app = expect_context::<AppState>();
    let failover = move || {
        let replicas = app.replicas.get();
        // One copy per key is the plain ring; only the replicas lesson dwells on what it loses.
        let in_lesson = app
            .teaching
            .lesson
            .with(|l| l.as_ref().is_some_and(|(found, _)| found.id == "replicas"));
        if replicas == 1 && !in_lesson {
            return None;
        }
        app.last.with(|last| {
            let outcome = last.as_ref()?;
            app.previous
                .with(|before| crate::core::failover(before.as_ref()?, outcome, replicas))
        })
    };
    move || {
        failover().map(|f| {
            let r = app.replicas.get_untracked();
            let promoted = f.promoted.len();
            let listed = (promoted > 0 && promoted <= MAX_LISTED).then(|| {
                app.scenario.with_untracked(|s| {
                    f.promoted
                        .iter()
                        .filter(|p| (p.key as usize) < s.keys().len())
                        .map(|p| format!("{}: {} → {} (replica promoted)", s.keys().with_label(p.key, crate::core::shown), p.from, p.to))
                        .collect::<Vec<_>>()
                })
            });
            view! {
                <p class="failover" data-testid="failover">
                    {format!("With R = {r}: ")}
                    <strong data-testid="replica-promoted">{grouped(promoted as u64)}</strong>
                    {format!(" {} served by {} next replica, ", crate::core::plural(promoted, "key", "keys"), if r > 1 { "their" } else { "a" })}
                    <strong data-testid="replica-lost">{grouped(f.lost as u64)}</strong>
                    {format!(" lost every copy{}", if r == 1 { " (one copy per key: choose R > 1 to keep them)." } else { "." })}
                </p>
                {listed.map(|lines| view! {
                    <ul class="moves" data-testid="promotions">
                        {lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}
                    </ul>
                })}
            }
        })
    }
}
