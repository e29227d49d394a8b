//! A keyspace as tools print it, read a block at a time: one key per line (`redis-cli --scan`,
//! any key list), or a key and its size in bytes separated by a tab (`key<TAB>bytes`, as
//! `MEMORY USAGE` gives a key's bytes). A file of any length is read in blocks of whole lines,
//! so memory holds one block, never the file.
//!
//! A line that cannot be read (not UTF-8, a key past
//! [`MAX_KEY_BYTES`](crate::core::MAX_KEY_BYTES) or holding a control character, a size that is
//! not a whole number) is skipped and noted with its number and why; the lines around it are
//! read. Commas are part of a key here, as they are in Redis. A first line whose size column
//! is a heading (`bytes`, `size`) is a header, passed over.

use super::check::quoted;
use super::skipped::Skipped;
use crate::core::keys::{read_label, Commas, Key, KeyRef};
use crate::core::par;
use crate::core::plan::{Planner, Tallies};

/// Below this many bytes a block is read on one thread.
const PARALLEL: usize = 1 << 16;

/// What a block of lines held.
#[derive(Debug, Default, PartialEq)]
pub struct KeyspaceBlock {
    /// The keys in line order, each with its size in bytes where the line gave one.
    pub keys: Vec<(Key, Option<u64>)>,
    /// The lines that could not be read.
    pub skipped: Skipped,
    /// How many lines the block had (its last line counted even without a line end).
    pub lines: usize,
}

/// Reads the lines of `block`, whose first line is line `first_line` (from 1) of its file.
/// Natively a large block is read in one piece per core.
pub fn read_keyspace(block: &[u8], first_line: usize) -> KeyspaceBlock {
    let pieces = if block.len() >= PARALLEL {
        par::threads()
    } else {
        1
    };
    let cuts = cut_at_line_ends(block, pieces);
    let counts: Vec<usize> = cuts
        .windows(2)
        .map(|w| line_count(&block[w[0]..w[1]]))
        .collect();
    let mut jobs = Vec::with_capacity(counts.len());
    let mut line = first_line;
    for (w, &count) in cuts.windows(2).zip(&counts) {
        jobs.push((&block[w[0]..w[1]], line));
        line += count;
    }
    let mut out = KeyspaceBlock::default();
    for part in par::each(jobs, |(piece, first)| read_piece(piece, first)) {
        out.keys.extend(part.keys);
        out.skipped.extend(part.skipped);
        out.lines += part.lines;
    }
    out
}

/// [`read_keyspace`] on one thread.
fn read_piece(piece: &[u8], first_line: usize) -> KeyspaceBlock {
    let mut keys = Vec::new();
    let (skipped, lines) = each_key(piece, first_line, |key, size| {
        keys.push((key.to_key(), size));
    });
    KeyspaceBlock {
        keys,
        skipped,
        lines,
    }
}

/// Reads the lines of `block` as [`read_keyspace`] does, on this thread, handing each key to
/// `each` as it comes, its name borrowed from the block, with its size where given; gives
/// what could not be read and how many lines there were.
fn each_key<'a>(
    block: &'a [u8],
    first_line: usize,
    mut each: impl FnMut(KeyRef<'a>, Option<u64>),
) -> (Skipped, usize) {
    let mut skipped = Skipped::default();
    let mut lines = 0;
    let mut rest = block;
    let mut number = first_line;
    while !rest.is_empty() {
        let (line, next) = match memchr::memchr(b'\n', rest) {
            Some(end) => (&rest[..end], &rest[end + 1..]),
            None => (rest, &rest[rest.len()..]),
        };
        rest = next;
        lines += 1;
        match read_line(line, number) {
            Ok(Some((key, size))) => each(key, size),
            Ok(None) => {}
            Err(why) => skipped.add(number, why),
        }
        number += 1;
    }
    (skipped, lines)
}

/// The moves of the keys of a block of lines (`first_line` the number of its first), tallied
/// by `planner` on this thread alone without copying a key, for [`Planner::merge`]; with the
/// lines that could not be read.
pub fn plan_lines(planner: &Planner, block: &[u8], first_line: usize) -> (Tallies, Skipped) {
    let mut tallies = Tallies::default();
    let (skipped, _) = each_key(block, first_line, |key, size| {
        planner.note_key(&mut tallies, key, size);
    });
    (tallies, skipped)
}

