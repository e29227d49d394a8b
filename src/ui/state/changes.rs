//! Every way the state changes: a change dispatched (or held back for a prediction), a change
//! worked out elsewhere, a setting, a link loaded, undo, redo and reset. Each keeps the view it
//! replaces for undo.

use std::sync::Arc;

use leptos::prelude::*;

use super::app::AppState;
use super::shown::Frame;
use super::slots::slots_for;
use super::vocabulary::Field;
use crate::core::{Change, Error, Kind, Link, Outcome, Scenario};
use crate::ui::kit::browser::timed;

/// The most views undo keeps.
pub const HISTORY_LIMIT: usize = 200;

/// What became of a change dispatched ([`AppState::send`]).
#[derive(Debug)]
pub enum Dispatched {
    /// It is on screen, and announced.
    Shown,
    /// Predict first holds it until the learner has predicted what it does.
    Held,
    /// The engine refused it; the reason is shown next to the change's field.
    Refused(Error),
}

impl AppState {
    /// Applies `change`; on success records the outcome and announces it, on refusal shows the
    /// reason next to `field`. Returns whether it was applied (a change Predict first holds
    /// back is not, yet).
    pub fn dispatch(&self, change: Change, field: Field) -> bool {
        matches!(self.send(change, field), Dispatched::Shown)
    }

    /// Dispatches `change`, as [`AppState::dispatch`] does, and says what became of it: a
    /// refused change shows its reason at once, and an accepted one waits for a prediction
    /// when Predict first asks one.
    pub fn send(&self, change: Change, field: Field) -> Dispatched {
        let result = self.work_out(change.clone());
        if result.is_ok() && self.hold(&change, field) {
            return Dispatched::Held;
        }
        self.show_worked_out(result, field)
    }

    /// With Predict first on, holds `change` back until the learner has predicted which keys
    /// it moves (see [`AppState::asks_first`]). Returns whether it was held back.
    fn hold(&self, change: &Change, field: Field) -> bool {
        if self.teaching.predict.get_untracked() && self.asks_first(change) {
            self.teaching.set_pending(Some((change.clone(), field)));
            return true;
        }
        false
    }

    /// Whether, with Predict on, `change` first asks a question: which keys it will move, for
    /// changes of servers and points on a ring with keys few enough to mark one by one; where
    /// the new key goes, for one key added while there are servers to own it.
    fn asks_first(&self, change: &Change) -> bool {
        if let Change::AddKeys { keys } = change {
            return keys.len() == 1 && self.scenario.with_untracked(|s| !s.servers().is_empty());
        }
        let keys = self.scenario.with_untracked(|s| s.keys().len());
        (1..=crate::teach::quiz::MAX_MARKED_KEYS).contains(&keys)
            && match change {
                Change::AddServer { .. }
                | Change::RemoveServer { .. }
                | Change::SetVnodes { .. }
                | Change::SetWeight { .. }
                | Change::MovePoint { .. } => true,
                Change::SetServers { .. }
                | Change::HashPlaced
                | Change::AddKeys { .. }
                | Change::GenerateKeys { .. }
                | Change::DropKey { .. }
                | Change::ClearKeys
                | Change::SetRingSize { .. }
                | Change::SetHash { .. }
                | Change::SetPlacement { .. }
                | Change::SetPopularity { .. }
                | Change::MakeHot { .. }
                | Change::SetRemedy { .. }
                | Change::FailServer { .. }
                | Change::RestartServer { .. }
                | Change::SetReplicas { .. }
                | Change::SetRestartDelay { .. }
                | Change::SetGossip { .. }
                | Change::SetWrites { .. }
                | Change::Set { .. }
                | Change::System(_) => false,
            }
    }

    /// Applies a change Predict first held, once the learner has predicted (or no question
    /// could be posed): it is not held again.
    pub fn apply_held(&self, change: Change, field: Field) -> bool {
        let result = self.work_out(change);
        self.commit(result, field)
    }

    /// What `change` makes of the scenario on screen, as the engine works it out, without
    /// showing it (named `ringlab engine` on the page's timeline, for the page benchmark).
    fn work_out(&self, change: Change) -> Result<(Scenario, Outcome), Error> {
        timed("ringlab engine", || {
            self.scenario.with_untracked(|s| s.after(change))
        })
    }

    /// Shows a change the engine has already worked out elsewhere (keys generated or read in
    /// steps), or its refusal next to `field`. Returns whether it was shown.
    pub fn commit(&self, result: Result<(Scenario, Outcome), Error>, field: Field) -> bool {
        matches!(self.show_worked_out(result, field), Dispatched::Shown)
    }

