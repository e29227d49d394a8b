//! The page's header: the switch between views, the toolbar (undo and redo, presentation mode),
//! its Share menu (copy link, embed snippet, copy as figure, save PNG, SVG or CSV; the snippets,
//! the SVG and the CSV arrive on first use) and More menu, the folding menu they are built from, and the keyboard shortcuts,
//! installed here with the list More opens.

pub mod blank;
pub mod figure_snippet;
pub mod menu;
pub mod qr;
pub mod share;
pub mod shortcuts;
pub mod snippet;
pub mod still;
pub mod toolbar;
pub mod views;

use leptos::prelude::*;

use crate::ui::kit::lazy::split_point;
use crate::ui::parts::ShareEntry;

split_point! {
    /// The Share menu's embed snippet and CSV, fetched the first time either is asked for.
    pub fn arrive() -> ShareEntry = share {
        ShareEntry {
            embed_dialog: |open| view! { <snippet::EmbedDialog open=open /> }.into_any(),
            figure_dialog: |open| view! { <figure_snippet::FigureDialog open=open /> }.into_any(),
            save_csv: snippet::save_csv,
            save_svg: still::save_svg,
        }
    }
}

split_point! {
    /// The QR code of the view's link, fetched the first time it is shown.
    pub fn arrive_qr() -> crate::ui::parts::Plain = qr {
        || view! { <qr::QrDialog /> }.into_any()
    }
}

split_point! {
    /// The list of keyboard shortcuts, fetched the first time it is opened.
    pub fn arrive_shortcuts() -> crate::ui::parts::Plain = shortcuts {
        || view! { <shortcuts::ShortcutHelp /> }.into_any()
    }
}
