//! [`AppState`]: the scenario on screen, the one before it, the last outcome, the undo history,
//! what is selected and the page's settings, all as signals shared through context.

use std::sync::Arc;

use leptos::prelude::*;

use super::slots::slots_for;
use super::vocabulary::{ClickMode, Field, View};
use super::TimelineEvent;
use crate::core::{read_link, CacheLoad, Change, Link, Outcome, Scenario, SCENARIO_PARAMS};
use crate::teach::lessons::{Lesson, Pointer};

/// A lesson being recorded: the lesson so far and the step being edited, if any.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Draft {
    /// The lesson so far.
    pub lesson: Lesson,
    /// The step whose caption is open for editing (from 0).
    pub editing: Option<usize>,
}

/// One view of the app, as undo and redo restore it.
#[derive(Clone)]
pub struct Frame {
    pub(super) scenario: Scenario,
    pub(super) previous: Option<Scenario>,
    pub(super) last: Option<Arc<Outcome>>,
}

/// Shared app state, handed to every component through context.
#[derive(Clone, Copy)]
pub struct AppState {
    /// The scenario on screen.
    pub scenario: RwSignal<Scenario>,
    /// The scenario before the last change, for before/after comparisons.
    pub previous: RwSignal<Option<Scenario>>,
    /// What the last change did; shared, so history frames do not copy its key lists.
    pub last: RwSignal<Option<Arc<Outcome>>>,
    /// Earlier views, most recent last, for undo.
    pub past: RwSignal<Vec<Frame>>,
    /// Views undone, most recent last, for redo.
    pub future: RwSignal<Vec<Frame>>,
    /// What a link held that could not be read.
    pub link_notices: RwSignal<Vec<String>>,
    /// Colour slots by server name; a server keeps its colour while it stays.
    pub slots: RwSignal<Vec<(String, usize)>>,
    /// The selected key's label.
    pub selected_key: RwSignal<Option<String>>,
    /// The selected server's name.
    pub selected_server: RwSignal<Option<String>>,
    /// The position under the pointer.
    pub hover: RwSignal<Option<f64>>,
    /// The latest message per control.
    pub errors: RwSignal<Vec<(Field, String)>>,
    /// What a click on the ring does.
    pub mode: RwSignal<ClickMode>,
    /// The words last announced to screen readers.
    pub announcement: RwSignal<String>,
    /// How many copies of each key the ring keeps (R): read from the scenario's timing, the one
    /// place R is stored, so the ring's control and the timeline's always agree. Set it with
    /// [`AppState::set_setting`].
    pub replicas: Memo<usize>,
    /// The cache traffic the cache-impact panel works with.
    pub cache: RwSignal<CacheLoad>,
    /// Presentation mode: large type and thick strokes for a projector.
    pub present: RwSignal<bool>,
    /// In presentation mode, whether the editing controls are unfolded (they are folded away
    /// until asked for, by the button on the stage or the `C` key).
    pub controls_open: RwSignal<bool>,
    /// Whether the shortcut list is open.
    pub help_open: RwSignal<bool>,
    /// The lesson being followed (built in or written by an instructor), and its step (from 0).
    pub lesson: RwSignal<Option<(Arc<Lesson>, usize)>>,
    /// What the lesson's step points at: a key, a server or a panel.
    pub pointer: RwSignal<Option<Pointer>>,
    /// The lesson being recorded on the page, if "New lesson" was chosen.
    pub draft: RwSignal<Option<Draft>>,
    /// Link parameters the address must keep whatever changes (an embed's own settings).
    pub kept_params: StoredValue<Vec<(String, String)>>,
    /// The view on screen.
    pub view: RwSignal<View>,
    /// Saves the ring as a PNG; set by the ring's canvas once it is on the page.
    pub save_png: StoredValue<Option<Callback<()>>>,
    /// Keys being generated in steps: how much work is done, of how much (twice the keys: each
    /// is hashed, then sorted).
    pub generating: RwSignal<Option<(usize, usize)>>,
    /// Set to stop the generation under way.
    pub stop_generating: StoredValue<bool>,
    /// Predict first: a change that moves keys first asks which keys will move.
    pub predict: RwSignal<bool>,
    /// The change waiting for the learner's prediction, and the control that sent it.
    pub pending: RwSignal<Option<(Change, Field)>>,
    /// The seed practice questions are drawn from.
    pub practice_seed: RwSignal<u64>,
    /// The exercise set a link opened (the value of `quiz=`), if any.
    pub quiz_set: RwSignal<Option<String>>,
    /// The exercise set being put together in the Practice view.
    pub set_draft: RwSignal<Vec<crate::teach::quiz::Question>>,
    /// The event the Timeline view follows.
    pub timeline_event: RwSignal<TimelineEvent>,
    /// Whether the "Paste your cluster" dialog is open.
    pub paste_open: RwSignal<bool>,
    /// Whether Compare shows the real systems beside the textbook placements.
    pub compare_systems: RwSignal<bool>,
    /// The story last opened, and the scenario it opened on: it is the story on screen while
    /// that scenario is.
    pub story: RwSignal<Option<(&'static str, Scenario)>>,
}

impl AppState {
    /// State showing the scenario a link describes (the starting scenario for an empty one),
    /// holding at most `max_keys` keys.
    pub fn from_link(query: &str, max_keys: usize) -> (AppState, Vec<(String, String)>) {
        let Link {
            scenario,
            before,
            last,
            extra,
            ignored,
        } = if !names_a_scenario(query) {
            // A link with only the page's own parameters (`?present=1`, `?view=compare`)
            // opens on the starting scenario, keys and all, as the bare address does.
            let read = read_link(query, max_keys);
            Link {
                scenario: Scenario::teaching(),
                before: None,
                last: None,
                extra: read.extra,
                ignored: read.ignored,
            }
        } else {
            read_link(query, max_keys)
        };
        let slots = slots_for(
            &before
                .as_ref()
                .map(|b| slots_for(&[], b))
                .unwrap_or_default(),
            &scenario,
        );
        // Undo after opening a link goes back to before its last change.
        let past = before
            .iter()
            .map(|b| Frame {
                scenario: b.clone(),
                previous: None,
                last: None,
            })
            .collect();
        let scenario = RwSignal::new(scenario);
        let app = AppState {
            scenario,
            previous: RwSignal::new(before),
            last: RwSignal::new(last.map(Arc::new)),
            past: RwSignal::new(past),
            future: RwSignal::new(Vec::new()),
            link_notices: RwSignal::new(ignored),
            slots: RwSignal::new(slots),
            selected_key: RwSignal::new(None),
            selected_server: RwSignal::new(None),
            hover: RwSignal::new(None),
            errors: RwSignal::new(Vec::new()),
            mode: RwSignal::new(ClickMode::Select),
            announcement: RwSignal::new(String::new()),
            // A Memo, not a second signal: R lives in the scenario (links, undo and the
            // timeline's copies all go through it); readers only wake when R itself changes.
            replicas: Memo::new(move |_| scenario.with(|s| s.timing().replicas as usize)),
            cache: RwSignal::new(CacheLoad::default()),
            present: RwSignal::new(false),
            controls_open: RwSignal::new(false),
            help_open: RwSignal::new(false),
            lesson: RwSignal::new(None),
            pointer: RwSignal::new(None),
            draft: RwSignal::new(None),
            kept_params: StoredValue::new(Vec::new()),
            view: RwSignal::new(View::Ring),
            save_png: StoredValue::new(None),
            generating: RwSignal::new(None),
            stop_generating: StoredValue::new(false),
            predict: RwSignal::new(false),
            pending: RwSignal::new(None),
            practice_seed: RwSignal::new(1),
            quiz_set: RwSignal::new(None),
            set_draft: RwSignal::new(Vec::new()),
            timeline_event: RwSignal::new(TimelineEvent::default()),
            paste_open: RwSignal::new(false),
            compare_systems: RwSignal::new(false),
            story: RwSignal::new(None),
        };
        (app, extra)
    }

