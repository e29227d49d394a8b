//! Everything that can be refused, in words a person can act on.

use std::fmt;

use super::numbers_and_lists::grouped;

/// Why a change or an input was refused. A refused change leaves the scenario untouched.
/// Each variant's doc names what its fields hold.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Error {
    /// A server name is empty after trimming.
    EmptyName,
    /// A name is longer than the limit.
    NameTooLong { max: usize },
    /// A name holds a character that the link and command-line syntax reserve.
    NameHasReservedChar(char),
    /// A server with this name is already on the ring.
    DuplicateServer(String),
    /// No server has this name.
    NoSuchServer(String),
    /// The ring would be left without servers.
    LastServer,
    /// The server limit is reached.
    TooManyServers { max: usize },
    /// The point limit of the whole ring would be passed.
    TooManyPoints { max: usize },
    /// A virtual-node count outside the allowed range.
    VnodesOutOfRange { min: u32, max: u32 },
    /// A weight outside the allowed range.
    WeightOutOfRange { min: u32, max: u32 },
    /// Weights only apply to servers placed by hashing.
    WeightOfPlacedServer(String),
    /// Only a server placed by hand has a point that can be moved.
    MoveOfHashedServer(String),
    /// A position at or past the ring size.
    PositionOutsideRing { position: u64, size: u64 },
    /// A point already sits at this position.
    PositionTaken { position: u32, by: String },
    /// A ring size outside 2..=2^32.
    RingSizeOutOfRange,
    /// A placement whose code the page has not fetched yet; its name for people.
    PlacementLoading(&'static str),
    /// Text where a whole number belongs, or a malformed size.
    NotANumber(String),
    /// A whole number past the largest its setting allows; `max` is that largest.
    TooLarge { text: String, max: u64 },
    /// Text where a decimal number (such as 1.25) belongs.
    NotADecimal(String),
    /// A number below zero where only 0 or more will do.
    BelowZero(String),
    /// A hash scheme nobody has heard of.
    UnknownHash(String),
    /// A key with this name is already on the ring.
    DuplicateKey(String),
    /// No key has this label.
    NoSuchKey(String),
    /// A key name is empty after trimming.
    EmptyKey,
    /// A key's name is longer than the limit: `bytes` of UTF-8, `max` at most.
    KeyTooLong { bytes: usize, max: usize },
    /// The key limit would be passed.
    TooManyKeys { max: usize },
    /// A scenario needs at least one server.
    NoServers,
    /// A figure outside its range; the text says which.
    OutOfRange(&'static str),
    /// Text that names no change.
    UnknownChange(String),
    /// A host page's message that asks for something impossible; the text says why.
    HostMessage(String),
    /// A placement nobody has heard of.
    UnknownPlacement {
        /// What was written.
        text: String,
        /// The placements' names, and the real systems', in words.
        choices: String,
    },
    /// Jump hash has no weights.
    WeightsUnderJump,
    /// Ketama fixes the ring size, the hash and the points per server.
    FixedByKetama,
    /// A maglev table size that is not a prime in range.
    NotAPrimeTable(u32),
    /// A partition count outside 1 to the limit.
    PartitionsOutOfRange { max: u32 },
    /// A partition table in a link that cannot be read.
    BadTable(String),
    /// A popularity nobody has heard of.
    UnknownPopularity(String),
    /// A remedy nobody has heard of.
    UnknownRemedy(String),
    /// A key that is not hot was to be made ordinary.
    NotHot(String),
    /// A question kind nobody has heard of.
    UnknownQuestionKind(String),
    /// A question that cannot be asked or answered as written; the text says why.
    Question(String),
    /// The server is down: it must restart before this.
    ServerDown(String),
    /// The server is already down.
    AlreadyDown(String),
    /// Only a server that is down can restart.
    NotDown(String),
    /// Failing this server would leave none up.
    LastServerUp,
    /// A timeline follows a change that can move keys between servers; the text is the change.
    NoTimeline(String),
    /// A sweep asked for more work than a page can do; `asked` and `max` count key lookups.
    SweepTooLarge { asked: u64, max: u64 },
    /// A sweep needs keys to count.
    NoKeysToSweep,
    /// A data file or a scenario file that cannot be read; the text says why, and where.
    Unreadable(String),
    /// Measured popularity needs counts, and the keys have none.
    NoCounts,
    /// A real system refuses this, in its own words (or Ringlab's about that system).
    System(String),
    /// A reshard plan cannot be made: why, in words that start in lower case.
    Plan(String),
    /// A new ring size would put two points placed by hand on one position: `first` and
    /// `second` name them (servers, or keys written `@p`), `size` is the ring and `position`
    /// where both would land.
    PlacedTooClose {
        size: u64,
        first: String,
        second: String,
        position: u32,
    },
    /// There is no server placed by hand to hash.
    NothingPlacedByHand,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::EmptyName => write!(f, "A server needs a name."),
            Error::NameTooLong { max } => write!(f, "Names are at most {max} characters long."),
            Error::NameHasReservedChar(c) => {
                write!(f, "Names cannot contain {c:?}: it has a meaning in links and commands.")
            }
            Error::DuplicateServer(name) => write!(f, "There is already a server called {}.", shown(name)),
            Error::NoSuchServer(name) => write!(f, "There is no server called {}.", shown(name)),
            Error::LastServer => write!(f, "The ring needs at least one server; add another before removing this one."),
            Error::TooManyServers { max } => write!(f, "At most {max} servers fit on the ring."),
            Error::TooManyPoints { max } => write!(
                f,
                "That would put more than {max} points on the ring; lower the virtual nodes or weights first."
            ),
            Error::VnodesOutOfRange { min, max } => {
                write!(f, "Virtual nodes per server go from {min} to {max}.")
            }
            Error::WeightOutOfRange { min, max } => write!(f, "Weights go from {min} to {max}."),
            Error::WeightOfPlacedServer(name) => write!(
                f,
                "{} is placed by hand at one position; weights apply to hashed servers.",
                shown(name)
            ),
            Error::MoveOfHashedServer(name) => write!(
                f,
                "{}'s points come from its hash; only a server placed by hand can be moved.",
                shown(name)
            ),
            Error::PositionOutsideRing { position, size } => write!(
                f,
                "Position {position} is outside the ring: positions go from 0 to {}.",
                size - 1
            ),
            Error::PositionTaken { position, by } => {
                write!(f, "Position {position} is taken by {by}; pick a free one.")
            }
            Error::RingSizeOutOfRange => {
                write!(f, "A ring has from 2 to 2^32 (4294967296) positions.")
            }
            Error::PlacementLoading(name) => {
                write!(f, "{name} is still loading: try it again in a moment.")
            }
            Error::NotANumber(text) => write!(f, "{} is not a whole number.", quoted(text)),
            Error::TooLarge { text, max } => write!(
                f,
                "{} is too large: the largest allowed is {}.",
                shortened(text),
                grouped(*max)
            ),
            Error::NotADecimal(text) => {
                write!(f, "{} is not a number; write one such as 1.25.", quoted(text))
            }
            Error::HostMessage(text) => f.write_str(text),
            Error::BelowZero(text) => {
                write!(f, "{} is below zero; this setting takes 0 or more.", shown(text))
            }
            Error::UnknownHash(text) => write!(
                f,
                "Unknown hash {}; choose md5-first32, md5-low32 or java-hashcode.",
                quoted(text)
            ),
            Error::DuplicateKey(name) => write!(f, "The key {} is already on the ring.", shown(name)),
            Error::NoSuchKey(name) => write!(f, "There is no key {}.", shown(name)),
            Error::EmptyKey => write!(f, "A key needs a name or a position."),
            Error::KeyTooLong { bytes, max } => write!(
                f,
                "A key is at most {} bytes long in UTF-8, and this one is {} bytes.",
                grouped(*max as u64),
                grouped(*bytes as u64)
            ),
            Error::TooManyKeys { max } => write!(f, "At most {max} keys fit on the ring."),
            Error::NoServers => write!(f, "A ring needs at least one server."),
            Error::OutOfRange(what) => f.write_str(what),
            Error::Unreadable(why) => f.write_str(why),
            Error::NoCounts => f.write_str(
                "Popularity from your data needs counts: open a file with a count for each key first.",
            ),
            Error::UnknownPlacement { text, choices } => {
                write!(f, "Unknown placement {}; choose {choices}.", quoted(text))
            }
            Error::WeightsUnderJump => write!(
                f,
                "Jump hash gives every bucket the same share, so it has no weights; set every weight to 1 or choose another placement."
            ),
            Error::FixedByKetama => write!(
                f,
                "Ketama always uses the 2^32 ring, its own MD5 key hash and 160 points per server; choose another placement to change the ring size, the hash or the virtual nodes."
            ),
            Error::NotAPrimeTable(size) => write!(
                f,
                "Maglev's table size must be a prime from 5 to 1,000,003; {size} is not."
            ),
            Error::PartitionsOutOfRange { max } => {
                write!(f, "The partition table takes from 1 to {max} partitions on this ring.")
            }
            Error::UnknownPopularity(text) => write!(
                f,
                "Unknown popularity {}; choose uniform or zipf:S with S from 0 to 3, such as zipf:1.1.",
                quoted(text)
            ),
            Error::UnknownRemedy(text) => write!(
                f,
                "Unknown remedy {}; choose bounded:C, copies:R, near:F or top:H (or NAME:off).",
                quoted(text)
            ),
            Error::NotHot(key) => write!(f, "The key {} is not hot.", shown(key)),
            Error::UnknownQuestionKind(text) => write!(
                f,
                "Unknown kind of question {}; choose moves, owner, number, arc, share, choice, busiest, overload, peak, settle or pick.",
                quoted(text)
            ),
            Error::Question(text) => f.write_str(text),
            Error::ServerDown(name) => write!(f, "{} is down; restart it first.", shown(name)),
            Error::AlreadyDown(name) => write!(f, "{} is already down.", shown(name)),
            Error::NotDown(name) => write!(
                f,
                "{} is up, so it cannot restart; only a server that failed can.",
                shown(name)
            ),
            Error::LastServerUp => write!(
                f,
                "At least one server must stay up; add or restart another before failing this one."
            ),
            Error::NoTimeline(change) => write!(
                f,
                "{} does not move keys between servers, so it has no timeline; try add:E, remove:B, fail:C or restart:C.",
                quoted(change)
            ),
            Error::SweepTooLarge { asked, max } => write!(
                f,
                "That sweep would look up {} keys in all, more than the {} a sweep may; use fewer keys or placements.",
                grouped(*asked),
                grouped(*max)
            ),
            Error::NoKeysToSweep => write!(
                f,
                "The servers sweep counts the keys that move, and there are none; add keys first."
            ),
            Error::BadTable(text) => write!(
                f,
                "{} is not a partition table for these servers.",
                quoted(text)
            ),
            Error::System(text) => f.write_str(text),
            Error::Plan(why) => write!(f, "No plan: {why}."),
            Error::PlacedTooClose { size, first, second, position } => write!(
                f,
                "On a ring of {} positions, {first} and {second} would both land on {}: each point placed by hand keeps its share of the ring, and this ring is too small to keep them apart. Choose a larger ring, or hash the servers placed by hand first.",
                grouped(*size),
                grouped(u64::from(*position))
            ),
            Error::NothingPlacedByHand => write!(
                f,
                "No server is placed by hand: every server is hashed already."
            ),
            Error::UnknownChange(text) => write!(
                f,
                "{} is not a change; changes look like add:D@60, remove:B, vnodes:100 or gen:100.",
                quoted(text)
            ),
        }
    }
}

