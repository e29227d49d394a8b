//! The embedded ring: no page chrome, only the ring and the chosen panels. Embed mode shows it
//! as the whole page; each of a host page's figures (`ui::figures`) shows one.

use leptos::prelude::*;

use super::config::EmbedConfig;
use crate::ui::controls::keys::KeyControls;
use crate::ui::controls::placement::PlacementControls;
use crate::ui::controls::servers::ServerControls;
use crate::ui::controls::vnodes::VnodeControls;
use crate::ui::kit::landmark::{named, InFigure, FIGURE_NAME};
use crate::ui::kit::lazy::arrive;
use crate::ui::kit::theme::Theme;
use crate::ui::lessons::LessonStep;
use crate::ui::notices::fields::FieldError;
use crate::ui::notices::link::LinkNotices;
use crate::ui::parts::Parts;
use crate::ui::ring::canvas::RingCanvas;
use crate::ui::ring::last_change::LastChangePanel;
use crate::ui::ring::ownership::OwnershipPanel;
use crate::ui::ring::stage::HoverReadout;
use crate::ui::state::{AppState, Field};

/// The embedded ring: no page chrome, only the ring and the chosen panels.
///
/// `figure` is for a figure in a host page's text: its region is a section named by the figure's
/// name (`InFigure`, in context), since the host page has its own main content.
#[component]
pub fn EmbedView(
    config: EmbedConfig,
    theme: Signal<Theme>,
    #[prop(optional)] figure: bool,
) -> impl IntoView {
    let app = expect_context::<AppState>();
    let parts = expect_context::<Parts>();
    let panels = config
        .panels
        .iter()
        .map(|panel| match *panel {
            "last" => view! { <LastChangePanel /> }.into_any(),
            "ownership" => view! { <OwnershipPanel theme=theme /> }.into_any(),
            "key" => view! {
                <Show when=move || app.selection.key.with(Option::is_some)>
                    {arrive(parts.key, "key-part", |show| show())}
                </Show>
            }
            .into_any(),
            "cache" => arrive(parts.cache, "cache-part", |show| show()).into_any(),
            "lesson" => view! { <LessonStep theme=theme /> }.into_any(),
            "servers" => view! { <ServerControls theme=theme /> }.into_any(),
            "vnodes" => view! { <VnodeControls /> }.into_any(),
            "keys" => view! { <KeyControls /> }.into_any(),
            "placement" => view! { <PlacementControls /> }.into_any(),
            "compare" => arrive(parts.compare, "compare-part", move |show| show(theme)).into_any(),
            "traffic" => arrive(parts.traffic, "traffic-part", move |show| show(theme)).into_any(),
            "timeline" => arrive(parts.timeline, "timeline-part", |timeline| {
                (timeline.view)(false, false)
            })
            .into_any(),
            "sweeps" => arrive(parts.timeline, "sweeps-part", |timeline| {
                (timeline.sweeps)()
            })
            .into_any(),
            _ => arrive(parts.replicas, "replicas-part", |show| show()).into_any(),
        })
        .collect_view();
    let figure_name = use_context::<InFigure>().map(|InFigure(name)| name.to_string());
    let stage = view! {
        <section class="stage" aria-label=named("The ring")>
            <FieldError field=Field::Canvas id="canvas-error" />
            <RingCanvas theme=theme />
            <HoverReadout />
        </section>
    };
    let readout = view! { <section class="readout" aria-label=named("Readout")>{panels}</section> };
    view! {
        <LinkNotices />
        {if figure {
            view! {
                <section class="embed-layout" aria-labelledby=FIGURE_NAME data-testid="figure">
                    <span id=FIGURE_NAME hidden>{figure_name}</span>
                    {stage}
                    {readout}
                </section>
            }
            .into_any()
        } else {
            view! {
                <main class="embed-layout" data-testid="embed">
                    {stage}
                    {readout}
                </main>
            }
            .into_any()
        }}
        <p class="sr-only" role="status" aria-live="polite" data-testid="announcement">
            {move || app.words.announcement.get()}
        </p>
    }
}