    /// Whether the ring view's canvas and readout show (the ring and the traffic views share
    /// them).
    pub fn shows_ring(&self) -> bool {
        self.view.with(|v| matches!(v, View::Ring | View::Traffic))
    }

    /// State showing the starting scenario.
    pub fn new() -> AppState {
        AppState::from_link("", 0).0
    }

    /// Puts `message` next to `field`.
    pub fn show_error(&self, field: Field, message: String) {
        self.announcement.set(message.clone());
        self.errors.update(|errors| {
            errors.retain(|(f, _)| *f != field);
            errors.push((field, message));
        });
    }

    /// Clears the message next to `field`.
    pub fn clear_error(&self, field: Field) {
        self.errors
            .update(|errors| errors.retain(|(f, _)| *f != field));
    }

    /// The message next to `field`, if any.
    pub fn error(&self, field: Field) -> Option<String> {
        self.errors.with(|errors| {
            errors
                .iter()
                .find(|(f, _)| *f == field)
                .map(|(_, m)| m.clone())
        })
    }

    /// The name "Add server" uses when none is typed.
    pub fn suggested_name(&self) -> String {
        self.scenario.with(Scenario::next_server_name)
    }
}

/// Whether `query` names any part of a scenario (the ring, servers, keys, a change...).
fn names_a_scenario(query: &str) -> bool {
    form_urlencoded::parse(query.trim_start_matches('?').as_bytes())
        .any(|(name, _)| SCENARIO_PARAMS.contains(&name.as_ref()))
}

impl Default for AppState {
    fn default() -> Self {
        AppState::new()
    }
}
