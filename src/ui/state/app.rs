//! [`AppState`]: the page's state as a few stores (what is shown, the selection, the words, the
//! page, teaching, work), each read here as signals and written only through its own file.

use std::sync::Arc;

use leptos::prelude::*;

use super::feedback::Words;
use super::page::Page;
use super::selection::Selection;
use super::shown::{self, Frame, Part};
use super::slots::slots_for;
use super::teaching::Teaching;
use super::teaching::{Draft, LessonStep, StoryShown};
use super::vocabulary::{ClickMode, Field, View};
use super::work::Work;
use super::TimelineEvent;
use crate::core::{names_a_scenario, read_link, CacheLoad, Change, Link, Outcome, Scenario};
use crate::draw::picture::Picture;
use crate::teach::lessons::Pointer;

/// Shared app state, handed to every component through context: a few stores, each written
/// only through its own file's methods, read here as signals.
///
/// | store | holds | its one writer |
/// |---|---|---|
/// | shown | the scenario, the one before its last change and that change's outcome (always set together), undo and redo, the servers' colours | `changes.rs`, through `shown.rs` |
/// | selection | the selected key and server, the pointer, what a click does | `Selection`'s methods (`selection.rs`) |
/// | words | what was announced, each control's message, what a link could not say | `Words`'s methods (`feedback.rs`) |
/// | page | the view, presentation mode, open dialogs | `Page`'s methods (`page.rs`) |
/// | teaching | the lesson and its pointer, the lesson being recorded, the story, Predict first, practice | `Teaching`'s methods (`teaching.rs`) |
/// | work | keys being generated, the cache's traffic, the Timeline's event | `Work`'s methods (`work.rs`) |
#[derive(Clone, Copy)]
pub struct AppState {
    /// The scenario on screen.
    pub scenario: Part<Scenario>,
    /// The scenario before the last change, for before/after comparisons.
    pub previous: Part<Option<Scenario>>,
    /// What the last change did; shared, so history frames do not copy its key lists.
    pub last: Part<Option<Arc<Outcome>>>,
    /// Earlier views, most recent last, for undo.
    pub past: ReadSignal<Vec<Frame>>,
    /// Views undone, most recent last, for redo.
    pub future: ReadSignal<Vec<Frame>>,
    /// Colour slots by server name; a server keeps its colour while it stays.
    pub slots: ReadSignal<Vec<(String, usize)>>,
    pub(super) shown: shown::Writes,
    /// The selected key's label.
    pub selected_key: ReadSignal<Option<String>>,
    /// The selected server's name.
    pub selected_server: ReadSignal<Option<String>>,
    /// The position under the pointer.
    pub hover: ReadSignal<Option<f64>>,
    /// What a click on the ring does.
    pub mode: ReadSignal<ClickMode>,
    /// The selection store, to change the selection.
    pub selection: Selection,
    /// The words last announced to screen readers.
    pub announcement: ReadSignal<String>,
    /// The latest message per control.
    pub errors: ReadSignal<Vec<(Field, String)>>,
    /// What a link held that could not be read.
    pub link_notices: ReadSignal<Vec<String>>,
    /// The words store, to say something or put a message by a control.
    pub words: Words,
    /// The view on screen.
    pub view: ReadSignal<View>,
    /// Presentation mode: large type and thick strokes for a projector.
    pub present: ReadSignal<bool>,
    /// In presentation mode, whether the editing controls are unfolded (they are folded away
    /// until asked for, by the button on the stage or the `C` key).
    pub controls_open: ReadSignal<bool>,
    /// Whether the shortcut list is open.
    pub help_open: ReadSignal<bool>,
    /// Whether the "Paste your cluster" dialog is open.
    pub paste_open: ReadSignal<bool>,
    /// Whether Compare shows the real systems beside the textbook placements.
    pub compare_systems: ReadSignal<bool>,
    /// The page store, to change the view, presentation mode or what is open.
    pub page: Page,
    /// The lesson being followed (built in or written by an instructor), and its step (from 0).
    pub lesson: ReadSignal<LessonStep>,
    /// What the lesson's step points at: a key, a server or a panel.
    pub pointer: ReadSignal<Option<Pointer>>,
    /// The lesson being recorded on the page, if "New lesson" was chosen.
    pub draft: ReadSignal<Option<Draft>>,
    /// The story last opened, and the scenario it opened on: it is the story on screen while
    /// that scenario is.
    pub story: ReadSignal<StoryShown>,
    /// Predict first: a change that moves keys first asks which keys will move.
    pub predict: ReadSignal<bool>,
    /// The change waiting for the learner's prediction, and the control that sent it.
    pub pending: ReadSignal<Option<(Change, Field)>>,
    /// The seed practice questions are drawn from.
    pub practice_seed: ReadSignal<u64>,
    /// The exercise set a link opened (the value of `quiz=`), if any.
    pub quiz_set: ReadSignal<Option<String>>,
    /// The exercise set being put together in the Practice view.
    pub exercises: ReadSignal<Vec<crate::teach::quiz::Question>>,
    /// The teaching store.
    pub teaching: Teaching,
    /// Keys being generated in steps: how much work is done, of how much (twice the keys: each
    /// is hashed, then sorted).
    pub generating: ReadSignal<Option<(usize, usize)>>,
    /// The cache traffic the cache-impact panel works with.
    pub cache: ReadSignal<CacheLoad>,
    /// The event the Timeline view follows.
    pub timeline_event: ReadSignal<TimelineEvent>,
    /// The work store.
    pub work: Work,
    /// Set to stop the generation under way.
    pub stop_generating: StoredValue<bool>,
    /// How many copies of each key the ring keeps (R): read from the scenario's timing, the one
    /// place R is stored, so the ring's control and the timeline's always agree. Set it with
    /// [`AppState::set_setting`].
    pub replicas: Memo<usize>,
    /// Link parameters the address must keep whatever changes (an embed's own settings).
    pub kept_params: StoredValue<Vec<(String, String)>>,
    /// Saves the ring as a PNG; set by the ring's canvas once it is on the page.
    pub save_png: StoredValue<Option<Callback<()>>>,
    /// The ring as the canvas draws it, for Save SVG; set by the ring's canvas.
    pub still: StoredValue<Option<Still>>,
}

