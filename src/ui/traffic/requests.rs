//! The loads on the servers: each server's share of the requests beside its share of the keys,
//! and the keys that make the busiest server busy.

use std::sync::Arc;

use leptos::prelude::*;

use crate::core::Loads;
use crate::ui::kit::numbers::{grouped, pct};
use crate::ui::kit::theme::{Swatch, Theme};
use crate::ui::state::{slot_list, AppState};

/// Loads, compared by identity: computed once per change.
#[derive(Clone)]
pub struct Computed(pub(super) Arc<Loads>);

impl PartialEq for Computed {
    fn eq(&self, other: &Computed) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// Each server's share of the requests beside its share of the keys: the gap is the lesson.
#[component]
pub(super) fn RequestTable(loads: Memo<Computed>, theme: Signal<Theme>) -> impl IntoView {
    let app = expect_context::<AppState>();
    let rows = move || {
        let slots = app
            .scenario
            .with(|s| app.slots.with(|slots| slot_list(slots, s)));
        let names: Vec<String> = app
            .scenario
            .with(|s| s.servers().iter().map(|x| x.name.clone()).collect());
        loads.with(|l| {
            let scale = l
                .0
                .servers
                .iter()
                .map(|s| s.share.max(s.key_share))
                .fold(1e-9, f64::max);
            l.0.servers
                .iter()
                .zip(names)
                .zip(slots)
                .map(|((load, name), slot)| {
                    let colour = theme.get().server(slot);
                    view! {
                        <tr data-testid=format!("requests-{name}")>
                            <th scope="row">
                                <Swatch theme=theme index=slot />
                                {name.clone()}
                            </th>
                            <td class="num" data-testid=format!("key-share-{name}")>{pct(load.key_share)}</td>
                            <td class="num" data-testid=format!("request-share-{name}")>{pct(load.share)}</td>
                            <td class="bar-cell" aria-hidden="true">
                                <div class="bar pair">
                                    <div class="fill keys" style=format!("width:{:.2}%;border-color:{colour}", 100.0 * load.key_share / scale)></div>
                                    <div class="fill requests" style=format!("width:{:.2}%;background:{colour}", 100.0 * load.share / scale)></div>
                                </div>
                            </td>
                        </tr>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <table class="ownership requests" data-testid="request-table">
            <caption id="request-caption">
                {move || loads.with(|l| format!(
                    "Each server's share of the keys and of the {} reads per second (with the remedies chosen). Outlined bar: keys; filled bar: requests.",
                    grouped(l.0.reads.round() as u64)
                ))}
            </caption>
            <thead>
                <tr>
                    <th scope="col">"Server"</th>
                    <th scope="col" class="num">"Keys"</th>
                    <th scope="col" class="num">"Requests"</th>
                    <th scope="col"><span class="sr-only">"Keys against requests"</span></th>
                </tr>
            </thead>
            <tbody>{rows}</tbody>
        </table>
    }
}

/// The keys carrying most of the busiest server's load.
#[component]
pub(super) fn BusiestKeys(loads: Memo<Computed>) -> impl IntoView {
    let app = expect_context::<AppState>();
    let text = move || {
        loads.with(|l| {
            app.scenario.with(|s| {
                let name = s.servers().get(l.0.busiest)?.name.clone();
                let keys: Vec<String> =
                    l.0.top_keys
                        .iter()
                        .filter(|(id, _)| (*id as usize) < s.keys().len())
                        .map(|(id, share)| {
                            // A long key is named by its start.
                            let key = s.keys().with_label(*id, crate::core::shown);
                            format!("{key} ({})", pct(*share))
                        })
                        .collect();
                (!keys.is_empty()).then(|| {
                    format!(
                        "The busiest server, {name}, gets most of its load from {}.",
                        keys.join(", ")
                    )
                })
            })
        })
    };
    view! { <p class="hint" data-testid="busiest-keys">{text}</p> }
}
