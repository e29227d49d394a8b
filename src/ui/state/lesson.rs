//! Lesson navigation and stories: a step of a guided lesson is a whole link, so going to a step
//! (forwards or back) loads exactly that step's state, view, selection and timeline event; a
//! story is opened the same way.

use leptos::prelude::*;

use super::{AppState, TimelineEvent, View, MAX_PAGE_KEYS};
use crate::core::read_link;
use crate::teach::lessons::lesson;
use crate::teach::stories::Story;

impl AppState {
    /// Shows step `step` of lesson `id`: its link, its view, its selection and its timeline event.
    pub fn open_lesson_step(&self, id: &'static str, step: usize) {
        let app = *self;
        let Some(found) = lesson(id) else { return };
        let Some(at) = found.steps.get(step) else {
            return;
        };
        let link = read_link(at.link, MAX_PAGE_KEYS);
        let link_view = link
            .extra
            .iter()
            .find(|(n, _)| n == "view")
            .map(|(_, v)| v.clone());
        let select = link
            .extra
            .iter()
            .find(|(n, _)| n == "select")
            .map(|(_, v)| v.clone());
        // A step on the Timeline names the event it follows (`event=fail:C`); a step without one
        // shows the usual event, so nothing carries over from the step before.
        let event = link
            .extra
            .iter()
            .find(|(n, _)| n == "event")
            .and_then(|(_, v)| TimelineEvent::parse(v))
            .unwrap_or_default();
        app.load(
            link,
            format!(
                "{}, step {} of {}: {}.",
                found.title,
                step + 1,
                found.steps.len(),
                at.title
            ),
        );
        let view = link_view
            .and_then(|v| View::parse(&v))
            .unwrap_or(View::Ring);
        app.set_replicas_quietly(at.replicas);
        app.selected_key.set(select);
        app.timeline_event.set(event);
        app.view.set(view);
        app.lesson.set(Some((found.id, step)));
    }

    /// Moves `delta` steps through the current lesson, if one is open.
    pub fn step_lesson(&self, delta: isize) {
        let app = *self;
        let Some((id, step)) = app.lesson.get_untracked() else {
            return;
        };
        let Some(found) = lesson(id) else { return };
        let next = step as isize + delta;
        if next >= 0 && (next as usize) < found.steps.len() {
            app.open_lesson_step(found.id, next as usize);
        }
    }

    /// Opens `story` as one undoable change: its scenario, its view and its timeline event.
    pub fn open_story(&self, story: &'static Story) {
        let app = *self;
        let link = read_link(story.link, MAX_PAGE_KEYS);
        let param = |name: &str| {
            link.extra
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.clone())
        };
        let event = param("event")
            .and_then(|v| TimelineEvent::parse(&v))
            .unwrap_or_default();
        let view = param("view").and_then(|v| View::parse(&v));
        app.load(link, format!("Story: {}.", story.title));
        app.timeline_event.set(event);
        if let Some(view) = view {
            app.view.set(view);
        }
        app.story.set(Some((
            story.id,
            app.scenario.with_untracked(|s| s.without_cache()),
        )));
    }

    /// The story on screen: the one last opened, while its scenario is the one on screen.
    pub fn story_on_screen(&self) -> Option<&'static str> {
        let app = *self;
        app.story.with(|story| {
            let (id, opened) = story.as_ref()?;
            app.scenario.with(|s| (s == opened).then_some(*id))
        })
    }
}
