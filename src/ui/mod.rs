//! The browser app: Leptos components over the engine.
//!
//! The layout is a dashboard that fits 1280×720: controls on the left, the ring in the middle,
//! the readout on the right; it stacks into one column on a phone.

mod compare;
mod controls;
mod embed;
mod header;
mod kit;
mod lessons;
mod practice;
mod ring;
mod state;
mod timeline;
mod traffic;

use leptos::prelude::*;

use crate::core::{Change, Kind};

use compare::view::CompareView;
use controls::keys::KeyControls;
use controls::placement::PlacementControls;
use controls::replicas::ReplicaControls;
use controls::ring::RingControls;
use controls::servers::ServerControls;
use controls::vnodes::VnodeControls;
use header::toolbar::Toolbar;
use kit::theme::use_theme;
use ring::canvas::RingCanvas;
use ring::key_detail::KeyDetailPanel;
use ring::last_change::LastChangePanel;
use ring::ownership::OwnershipPanel;
pub use state::{AppState, ClickMode, Field, View};
use traffic::cache::CachePanel;

/// The whole app.
#[component]
pub fn App() -> impl IntoView {
    let query = window().location().search().unwrap_or_default();
    // A link's million keys arrive in steps after the page shows, not before.
    let (query, deferred) = controls::generation::defer(&query);
    let (app, extra) = AppState::from_link(&query, controls::keys::MAX_PAGE_KEYS);
    header::toolbar::apply_view_params(app, &extra);
    provide_context(app);
    provide_context(practice::view::PracticeRound::new(
        app.practice_seed.get_untracked(),
    ));
    embed::probe::register(app);
    header::toolbar::sync_address(app);
    header::shortcuts::install(app, lessons::panel::step_by);
    let theme = use_theme(app.present);
    if let Some(deferred) = deferred {
        controls::generation::finish(app, deferred, controls::keys::MAX_PAGE_KEYS);
    }
    let mut notices = Vec::new();
    let embedded = embed::EmbedConfig::from_params(&extra, &mut notices);
    if !notices.is_empty() {
        app.link_notices.update(|n| n.extend(notices));
    }
    if let Some(config) = embedded {
        // The address keeps the embed's own settings, so a reload stays embedded.
        app.kept_params.set_value(
            extra
                .iter()
                .filter(|(name, _)| matches!(name.as_str(), "embed" | "panels" | "host"))
                .cloned()
                .collect(),
        );
        embed::connect(app, config.clone());
        return view! { <EmbedView config=config theme=theme /> }.into_any();
    }
    Effect::new(move |_| {
        if let Some(body) = document().body() {
            body.class_list()
                .toggle_with_force("present", app.present.get())
                .ok();
        }
    });

    view! {
        <header class="top">
            <div class="brand">
                <h1>"Ringlab"</h1>
                <p class="tagline">"Consistent hashing, one change at a time"</p>
            </div>
            <header::toolbar::ViewSwitcher />
            <div class="header-actions">
                <lessons::panel::LessonPicker />
                <Toolbar />
            </div>
        </header>
        <LinkNotices />
        <main
            class="layout"
            class:comparing=move || app.view.get() == View::Compare
            class:requests=move || app.view.get() == View::Traffic
            class:practicing=move || app.view.get() == View::Practice
            class:timing=move || app.view.get() == View::Timeline
        >
            <section class="controls" aria-label="Controls" hidden=move || app.view.get() == View::Practice>
                <PlacementControls />
                <ServerControls theme=theme />
                <VnodeControls />
                <KeyControls />
                <ReplicaControls />
                <RingControls />
            </section>
            // The ring view stays mounted under Compare (only hidden), so its canvas keeps its
            // size and the Share menu can still save it.
            <section class="stage" aria-label="The ring" hidden=move || !app.shows_ring()>
                <ModeBanner />
                <controls::generation::GenerationProgress />
                <kit::common::FieldError field=Field::Canvas id="canvas-error" />
                <RingCanvas theme=theme />
                <HoverReadout />
                <SelectedServer />
                <p class="compact-summary" aria-hidden="true">
                    {move || app.last.with(|l| l.as_ref().map(|o| o.summary()))}
                </p>
            </section>
            // One readout for the ring and for traffic: the Traffic view puts requests where the
            // ring's ownership table was.
            <section class="readout" aria-label="Readout" hidden=move || !app.shows_ring()>
                // On the Timeline the lesson's step shows above the chart instead.
                <Show when=move || app.view.get() != View::Timeline>
                    <lessons::panel::LessonPanel theme=theme />
                </Show>
                <KeyDetailPanel />
                <Show when=move || app.view.get() == View::Traffic>
                    <traffic::panel::TrafficPanel theme=theme />
                </Show>
                <LastChangePanel />
                <Show when=move || app.view.get() != View::Traffic>
                    <OwnershipPanel theme=theme />
                </Show>
                <CachePanel />
            </section>
            <Show when=move || app.view.get() == View::Compare>
                <CompareView theme=theme />
            </Show>
            <Show when=move || app.view.get() == View::Practice>
                <practice::view::PracticeView theme=theme />
            </Show>
            <Show when=move || app.view.get() == View::Timeline>
                <timeline::view::TimelineView sweeps=true lesson=theme />
            </Show>
        </main>
        <practice::predict::PredictDialog theme=theme />
        <header::shortcuts::ShortcutHelp />
        <p class="sr-only" role="status" aria-live="polite" data-testid="announcement">
            {move || app.announcement.get()}
        </p>
    }
    .into_any()
}