impl std::error::Error for Error {}

impl Error {
    /// The same refusal, with `max` as the largest allowed when it says a number is too large:
    /// for a setting whose own largest is below the largest its type holds.
    pub fn largest(self, max: u64) -> Error {
        match self {
            Error::TooLarge { text, max: was } => Error::TooLarge {
                text,
                max: max.min(was),
            },
            other => other,
        }
    }
}

/// `value` when `range` holds it; otherwise refused with `words`, which say the range.
///
/// ```
/// use ringlab::core::{in_range, Error};
/// assert_eq!(in_range(3, 1..=5, "From 1 to 5."), Ok(3));
/// assert_eq!(in_range(9, 1..=5, "From 1 to 5."), Err(Error::OutOfRange("From 1 to 5.")));
/// ```
pub fn in_range<T: PartialOrd>(
    value: T,
    range: std::ops::RangeInclusive<T>,
    words: &'static str,
) -> Result<T, Error> {
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(Error::OutOfRange(words))
    }
}

/// The most characters of a person's text a refusal repeats.
const SHOWN_CHARS: usize = 48;

/// A person's text as a refusal repeats it: whole when short, its start and "…" when long, so
/// a refusal of a megabyte of input stays a sentence.
pub fn shown(text: &str) -> String {
    match text.char_indices().nth(SHOWN_CHARS) {
        None => text.to_string(),
        Some((end, _)) => format!("{}…", &text[..end]),
    }
}

