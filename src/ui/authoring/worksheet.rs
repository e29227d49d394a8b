//! Print worksheet: the open lesson (built in or written here) as the worksheet `ringlab lesson
//! --worksheet` writes, printed through the browser's print dialog from a frame of its own, so
//! the page's buttons and menus are not on paper. It arrives on first use.

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::draw::still::Still;
use crate::draw::svg::Styling;
use crate::teach::lessons::{lesson_from_set, worksheet, Sheet};
use crate::ui::state::AppState;

/// The side a worksheet's stills are drawn at, in pixels (printed about 8.5 cm wide).
const SIDE: u32 = 360;

/// Prints the worksheet of the open lesson, or else of the exercise set on Practice; without
/// either, says how to open one.
pub fn print(app: AppState) {
    let lesson = match (
        app.teaching.lesson.get_untracked(),
        app.teaching.quiz_set.get_untracked(),
    ) {
        (Some((lesson, _)), _) => (*lesson).clone(),
        (None, Some(set)) => lesson_from_set(&set).lesson,
        (None, None) => {
            app.words.announce(
                "Open a lesson or an exercise set first: its worksheet is what prints.".into(),
            );
            return;
        }
    };
    // The frame's document resolves addresses as the page does: the stylesheet beside it.
    let html = worksheet(&lesson, Sheet::Linked("worksheet.css"), |link| {
        Still::of_link(link)
            .0
            .svg(SIDE, Styling::Inline { dark: false })
    });
    let document = document();
    if let Some(old) = document
        .query_selector("[data-testid=\"worksheet-frame\"]")
        .ok()
        .flatten()
    {
        old.remove();
    }
    let Ok(frame) = document.create_element("iframe") else {
        return;
    };
    let _ = frame.set_attribute("data-testid", "worksheet-frame");
    let _ = frame.set_attribute("title", "Worksheet to print");
    let _ = frame.set_attribute("aria-hidden", "true");
    let _ = frame.set_attribute("tabindex", "-1");
    let _ = frame.set_attribute("class", "worksheet-frame");
    let _ = frame.set_attribute("srcdoc", &html);
    let printed = frame.clone();
    let on_load = Closure::once_into_js(move || {
        if let Some(window) = printed
            .dyn_ref::<web_sys::HtmlIFrameElement>()
            .and_then(|f| f.content_window())
        {
            let _ = window.print();
        }
    });
    let _ = frame.add_event_listener_with_callback("load", on_load.unchecked_ref());
    if let Some(body) = document.body() {
        let _ = body.append_child(&frame);
    }
    app.words.announce(format!(
        "The worksheet of {} is ready to print: {} steps, the answers last.",
        lesson.title,
        lesson.steps.len()
    ));
}
