//! One figure: the ring and its panels, with a state of its own, as an embed shows them.

use leptos::prelude::*;
use web_sys::Element;

use super::{events, page, registry};

use crate::ui::controls::generation;
use crate::ui::embed::config::EmbedConfig;
use crate::ui::embed::embed_view::EmbedView;
use crate::ui::kit::landmark::InFigure;
use crate::ui::kit::theme::use_theme_with;
use crate::ui::part_list::every_part;
use crate::ui::state::{self, AppState};

/// The figure in the element `host`, called `name`, whose state is the link state `link` (what follows `?` in a Ringlab
/// link), with the panels named in `panels` (an embed's `panels=`; absent, an embed's default),
/// dark when `dark` says so.
#[component]
pub fn Figure(
    host: Element,
    name: String,
    link: String,
    panels: Option<String>,
    dark: ReadSignal<bool>,
) -> impl IntoView {
    provide_context(InFigure(name.into()));
    let opened_with = link.clone();
    let (link, deferred) = generation::defer(&link);
    let (app, mut extra) = AppState::from_link(&link, state::MAX_PAGE_KEYS);
    // What the link says of the view, as the still drew it: the selected key, copies per key,
    // the keys by how often they are read (`view=traffic`), presentation mode, a lesson's step.
    state::address::apply_view_params(app, &extra);
    provide_context(app);
    // A figure's parts arrive because the figure shows them, not because the reader asked for
    // them: their arrival is not announced over the figure's own words (a part that fails to
    // load says so as an alert in its place).
    provide_context(every_part(Callback::new(|_: String| {})));
    let theme = use_theme_with(dark.into(), app.page.present);
    if let Some(deferred) = deferred {
        generation::finish(app, deferred, state::MAX_PAGE_KEYS);
    }
    extra.push(("embed".into(), "1".into()));
    if let Some(panels) = panels {
        extra.push(("panels".into(), panels));
    }
    let mut notices = Vec::new();
    let config = EmbedConfig::from_params(&extra, &mut notices);
    if !notices.is_empty() {
        app.words.add_link_notices(notices);
    }
    // Once the figure is on the page, it tells the host page so, and carries out what the
    // text asked of it meanwhile.
    Effect::new(move |done: Option<()>| {
        if done.is_none() {
            events::start(host.clone(), app, opened_with.clone());
            registry::arrived(&host, app);
            page::tell("remade", &host, None);
        }
    });
    config.map(|config| view! { <EmbedView config=config theme=theme figure=true /> })
}
