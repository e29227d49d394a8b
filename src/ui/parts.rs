//! The parts of the page that arrive on first use and that more than one place shows, one
//! [`Lazy`] each, shared through context; and what each part's split point hands back.
//!
//! The first screen (the ring, its controls and its readout) is in the main module. Every other
//! part has a split point in its own folder (`arrive`, declared with
//! [`split_point!`](crate::ui::kit::lazy::split_point)), is created by the app (`ui/mod.rs`) and
//! is shown with [`arrive`](crate::ui::kit::lazy::arrive) where it belongs. The parts only one
//! place shows (Practice, Predict first, embed mode) are the app's own and are not listed here.
//! docs/design.md says how a new view joins them.

use leptos::prelude::*;

use crate::ui::kit::lazy::Lazy;
use crate::ui::kit::theme::Theme;
use crate::ui::state::AppState;

/// A view drawn in the page's theme: what most parts hand back.
pub type Themed = fn(Signal<Theme>) -> AnyView;

/// A view that needs nothing but the app's state.
pub type Plain = fn() -> AnyView;

/// The lesson player, drawn in the page's theme, with what follows the step's words in it (the
/// ring's readout, on a wide screen).
pub type Player = fn(Signal<Theme>, Option<ViewFn>) -> AnyView;

/// What the Timeline's split point hands back.
#[derive(Clone, Copy)]
pub struct TimelineEntry {
    /// The Timeline view; with `sweeps` the sweep plots below it; with `stories` the stories
    /// to start from.
    pub view: fn(bool, bool) -> AnyView,
    /// The sweep plots alone (an embed's `sweeps` panel).
    pub sweeps: fn() -> AnyView,
}

/// What the Share menu's split point hands back.
#[derive(Clone, Copy)]
pub struct ShareEntry {
    /// The embed snippet's dialog, open while the signal is true.
    pub embed_dialog: fn(RwSignal<bool>) -> AnyView,
    /// Copy as figure's dialog, open while the signal is true.
    pub figure_dialog: fn(RwSignal<bool>) -> AnyView,
    /// Offers the ownership table as a CSV file.
    pub save_csv: fn(AppState),
    /// Offers the ring as an SVG file.
    pub save_svg: fn(AppState),
}

/// The parts of the page that arrive on first use and that several places show.
#[derive(Clone, Copy)]
pub struct Parts {
    /// The Compare view.
    pub compare: Lazy<Themed>,
    /// The Traffic view's readout.
    pub traffic: Lazy<Themed>,
    /// The Timeline view and the sweeps.
    pub timeline: Lazy<TimelineEntry>,
    /// The lesson player: the open lesson's step, with its questions.
    pub lesson: Lazy<Player>,
    /// The Share menu's embed snippet and CSV.
    pub share: Lazy<ShareEntry>,
    /// The selected key's panel.
    pub key: Lazy<Plain>,
    /// The cache-impact panel.
    pub cache: Lazy<Plain>,
    /// Copies per key.
    pub replicas: Lazy<Plain>,
}
