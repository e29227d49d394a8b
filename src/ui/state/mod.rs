//! The app's state: the scenario, the one before it, the last outcome, and what is selected.
//!
//! Every control turns what a person did into a [`Change`] and hands it to [`AppState::dispatch`],
//! which asks the engine to apply it. A refused change leaves everything as it was and puts the
//! engine's message next to the control that sent it.

use std::sync::Arc;

use leptos::prelude::*;

use crate::core::{read_link, CacheLoad, Change, Error, Kind, Link, Outcome, Scenario};
use crate::draw::picture::assign_slots;
use crate::naming::next_server_name;

/// Which control a message belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// Ring size and hash.
    Ring,
    /// Adding servers.
    AddServer,
    /// The server list (remove, weight).
    ServerList,
    /// Virtual nodes.
    Vnodes,
    /// Adding and removing keys.
    Keys,
    /// Selecting a key by name.
    SelectKey,
    /// A click on the canvas.
    Canvas,
    /// The placement and its settings.
    Placement,
    /// The traffic model.
    Traffic,
    /// The timeline's event and settings.
    Timeline,
}

/// The views a person can switch between in the header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    /// The ring, its controls and its readout.
    Ring,
    /// Every placement side by side.
    Compare,
    /// The ring by requests: popularity, hot keys and their remedies.
    Traffic,
    /// Questions to answer: practice from a seed, or an exercise set from a link.
    Practice,
    /// Database reads over time after an event, and the sweep plots.
    Timeline,
}

impl View {
    /// Every view, in the order the header lists them.
    pub const ALL: [View; 5] = [
        View::Ring,
        View::Compare,
        View::Traffic,
        View::Timeline,
        View::Practice,
    ];

    /// The name in links: `view=compare`.
    pub fn id(self) -> &'static str {
        match self {
            View::Ring => "ring",
            View::Compare => "compare",
            View::Traffic => "traffic",
            View::Practice => "practice",
            View::Timeline => "timeline",
        }
    }

    /// The name on its button.
    pub fn label(self) -> &'static str {
        match self {
            View::Ring => "Ring",
            View::Compare => "Compare",
            View::Traffic => "Traffic",
            View::Practice => "Practice",
            View::Timeline => "Timeline",
        }
    }

    /// The view a link names.
    pub fn parse(text: &str) -> Option<View> {
        View::ALL.into_iter().find(|v| v.id() == text.trim())
    }
}

/// What happens on the Timeline view's chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Happening {
    /// The last change made, wherever it was made (a "what if" failure when it moved no keys).
    Last,
    /// A server fails (and may restart).
    Fail,
    /// A server is removed on purpose.
    Remove,
    /// A new server joins.
    Join,
}

/// The event the Timeline view follows: the last change made, or what happens "what if", and to
/// which server (the last one up when none is named or the named one is gone). In links as
/// `event=fail:C`, `event=join`; following the last change is the default and needs none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimelineEvent {
    /// What happens.
    pub what: Happening,
    /// To which server, for a failure or a removal.
    pub server: Option<String>,
}

impl TimelineEvent {
    /// The event's link text: `fail:C`, `remove:C`, `join`.
    pub fn link_text(&self) -> String {
        let verb = match self.what {
            Happening::Last => return "last".to_string(),
            Happening::Fail => "fail",
            Happening::Remove => "remove",
            Happening::Join => return "join".to_string(),
        };
        match &self.server {
            Some(name) => format!("{verb}:{name}"),
            None => verb.to_string(),
        }
    }

    /// The event a link's text names.
    pub fn parse(text: &str) -> Option<TimelineEvent> {
        let (verb, name) = match text.trim().split_once(':') {
            Some((verb, name)) => (
                verb,
                Some(name.trim().to_string()).filter(|n| !n.is_empty()),
            ),
            None => (text.trim(), None),
        };
        let what = match verb {
            "last" => Happening::Last,
            "fail" => Happening::Fail,
            "remove" => Happening::Remove,
            "join" => Happening::Join,
            _ => return None,
        };
        Some(TimelineEvent {
            what,
            server: name.filter(|_| !matches!(what, Happening::Join | Happening::Last)),
        })
    }

