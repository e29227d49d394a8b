//! What the host page's text does to its figures: an element with `data-ringlab-apply` applies
//! its change when clicked, to the figure named by `data-ringlab-figure` (an element id) or to
//! every figure of the group named by `data-ringlab-group`; an element with `data-ringlab-step`
//! applies its change once the reader has scrolled it past the middle of the window, and scrolling
//! back above it undoes that change. A figure asked before it is live wakes at once.

use std::cell::{Cell, RefCell};

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Element;

use super::page::{tell, TAG};
use super::registry::{act, Action};
use super::start::wake;

/// Which figures an element of the text speaks to: the one its `data-ringlab-figure` names, or
/// those of its `data-ringlab-group`.
fn targets(element: &Element) -> Vec<Element> {
    if let Some(id) = element.get_attribute("data-ringlab-figure") {
        return document()
            .get_element_by_id(&id)
            .filter(|e| e.tag_name().eq_ignore_ascii_case(TAG))
            .into_iter()
            .collect();
    }
    let Some(group) = element.get_attribute("data-ringlab-group") else {
        return Vec::new();
    };
    let Ok(all) = document().query_selector_all(TAG) else {
        return Vec::new();
    };
    (0..all.length())
        .filter_map(|i| all.item(i)?.dyn_into::<Element>().ok())
        .filter(|f| f.get_attribute("group").as_deref() == Some(group.as_str()))
        .collect()
}

fn send(figures: &[Element], action: &Action) {
    for figure in figures {
        act(figure, action.clone());
        wake(figure.clone());
    }
}

/// The reader clicked an element of the text with `data-ringlab-apply` (`figures.js` listens,
/// and queues the clicks made before this code arrived).
pub fn clicked(element: Element) {
    let text = element
        .get_attribute("data-ringlab-apply")
        .unwrap_or_default();
    let figures = targets(&element);
    // A click is the reader's own doing: a figure it changes may take its whole height now.
    for figure in &figures {
        tell("letGo", figure, None);
    }
    send(&figures, &Action::read(&text));
}

/// A figure's steps in the text, in the order they come, and how many of them are applied.
struct Steps {
    figures: Vec<Element>,
    steps: Vec<(Element, Action)>,
    applied: usize,
}

thread_local! {
    static STEPS: RefCell<Vec<Steps>> = const { RefCell::new(Vec::new()) };
}

/// Reads the text's steps, by the figures they speak to, and keeps each figure at the steps
/// the reader has scrolled past.
pub fn follow_steps() {
    let Ok(all) = document().query_selector_all("[data-ringlab-step]") else {
        return;
    };
    let mut found: Vec<Steps> = Vec::new();
    for element in (0..all.length()).filter_map(|i| all.item(i)?.dyn_into::<Element>().ok()) {
        let figures = targets(&element);
        if figures.is_empty() {
            continue;
        }
        let action = Action::read(
            &element
                .get_attribute("data-ringlab-step")
                .unwrap_or_default(),
        );
        match found.iter_mut().find(|s| s.figures == figures) {
            Some(steps) => steps.steps.push((element, action)),
            None => found.push(Steps {
                figures,
                steps: vec![(element, action)],
                applied: 0,
            }),
        }
    }
    if found.is_empty() {
        return;
    }
    STEPS.with(|s| *s.borrow_mut() = found);
    // At most once a frame, however often the page scrolls.
    let asked = std::rc::Rc::new(Cell::new(false));
    let on_scroll = Closure::<dyn FnMut()>::new(move || {
        if asked.replace(true) {
            return;
        }
        let asked = asked.clone();
        request_animation_frame(move || {
            asked.set(false);
            settle();
        });
    });
    let window = window();
    for event in ["scroll", "resize"] {
        window
            .add_event_listener_with_callback(event, on_scroll.as_ref().unchecked_ref())
            .ok();
    }
    on_scroll.forget();
    settle();
}

/// Brings every figure with steps to the steps above the middle of the window: the next ones
/// applied going down, the last ones undone going up.
fn settle() {
    let middle = window()
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0)
        / 2.0;
    let mut asked = Vec::new();
    STEPS.with(|s| {
        for steps in s.borrow_mut().iter_mut() {
            let passed = steps
                .steps
                .iter()
                .take_while(|(e, _)| e.get_bounding_client_rect().top() < middle)
                .count();
            while steps.applied < passed {
                asked.push((steps.figures.clone(), steps.steps[steps.applied].1.clone()));
                steps.applied += 1;
            }
            while steps.applied > passed {
                steps.applied -= 1;
                // A step the figure could not read changed nothing, so there is nothing to undo.
                if !matches!(steps.steps[steps.applied].1, Action::Unreadable(_)) {
                    asked.push((steps.figures.clone(), Action::Undo));
                }
            }
        }
    });
    for (figures, action) in asked {
        send(&figures, &action);
    }
}
