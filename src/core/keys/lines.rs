//! Keys read from a text, one per line, for files of a million keys.

use std::ops::Range;

use super::key::{read_label, resolve, Commas, KeyRef, Stored};
use crate::core::error::Error;
use crate::core::hash::{generated_label, HashScheme, Md5Lanes};
use crate::core::par;
use crate::core::size::RingSize;

/// Below this many bytes a text is read on one thread.
pub(super) const PARALLEL: usize = 1 << 18;

/// The longest line [`plain_name`] takes, in bytes: most keys are this short. A longer line,
/// up to [`MAX_KEY_BYTES`](super::MAX_KEY_BYTES), is read by the general rules, whose cost
/// per byte is about the same.
const PLAIN_BYTES: usize = 40;

/// The keys of a text, in line order.
pub(super) struct Lines {
    /// Each key as stored ([`Stored::pack`]); a name is a span of the set's text.
    pub(super) stored: Vec<u64>,
    /// Each key's hash.
    pub(super) hashes: Vec<u32>,
    /// Why the first key placed outside the ring cannot be there.
    pub(super) off_ring: Option<Error>,
}

/// The keys of the lines of `text[from..]`, blank lines skipped, each read as
/// [`Key::read`](super::Key::read) reads a label with `commas`, and hashed with `hash`; or
/// the first line that is no key (its number, counting from 1) and why. `base` is where `text`
/// begins in the set's text, where the names' spans point. Natively a large text is read in
/// one piece per core.
pub(super) fn read(
    text: &str,
    from: usize,
    base: usize,
    hash: HashScheme,
    size: RingSize,
    commas: Commas,
) -> Result<Lines, (usize, Error)> {
    let pieces = if text.len() - from >= PARALLEL {
        par::threads()
    } else {
        1
    };
    read_in_pieces(text, from, base, hash, size, commas, pieces)
}

/// [`read`] with the text cut into `pieces` pieces (fewer if it has fewer lines).
///
/// Each piece's keys go straight into its own part of the result, sized by the piece's line
/// count before any is read: one allocation for all the keys, filled side by side. Blank lines
/// leave gaps that are closed afterwards.
pub(super) fn read_in_pieces(
    text: &str,
    from: usize,
    base: usize,
    hash: HashScheme,
    size: RingSize,
    commas: Commas,
    pieces: usize,
) -> Result<Lines, (usize, Error)> {
    let cuts = cut_at_line_ends(text, from, pieces);
    let bounds = par::each(cuts.windows(2).collect(), |w| {
        line_count(&text.as_bytes()[w[0]..w[1]])
    });
    let total = bounds.iter().sum();
    let mut stored = vec![0u64; total];
    let mut hashes = vec![0u32; total];
    let mut jobs = Vec::with_capacity(bounds.len());
    let (mut stored_rest, mut hashes_rest) = (&mut stored[..], &mut hashes[..]);
    for (w, &bound) in cuts.windows(2).zip(&bounds) {
        let (stored_here, rest) = stored_rest.split_at_mut(bound);
        stored_rest = rest;
        let (hashes_here, rest) = hashes_rest.split_at_mut(bound);
        hashes_rest = rest;
        jobs.push((w[0]..w[1], stored_here, hashes_here));
    }
    let read = par::each(jobs, |(range, stored, hashes)| {
        read_piece(text, range, base, (hash, size, commas), stored, hashes)
    });
    // Line numbers go on from piece to piece; a piece ends at a line end, so its lines are all
    // whole.
    let mut line = 0;
    for (piece, &bound) in read.iter().zip(&bounds) {
        if let Some((index, error)) = &piece.refused {
            return Err((line + index + 1, error.clone()));
        }
        line += bound;
    }
    let (mut count, mut start) = (0, 0);
    for (piece, &bound) in read.iter().zip(&bounds) {
        if start != count {
            stored.copy_within(start..start + piece.count, count);
            hashes.copy_within(start..start + piece.count, count);
        }
        count += piece.count;
        start += bound;
    }
    if count < total {
        stored.truncate(count);
        stored.shrink_to_fit();
        hashes.truncate(count);
        hashes.shrink_to_fit();
    }
    let off_ring = read.into_iter().find_map(|piece| piece.off_ring);
    Ok(Lines {
        stored,
        hashes,
        off_ring,
    })
}

