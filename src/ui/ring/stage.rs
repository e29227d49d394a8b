//! Around the ring on the stage: what a click does, the selected server, and the position under
//! the pointer.

use leptos::prelude::*;

use crate::draw::first_screen::ring_labels;
use crate::draw::geometry::position_at;

use crate::core::Change;
use crate::ui::kit::numbers::{grouped, pct};
use crate::ui::practice::predict::PredictSwitch;
use crate::ui::state::{AppState, ClickMode, Field};

/// Says what a click on the ring does, when it does more than select.
#[component]
pub fn ModeBanner() -> impl IntoView {
    let app = expect_context::<AppState>();
    let text = move || match app.selection.mode.get() {
        ClickMode::Select => ring_labels::SELECT_HINT.to_string(),
        ClickMode::DropKey => "Click the ring to drop a key there.".to_string(),
        ClickMode::PlaceServer => format!(
            "Click the ring to place server {} there.",
            app.suggested_name()
        ),
    };
    view! {
        <p class="mode-banner" class:active=move || app.selection.mode.get() != ClickMode::Select data-testid="mode-banner">
            <span class="mode-text">{text}</span>
            <Show when=move || app.selection.mode.get() != ClickMode::Select>
                <button type="button" class="link" on:click=move |_| app.selection.set_mode(ClickMode::Select)>
                    "Done"
                </button>
            </Show>
            <PredictSwitch />
        </p>
    }
}

/// The server selected on the ring or in the list, with a button to remove it.
#[component]
pub fn SelectedServer() -> impl IntoView {
    let app = expect_context::<AppState>();
    let selected = move || {
        let name = app.selection.server.get()?;
        app.scenario.with(|s| {
            let (index, _) = s.server(&name).ok()?;
            let row = s.ownership().servers.swap_remove(index);
            Some((name, row.share, row.keys))
        })
    };
    move || {
        selected().map(|(name, share, keys)| {
            let remove = {
                let name = name.clone();
                move |_| {
                    app.dispatch(Change::RemoveServer { name: name.clone() }, Field::ServerList);
                }
            };
            view! {
                <p class="selection-bar" data-testid="selected-server">
                    <span>
                        <strong>{name.clone()}</strong>
                        {format!(" owns {} of the ring and {} {}.", pct(share), grouped(keys), crate::core::plural(keys as usize, "key", "keys"))}
                    </span>
                    <button type="button" data-testid="remove-selected" on:click=remove>
                        {format!("Remove {name}")}
                    </button>
                    <button type="button" on:click=move |_| app.selection.set_selected_server(None)>"Deselect"</button>
                </p>
            }
        })
    }
}

/// The position under the pointer and its owner.
#[component]
pub fn HoverReadout() -> impl IntoView {
    let app = expect_context::<AppState>();
    let text = move || match app.selection.hover.get() {
        Some(fraction) => app.scenario.with(|s| {
            let placed = s.placed();
            // The pointer's angle, read on the circle of the placement shown now.
            let spot = position_at(fraction, placed.circle(s.size()));
            placed.spot_words(spot, s.size())
        }),
        None => ring_labels::HOVER_HINT.to_string(),
    };
    view! { <p class="hover-readout" data-testid="hover-readout">{text}</p> }
}
