//! The page's figures as they come to life, and what a figure is asked to do before it is live:
//! a prose link clicked, or a step scrolled past, while its code or stylesheets are still on
//! their way waits here and is carried out, in order, the moment the figure is live. A live
//! figure's attributes are here too, so that a change of them (`figure.link = …`) takes it down
//! and makes it again from the new ones.

use std::cell::RefCell;

use web_sys::Element;

use leptos::prelude::*;

use crate::core::Change;
use crate::ui::state::{AppState, Field};

/// What a figure is made from: its element's attributes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attributes {
    /// The figure's state, as a link's query.
    pub link: String,
    /// The panels beside the ring, as `panels=` names them.
    pub panels: Option<String>,
    /// The figure's name for screen readers.
    pub label: Option<String>,
}

impl Attributes {
    /// The attributes `host` has now.
    pub fn of(host: &Element) -> Attributes {
        Attributes {
            link: host.get_attribute("link").unwrap_or_default(),
            panels: host.get_attribute("panels"),
            label: host.get_attribute("label"),
        }
    }
}

/// What the host page's text can ask of a figure.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// A change, in the text form of a link's `then` (`add:D@60`).
    Apply(Change),
    /// Undo the figure's last change.
    Undo,
    /// Redo the change undone last.
    Redo,
    /// Text that is none of these: what the figure says about it.
    Unreadable(String),
}

impl Action {
    /// Reads an action as the host page writes it: `undo`, `redo`, or a change.
    pub fn read(text: &str) -> Action {
        match text.trim() {
            "undo" => Action::Undo,
            "redo" => Action::Redo,
            change => match change.parse::<Change>() {
                Ok(change) => Action::Apply(change),
                Err(error) => Action::Unreadable(format!(
                    "The page asked this figure for \u{201c}{change}\u{201d}, which is not a change Ringlab can read: {error}"
                )),
            },
        }
    }

    /// Carries the action out on `app`, as the figure's own controls would; a refusal is shown
    /// in words in the figure.
    fn run(self, app: AppState) {
        match self {
            Action::Apply(change) => {
                app.dispatch(change, Field::Canvas);
            }
            Action::Undo => {
                app.undo();
            }
            Action::Redo => {
                app.redo();
            }
            Action::Unreadable(words) => app.words.show_error(Field::Canvas, words),
        }
    }
}

enum Stage {
    /// Waking: the actions asked for so far.
    Arriving(Vec<Action>),
    /// Live: its state (boxed, as the app's state is large beside a list).
    Live(Box<AppState>),
}

thread_local! {
    static FIGURES: RefCell<Vec<(Element, Stage)>> = const { RefCell::new(Vec::new()) };
    static ATTRIBUTES: RefCell<Vec<(Element, RwSignal<Attributes>)>> = const { RefCell::new(Vec::new()) };
    static WOKEN: RefCell<Vec<Element>> = const { RefCell::new(Vec::new()) };
}

/// Whether `host` has been woken (it may still be on its way to live).
pub fn woken(host: &Element) -> bool {
    WOKEN.with(|w| w.borrow().contains(host))
}

/// Notes that `host` is woken: true the first time, false if it already was.
pub fn first_wake(host: &Element) -> bool {
    WOKEN.with(|w| {
        let mut woken = w.borrow_mut();
        if woken.contains(host) {
            return false;
        }
        woken.push(host.clone());
        true
    })
}

/// `host`'s figure is made from `attributes`, which [`changed`] keeps up to date.
pub fn made_from(host: &Element, attributes: RwSignal<Attributes>) {
    ATTRIBUTES.with(|a| a.borrow_mut().push((host.clone(), attributes)));
}

/// `host`'s attributes changed: a live figure is made again from them; one not yet live reads
/// them when it wakes.
pub fn changed(host: &Element) {
    let signal = ATTRIBUTES.with(|a| {
        a.borrow()
            .iter()
            .find(|(h, _)| h == host)
            .map(|(_, signal)| *signal)
    });
    if let Some(signal) = signal {
        let now = Attributes::of(host);
        if signal.try_get_untracked().as_ref() != Some(&now) {
            signal.try_set(now);
        }
    }
}

/// Whether `host` has been asked something or has started to wake (or is live).
fn known(host: &Element) -> bool {
    FIGURES.with(|f| f.borrow().iter().any(|(h, _)| h == host))
}

/// `host` has started to wake.
pub fn arriving(host: &Element) {
    if !known(host) {
        FIGURES.with(|f| {
            f.borrow_mut()
                .push((host.clone(), Stage::Arriving(Vec::new())))
        });
    }
}

/// `host` is live, with the state `app`: what it was asked while waking is carried out now.
pub fn arrived(host: &Element, app: AppState) {
    let waiting = FIGURES.with(|f| {
        let mut figures = f.borrow_mut();
        match figures.iter_mut().find(|(h, _)| h == host) {
            Some((_, stage)) => match std::mem::replace(stage, Stage::Live(Box::new(app))) {
                Stage::Arriving(waiting) => waiting,
                Stage::Live(_) => Vec::new(),
            },
            None => {
                figures.push((host.clone(), Stage::Live(Box::new(app))));
                Vec::new()
            }
        }
    });
    for action in waiting {
        action.run(app);
    }
}

/// Asks `host` to carry out `action`: at once if it is live, else as soon as it is (the caller
/// has woken it).
pub fn act(host: &Element, action: Action) {
    let live = FIGURES.with(|f| {
        let mut figures = f.borrow_mut();
        match figures.iter_mut().find(|(h, _)| h == host) {
            Some((_, Stage::Live(app))) => Some(**app),
            Some((_, Stage::Arriving(waiting))) => {
                waiting.push(action.clone());
                None
            }
            None => {
                figures.push((host.clone(), Stage::Arriving(vec![action.clone()])));
                None
            }
        }
    });
    if let Some(app) = live {
        action.run(app);
    }
}
