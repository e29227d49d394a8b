//! The browser app: Leptos components over the engine.
//!
//! The layout is a dashboard that fits 1280×720: controls on the left, the ring in the middle,
//! the readout on the right; it stacks into one column on a phone.

mod authoring;
mod compare;
mod controls;
mod embed;
mod figures;
mod header;
mod kit;
mod lessons;
mod notices;
mod part_list;
pub mod parts;
mod placements;
mod practice;
mod ring;
mod state;
mod systems;
mod timeline;
mod traffic;

use leptos::prelude::*;

use controls::keys::KeyControls;
use controls::placement::PlacementControls;
use controls::servers::ServerControls;
use controls::vnodes::VnodeControls;
use embed::config::EmbedConfig;
use header::toolbar::Toolbar;
use kit::lazy::{arrive, Lazy};
use kit::theme::use_theme;
use notices::fields::FieldError;
use notices::link::LinkNotices;
use parts::Parts;
use ring::canvas::RingCanvas;
use ring::last_change::LastChangePanel;
use ring::ownership::OwnershipPanel;
use ring::stage::{HoverReadout, ModeBanner, SelectedServer};
pub use state::{AppState, ClickMode, Field, View};

/// The whole app.
#[component]
pub fn App() -> impl IntoView {
    let query = window().location().search().unwrap_or_default();
    // A link's million keys arrive in steps after the page shows, not before.
    let (query, deferred) = controls::generation::defer(&query);
    let (app, extra) = AppState::from_link(&query, state::MAX_PAGE_KEYS);
    state::address::apply_view_params(app, &extra);
    provide_context(app);
    let announce = Callback::new(move |words: String| app.words.announce(words));
    let parts = part_list::every_part(announce);
    provide_context(parts);
    provide_context(practice::practice_view::PracticeRound::new(
        app.teaching.practice_seed.get_untracked(),
    ));
    embed::probe::register(app);
    state::address::sync_address(app);
    state::ahead::count_ahead(app);
    header::shortcuts::install(app);
    let theme = use_theme(app.page.present);
    if let Some(deferred) = deferred {
        controls::generation::finish(app, deferred, state::MAX_PAGE_KEYS);
    }
    let mut notices = Vec::new();
    let embedded = EmbedConfig::from_params(&extra, &mut notices);
    if !notices.is_empty() {
        app.words.add_link_notices(notices);
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
        let embed = Lazy::new(
            "the embedded ring",
            || Box::pin(placements::with(embed::arrive())),
            announce,
        );
        return arrive(embed, "embed-part", move |show| {
            show(app, config.clone(), theme)
        })
        .into_any();
    }
    let practice = Lazy::new(
        "the Practice view",
        || Box::pin(placements::with(practice::arrive())),
        announce,
    );
    let ring_controls = Lazy::quiet("the ring's size and hash", || {
        Box::pin(controls::arrive_ring())
    });
    let shortcut_list = Lazy::new(
        "the keyboard shortcuts",
        || Box::pin(header::arrive_shortcuts()),
        announce,
    );
    // Mounted from the first time it is opened on (it shows itself while open), so closing it
    // gives the focus back as usual.
    let listed =
        Memo::new(move |was: Option<&bool>| was == Some(&true) || app.page.help_open.get());
    let qr_code = Lazy::new("the QR code", || Box::pin(header::arrive_qr()), announce);
    // Mounted from the first time it is shown on, like the shortcut list.
    let scanned = Memo::new(move |was: Option<&bool>| was == Some(&true) || app.page.qr_open());
    let paste = Lazy::new(
        "the cluster reader",
        || Box::pin(placements::with(systems::arrive_paste())),
        announce,
    );
    // Mounted from the first time it is opened on (it shows itself while open), so closing it
    // gives the focus back as usual.
    let pasted =
        Memo::new(move |was: Option<&bool>| was == Some(&true) || app.page.paste_open.get());
    let predict = Lazy::new(
        "Predict first",
        || Box::pin(placements::with(practice::arrive_predict())),
        announce,
    );
    Effect::new(move |_| {
        if let Some(body) = document().body() {
            body.class_list()
                .toggle_with_force("present", app.page.present.get())
                .ok();
        }
    });

    // On a wide screen a lesson's player is the right-hand column and the ring's readout goes
    // inside it, after the step's words; on a narrow one the player is a sheet over the bottom
    // of the screen and the readout stays in the page.
    let wide = kit::theme::use_media("(min-width: 1101px)");
    let lessoning = move || app.teaching.lesson.with(Option::is_some);
    let readout_in_player = move || lessoning() && wide.get();
    // The readout is on the page in exactly one place at a time (hidden, not gone, on the
    // views that do not show the ring), so its figures can always be read.
    let numbers = ViewFn::from(move || {
        view! {
            <Show when=readout_in_player>
                <section class="readout in-player" aria-label="Readout" hidden=move || !app.shows_ring()>
                    <ReadoutPanels theme=theme />
                </section>
            </Show>
        }
    });

    view! {
        <a class="skip-link" href="#ring" data-testid="skip-to-ring" on:click=move |ev| {
            ev.prevent_default();
            if !app.shows_ring() {
                app.page.set_view(View::Ring);
            }
            kit::focus::focus_soon(vec!["[data-testid=\"ring-canvas\"]".into()]);
        }>"Skip to the ring"</a>
        <header class="top">
            <div class="brand">
                <h1>"Ringlab"</h1>
                <p class="tagline">"Consistent hashing, one change at a time"</p>
            </div>
            <header::views::ViewSwitcher />
            <div class="header-actions">
                <lessons::panel::LessonPicker />
                <div class="teach-menu">
                    <authoring::menu::TeachMenu theme=theme />
                </div>
                <Toolbar />
            </div>
        </header>
        <authoring::recording::Recording />
        <header::blank::BlankScreen />
        <LinkNotices />
        <main
            class="layout"
            class:comparing=move || app.page.view.get() == View::Compare
            class:requests=move || app.page.view.get() == View::Traffic
            class:practicing=move || app.page.view.get() == View::Practice
            class:timing=move || app.page.view.get() == View::Timeline
            class:lessoning=lessoning
            class:folded=move || app.page.present.get() && !app.page.controls_open.get()
        >
            <section
                class="controls"
                id="controls"
                aria-label="Controls"
                hidden=move || app.page.view.get() == View::Practice || (app.page.present.get() && !app.page.controls_open.get())
            >
                <PlacementControls />
                <ServerControls theme=theme />
                <VnodeControls />
                <KeyControls />
                {arrive(parts.replicas, "replicas-part", |show| show())}
                {arrive(ring_controls, "ring-controls-part", |show| show())}
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
            <lessons::LessonStep theme=theme numbers=numbers />
            // One readout for the ring and for traffic: the Traffic view puts requests where the
            // ring's ownership table was.
            <Show when=move || !readout_in_player()>
                <section class="readout" aria-label="Readout" hidden=move || !app.shows_ring()>
                    <ReadoutPanels theme=theme />
                </section>
            </Show>
            <Show when=move || app.page.view.get() == View::Compare>
                {arrive(parts.compare, "compare-part", move |show| show(theme))}
            </Show>
            <Show when=move || app.page.view.get() == View::Practice>
                {arrive(practice, "practice-part", move |show| show(theme))}
            </Show>
            <Show when=move || app.page.view.get() == View::Timeline>
                {arrive(parts.timeline, "timeline-part", |timeline| (timeline.view)(true, true))}
            </Show>
        </main>
        <Show when=move || app.teaching.predict.get()>
            {arrive(predict, "toast", move |show| show(theme))}
        </Show>
        <Show when=move || scanned.get()>
            {arrive(qr_code, "toast", |show| show())}
        </Show>
        <Show when=move || listed.get()>
            {arrive(shortcut_list, "toast", |show| show())}
        </Show>
        <Show when=move || pasted.get()>
            {arrive(paste, "toast", |show| show())}
        </Show>
        <p class="sr-only" role="status" aria-live="polite" data-testid="announcement">
            {move || app.words.announcement.get()}
        </p>
    }
    .into_any()
}

