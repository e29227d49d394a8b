//! What a real system's own verb sees of the cluster ([`Cluster`]) and what it did
//! ([`Applied`]): the terms every system's verbs share, below the list of them.

use super::state::SystemState;

/// What a verb sees of the cluster: its servers, in list order, and the systems' state.
#[derive(Debug, Clone, Copy)]
pub struct Cluster<'a> {
    /// The servers' names.
    pub names: &'a [&'a str],
    /// The systems' structure.
    pub state: &'a SystemState,
}

impl Cluster<'_> {
    /// The list index of the server named `name` (spaces around it aside).
    pub fn find(&self, name: &str) -> Option<usize> {
        let name = name.trim();
        self.names.iter().position(|n| *n == name)
    }
}

/// What a verb did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Applied {
    /// The structure changed.
    Changed {
        /// The systems' state after the verb.
        state: SystemState,
        /// What happened, in one sentence.
        headline: String,
        /// The system's own account, a line each ("Moving 1366 slots from B to D").
        lines: Vec<String>,
        /// Whether the moved keys are compared with another placement's (not for a verb
        /// that only the system has).
        compared: bool,
    },
    /// Nothing needed doing: why, and notes.
    Unchanged {
        /// What the system says.
        headline: String,
        /// What the reader may want to know.
        notes: Vec<String>,
    },
}

impl Applied {
    /// A changed structure, compared with another placement, with no lines of its own.
    pub fn changed(state: SystemState, headline: String) -> Applied {
        Applied::Changed {
            state,
            headline,
            lines: Vec::new(),
            compared: true,
        }
    }
}
