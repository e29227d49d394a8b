//! The Compare view: every placement on the same servers, the same keys and the same last
//! change, as small multiples (one small circle each, the same colours, the same figures under
//! each), and a table of the same numbers as their text alternative.

use std::sync::Arc;

use leptos::html;
use leptos::prelude::*;

use crate::core::compare::{compare_kinds, Best, Column, Comparison};
use crate::core::{Kind, Scenario};
use crate::draw::geometry::Frame;
use crate::draw::picture::{Focus, Picture};
use crate::ui::kit::focus::focus_soon;
use crate::ui::kit::landmark::labelled_by;
use crate::ui::kit::landmark::named;
use crate::ui::kit::numbers::{grouped, pct};
use crate::ui::kit::paint::paint;
use crate::ui::kit::theme::Theme;
use crate::ui::state::{slot_list, AppState, Field, View};

/// The side of a small circle, in CSS pixels.
const SMALL_SIDE: f64 = 168.0;
/// More keys than this are drawn as a density band on a small circle.
const SMALL_DOTS: usize = 60;

/// From this many keys on, the comparison is worked out after a "comparing" notice is drawn.
const BUSY_KEYS: usize = 100_000;

/// A comparison, compared by identity (a new one is computed only when the scenario changes),
/// with the scenario its columns were worked out on: the one after the change. The small circles
/// are drawn from that scenario and never from the page's current one, which may have changed
/// since (a comparison of many keys arrives two frames after its change), and whose keys and
/// servers would then not be the ones the columns' placements were evaluated on.
#[derive(Clone)]
struct Compared {
    figures: Arc<Comparison>,
    /// None until the first comparison is shown.
    on: Option<Scenario>,
}

impl PartialEq for Compared {
    fn eq(&self, other: &Compared) -> bool {
        Arc::ptr_eq(&self.figures, &other.figures)
    }
}

/// Every placement side by side.
#[component]
pub fn CompareView(theme: Signal<Theme>) -> impl IntoView {
    let app = expect_context::<AppState>();
    // The pair compared is the last change's (before, after) when it moved keys, and the
    // scenario with itself otherwise. Nine evaluations of a million keys take seconds on a
    // phone: above BUSY_KEYS the view first says it is working (drawn before the work starts),
    // then shows the result; a newer change drops an older result. The real systems join the
    // textbook placements when asked for, or when one is chosen.
    let with_systems = Memo::new(move |_| {
        app.page.compare_systems.get() || app.scenario.with(|s| s.placement().is_system())
    });
    let compute = move || {
        let scenario = app.scenario.get_untracked();
        let changed = app
            .last
            .with_untracked(|l| l.as_ref().is_some_and(|o| o.moves_keys));
        let kinds: Vec<Kind> = if with_systems.get_untracked() {
            Kind::every().collect()
        } else {
            Kind::ALL.to_vec()
        };
        let c = app.previous.with_untracked(|previous| match previous {
            Some(before) if changed => compare_kinds(before, &scenario, &kinds),
            _ => compare_kinds(&scenario, &scenario, &kinds),
        });
        Compared {
            figures: Arc::new(c),
            on: Some(Scenario::clone(&scenario)),
        }
    };
    let shown = RwSignal::new(None::<Compared>);
    let busy = RwSignal::new(None::<usize>);
    let round = StoredValue::new(0u64);
    Effect::new(move |_| {
        app.scenario.track();
        app.previous.track();
        app.last.track();
        with_systems.track();
        round.update_value(|r| *r += 1);
        let keys = app.scenario.with_untracked(|s| s.keys().len());
        if keys < BUSY_KEYS {
            shown.set(Some(compute()));
            busy.set(None);
            return;
        }
        busy.set(Some(keys));
        let mine = round.get_value();
        // Two frames: the first lays out the busy notice, the second paints it.
        request_animation_frame(move || {
            request_animation_frame(move || {
                // A newer change took over, or the view is gone (its state went with it).
                if round.try_get_value() != Some(mine) {
                    return;
                }
                shown.set(Some(compute()));
                busy.set(None);
            })
        });
    });
    let comparison = Memo::new(move |_| {
        shown.get().unwrap_or_else(|| Compared {
            figures: Arc::new(Comparison {
                keys: 0,
                columns: Vec::new(),
            }),
            on: None,
        })
    });
    let best = Memo::new(move |_| comparison.with(|c| c.figures.best()));
    let headline = move || {
        app.last.with(|l| match l {
            Some(o) if o.moves_keys => format!(
                "{} The same change under every placement, {} {}:",
                o.headline,
                grouped(o.keys as u64),
                crate::core::plural(o.keys, "key", "keys")
            ),
            _ => "No change yet that moves keys: add or remove a server to see what each placement moves. Until then, how evenly each one spreads the keys:".to_string(),
        })
    };
    view! {
        <section class="compare" aria-labelledby=labelled_by("compare-title") data-testid="compare-view">
            <h2 id="compare-title">"Every placement, the same change"</h2>
            <p class="compare-headline" data-testid="compare-headline">{headline}</p>
            <p class="busy" role="status" data-testid="compare-busy">
                {move || busy.get().map(|keys| format!(
                    "Comparing the {} placements on {} keys…",
                    if with_systems.get() { "eighteen" } else { "nine" },
                    grouped(keys as u64)
                ))}
            </p>
            <h3 class="multiples-title">"How textbooks place keys"</h3>
            <ul class="multiples" aria-busy=move || busy.get().is_some().to_string() class:stale=move || busy.get().is_some()>
                {Kind::ALL
                    .into_iter()
                    .map(|kind| view! { <li><SmallRing kind=kind comparison=comparison best=best theme=theme /></li> })
                    .collect_view()}
            </ul>
            <h3 class="multiples-title">"How real systems do it"</h3>
            <Show
                when=move || with_systems.get()
                fallback=move || view! {
                    <p class="hint">
                        <button type="button" data-testid="compare-systems" aria-pressed="false" on:click=move |_| app.page.set_compare_systems(true)>
                            "Show the real systems too"
                        </button>
                        " Redis Cluster, Cassandra, Envoy, nginx, Kafka, Elasticsearch and groupcache on the same change, each placing keys as it does."
                    </p>
                }
            >
                <ul class="multiples" data-testid="compare-systems-list">
                    {Kind::SYSTEMS
                        .into_iter()
                        .map(|kind| view! { <li><SmallRing kind=kind comparison=comparison best=best theme=theme /></li> })
                        .collect_view()}
                </ul>
            </Show>
            <CompareTable comparison=comparison best=best />
        </section>
    }
}

