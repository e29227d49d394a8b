//! What "Add step" keeps: the state on screen as a step's link, written the way the address
//! bar writes it (the scenario before the last change and that change, so the step shows the
//! same last change), with the selection, the view and the Timeline's event.

use leptos::prelude::*;

use crate::core::write_link;
use crate::teach::lessons::Step;
use crate::ui::state::{AppState, TimelineEvent, View};

/// The state on screen as a step's link.
pub fn capture_link(app: AppState) -> String {
    let mut extra = Vec::new();
    if let Some(label) = app.selection.key.get_untracked() {
        extra.push(("select".to_string(), label));
    }
    let view = app.page.view.get_untracked();
    if view != View::Ring && view != View::Practice {
        extra.push(("view".to_string(), view.id().to_string()));
    }
    let event = app.work.timeline_event.get_untracked();
    if view == View::Timeline && event != TimelineEvent::default() {
        extra.push(("event".to_string(), event.link_text()));
    }
    scenario_link(app, &extra)
}

/// The scenario on screen as a link (before the last change, then that change), with `extra`.
pub fn scenario_link(app: AppState, extra: &[(String, String)]) -> String {
    let previous = app.previous.get_untracked();
    let change = app
        .last
        .with_untracked(|l| l.as_ref().and_then(|o| o.change.clone()));
    match (previous, change) {
        (Some(before), Some(change)) => write_link(&before, Some(&change), extra),
        _ => app.scenario.with_untracked(|s| write_link(s, None, extra)),
    }
}

/// A new step holding the state on screen, named after the last change when there is one.
pub fn capture_step(app: AppState, number: usize) -> Step {
    let title = app
        .last
        .with_untracked(|l| {
            l.as_ref()
                .map(|o| o.headline.trim_end_matches('.').to_string())
        })
        .filter(|t| !t.is_empty())
        .unwrap_or_else(|| format!("Step {number}"));
    Step {
        title,
        link: capture_link(app),
        ..Step::default()
    }
}
