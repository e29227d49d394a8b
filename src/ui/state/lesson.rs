//! Lesson navigation and stories: a step of a lesson is a whole link, so going to a step
//! (forwards or back) loads exactly that step's state, view, selection and timeline event, and
//! what it points at. Built-in lessons and the ones an instructor wrote are played the same
//! way; a story is opened the same way.

use std::sync::Arc;

use leptos::prelude::*;

use super::{AppState, TimelineEvent, View, MAX_PAGE_KEYS};
use crate::core::read_link;
use crate::teach::lessons::{lesson, Lesson, Panel, Pointer, Step};
use crate::teach::stories::Story;
use crate::ui::placements;

impl AppState {
    /// Shows step `step` of the built-in lesson `id`.
    pub fn open_lesson_step(&self, id: &str, step: usize) {
        if let Some(found) = lesson(id) {
            self.open_lesson(Arc::new(found.clone()), step);
        }
    }

    /// Shows step `step` of `found`: its link, its view, its selection, its timeline event and
    /// what it points at. A step may name any placement, so every placement's code comes first.
    pub fn open_lesson(&self, found: Arc<Lesson>, step: usize) {
        let app = *self;
        placements::after(
            move || app.show_lesson(found, step),
            move |words| app.words.add_link_notices([words]),
        );
    }

    fn show_lesson(&self, found: Arc<Lesson>, step: usize) {
        let Some(at) = found.steps.get(step) else {
            return;
        };
        self.show_step(
            at,
            format!(
                "{}, step {} of {}: {}.",
                found.title,
                step + 1,
                found.steps.len(),
                at.title
            ),
            step,
        );
        self.teaching.set_lesson(Some((found, step)));
    }

    /// Shows `at`'s state on screen (its link, view, selection, event and pointer), announcing
    /// `headline`; `number` (from 0) names it in what its link could not hold.
    pub fn show_step(&self, at: &Step, headline: String, number: usize) {
        let app = *self;
        let link = read_link(&at.link, MAX_PAGE_KEYS);
        let param = |name: &str| {
            link.extra
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.clone())
        };
        let link_view = param("view");
        let mut select = param("select");
        // A step on the Timeline names the event it follows (`event=fail:C`); a step without one
        // shows the usual event, so nothing carries over from the step before.
        let event = param("event")
            .and_then(|v| TimelineEvent::parse(&v))
            .unwrap_or_default();
        let systems = param("systems").is_some_and(|v| v == "1");
        if !link.ignored.is_empty() {
            let ignored = link
                .ignored
                .iter()
                .map(|i| format!("step {}: {i}", number + 1))
                .collect::<Vec<_>>();
            app.words.add_link_notices(ignored);
        }
        app.load(link, headline);
        let view = link_view
            .and_then(|v| View::parse(&v))
            .unwrap_or(View::Ring);
        app.set_replicas_quietly(at.replicas());
        let mut server = None;
        match &at.pointer {
            Some(Pointer::Key(label)) if select.is_none() => select = Some(label.clone()),
            Some(Pointer::Server(name)) => server = Some(name.clone()),
            _ => {}
        }
        let select = select.filter(|label| {
            app.scenario
                .with_untracked(|s| s.keys().find(label).is_some())
        });
        app.selection.set_selected_key(select);
        app.selection.set_selected_server(server);
        app.teaching.set_pointer(at.pointer.clone());
        app.work.set_timeline_event(event);
        app.page.set_compare_systems(systems);
        app.page.set_view(view);
    }

    /// Moves `delta` steps through the current lesson, if one is open.
    pub fn step_lesson(&self, delta: isize) {
        let app = *self;
        let Some((found, step)) = app.teaching.lesson.get_untracked() else {
            return;
        };
        let next = step as isize + delta;
        if next >= 0 && (next as usize) < found.steps.len() {
            app.open_lesson(found, next as usize);
        }
    }

    /// Whether the step on screen points at `panel`, which then wears a ring: read by the panel
    /// itself, so a panel that arrives or moves after the step still wears it.
    pub fn points_at(&self, panel: Panel) -> bool {
        self.teaching
            .pointer
            .with(|p| matches!(p, Some(Pointer::Panel(at)) if *at == panel))
    }

    /// Leaves the lesson: nothing is pointed at any more.
    pub fn leave_lesson(&self) {
        self.teaching.set_lesson(None);
        self.teaching.set_pointer(None);
    }

    /// Opens `story` as one undoable change: its scenario, its view and its timeline event.
    /// A story may name any placement, so every placement's code comes first.
    pub fn open_story(&self, story: &'static Story) {
        let app = *self;
        placements::after(
            move || app.show_story(story),
            move |words| app.words.add_link_notices([words]),
        );
    }

    fn show_story(&self, story: &'static Story) {
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
        app.work.set_timeline_event(event);
        if let Some(view) = view {
            app.page.set_view(view);
        }
        app.teaching.set_story(Some((
            story.id,
            app.scenario.with_untracked(|s| s.without_cache()),
        )));
    }

    /// The story on screen: the one last opened, while its scenario is the one on screen.
    pub fn story_on_screen(&self) -> Option<&'static str> {
        let app = *self;
        app.teaching.story.with(|story| {
            let (id, opened) = story.as_ref()?;
            app.scenario.with(|s| (s == opened).then_some(*id))
        })
    }
}
