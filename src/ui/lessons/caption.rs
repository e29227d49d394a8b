//! A step's caption on the page: paragraphs of plain, bold and code runs, each run's text put
//! into the page as text, so a caption can never carry HTML or a script.

use leptos::prelude::*;

use crate::teach::lessons::{paragraphs, Style};

/// The caption `text` as paragraphs.
#[component]
pub fn Caption(text: String) -> impl IntoView {
    paragraphs(&text)
        .into_iter()
        .map(|p| {
            let runs = p
                .into_iter()
                .map(|run| match run.style {
                    Style::Plain => run.text.into_any(),
                    Style::Bold => view! { <strong>{run.text}</strong> }.into_any(),
                    Style::Code => view! { <code>{run.text}</code> }.into_any(),
                })
                .collect_view();
            view! { <p>{runs}</p> }
        })
        .collect_view()
}
