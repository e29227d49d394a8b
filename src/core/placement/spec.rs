//! What a placement is, said once: its names in the app's words, the rules the rest of the app
//! checks against it (weights, the ring's own settings), the settings it takes, and the words
//! for its structure. How it is evaluated is its file's `evaluate`, found through
//! [`code`](super::code), which the page's release build fetches when first used.
//!
//! Each placement's file holds its [`Spec`] beside its lookup; [`Kind::spec`](super::Kind::spec)
//! is the one list that finds it. Every other room (the scenario's checks, links, the page, the
//! questions, the command line) reads what it needs here instead of matching on the placement's
//! name, so adding a placement is its file, a line in each list (`kind.rs`, `code.rs`) and its
//! tests.

use super::layout::Layout;
use super::options::Setting;
use crate::core::error::Error;
use crate::core::numbers_and_lists::grouped;
use crate::core::server::Server;

/// Everything the app needs to know about one placement.
pub struct Spec {
    /// The name in links, files and on the command line: `jump`, `redis-cluster`.
    pub id: &'static str,
    /// The name for people: `Jump hash`.
    pub name: &'static str,
    /// How a sentence calls it: `jump hash`, `the partition table`.
    pub phrase: &'static str,
    /// How a panel's words call it beside another: `mod N`, `the ring`, `Jump hash`.
    pub called: &'static str,
    /// Where keys moved, in the panels' words: `on the ring`, `under Jump hash`.
    pub under: &'static str,
    /// What it does, in one sentence.
    pub summary: &'static str,
    /// Whether it is a real system rather than a textbook placement.
    pub system: bool,
    /// The words for a server joining and leaving.
    pub verbs: Verbs,
    /// What its structure is made of in its own words (`slots`, `tokens`), for real systems.
    pub units: Option<&'static str>,
    /// What it does with servers' weights.
    pub weights: Weights,
    /// Where keys sit on the circle the canvas draws.
    pub circle: Circle,
    /// Whether it fixes the ring's size, hash and points per server itself (ketama), so
    /// changing them is refused while it is chosen.
    pub fixed_ring: bool,
    /// Whether the canvas draws it as arcs of a ring, each owned by a server.
    pub arcs: bool,
    /// How a key finds its server, in kind.
    pub lookup: Lookup,
    /// What decides which keys a server gets back when it returns.
    pub servers_by: ServersBy,
    /// The settings it reads, in the order the page shows them.
    pub settings: &'static [Setting],
    /// A word under the picker about how it reads the servers, where one helps.
    pub note: Option<&'static str>,
    /// What the pointer over a spot of its circle says: the spot, and its owner's name.
    pub hover: fn(u32, &str) -> String,
    /// The name of the circle the canvas draws, from the layout it shows and the number of
    /// places the circle has.
    pub picture: fn(&Layout<'_>, u64) -> String,
    /// How the list of its structure is introduced (real systems).
    pub listing: &'static str,
    /// The system's own verbs beside the servers' buttons.
    pub panel: Panel,
    /// Its place in the order practice questions bring in placements (1 first), if they do.
    pub practice: Option<u8>,
    /// How the selected key's copies are said, when copies are kept.
    pub copies: Copies,
    /// Why it may move more than the least any placement could, for a change from the first
    /// layout to the second.
    pub caveat: fn(&Layout<'_>, &Layout<'_>) -> Option<String>,
    /// Refuses the server at this index leaving, where the system itself refuses it.
    pub refuse_leaving: fn(&Layout<'_>, usize) -> Result<(), Error>,
    /// What it ignores of the ring's own settings, in words, when they are not its own.
    pub ignored: fn(&Layout<'_>) -> Option<String>,
}

/// The words for a server joining and leaving: "Add server" and "Remove", or the system's own
/// (`add-node`, `del-node`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verbs {
    /// The verb for a server joining.
    pub add: &'static str,
    /// The verb for a server leaving.
    pub remove: &'static str,
}

/// The verbs most placements use.
pub const SERVER_VERBS: Verbs = Verbs {
    add: "Add server",
    remove: "Remove",
};

/// What a placement does with servers' weights.
#[derive(Debug, Clone, Copy)]
pub enum Weights {
    /// A server of weight w gets w shares.
    Honoured,
    /// Every server gets the same share, and a note says that weights do not apply.
    Equal,
    /// Every server gets the same share, and a weight other than 1 is refused with this error.
    Refused(fn() -> Error),
}

/// Where keys sit on the circle the canvas draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Circle {
    /// At their positions on the scenario's ring.
    Positions,
    /// At spots of the placement's own circle (ketama's ring, maglev's table, a system's slots).
    Own,
}

/// How a key finds its server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lookup {
    /// The first point at or after the key's hash, clockwise.
    Clockwise,
    /// The point nearest the key's probes (or its hash).
    Nearest,
    /// A remainder of the key's hash.
    Remainder,
    /// A bucket the key's hash jumps to.
    Jumps,
    /// The server whose score for the key is highest.
    Scores,
    /// An entry of a table.
    Table,
}