/// Where to cut `text[from..]` into `pieces` pieces of about equal size, each ending at a line
/// end: `from`, the cuts, and the end of the text.
fn cut_at_line_ends(text: &str, from: usize, pieces: usize) -> Vec<usize> {
    let bytes = text.as_bytes();
    let per = (bytes.len() - from).div_ceil(pieces.max(1)).max(1);
    let mut cuts = vec![from];
    let mut at = from;
    while at < bytes.len() {
        let want = (at + per).min(bytes.len());
        at = bytes[want..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |i| want + i + 1);
        cuts.push(at);
    }
    if cuts.len() == 1 {
        cuts.push(bytes.len());
    }
    cuts
}

/// How many lines `bytes` holds: one per line end, and one more for text after the last.
fn line_count(bytes: &[u8]) -> usize {
    // Counted in bytes, a block at a time, which the compiler turns into vector instructions.
    let ends: usize = bytes
        .chunks(255)
        .map(|block| {
            let ends = block.iter().fold(0u8, |n, &b| n + u8::from(b == b'\n'));
            usize::from(ends)
        })
        .sum();
    ends + usize::from(bytes.last().is_some_and(|&b| b != b'\n'))
}

/// What reading one piece found.
struct Piece {
    /// How many keys it holds, at the start of its part of the result.
    count: usize,
    /// The first line that is no key, counting from 0 within the piece, and why.
    refused: Option<(usize, Error)>,
    /// Why the first key placed outside the ring cannot be there.
    off_ring: Option<Error>,
}

/// Reads the lines of `text[range]` (which starts a line) into `stored` and their hashes into
/// `hashes`, both with room for one key per line, each key hashed with the rules' hash, for
/// the rules' ring, its commas refused or kept as the rules say. Each key is hashed as soon as
/// it is read, while its line is at hand.
fn read_piece(
    text: &str,
    range: Range<usize>,
    base: usize,
    (hash, size, commas): (HashScheme, RingSize, Commas),
    stored: &mut [u64],
    hashes: &mut [u32],
) -> Piece {
    let bytes = text.as_bytes();
    let mut piece = Piece {
        count: 0,
        refused: None,
        off_ring: None,
    };
    let mut hasher = Hasher::new(hash, hashes);
    let mut ends = memchr::memchr_iter(b'\n', &bytes[range.clone()]).map(|i| range.start + i);
    let mut start = range.start;
    let mut index = 0;
    while start < range.end {
        let end = ends.next().unwrap_or(range.end);
        let key = match plain_name(&bytes[start..end]) {
            Some(name) => Some(Stored::Named {
                start: (base + start + name.start) as u32,
                len: name.len() as u32,
            }),
            // Any other line is read as `Key::read` reads it. A line's end, `\n` or `\r\n`,
            // is whitespace that trimming drops.
            None => match text[start..end].trim() {
                "" => None,
                line => match read_label(line, commas) {
                    Ok(KeyRef::Named(name)) => Some(Stored::Named {
                        // The name is a slice of `text`: where it starts is told by its address.
                        start: (base + (name.as_ptr() as usize - text.as_ptr() as usize)) as u32,
                        len: name.len() as u32,
                    }),
                    Ok(KeyRef::At(position)) => {
                        if piece.off_ring.is_none() {
                            piece.off_ring = size.check(u64::from(position)).err();
                        }
                        Some(Stored::At(position))
                    }
                    Ok(KeyRef::Generated(n)) => Some(Stored::Generated(n)),
                    Err(error) => {
                        piece.refused = Some((index, error));
                        return piece;
                    }
                },
            },
        };
        if let Some(key) = key {
            stored[piece.count] = key.pack();
            hasher.hash(piece.count, key, text, base);
            piece.count += 1;
        }
        index += 1;
        start = end + 1;
    }
    hasher.finish();
    piece
}

/// Where the name is in `line`, when the line is plainly a named key: ASCII, at most
/// [`PLAIN_BYTES`] long once trimmed of ASCII whitespace, free of control characters and
/// commas, and neither `@...` nor `key-...`. [`Key::read`](super::Key::read) reads such a
/// line as a named key with this very name, whether it keeps commas or not. `None` for any
/// other line, blank ones included: those are read by `Key::read`'s own rules.
pub(super) fn plain_name(line: &[u8]) -> Option<Range<usize>> {
    // The ASCII characters that `char::is_whitespace` (and so `str::trim`) takes for space.
    let space = |b: u8| matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r');
    let from = line.iter().position(|&b| !space(b))?;
    let to = line.iter().rposition(|&b| !space(b))? + 1;
    let name = &line[from..to];
    let plain = name.len() <= PLAIN_BYTES
        && name[0] != b'@'
        && !name.starts_with(b"key-")
        && name.iter().all(|&b| (0x20..0x7f).contains(&b) && b != b',');
    plain.then_some(from..to)
}