    /// Shows a change worked out, or its refusal next to `field`.
    fn show_worked_out(
        &self,
        result: Result<(Scenario, Outcome), Error>,
        field: Field,
    ) -> Dispatched {
        let before = self.scenario.get_untracked();
        match result {
            Ok((next, outcome)) => {
                self.words.announce(outcome.summary());
                self.remember();
                self.shown.future.set(Vec::new());
                self.show(Frame {
                    scenario: next,
                    previous: Some(before),
                    last: Some(Arc::new(outcome)),
                });
                // A change went through: earlier complaints no longer describe the state.
                self.words.clear_errors();
                Dispatched::Shown
            }
            Err(error) => {
                self.words.show_error(field, error.to_string());
                Dispatched::Refused(error)
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
                self.shown.future.set(Vec::new());
                self.show(frame);
                self.words.clear_errors();
                self.words.announce(format!("{said} {summary}"));
                true
            }
            None => {
                let taken = self.dispatch(setting, field);
                if taken && alone && !said.is_empty() {
                    self.words.announce(said);
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
    pub(super) fn set_replicas_quietly(&self, count: usize) {
        let setting = Change::SetReplicas {
            count: count as u32,
        };
        let apply = |s: &Scenario| s.after(setting.clone()).ok().map(|(next, _)| next);
        self.shown.frame.update(|frame| {
            if let Some(next) = apply(&frame.scenario) {
                frame.scenario = next;
            }
            if let Some(previous) = frame.previous.as_ref().and_then(apply) {
                frame.previous = Some(previous);
            }
        });
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
        self.shown.past.update(|past| {
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
        self.shown.slots.set(slots);
        self.shown.frame.set(frame);
    }

    /// Shows what `link` holds as one undoable change of view, with its view parameters.
    pub fn load(&self, link: Link, headline: String) {
        self.remember();
        self.shown.future.set(Vec::new());
        self.selection.set_selected_key(None);
        self.selection.set_selected_server(None);
        self.words.clear_errors();
        // Colours follow the scenario before the link's change, so a server keeps its colour
        // across that change (D stays D's colour when A leaves).
        if let Some(before) = &link.before {
            let slots = slots_for(&self.slots.get_untracked(), before);
            self.shown.slots.set(slots);
        }
        self.show(Frame {
            scenario: link.scenario,
            previous: link.before,
            last: link.last.map(Arc::new),
        });
        let summary = self
            .last
            .with_untracked(|l| l.as_ref().map(|o| o.summary()));
        self.words
            .announce(summary.map_or(headline.clone(), |s| format!("{headline} {s}")));
    }

    /// Makes `scenario` the view a link opened on, with no change before it and nothing to
    /// undo (used when a link's many keys arrive after the page has opened).
    pub fn set_base(&self, scenario: Scenario) {
        self.shown.past.set(Vec::new());
        let slots = slots_for(&self.slots.get_untracked(), &scenario);
        self.shown.slots.set(slots);
        self.shown.frame.set(Frame {
            scenario,
            previous: None,
            last: None,
        });
    }

    /// Goes back one change. Returns whether there was one.
    pub fn undo(&self) -> bool {
        let Some(frame) = self.shown.past.try_update(|past| past.pop()).flatten() else {
            self.words.announce("Nothing to undo.".into());
            return false;
        };
        let current = self.frame();
        let undone = current
            .last
            .as_ref()
            .map(|o| o.headline.clone())
            .unwrap_or_default();
        self.shown.future.update(|future| future.push(current));
        self.show(frame);
        self.words.announce(format!("Undone: {undone}"));
        true
    }

    /// Goes forward one undone change. Returns whether there was one.
    pub fn redo(&self) -> bool {
        let Some(frame) = self
            .shown
            .future
            .try_update(|future| future.pop())
            .flatten()
        else {
            self.words.announce("Nothing to redo.".into());
            return false;
        };
        self.remember();
        let redone = frame.last.as_ref().map(|o| o.summary()).unwrap_or_default();
        self.show(frame);
        self.words.announce(format!("Redone: {redone}"));
        true
    }

    /// Back to the starting scenario; undo brings back what was there.
    pub fn reset(&self) {
        self.remember();
        self.shown.future.set(Vec::new());
        self.show(Frame {
            scenario: Scenario::teaching(),
            previous: None,
            last: None,
        });
        self.selection.set_selected_key(None);
        self.selection.set_selected_server(None);
        self.words.clear_errors();
        self.words.announce(
            "Back to the starting ring: A, B and C at 10, 40 and 75 with five keys.".into(),
        );
    }

    fn forget_missing_selection(&self, next: &Scenario) {
        if let Some(label) = self.selection.key.get_untracked() {
            if next.keys().find(&label).is_none() {
                self.selection.set_selected_key(None);
            }
        }
        if let Some(name) = self.selection.server.get_untracked() {
            if next.server(&name).is_err() {
                self.selection.set_selected_server(None);
            }
        }
    }
}