/// The ring's readout: the selected key, requests on the Traffic view, the last change, who
/// owns what and the cache's load.
#[component]
fn ReadoutPanels(theme: Signal<kit::theme::Theme>) -> impl IntoView {
    let app = expect_context::<AppState>();
    let parts = expect_context::<Parts>();
    view! {
        <Show when=move || app.selection.key.with(Option::is_some)>
            {arrive(parts.key, "key-part", |show| show())}
        </Show>
        <Show when=move || app.page.view.get() == View::Traffic>
            {arrive(parts.traffic, "traffic-part", move |show| show(theme))}
        </Show>
        <LastChangePanel />
        <Show when=move || app.page.view.get() != View::Traffic>
            <systems::panel::SystemPanel theme=theme />
            <OwnershipPanel theme=theme />
        </Show>
        {arrive(parts.cache, "cache-part", |show| show())}
    }
}

/// Mounts the app on the page, in place of the first screen written into it at build time
/// (`draw::first_screen`): the app's own elements take the same places, and the effects that
/// paint the canvas run before the browser next paints, so the swap shows no gap.
pub fn mount() {
    if figures::wanted() {
        // A host page's figures: no app, no first screen to replace, and nothing on the host
        // page but the figures (a panic goes to the console only).
        console_error_panic_hook::set_once();
        wasm_bindgen_futures::spawn_local(async {
            // Every placement's code comes too if a figure or the text names one.
            let start = if figures::name_placements() {
                placements::with(figures::arrive()).await
            } else {
                figures::arrive().await
            };
            if let Ok(start) = start {
                start();
            }
        });
        return;
    }
    notices::crash::install();
    // A link that names a placement beyond the ring and mod N (its own, its change's, a
    // lesson's) has every placement's code come before the app reads it; any other opens at
    // once. The views and embed mode bring the code with their own.
    if crate::core::names_placement_away(&window().location().search().unwrap_or_default()) {
        wasm_bindgen_futures::spawn_local(async {
            // A failure leaves the link's placement refused in words, as the link notice says.
            let _ = placements::bring().await;
            start();
        });
    } else {
        start();
    }
}

/// Mounts the app in place of the first screen written into the page.
fn start() {
    leptos::mount::mount_to_body(App);
    let selector = format!(".{}", crate::draw::first_screen::CLASS);
    if let Ok(written) = document().query_selector_all(&selector) {
        for i in 0..written.length() {
            if let Some(element) = written
                .item(i)
                .and_then(|n| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(n).ok())
            {
                element.remove();
            }
        }
    }
}