    /// Whether this follows the last change rather than asking "what if".
    pub fn follows_last(&self) -> bool {
        self.what == Happening::Last
    }
}

impl Default for TimelineEvent {
    fn default() -> Self {
        TimelineEvent {
            what: Happening::Last,
            server: None,
        }
    }
}

/// What a click on the ring does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClickMode {
    /// Select the key or server under the pointer.
    Select,
    /// Drop a key at the clicked position.
    DropKey,
    /// Place a new server at the clicked position.
    PlaceServer,
}

/// The most views undo keeps.
pub const HISTORY_LIMIT: usize = 200;

/// One view of the app, as undo and redo restore it.
#[derive(Clone)]
pub struct Frame {
    scenario: Scenario,
    previous: Option<Scenario>,
    last: Option<Arc<Outcome>>,
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
    pub hover: RwSignal<Option<u32>>,
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
    /// Whether the shortcut list is open.
    pub help_open: RwSignal<bool>,
    /// The guided lesson being followed, and its step (from 0).
    pub lesson: RwSignal<Option<(&'static str, usize)>>,
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
    pub set_draft: RwSignal<Vec<crate::core::quiz::Question>>,
    /// The event the Timeline view follows.
    pub timeline_event: RwSignal<TimelineEvent>,
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
        } = if query.trim_start_matches('?').is_empty() {
            Link {
                scenario: Scenario::teaching(),
                before: None,
                last: None,
                extra: Vec::new(),
                ignored: Vec::new(),
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
            help_open: RwSignal::new(false),
            lesson: RwSignal::new(None),
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

    /// Applies `change`; on success records the outcome and announces it, on refusal shows the
    /// reason next to `field`. Returns whether it was applied.
    pub fn dispatch(&self, change: Change, field: Field) -> bool {
        if self.hold(&change, field) {
            return false;
        }
        self.apply(change, field)
    }

    /// With Predict first on, holds `change` back until the learner has predicted which keys
    /// it moves (see [`AppState::asks_first`]). Returns whether it was held back.
    pub fn hold(&self, change: &Change, field: Field) -> bool {
        if self.predict.get_untracked() && self.asks_first(change) {
            self.pending.set(Some((change.clone(), field)));
            return true;
        }
        false
    }

    /// Whether, with Predict on, `change` first asks which keys it will move: only changes of
    /// servers and points, on a ring with keys few enough to mark one by one.
    fn asks_first(&self, change: &Change) -> bool {
        let keys = self.scenario.with_untracked(|s| s.keys().len());
        (1..=crate::core::quiz::MAX_MARKED_KEYS).contains(&keys)
            && matches!(
                change,
                Change::AddServer { .. }
                    | Change::RemoveServer { .. }
                    | Change::SetVnodes { .. }
                    | Change::SetWeight { .. }
                    | Change::MovePoint { .. }
            )
    }

    /// Applies `change` without asking first (see [`AppState::dispatch`]).
    pub fn apply(&self, change: Change, field: Field) -> bool {
        let result = self.scenario.with_untracked(|s| s.after(change));
        self.commit(result, field)
    }

    /// Shows a change the engine has already worked out (see [`AppState::dispatch`]), or its
    /// refusal next to `field`. Returns whether it was shown.
    pub fn commit(&self, result: Result<(Scenario, Outcome), Error>, field: Field) -> bool {
        let before = self.scenario.get_untracked();
        match result {
            Ok((next, outcome)) => {
                self.announcement.set(outcome.summary());
                self.remember();
                self.future.set(Vec::new());
                self.show(Frame {
                    scenario: next,
                    previous: Some(before),
                    last: Some(Arc::new(outcome)),
                });
                // A change went through: earlier complaints no longer describe the state.
                self.errors.set(Vec::new());
                true
            }
            Err(error) => {
                self.show_error(field, error.to_string());
                false
            }
        }
    }

    /// Chooses the placement the panels speak of (see [`AppState::set_setting`]). Returns
    /// whether the placement changed.
    pub fn choose_placement(&self, placement: Kind, field: Field) -> bool {
        if self.scenario.with_untracked(|s| s.placement()) == placement {
            return true;
        }
        let said = format!("Placing keys with {}.", placement.name());
        self.set_setting(Change::SetPlacement { placement }, field, said, false)
    }

    /// Changes a setting (the placement, copies per key, the timeline's timing). When the view
    /// shows a last change that moved keys, that same change is measured again with the new
    /// setting (the scenario before it takes the setting too), so the last-change panel and the
    /// timeline keep telling what the change did; otherwise the setting itself is the change.
    /// `said` is announced before the remeasured change's summary, and, with `alone`, instead of
    /// the engine's summary when the setting is the change. Returns whether it was taken.
    pub fn set_setting(&self, setting: Change, field: Field, said: String, alone: bool) -> bool {
        let remeasured = self.previous.with_untracked(|previous| {
            let previous = previous.as_ref()?;
            let change = self
                .last
                .with_untracked(|l| l.as_ref().filter(|o| o.moves_keys)?.change.clone())?;
            let (before, _) = previous.after(setting.clone()).ok()?;
            let (after, outcome) = before.after(change).ok()?;
            Some(Frame {
                scenario: after,
                previous: Some(before),
                last: Some(Arc::new(outcome)),
            })
        });
        match remeasured {
            Some(frame) => {
                let summary = frame.last.as_ref().map(|o| o.summary()).unwrap_or_default();
                self.remember();
                self.future.set(Vec::new());
                self.show(frame);
                self.errors.set(Vec::new());
                self.announcement.set(format!("{said} {summary}"));
                true
            }
            None => {
                let taken = self.dispatch(setting, field);
                if taken && alone && !said.is_empty() {
                    self.announcement.set(said);
                }
                taken
            }
        }
    }

    /// The last change, when it moved keys: what the Timeline view follows by default (from
    /// the scenario before it, [`AppState::previous`]).
    pub fn last_moving_change(&self) -> Option<Change> {
        self.last
            .with(|l| l.as_ref().filter(|o| o.moves_keys)?.change.clone())
    }

    /// Puts R into the scenario on screen and the one before it without a step of its own (a
    /// lesson step's R belongs to the step).
    pub fn set_replicas_quietly(&self, count: usize) {
        let setting = Change::SetReplicas {
            count: count as u32,
        };
        let apply = |s: &Scenario| s.after(setting.clone()).ok().map(|(next, _)| next);
        if let Some(next) = self.scenario.with_untracked(apply) {
            self.scenario.set(next);
        }
        let previous = self.previous.with_untracked(|p| p.as_ref().and_then(apply));
        if previous.is_some() {
            self.previous.set(previous);
        }
    }

    fn frame(&self) -> Frame {
        // A frame kept for undo drops the evaluated placements: a million keys' owners need not
        // be kept for every step back, and undo recomputes them.
        Frame {
            scenario: self.scenario.with_untracked(Scenario::without_cache),
            previous: self
                .previous
                .with_untracked(|p| p.as_ref().map(Scenario::without_cache)),
            last: self.last.get_untracked(),
        }
    }

    /// Pushes the current view onto the undo history.
    fn remember(&self) {
        let frame = self.frame();
        self.past.update(|past| {
            past.push(frame);
            if past.len() > HISTORY_LIMIT {
                past.remove(0);
            }
        });
    }

    /// Puts `frame` on screen.
    fn show(&self, frame: Frame) {
        let slots = slots_for(&self.slots.get_untracked(), &frame.scenario);
        self.forget_missing_selection(&frame.scenario);
        self.slots.set(slots);
        self.previous.set(frame.previous);
        self.scenario.set(frame.scenario);
        self.last.set(frame.last);
    }

    /// Shows what `link` holds as one undoable change of view, with its view parameters.
    pub fn load(&self, link: Link, headline: String) {
        self.remember();
        self.future.set(Vec::new());
        self.selected_key.set(None);
        self.selected_server.set(None);
        self.errors.set(Vec::new());
        // Colours follow the scenario before the link's change, so a server keeps its colour
        // across that change (D stays D's colour when A leaves).
        if let Some(before) = &link.before {
            let slots = slots_for(&self.slots.get_untracked(), before);
            self.slots.set(slots);
        }
        self.show(Frame {
            scenario: link.scenario,
            previous: link.before,
            last: link.last.map(Arc::new),
        });
        let summary = self
            .last
            .with_untracked(|l| l.as_ref().map(|o| o.summary()));
        self.announcement
            .set(summary.map_or(headline.clone(), |s| format!("{headline} {s}")));
    }

    /// Makes `scenario` the view a link opened on, with no change before it (used when a link's
    /// many keys arrive after the page has opened).
    pub fn set_base(&self, scenario: Scenario) {
        let slots = slots_for(&self.slots.get_untracked(), &scenario);
        self.slots.set(slots);
        self.previous.set(None);
        self.last.set(None);
        self.scenario.set(scenario);
    }

    /// Goes back one change. Returns whether there was one.
    pub fn undo(&self) -> bool {
        let Some(frame) = self.past.try_update(|past| past.pop()).flatten() else {
            self.announcement.set("Nothing to undo.".into());
            return false;
        };
        let current = self.frame();
        let undone = current
            .last
            .as_ref()
            .map(|o| o.headline.clone())
            .unwrap_or_default();
        self.future.update(|future| future.push(current));
        self.show(frame);
        self.announcement.set(format!("Undone: {undone}"));
        true
    }

    /// Goes forward one undone change. Returns whether there was one.
    pub fn redo(&self) -> bool {
        let Some(frame) = self.future.try_update(|future| future.pop()).flatten() else {
            self.announcement.set("Nothing to redo.".into());
            return false;
        };
        self.remember();
        let redone = frame.last.as_ref().map(|o| o.summary()).unwrap_or_default();
        self.show(frame);
        self.announcement.set(format!("Redone: {redone}"));
        true
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

    /// Back to the starting scenario; undo brings back what was there.
    pub fn reset(&self) {
        self.remember();
        self.future.set(Vec::new());
        self.show(Frame {
            scenario: Scenario::teaching(),
            previous: None,
            last: None,
        });
        self.selected_key.set(None);
        self.selected_server.set(None);
        self.errors.set(Vec::new());
        self.announcement
            .set("Back to the starting ring: A, B and C at 10, 40 and 75 with five keys.".into());
    }

    /// The name "Add server" uses when none is typed.
    pub fn suggested_name(&self) -> String {
        self.scenario.with(|s| {
            let names: Vec<&str> = s.servers().iter().map(|s| s.name.as_str()).collect();
            next_server_name(&names)
        })
    }

    fn forget_missing_selection(&self, next: &Scenario) {
        if let Some(label) = self.selected_key.get_untracked() {
            if next.keys().find(&label).is_none() {
                self.selected_key.set(None);
            }
        }
        if let Some(name) = self.selected_server.get_untracked() {
            if next.server(&name).is_err() {
                self.selected_server.set(None);
            }
        }
    }
}

impl Default for AppState {
    fn default() -> Self {
        AppState::new()
    }
}

fn slots_for(previous: &[(String, usize)], scenario: &Scenario) -> Vec<(String, usize)> {
    let names: Vec<&str> = scenario.servers().iter().map(|s| s.name.as_str()).collect();
    assign_slots(previous, &names)
}

/// The colour slot of each server in `scenario`, in list order.
pub fn slot_list(slots: &[(String, usize)], scenario: &Scenario) -> Vec<usize> {
    scenario
        .servers()
        .iter()
        .map(|s| {
            slots
                .iter()
                .find(|(n, _)| *n == s.name)
                .map_or(0, |(_, slot)| *slot)
        })
        .collect()
}
