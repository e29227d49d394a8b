//! The browser app: Leptos components over the engine.
//!
//! The layout is a dashboard that fits 1280×720: controls on the left, the ring in the middle,
//! the readout on the right; it stacks into one column on a phone.

mod authoring;
mod compare;
mod controls;
mod embed;
mod header;
mod kit;
mod lessons;
mod notices;
mod practice;
mod ring;
mod state;
mod systems;
mod timeline;
mod traffic;

use leptos::prelude::*;

use compare::view::CompareView;
use controls::keys::KeyControls;
use controls::placement::PlacementControls;
use controls::replicas::ReplicaControls;
use controls::ring::RingControls;
use controls::servers::ServerControls;
use controls::vnodes::VnodeControls;
use embed::config::EmbedConfig;
use embed::view::EmbedView;
use header::toolbar::Toolbar;
use kit::theme::use_theme;
use notices::fields::FieldError;
use notices::link::LinkNotices;
use ring::canvas::RingCanvas;
use ring::key_detail::KeyDetailPanel;
use ring::last_change::LastChangePanel;
use ring::ownership::OwnershipPanel;
use ring::stage::{HoverReadout, ModeBanner, SelectedServer};
pub use state::{AppState, ClickMode, Field, View};
use traffic::cache::CachePanel;

/// The whole app.
#[component]
pub fn App() -> impl IntoView {
    let query = window().location().search().unwrap_or_default();
    // A link's million keys arrive in steps after the page shows, not before.
    let (query, deferred) = controls::generation::defer(&query);
    let (app, extra) = AppState::from_link(&query, state::MAX_PAGE_KEYS);
    state::address::apply_view_params(app, &extra);
    provide_context(app);
    provide_context(practice::view::PracticeRound::new(
        app.practice_seed.get_untracked(),
    ));
    embed::probe::register(app);
    state::address::sync_address(app);
    header::shortcuts::install(app);
    authoring::pointer::follow(app);
    let theme = use_theme(app.present);
    if let Some(deferred) = deferred {
        controls::generation::finish(app, deferred, state::MAX_PAGE_KEYS);
    }
    let mut notices = Vec::new();
    let embedded = EmbedConfig::from_params(&extra, &mut notices);
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
        embed::host::connect(app, config.clone());
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
            <header::views::ViewSwitcher />
            <div class="header-actions">
                <lessons::panel::LessonPicker />
                <authoring::menu::TeachMenu theme=theme />
                <Toolbar />
            </div>
        </header>
        <authoring::strip::RecordingStrip />
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
                <FieldError field=Field::Canvas id="canvas-error" />
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
                    <systems::panel::SystemPanel theme=theme />
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
        <systems::paste::PasteDialog />
        <p class="sr-only" role="status" aria-live="polite" data-testid="announcement">
            {move || app.announcement.get()}
        </p>
    }
    .into_any()
}

/// Mounts the app on the page.
pub fn mount() {
    notices::crash::install();
    leptos::mount::mount_to_body(App);
}
