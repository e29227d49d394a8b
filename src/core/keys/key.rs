//! One key: what it is ([`Key`]), how its label reads, how a set keeps it in 64 bits
//! ([`Stored`], a name as a span of the set's text), and a key with its name borrowed
//! ([`KeyRef`]) for comparing and hashing without a copy.
//!
//! A key's name is any text of at most [`MAX_KEY_BYTES`] bytes of UTF-8, once trimmed, without
//! control characters; where keys are typed or listed with commas (a link, a change's text,
//! the page's field, a host page's message, the command line) it holds no comma either. Where a
//! format cuts the key out of a record by another separator (an access log's field, a TSV
//! cell, a saved scenario's key a line), its commas are part of it: see [`Commas`].

use super::key_set::FULL;
use crate::core::error::Error;
use crate::core::hash::HashScheme;

/// The most bytes of UTF-8 a key's name holds, once trimmed: 64 KiB. Redis allows keys of up
/// to 512 MB, but keys in use are far shorter (a request path with its query string is rarely
/// past a few kilobytes, and web servers refuse request lines past 8 KB by default); the
/// limit leaves room for any of them while one mistaken line of a file cannot become a key of
/// megabytes. Server names keep their own limit ([`MAX_NAME_CHARS`](crate::core::MAX_NAME_CHARS)).
pub const MAX_KEY_BYTES: usize = 65_536;

/// The most bytes in one key's name as a set packs it (a name read by [`Key::parse`] has at
/// most [`MAX_KEY_BYTES`]).
pub(super) const MAX_NAME_BYTES: usize = (1 << 30) - 1;

/// Whether a comma may be part of a key's name where it is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Commas {
    /// A comma is refused: the key is typed, or listed among others with commas (links, a
    /// change's text, the page's key field, a host page's message, the command line), or read
    /// from a text whose keys follow the same rules (a keys file, a key list, `count key`
    /// lines, a CSV cell).
    #[default]
    Refused,
    /// A comma is part of the name: the key is a field cut out of a record by something else
    /// (an access log's path, referer or agent, a TSV cell), or a key a saved scenario holds
    /// a line each.
    Kept,
}

/// One key.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Key {
    /// The generator's `n`-th key, named `key-n`.
    Generated(u32),
    /// A key with a name of its own, hashed.
    Named(Box<str>),
    /// A key placed by hand at a position (its hash is the position).
    At(u32),
}

impl Key {
    /// Its label: `key-7`, `user:42` or `@52`.
    pub fn label(&self) -> String {
        self.borrowed().label()
    }

    /// Its 32-bit hash value under `hash`.
    pub fn hash32(&self, hash: HashScheme) -> u32 {
        self.borrowed().hash32(hash)
    }

    /// Reads a label: `@52` is a key at position 52, anything else a named key. The label is
    /// trimmed; a name holds no comma and no control character, and at most
    /// [`MAX_KEY_BYTES`] bytes.
    pub fn parse(text: &str) -> Result<Key, Error> {
        parse_label(text).map(KeyRef::to_key)
    }

    /// Reads a label as [`Key::parse`] does, a comma in a name refused or kept as `commas`
    /// says.
    pub fn read(text: &str, commas: Commas) -> Result<Key, Error> {
        read_label(text, commas).map(KeyRef::to_key)
    }

    /// The same key, its name borrowed.
    pub(super) fn borrowed(&self) -> KeyRef<'_> {
        match self {
            Key::Generated(n) => KeyRef::Generated(*n),
            Key::Named(name) => KeyRef::Named(name),
            Key::At(position) => KeyRef::At(*position),
        }
    }
}

/// Reads a label as [`Key::parse`] does, without copying the name: a named key borrows it from
/// `text` (trimmed).
pub(super) fn parse_label(text: &str) -> Result<KeyRef<'_>, Error> {
    read_label(text, Commas::Refused)
}

/// Reads a label as [`Key::read`] does, without copying the name: a named key borrows it from
/// `text` (trimmed).
pub(crate) fn read_label(text: &str, commas: Commas) -> Result<KeyRef<'_>, Error> {
    let text = text.trim();
    if text.is_empty() {
        return Err(Error::EmptyKey);
    }
    if let Some(position) = text.strip_prefix('@') {
        return crate::core::size::parse_number(position).map(KeyRef::At);
    }
    if let Some(n) = generated_index(text) {
        return Ok(KeyRef::Generated(n));
    }
    // Counted in bytes, as the real systems count a key.
    if text.len() > MAX_KEY_BYTES {
        return Err(Error::KeyTooLong {
            bytes: text.len(),
            max: MAX_KEY_BYTES,
        });
    }
    let comma = |c: char| c == ',' && commas == Commas::Refused;
    // ASCII text is checked byte by byte; its control characters are below 0x20 and 0x7f.
    let reserved = if text.is_ascii() {
        text.bytes()
            .find(|&b| b < 0x20 || b == 0x7f || comma(char::from(b)))
            .map(char::from)
    } else {
        text.chars().find(|&c| c.is_control() || comma(c))
    };
    if let Some(c) = reserved {
        return Err(Error::NameHasReservedChar(c));
    }
    Ok(KeyRef::Named(text))
}