/// One placement: its circle after the change, moved keys ringed, and its figures.
#[component]
fn SmallRing(
    kind: Kind,
    comparison: Memo<Compared>,
    best: Memo<Best>,
    theme: Signal<Theme>,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let canvas_ref = NodeRef::<html::Canvas>::new();
    let column = move |f: &dyn Fn(&Column) -> String| {
        comparison.with(|c| {
            c.figures
                .columns
                .iter()
                .find(|col| col.kind == kind)
                .map(f)
                .unwrap_or_default()
        })
    };
    let keys = move || comparison.with(|c| c.figures.keys);
    // Paints whenever the comparison, the colours or the theme change.
    Effect::new(move |_| {
        let Some(canvas) = canvas_ref.get() else {
            return;
        };
        let theme = theme.get();
        let picture = comparison.with(|c| {
            let col = c.figures.columns.iter().find(|col| col.kind == kind)?;
            let s = c.on.as_ref()?;
            let slots = app.slots.with(|slots| slot_list(slots, s));
            Some(
                Picture::of(
                    s,
                    &col.placed,
                    Some(&col.moved_keys),
                    &slots,
                    &Focus {
                        dot_limit: Some(SMALL_DOTS),
                        ..Focus::default()
                    },
                )
                .small(),
            )
        });
        let Some(picture) = picture else { return };
        let dpr = window().device_pixel_ratio().max(1.0);
        let pixels = (SMALL_SIDE * dpr).round() as u32;
        if canvas.width() != pixels {
            canvas.set_width(pixels);
            canvas.set_height(pixels);
        }
        paint(
            &canvas,
            dpr,
            Frame { side: SMALL_SIDE },
            &picture,
            theme,
            None,
        );
    });
    let chosen = move || app.scenario.with(|s| s.placement() == kind);
    let open = move |_| {
        if app.choose_placement(kind, Field::Placement) {
            app.page.set_view(View::Ring);
            // The card goes with the Compare view: the focus goes to the placement it chose.
            focus_soon(vec!["[data-testid=\"placement-select\"]".into()]);
        }
    };
    let marks = move || {
        comparison.with(|c| {
            c.figures
                .columns
                .iter()
                .find(|col| col.kind == kind)
                .map(|col| c.figures.marks(col, &best.get()))
                .unwrap_or_default()
        })
    };
    let moved_best = move || marks().0;
    let peak_best = move || marks().1;
    let cost_best = move || marks().2;
    view! {
        <button
            type="button"
            class="multiple"
            class:chosen=chosen
            data-testid=format!("compare-{}", kind.id())
            on:click=open
        >
            <span class="multiple-name">
                {kind.name()}
                <Show when=chosen>" (chosen)"</Show>
            </span>
            <canvas
                node_ref=canvas_ref
                aria-hidden="true"
                style=format!("width:{SMALL_SIDE}px;height:{SMALL_SIDE}px")
            ></canvas>
            <span class="multiple-figures">
                <span class:best=moved_best data-testid=format!("compare-moved-{}", kind.id())>
                    {move || column(&|col| {
                        let share = col.moved_fraction(keys()).map(pct).unwrap_or_else(|| "—".into());
                        format!("{} moved ({share})", grouped(col.moved as u64))
                    })}
                </span>
                <span class:best=peak_best>
                    {move || column(&|col| match col.peak_to_mean {
                        Some(p) => format!("busiest {p:.2}× mean"),
                        None => "no keys".to_string(),
                    })}
                </span>
                <span class:best=cost_best>
                    {move || column(&|col| format!("{} {}", trim(col.cost.per_key), col.cost.unit))}
                </span>
            </span>
            <span class="sr-only">" Open it in the ring view."</span>
        </button>
    }
}

