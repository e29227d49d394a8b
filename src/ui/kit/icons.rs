//! Small line icons for the header's buttons on a phone, where there is no room for their
//! words: drawn in SVG in the text's colour, so they need no font and follow light, dark and
//! forced colours. The words stay the buttons' names.

use leptos::prelude::*;

/// The header's icons.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Icon {
    /// A hooked arrow back.
    Undo,
    /// A hooked arrow forward.
    Redo,
    /// An arrow out of a tray.
    Share,
    /// A screen on a stand.
    Present,
    /// Three dots.
    More,
    /// An open book.
    Teach,
}

/// `icon`, 20 px square, hidden from assistive technology (its button has the name).
#[component]
pub fn IconView(icon: Icon) -> impl IntoView {
    let shape = match icon {
        Icon::Undo => view! { <path d="M9 14 4 9l5-5M4 9h11a5 5 0 0 1 0 10h-3"></path> }.into_any(),
        Icon::Redo => view! { <path d="M15 14l5-5-5-5M20 9H9a5 5 0 0 0 0 10h3"></path> }.into_any(),
        Icon::Share => view! { <path d="M12 15V3M7 8l5-5 5 5M5 13v8h14v-8"></path> }.into_any(),
        Icon::Present => view! { <path d="M3 4h18v12H3zM12 16v4M8 21h8"></path> }.into_any(),
        Icon::Teach => {
            view! { <path d="M12 6c-2-1.5-5-2-8-2v14c3 0 6 .5 8 2 2-1.5 5-2 8-2V4c-3 0-6 .5-8 2zM12 6v14"></path> }
                .into_any()
        }
        Icon::More => {
            view! { <path d="M5 12h.01M12 12h.01M19 12h.01" stroke-width="3.5"></path> }.into_any()
        }
    };
    view! {
        <svg
            class="icon"
            width="20"
            height="20"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            stroke-width="2"
            stroke-linecap="round"
            stroke-linejoin="round"
            aria-hidden="true"
            focusable="false"
        >
            {shape}
        </svg>
    }
}