/// Hashes keys as they are read: MD5 names side by side, Java's `hashCode` one by one.
enum Hasher<'a> {
    /// The lanes with their blocks, a kilobyte: boxed, one per piece.
    Md5(Box<Md5Lanes<'a>>),
    Java(HashScheme, &'a mut [u32]),
}

impl<'a> Hasher<'a> {
    /// Hashes with `hash` into `out`.
    fn new(hash: HashScheme, out: &'a mut [u32]) -> Hasher<'a> {
        if hash == HashScheme::JavaHashCode {
            Hasher::Java(hash, out)
        } else {
            Hasher::Md5(Box::new(Md5Lanes::new(hash, out)))
        }
    }

    /// Hashes `key` into `out[slot]`, its name read from `text` (which begins at byte `base`
    /// of the set's text).
    fn hash(&mut self, slot: usize, key: Stored, text: &str, base: usize) {
        match self {
            Hasher::Java(hash, out) => out[slot] = resolve(text, base, key).hash32(*hash),
            Hasher::Md5(lanes) => match key {
                Stored::Named { start, len } => {
                    let start = start as usize - base;
                    lanes.push(slot, &text.as_bytes()[start..start + len as usize]);
                }
                Stored::Generated(n) => {
                    let (label, len) = generated_label(n);
                    lanes.push(slot, &label[..len]);
                }
                Stored::At(position) => lanes.set(slot, position),
            },
        }
    }

    /// Hashes the keys still waiting.
    fn finish(self) {
        if let Hasher::Md5(lanes) = self {
            lanes.finish();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::key::parse_label;
    use super::*;
    use proptest::prelude::*;
    use proptest::sample::select;

    /// What reading found, comparable: the keys as stored, their hashes and the first key off
    /// the ring; or the refused line.
    type Found = Result<(Vec<u64>, Vec<u32>, Option<Error>), (usize, Error)>;

    fn found(read: Result<Lines, (usize, Error)>) -> Found {
        read.map(|lines| (lines.stored, lines.hashes, lines.off_ring))
    }

    proptest! {
        #![proptest_config(crate::cases::cases(256))]

        #[test]
        fn a_text_read_in_pieces_gives_what_it_gives_read_whole(
            lines in prop::collection::vec(
                select(vec![
                    "user:1", " user:2\r", "", "  ", "@7", "@700", "key-3", "key-03", "ключ",
                    "\u{a0}é\u{a0}", "a,b", "x\ty", "\u{feff}",
                ]),
                0..60,
            ),
            ended in any::<bool>(),
            pieces in 1usize..6,
            base in 0usize..1000,
            hash in select(HashScheme::ALL.to_vec()),
            commas in select(vec![Commas::Refused, Commas::Kept]),
        ) {
            let mut text = lines.join("\n");
            if ended {
                text.push('\n');
            }
            let size: RingSize = "100".parse().unwrap();
            let whole = found(read_in_pieces(&text, 0, base, hash, size, commas, 1));
            let cut = found(read_in_pieces(&text, 0, base, hash, size, commas, pieces));
            prop_assert_eq!(cut, whole);
        }
    }

    #[test]
    fn a_plain_name_is_what_trimming_and_parsing_the_line_would_give() {
        for line in [
            "user:1",
            " user:1 ",
            "\tuser:1\r",
            "a b",
            "x".repeat(40).as_str(),
        ] {
            let range = plain_name(line.as_bytes()).expect("a plain name");
            assert_eq!(&line[range], line.trim(), "{line:?}");
            assert_eq!(parse_label(line), Ok(KeyRef::Named(line.trim())));
        }
        // Lines left to the general rules.
        for line in [
            "",
            " ",
            "@1",
            "key-1",
            "a,b",
            "a\u{1}b",
            "é",
            "\u{a0}x",
            "x".repeat(41).as_str(),
        ] {
            assert_eq!(plain_name(line.as_bytes()), None, "{line:?}");
        }
    }
}