/// The ring on the canvas, for an export that writes it again (Save SVG): its picture, the side
/// it is drawn at, and whether the dark palette paints it.
#[derive(Clone, Copy)]
pub struct Still {
    /// The picture the canvas paints.
    pub picture: Memo<Picture>,
    /// The canvas's side, in CSS pixels.
    pub side: Signal<f64>,
    /// Whether the canvas is painted in the dark palette.
    pub dark: Signal<bool>,
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
        let shown_frame = Frame {
            scenario,
            previous: before,
            last: last.map(Arc::new),
        };
        let (shown_reads, shown) = shown::Writes::new(shown_frame, past, slots);
        let frame = shown_reads.frame;
        let (selection_reads, selection) = Selection::new();
        let (word_reads, words) = Words::new(ignored);
        let (page_reads, page) = Page::new();
        let (teaching_reads, teaching) = Teaching::new();
        let (work_reads, work) = Work::new();
        let scenario = Part::new(frame, |f| &f.scenario);
        let app = AppState {
            scenario,
            previous: Part::new(frame, |f| &f.previous),
            last: Part::new(frame, |f| &f.last),
            past: shown_reads.past,
            future: shown_reads.future,
            slots: shown_reads.slots,
            shown,
            selected_key: selection_reads.selected_key,
            selected_server: selection_reads.selected_server,
            hover: selection_reads.hover,
            mode: selection_reads.mode,
            selection,
            announcement: word_reads.announcement,
            errors: word_reads.errors,
            link_notices: word_reads.link_notices,
            words,
            view: page_reads.view,
            present: page_reads.present,
            controls_open: page_reads.controls_open,
            help_open: page_reads.help_open,
            paste_open: page_reads.paste_open,
            compare_systems: page_reads.compare_systems,
            page,
            lesson: teaching_reads.lesson,
            pointer: teaching_reads.pointer,
            draft: teaching_reads.draft,
            story: teaching_reads.story,
            predict: teaching_reads.predict,
            pending: teaching_reads.pending,
            practice_seed: teaching_reads.practice_seed,
            quiz_set: teaching_reads.quiz_set,
            exercises: teaching_reads.exercises,
            teaching,
            generating: work_reads.generating,
            cache: work_reads.cache,
            timeline_event: work_reads.timeline_event,
            work,
            stop_generating: StoredValue::new(false),
            // A Memo, not a second signal: R lives in the scenario (links, undo and the
            // timeline's copies all go through it); readers only wake when R itself changes.
            replicas: Memo::new(move |_| scenario.with(|s| s.timing().replicas as usize)),
            kept_params: StoredValue::new(Vec::new()),
            save_png: StoredValue::new(None),
            still: StoredValue::new(None),
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

    /// The name "Add server" uses when none is typed.
    pub fn suggested_name(&self) -> String {
        self.scenario.with(Scenario::next_server_name)
    }
}

impl Default for AppState {
    fn default() -> Self {
        AppState::new()
    }
}