/// The embedded ring: no page chrome, only the ring and the chosen panels.
#[component]
fn EmbedView(config: embed::EmbedConfig, theme: Signal<kit::theme::Theme>) -> impl IntoView {
    let app = expect_context::<AppState>();
    if let Some(body) = document().body() {
        body.class_list().add_1("embedded").ok();
    }
    let panels = config
        .panels
        .iter()
        .map(|panel| match *panel {
            "last" => view! { <LastChangePanel /> }.into_any(),
            "ownership" => view! { <OwnershipPanel theme=theme /> }.into_any(),
            "key" => view! { <KeyDetailPanel /> }.into_any(),
            "cache" => view! { <CachePanel /> }.into_any(),
            "lesson" => view! { <lessons::panel::LessonPanel theme=theme /> }.into_any(),
            "servers" => view! { <ServerControls theme=theme /> }.into_any(),
            "vnodes" => view! { <VnodeControls /> }.into_any(),
            "keys" => view! { <KeyControls /> }.into_any(),
            "placement" => view! { <PlacementControls /> }.into_any(),
            "compare" => view! { <CompareView theme=theme /> }.into_any(),
            "traffic" => view! { <traffic::panel::TrafficPanel theme=theme /> }.into_any(),
            "timeline" => view! { <timeline::view::TimelineView sweeps=false /> }.into_any(),
            "sweeps" => view! { <timeline::sweeps::SweepPanel /> }.into_any(),
            _ => view! { <ReplicaControls /> }.into_any(),
        })
        .collect_view();
    view! {
        <LinkNotices />
        <main class="embed-layout" data-testid="embed">
            <section class="stage" aria-label="The ring">
                <kit::common::FieldError field=Field::Canvas id="canvas-error" />
                <RingCanvas theme=theme />
                <HoverReadout />
            </section>
            <section class="readout" aria-label="Readout">{panels}</section>
        </main>
        <p class="sr-only" role="status" aria-live="polite" data-testid="announcement">
            {move || app.announcement.get()}
        </p>
    }
}

/// What a link held that could not be read, so a tampered link never fails silently.
#[component]
fn LinkNotices() -> impl IntoView {
    let app = expect_context::<AppState>();
    let shown = move || !app.link_notices.with(Vec::is_empty);
    view! {
        <Show when=shown>
            <div class="notice" role="status" data-testid="link-notices">
                <p>"Parts of this link could not be read and were left out:"</p>
                <ul>
                    {move || app.link_notices.get().into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}
                </ul>
                <button type="button" on:click=move |_| app.link_notices.set(Vec::new())>"Dismiss"</button>
            </div>
        </Show>
    }
}

/// Says what a click on the ring does, when it does more than select.
#[component]
fn ModeBanner() -> impl IntoView {
    let app = expect_context::<AppState>();
    let text = move || match app.mode.get() {
        ClickMode::Select => "Click a key or a server's point to select it.".to_string(),
        ClickMode::DropKey => "Click the ring to drop a key there.".to_string(),
        ClickMode::PlaceServer => format!(
            "Click the ring to place server {} there.",
            app.suggested_name()
        ),
    };
    view! {
        <p class="mode-banner" class:active=move || app.mode.get() != ClickMode::Select data-testid="mode-banner">
            <span class="mode-text">{text}</span>
            <Show when=move || app.mode.get() != ClickMode::Select>
                <button type="button" class="link" on:click=move |_| app.mode.set(ClickMode::Select)>
                    "Done"
                </button>
            </Show>
            <practice::predict::PredictSwitch />
        </p>
    }
}

/// The server selected on the ring or in the list, with a button to remove it.
#[component]
fn SelectedServer() -> impl IntoView {
    let app = expect_context::<AppState>();
    let selected = move || {
        let name = app.selected_server.get()?;
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
                        {format!(" owns {} of the ring and {} {}.", kit::common::pct(share), kit::common::grouped(keys), crate::core::plural(keys as usize, "key", "keys"))}
                    </span>
                    <button type="button" data-testid="remove-selected" on:click=remove>
                        {format!("Remove {name}")}
                    </button>
                    <button type="button" on:click=move |_| app.selected_server.set(None)>"Deselect"</button>
                </p>
            }
        })
    }
}

/// The position under the pointer and its owner.
#[component]
fn HoverReadout() -> impl IntoView {
    let app = expect_context::<AppState>();
    let text = move || match app.hover.get() {
        Some(spot) => app.scenario.with(|s| {
            let placed = s.placed();
            let owner = placed.names()[placed.owner_at_spot(spot, s.size())].to_string();
            match s.placement() {
                Kind::Maglev => format!("Table entry {spot} belongs to {owner}"),
                Kind::Ring | Kind::Ketama | Kind::Table | Kind::Bounded => {
                    format!("Position {spot} belongs to {owner}")
                }
                _ => format!("A key whose hash is {spot} goes to {owner}"),
            }
        }),
        None => "Point at the ring to see who owns a position.".to_string(),
    };
    view! { <p class="hover-readout" data-testid="hover-readout">{text}</p> }
}

/// Mounts the app on the page.
pub fn mount() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(App);
}
