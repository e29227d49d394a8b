//! The parts of the page that arrive on first use, one [`Lazy`] each, shared through context.
//!
//! The first screen (the ring, its controls and its readout) is in the main module. Each part
//! here has a split point in its own folder (`arrive`, declared with `split_point!`) and is shown
//! with [`arrive`](crate::ui::kit::lazy::arrive) where it belongs. docs/design.md says how a new
//! view joins them.

use leptos::prelude::*;

use crate::ui::kit::lazy::Lazy;
use crate::ui::kit::theme::Theme;
use crate::ui::state::AppState;

/// A view made from the theme.
pub type Themed = fn(Signal<Theme>) -> AnyView;

/// Every part of the page that arrives on first use.
#[derive(Clone, Copy)]
pub struct Parts {
    /// The Compare view.
    pub compare: Lazy<Themed>,
}

impl Parts {
    /// Every part, none loaded yet; their loading and failures are announced on `app`'s live
    /// region.
    pub fn new(app: AppState) -> Parts {
        let announce = Callback::new(move |words: String| app.announcement.set(words));
        Parts {
            compare: Lazy::new(
                "the Compare view",
                || Box::pin(super::compare::arrive()),
                announce,
            ),
        }
    }
}