/// A person's text as a refusal quotes it: in double quotes, its quotes and control characters
/// escaped as Rust's `{:?}` escapes them, cut after [`SHOWN_CHARS`] characters of the escaped
/// text with "…", so that a line of control characters is as short as any other.
pub fn quoted(text: &str) -> String {
    quoted_within(text, SHOWN_CHARS)
}

/// [`quoted`], cut after `max` characters of the escaped text.
pub fn quoted_within(text: &str, max: usize) -> String {
    // An escaped character takes at least one character: the cut is within the first `max`.
    let mut end = text.char_indices().nth(max).map_or(text.len(), |(i, _)| i);
    loop {
        let debug = format!("{:?}", &text[..end]);
        if debug.chars().count() - 2 <= max || end == 0 {
            return if end < text.len() {
                format!("{}…\"", &debug[..debug.len() - 1])
            } else {
                debug
            };
        }
        end = text[..end].char_indices().next_back().map_or(0, |(i, _)| i);
    }
}

/// A long number cut short for a message: its first and last digits and how many there are.
fn shortened(text: &str) -> String {
    let count = text.chars().count();
    if count <= 24 {
        text.to_string()
    } else {
        let head: String = text.chars().take(8).collect();
        let tail: String = text.chars().skip(count - 4).collect();
        format!("{head}…{tail} ({} digits)", grouped(count as u64))
    }
}