/// One line: a key and its size where given, nothing for a blank line or a header, or why it
/// cannot be read.
fn read_line(line: &[u8], number: usize) -> Result<Option<(KeyRef<'_>, Option<u64>)>, String> {
    let Ok(text) = std::str::from_utf8(line) else {
        return Err("it is not UTF-8 text".to_string());
    };
    let text = text.strip_suffix('\r').unwrap_or(text);
    if text.trim().is_empty() {
        return Ok(None);
    }
    let (name, size) = match text.rsplit_once('\t') {
        Some((name, size)) => (name, Some(size.trim())),
        None => (text, None),
    };
    let size = match size {
        None => None,
        Some(size) if size.bytes().all(|b| b.is_ascii_digit()) && !size.is_empty() => Some(
            size.parse::<u64>()
                .map_err(|_| format!("the size {} is more bytes than a key holds", quoted(size)))?,
        ),
        Some(heading) if number == 1 && is_heading(heading) => return Ok(None),
        Some(size) => {
            return Err(format!(
                "the size {} after the tab is not a whole number of bytes",
                quoted(size)
            ))
        }
    };
    match read_label(name, Commas::Kept) {
        Ok(key) => Ok(Some((key, size))),
        Err(error) => Err(format!("the key {} cannot be one: {error}", quoted(name))),
    }
}

/// Whether a size column's text is its heading.
fn is_heading(text: &str) -> bool {
    ["bytes", "size", "memory", "memory_usage"]
        .iter()
        .any(|h| text.eq_ignore_ascii_case(h))
}

/// How many lines `bytes` holds, a last line without its end counted.
fn line_count(bytes: &[u8]) -> usize {
    let ends = bytes.iter().filter(|&&b| b == b'\n').count();
    ends + usize::from(bytes.last().is_some_and(|&b| b != b'\n'))
}

/// Cuts `block` into at most `pieces` pieces of whole lines: the offsets where they start, and
/// its length.
fn cut_at_line_ends(block: &[u8], pieces: usize) -> Vec<usize> {
    let mut cuts = vec![0];
    let per = block.len().div_ceil(pieces.max(1)).max(1);
    let mut at = 0;
    while at < block.len() {
        let target = (at + per).min(block.len());
        let end = match block[target..].iter().position(|&b| b == b'\n') {
            Some(i) => target + i + 1,
            None => block.len(),
        };
        cuts.push(end);
        at = end;
    }
    if cuts.len() == 1 {
        cuts.push(block.len());
    }
    cuts
}

/// Where the last whole line of `bytes` ends (just past its line end), or 0: a reader keeps what
/// follows for the next block.
pub fn whole_lines(bytes: &[u8]) -> usize {
    bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(name: &str, size: Option<u64>) -> (Key, Option<u64>) {
        (Key::Named(name.into()), size)
    }

    #[test]
    fn keys_and_sizes_are_read_a_line_each_with_blank_lines_and_a_header_passed_over() {
        let text = b"key\tbytes\nuser:1\t120\r\n\n  session:a,b  \t 64\norder:9\n";
        let block = read_keyspace(text, 1);
        assert_eq!(
            block.keys,
            vec![
                named("user:1", Some(120)),
                named("session:a,b", Some(64)),
                named("order:9", None)
            ]
        );
        assert_eq!(block.skipped, Skipped::default());
        assert_eq!(block.lines, 5);
    }

    #[test]
    fn an_unreadable_line_is_counted_and_named_and_the_others_are_read() {
        let mut text = b"a\t10\nb\tten\nc\xff\n".to_vec();
        text.extend(format!("{}\n", "k".repeat(65_537)).bytes());
        text.extend(b"d\t-3\ne\t99999999999999999999999\nf\n");
        let block = read_keyspace(&text, 41);
        assert_eq!(block.keys, vec![named("a", Some(10)), named("f", None)]);
        assert_eq!(block.skipped.count, 5);
        let lines: Vec<usize> = block.skipped.first.iter().map(|(n, _)| *n).collect();
        assert_eq!(lines, vec![42, 43, 44, 45, 46]);
        let why: Vec<&str> = block
            .skipped
            .first
            .iter()
            .map(|(_, w)| w.as_str())
            .collect();
        assert!(why[0].contains("\"ten\" after the tab is not a whole number of bytes"));
        assert_eq!(why[1], "it is not UTF-8 text");
        assert!(why[2].contains("at most 65,536 bytes"), "{}", why[2]);
        assert!(why[3].contains("\"-3\""));
        assert!(why[4].contains("more bytes than a key holds"));
    }

    #[test]
    fn a_block_read_in_pieces_reads_as_one_piece_does() {
        let mut text = String::new();
        for i in 0..20_000 {
            match i % 7 {
                0 => text.push_str(&format!("user:{i}\t{}\n", i * 3)),
                1 => text.push('\n'),
                2 => text.push_str(&format!("bad\tsize{i}\n")),
                _ => text.push_str(&format!("k{i}\n")),
            }
        }
        let whole = read_piece(text.as_bytes(), 7);
        let pieces = read_keyspace(text.as_bytes(), 7);
        assert_eq!(pieces.keys, whole.keys);
        assert_eq!(pieces.skipped, whole.skipped);
        assert_eq!(pieces.lines, 20_000);
    }

    #[test]
    fn a_reader_keeps_the_part_after_the_last_line_end_for_the_next_block() {
        assert_eq!(whole_lines(b"a\nb\nc"), 4);
        assert_eq!(whole_lines(b"abc"), 0);
        assert_eq!(whole_lines(b"a\n"), 2);
    }
}
