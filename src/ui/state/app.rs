//! [`AppState`]: the page's state as a few stores (what is shown, the selection, the words, the
//! page, teaching, work), each read as its signals and written only through its own file.

use std::sync::Arc;

use leptos::prelude::*;

use super::feedback::Words;
use super::page::Page;
use super::selection::Selection;
use super::shown::{self, Frame, Part};
use super::slots::slots_for;
use super::teaching::Teaching;
use super::vocabulary::View;
use super::work::Work;
use crate::core::{names_a_scenario, read_link, Link, Outcome, Scenario};
use crate::draw::picture::Picture;

/// Shared app state, handed to every component through context: a few stores, each read as the
/// signals it holds (`app.selection.key`, `app.page.view`) and written only through its own
/// file's methods; what is shown is read here, its parts at the top (`app.scenario`).
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
    /// The selection store: the selected key and server, the pointer, what a click does.
    pub selection: Selection,
    /// The words store: what was announced, each control's message, a link's notices.
    pub words: Words,
    /// The page store: the view, presentation mode, what is open.
    pub page: Page,
    /// The teaching store: the lesson and its pointer, the lesson recorded, the story, Predict
    /// first, practice.
    pub teaching: Teaching,
    /// The work store: keys being generated, the cache's traffic, the Timeline's event.
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
        let selection = Selection::new();
        let words = Words::new(ignored);
        let page = Page::new();
        let teaching = Teaching::new();
        let work = Work::new();
        let scenario = Part::new(frame, |f| &f.scenario);
        let app = AppState {
            scenario,
            previous: Part::new(frame, |f| &f.previous),
            last: Part::new(frame, |f| &f.last),
            past: shown_reads.past,
            future: shown_reads.future,
            slots: shown_reads.slots,
            shown,
            selection,
            words,
            page,
            teaching,
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
        self.page
            .view
            .with(|v| matches!(v, View::Ring | View::Traffic))
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
