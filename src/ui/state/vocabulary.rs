//! The page's vocabulary: the views, the controls a message belongs to, what a click on the
//! ring does, and the event the Timeline view follows.

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
