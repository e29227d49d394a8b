//! The ring inside another page, and the page's JavaScript surface. Embed mode (`?embed=1`)
//! shows only the ring and the panels named in `panels=`, sized to its content, and is driven by
//! the host page through `postMessage`: `config` reads the embed link, `embed_view` lays the ring
//! out, `commands` reads and carries out the host's messages and `host` listens and reports.
//! `probe` is the read-only snapshot the page's tests and host pages read, and `js` builds and
//! reads the plain JavaScript objects they all exchange. Embed mode's own code (`embed_view`,
//! `host`, `commands`) arrives at once when the page is embedded; the rest of the page never
//! loads it.

pub mod commands;
pub mod config;
pub mod embed_view;
pub mod host;
pub mod js;
pub mod probe;
pub mod report;

use leptos::prelude::*;

use crate::ui::kit::lazy::split_point;
use crate::ui::kit::theme::Theme;
use crate::ui::state::AppState;

/// What embed mode's split point hands back: connects to the host page and makes the view.
pub type EmbedEntry = fn(AppState, config::EmbedConfig, Signal<Theme>) -> AnyView;

split_point! {
    /// Embed mode, fetched at once when the page is embedded: it starts listening to the host
    /// page and reporting to it, and makes the ring with the chosen panels.
    pub fn arrive() -> EmbedEntry = embed {
        |app, config, theme| {
            if let Some(body) = document().body() {
                body.class_list().add_1("embedded").ok();
            }
            host::connect(app, config.clone());
            view! { <embed_view::EmbedView config=config theme=theme /> }.into_any()
        }
    }
}