/// What decides which keys a server gets when it comes back under the same name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ServersBy {
    /// Its name alone (its points, scores or table entries come from it).
    Name,
    /// Its place in the server list.
    ListPlace,
    /// A table that hands a newcomer parts of the fullest servers.
    Table,
    /// State the system's operators move (slots, leaders, shards).
    Operator,
}

/// The system's own verbs shown beside the servers' buttons.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Panel {
    /// None beyond the servers' buttons.
    None,
    /// A sentence about what the servers' buttons do in the system's terms.
    Note(&'static str),
    /// Redis Cluster's rebalance and reshard.
    Slots,
    /// A Kafka topic's partitions.
    Topic,
    /// An Elasticsearch index's split and shrink.
    Index,
}

/// How the selected key's copies are said when more than one copy is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Copies {
    /// Not shown beside the key.
    Unsaid,
    /// The first R distinct servers clockwise, primary first.
    Clockwise,
    /// Cassandra's SimpleStrategy: the next nodes clockwise.
    SimpleStrategy,
}

impl Spec {
    /// Checks `servers` against the placement's weights: refused where it has none.
    pub fn check_servers<'a>(
        &self,
        mut servers: impl Iterator<Item = &'a Server>,
    ) -> Result<(), Error> {
        match self.weights {
            Weights::Refused(refusal) if servers.any(|s| s.weight() != 1) => Err(refusal()),
            _ => Ok(()),
        }
    }

    /// Checks one weight (of a server joining, or a new weight) against the placement.
    pub fn check_weight(&self, weight: u32) -> Result<(), Error> {
        match self.weights {
            Weights::Refused(refusal) if weight != 1 => Err(refusal()),
            _ => Ok(()),
        }
    }

    /// Whether the placement refuses weights other than 1.
    pub fn refuses_weights(&self) -> bool {
        matches!(self.weights, Weights::Refused(_))
    }

    /// Whether a server's weight changes its share.
    pub fn uses_weights(&self) -> bool {
        matches!(self.weights, Weights::Honoured)
    }

    /// Refuses a change of the ring's size, hash or points per server while the placement
    /// fixes them.
    pub fn check_ring_settings(&self) -> Result<(), Error> {
        if self.fixed_ring {
            Err(Error::FixedByKetama)
        } else {
            Ok(())
        }
    }
}

/// The hover words of placements whose circle is the ring's positions.
pub fn position_hover(spot: u32, owner: &str) -> String {
    format!("Position {spot} belongs to {owner}")
}

/// The hover words of placements that read a key's hash.
pub fn hash_hover(spot: u32, owner: &str) -> String {
    format!("A key whose hash is {spot} goes to {owner}")
}

/// The hover words of systems with a ring of their own.
pub fn hashed_here_hover(_: u32, owner: &str) -> String {
    format!("A key hashing here goes to {owner}")
}

/// The hover words of a table's entries.
pub fn entry_hover(spot: u32, owner: &str) -> String {
    format!("Table entry {spot} belongs to {owner}")
}

/// No caveat: the placement moves the least it can.
pub fn no_caveat(_: &Layout<'_>, _: &Layout<'_>) -> Option<String> {
    None
}

/// Any server may leave.
pub fn any_may_leave(_: &Layout<'_>, _: usize) -> Result<(), Error> {
    Ok(())
}

/// Nothing of the ring's own settings is ignored beyond what [`Spec::weights`] says.
pub fn nothing_ignored(_: &Layout<'_>) -> Option<String> {
    None
}

/// The canvas's name for a placement drawn on the ring's positions.
pub fn on_the_ring(name: &str, layout: &Layout<'_>) -> String {
    format!("{name} on a ring of {} positions", layout.size)
}

/// The canvas's name for a real system's circle of `places` places.
pub fn drawn_on_circle(name: &str, places: u64) -> String {
    let places = if places == 1 << 32 {
        "2^32".to_string()
    } else {
        grouped(places)
    };
    format!("{name}, drawn on a circle of {places} places")
}
