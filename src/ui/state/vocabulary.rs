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
    /// A real system's verbs.
    System,
    /// The dialog reading a pasted cluster.
    Paste,
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