/// The generator's name for its `n`-th key.
pub fn generated_name(n: u32) -> String {
    format!("key-{n}")
}

/// `Some(n)` when `name` is exactly the generator's `key-n`.
pub(super) fn generated_index(name: &str) -> Option<u32> {
    let digits = name.strip_prefix("key-")?;
    let canonical = !digits.is_empty() && (digits == "0" || !digits.starts_with('0'));
    if canonical && digits.bytes().all(|b| b.is_ascii_digit()) {
        digits.parse().ok()
    } else {
        None
    }
}

/// A key kept in full: a named key is a span of the set's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Stored {
    /// A named key, `len` bytes of the text from byte `start`.
    Named { start: u32, len: u32 },
    /// A key placed by hand.
    At(u32),
    /// A generated key kept in full (numbered 2^31 or more, or not yet sorted out).
    Generated(u32),
}

impl Stored {
    /// The key in 64 bits, as a set keeps it: the top two bits tell the kind (0 for a name,
    /// whose length takes the 30 bits below), the low 32 bits the name's start, the position or
    /// the number. A zeroed array is an array of empty names, ready to be written over.
    pub(super) fn pack(self) -> u64 {
        match self {
            Stored::Named { start, len } => {
                debug_assert!(len as usize <= MAX_NAME_BYTES);
                u64::from(len) << 32 | u64::from(start)
            }
            Stored::At(position) => 1 << 62 | u64::from(position),
            Stored::Generated(n) => 2 << 62 | u64::from(n),
        }
    }

    /// The key that [`Stored::pack`] gave `packed` for.
    pub(super) fn unpack(packed: u64) -> Stored {
        match packed >> 62 {
            0 => Stored::Named {
                start: packed as u32,
                len: (packed >> 32) as u32,
            },
            1 => Stored::At(packed as u32),
            _ => Stored::Generated(packed as u32),
        }
    }
}

/// The key `stored` stands for, its name read from `text`, which begins at byte `base` of the
/// set's text.
pub(super) fn resolve(text: &str, base: usize, stored: Stored) -> KeyRef<'_> {
    match stored {
        Stored::Named { start, len } => {
            let start = start as usize - base;
            KeyRef::Named(&text[start..start + len as usize])
        }
        Stored::At(position) => KeyRef::At(position),
        Stored::Generated(n) => KeyRef::Generated(n),
    }
}

/// A key with its name (if any) borrowed: from a [`Key`], from a set's text, or from a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum KeyRef<'a> {
    Generated(u32),
    Named(&'a str),
    At(u32),
}

impl KeyRef<'_> {
    pub(crate) fn label(self) -> String {
        match self {
            KeyRef::Generated(n) => generated_name(n),
            KeyRef::Named(name) => name.to_string(),
            KeyRef::At(position) => format!("@{position}"),
        }
    }

    pub(crate) fn to_key(self) -> Key {
        match self {
            KeyRef::Generated(n) => Key::Generated(n),
            KeyRef::Named(name) => Key::Named(name.into()),
            KeyRef::At(position) => Key::At(position),
        }
    }

    pub(crate) fn hash32(self, hash: HashScheme) -> u32 {
        match self {
            KeyRef::Generated(n) => hash.generated_hash(n),
            KeyRef::Named(name) => hash.hash32(name),
            KeyRef::At(position) => position,
        }
    }

    /// The generated number this key is stored as, when it is stored compactly.
    pub(super) fn compact(self) -> Option<u32> {
        match self {
            KeyRef::Generated(n) if n < FULL => Some(n),
            _ => None,
        }
    }
}

/// Checks that `text` reads as a key label, as [`Key::parse`] would read it, without making
/// the key: a reader of data files calls it on every line.
pub fn check_label(text: &str) -> Result<(), Error> {
    parse_label(text).map(|_| ())
}

/// Checks that `text` reads as a key label, as [`Key::read`] would read it with `commas`,
/// without making the key.
pub fn check_key(text: &str, commas: Commas) -> Result<(), Error> {
    read_label(text, commas).map(|_| ())
}