/// A figure with at most two decimals and no trailing zeros.
fn trim(x: f64) -> String {
    let text = format!("{x:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The same numbers as a table: the small circles' text alternative.
#[component]
fn CompareTable(comparison: Memo<Compared>, best: Memo<Best>) -> impl IntoView {
    let rows = move || {
        let best = best.get();
        comparison.with(|c| {
            let keys = c.figures.keys;
            c.figures
                .columns
                .iter()
                .map(|col| {
                    let mark = |won: bool| if won { " (best)" } else { "" };
                    let (moved_best, peak_best, cost_best) = c.figures.marks(col, &best);
                    let moved = format!("{}{}", grouped(col.moved as u64), mark(moved_best));
                    let share = col
                        .moved_fraction(keys)
                        .map(pct)
                        .unwrap_or_else(|| "—".into());
                    let ideal = col.ideal.map(pct).unwrap_or_else(|| "—".into());
                    let peak = match col.peak_to_mean {
                        Some(p) => format!("{p:.2}×{}", mark(peak_best)),
                        None => "—".into(),
                    };
                    let cost = format!(
                        "{} {}{}",
                        trim(col.cost.per_key),
                        col.cost.unit,
                        mark(cost_best)
                    );
                    let state = format!("{} {}", grouped(col.state.count), col.state.unit);
                    view! {
                        <tr data-testid=format!("compare-row-{}", col.kind.id())>
                            <th scope="row">{col.kind.name()}</th>
                            <td class="num">{moved}</td>
                            <td class="num">{share}</td>
                            <td class="num">{ideal}</td>
                            <td class="num">{peak}</td>
                            <td>{cost}</td>
                            <td>{state}</td>
                        </tr>
                    }
                })
                .collect_view()
        })
    };
    let notes = move || {
        comparison.with(|c| {
            c.figures
                .columns
                .iter()
                .filter_map(|col| col.note.clone())
                .collect::<Vec<_>>()
        })
    };
    view! {
        <div class="compare-table-wrap" role="region" aria-label=named("Every placement's figures") tabindex="0">
        <table class="compare-table" data-testid="compare-figures">
            <caption>
                "Each placement after the same change: keys moved, the least any placement could move (ideal), the busiest server's keys over its fair share, and the cost of one lookup. "
                "“(best)” marks the best of each column: moved nearest the ideal, busiest nearest the mean, the cheapest lookup."
            </caption>
            <thead>
                <tr>
                    <th scope="col">"Placement"</th>
                    <th scope="col" class="num">"Moved"</th>
                    <th scope="col" class="num">"Share"</th>
                    <th scope="col" class="num">"Ideal"</th>
                    <th scope="col" class="num">"Busiest / mean"</th>
                    <th scope="col">"Lookup cost"</th>
                    <th scope="col">"State"</th>
                </tr>
            </thead>
            <tbody>{rows}</tbody>
        </table>
        </div>
        <For each=notes key=|n| n.clone() let:note>
            <p class="hint">{note}</p>
        </For>
    }
}
