//! The last change: how many keys moved on the ring, how many `hash mod N` would have moved,
//! what theory expects for each, and which keys.

use leptos::prelude::*;

use super::common::{grouped, pct};
use super::state::AppState;
use crate::core::{KeyMove, Outcome, Scenario};

/// Up to this many moved keys are listed by name.
const MAX_LISTED: usize = 12;

/// The ring and mod N, side by side, for the last change.
#[component]
pub fn LastChangePanel() -> impl IntoView {
    let app = expect_context::<AppState>();
    let has_moves = move || app.last.with(|l| l.as_ref().is_some_and(|o| o.moves_keys));
    let figure = move |f: fn(&Outcome) -> String| move || app.last.with(|l| l.as_deref().map(f));
    let moved = move |ring: bool| {
        move || {
            app.last.with(|l| {
                l.as_ref().map(|o| {
                    let n = if ring {
                        o.ring_moves.len()
                    } else {
                        o.mod_n_moves.len()
                    };
                    of_keys(n, o.keys)
                })
            })
        }
    };

    view! {
        <section class="panel" aria-labelledby="last-title">
            <h2 id="last-title">"Last change"</h2>
            <p class="headline" data-testid="last-headline">
                {move || {
                    app.last.with(|l| match l {
                        Some(o) => o.headline.clone(),
                        None => "None yet: add a server and watch which keys move.".to_string(),
                    })
                }}
            </p>
            <Show when=has_moves>
                <dl class="tiles">
                    <div>
                        <dt>"Moved on the ring"</dt>
                        <dd class="big" data-testid="ring-moved">{moved(true)}</dd>
                        <dd data-testid="ring-moved-pct">{figure(|o| o.ring_fraction().map(pct).unwrap_or_default())}</dd>
                        <dd class="meaning" data-testid="ring-expected">{figure(ring_theory)}</dd>
                    </div>
                    <div>
                        <dt>"mod N would move"</dt>
                        <dd class="big" data-testid="modn-moved">{moved(false)}</dd>
                        <dd data-testid="modn-moved-pct">{figure(|o| o.mod_n_fraction().map(pct).unwrap_or_default())}</dd>
                        <dd class="meaning" data-testid="modn-expected">{figure(mod_n_theory)}</dd>
                    </div>
                </dl>
                <p class="verdict" data-testid="verdict">{figure(|o| o.verdict().unwrap_or_default())}</p>
                <MoveLists />
                <FailoverLine />
            </Show>
            <For each=move || app.last.with(|l| l.as_ref().map(|o| o.notes.clone()).unwrap_or_default()) key=|n| n.clone() let:note>
                <p class="hint">{note}</p>
            </For>
        </section>
    }
}

fn of_keys(moved: usize, keys: usize) -> impl IntoView {
    view! { {grouped(moved as u64)} <span class="of">" of " {grouped(keys as u64)}</span> }
}

fn ring_theory(o: &Outcome) -> String {
    let (before, after) = o.servers;
    match o.ring_expected {
        Some(share) if after > before && (share - 1.0 / after as f64).abs() < 1e-9 => {
            format!("expected about 1/(N+1) = 1/{after} = {}", pct(share))
        }
        Some(share) if after < before && (share - 1.0 / before as f64).abs() < 1e-9 => {
            format!("expected about 1/N = 1/{before} = {}", pct(share))
        }
        Some(share) => format!("expected about its weight share, {}", pct(share)),
        None => "keys move where arcs changed owner".to_string(),
    }
}

fn mod_n_theory(o: &Outcome) -> String {
    let (before, after) = o.servers;
    match o.mod_n_expected {
        Some(share) if after > before => {
            format!("theory N/(N+1) = {before}/{after} = {}", pct(share))
        }
        Some(share) => format!("theory (N−1)/N = {after}/{before} = {}", pct(share)),
        None if before == after => "same servers, same remainders".to_string(),
        None => String::new(),
    }
}

/// The moved keys by name, when they are few.
#[component]
fn MoveLists() -> impl IntoView {
    let app = expect_context::<AppState>();
    let list = move |ring: bool| {
        move || {
            app.last.with(|last| {
                let Some(o) = last else { return None };
                let moves = if ring { &o.ring_moves } else { &o.mod_n_moves };
                if moves.is_empty() || moves.len() > MAX_LISTED {
                    return None;
                }
                // The moves name keys by id in the key set both scenarios share.
                let lines = app.scenario.with(|s| describe(s, moves));
                Some(view! {
                    <div>
                        <h3>{if ring { "Keys moved on the ring" } else { "Keys mod N would move" }}</h3>
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

fn describe(scenario: &Scenario, moves: &[KeyMove]) -> Vec<String> {
    let keys = scenario.keys();
    moves
        .iter()
        .filter(|m| (m.key as usize) < keys.len())
        .map(|m| format!("{}: {} → {}", keys.key(m.key).label(), m.from, m.to))
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
            .lesson
            .with(|l| l.is_some_and(|(id, _)| id == "replicas"));
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
                        .map(|p| format!("{}: {} → {} (replica promoted)", s.keys().key(p.key).label(), p.from, p.to))
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
