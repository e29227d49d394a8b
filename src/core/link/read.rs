//! A link read back: every parameter once (the last of repeats, said), each part read on its
//! own, and what could not be read said in a few short lines.

use std::collections::{BTreeMap, BTreeSet};

use super::held::Link;
use super::params::{reads_param, SHARED_PARAMS};
use super::parts::{add_keys, build_servers, read_settings, read_timing, read_traffic};
use super::system_state;
use crate::core::hash::HashScheme;
use crate::core::keys::Key;
use crate::core::scenario::{Change, Scenario};
use crate::core::size::{parse_number, RingSize};

/// Whether a query's `name=value` pair decodes to UTF-8 text, as `form_urlencoded` decodes
/// it (`+` a space, `%XX` a byte) but refusing bytes that are no text rather than replacing
/// them with U+FFFD.
fn decodes_to_text(pair: &str) -> bool {
    let hex = |b: Option<&u8>| b.and_then(|b| (*b as char).to_digit(16));
    let bytes = pair.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => match (hex(bytes.get(i + 1)), hex(bytes.get(i + 2))) {
                (Some(high), Some(low)) => {
                    out.push((high * 16 + low) as u8);
                    i += 3;
                    continue;
                }
                _ => out.push(b'%'),
            },
            b'+' => out.push(b' '),
            b => out.push(b),
        }
        i += 1;
    }
    std::str::from_utf8(&out).is_ok()
}

/// Rebuilds what a query string (with or without `?`) describes, holding at most `max_keys`
/// keys. Never fails.
pub fn read_link(query: &str, max_keys: usize) -> Link {
    let query = query.strip_prefix('?').unwrap_or(query);
    let mut ignored = Vec::new();
    let mut extra = Vec::new();
    let mut params: Vec<(String, String)> = Vec::new();
    // A pair at a time (as the decoder splits them), so that a replacement character can be
    // told from the person's own U+FFFD, which is text like any other.
    for pair in query.split('&') {
        let Some((name, value)) = form_urlencoded::parse(pair.as_bytes()).next() else {
            continue;
        };
        if (name.contains('\u{FFFD}') || value.contains('\u{FFFD}')) && !decodes_to_text(pair) {
            ignored.push(format!(
                "{}: holds bytes that are not valid text, read as {}",
                crate::core::error::shown(&name),
                crate::core::error::quoted(&value)
            ));
        }
        if SHARED_PARAMS.contains(&name.as_ref()) {
            extra.push((name.to_string(), value.to_string()));
        }
        if reads_param(&name) {
            params.push((name.into_owned(), value.into_owned()));
        } else {
            extra.push((name.into_owned(), value.into_owned()));
        }
    }
    // A parameter given more than once is read once, at its last value, and said.
    let mut given: BTreeMap<&str, usize> = BTreeMap::new();
    let mut order: Vec<&str> = Vec::new();
    // (A shared parameter such as `r` is in both lists: counted once.)
    let extra_only = extra
        .iter()
        .filter(|(n, _)| !SHARED_PARAMS.contains(&n.as_str()));
    // A pair with no name (`&=x&`) is no parameter at all: skipped without a word, however often.
    for (name, _) in params
        .iter()
        .chain(extra_only)
        .filter(|(n, _)| !n.is_empty())
    {
        let count = given.entry(name).or_insert(0);
        if *count == 0 {
            order.push(name);
        }
        *count += 1;
    }
    for (name, count) in order
        .iter()
        .map(|n| (n, given[n]))
        .filter(|(_, count)| *count > 1)
    {
        ignored.push(format!(
            "{}: given {} times; only the last is read",
            crate::core::error::shown(name),
            crate::core::numbers_and_lists::grouped(count as u64)
        ));
    }
    let extra = last_of_each(extra);
    let param = |name: &str| {
        params
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    };

    let size = match param("ring").map(str::parse::<RingSize>) {
        None => RingSize::TEACHING,
        Some(Ok(size)) => size,
        Some(Err(error)) => {
            ignored.push(format!("ring: {error}"));
            RingSize::TEACHING
        }
    };
    let hash = match param("hash").map(str::parse::<HashScheme>) {
        None => HashScheme::default(),
        Some(Ok(hash)) => hash,
        Some(Err(error)) => {
            ignored.push(format!("hash: {error}"));
            HashScheme::default()
        }
    };
    let vnodes = match param("vnodes")
        .map(|v| parse_number::<u32>(v).and_then(crate::core::server::check_vnodes))
    {
        None => 1,
        Some(Ok(v)) => v,
        Some(Err(error)) => {
            ignored.push(format!("vnodes: {error}"));
            1
        }
    };

    let specs: Vec<&str> = param("servers")
        .map(|list| {
            list.split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .collect()
        })
        .unwrap_or_default();
    let mut scenario = build_servers(size, hash, vnodes, &specs, &mut ignored);
    for name in param("down")
        .unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|n| !n.is_empty())
    {
        if let Err(error) = scenario.apply(Change::FailServer { name: name.into() }) {
            ignored.push(format!("down {}: {error}", crate::core::error::shown(name)));
        }
    }

    read_settings(&mut scenario, &param, &mut ignored);
    system_state::read_state(&mut scenario, &param, &mut ignored);
    read_timing(&mut scenario, &param, &mut ignored);

    // Keys in the order the link names them: `gen` inserts its run by number, so listed keys
    // such as key-1200 never push it on.
    let gen_first = params
        .iter()
        .position(|(n, _)| n == "gen")
        .zip(params.iter().position(|(n, _)| n == "keys"))
        .is_none_or(|(g, k)| g < k);
    let read_gen = |scenario: &mut Scenario, ignored: &mut Vec<String>| {
        let Some(count) = param("gen") else { return };
        match parse_number::<usize>(count) {
            Ok(count) => {
                let room = max_keys.saturating_sub(scenario.keys().len());
                if count > room {
                    ignored.push(format!(
                        "gen: {count} keys would pass the limit; kept {room}"
                    ));
                }
                let run = (0..count.min(room) as u32).map(Key::Generated).collect();
                if let Err(error) = scenario.insert_keys(run) {
                    ignored.push(format!("gen: {error}"));
                }
            }
            Err(error) => ignored.push(format!("gen: {error}")),
        }
    };
    let read_keys = |scenario: &mut Scenario, name: &str, ignored: &mut Vec<String>| {
        let room = max_keys.saturating_sub(scenario.keys().len());
        let mut labels: Vec<&str> = param(name)
            .map(|list| {
                list.split(',')
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .collect()
            })
            .unwrap_or_default();
        if labels.len() > room {
            ignored.push(format!("{name}: only the first {room} are kept"));
            labels.truncate(room);
        }
        add_keys(scenario, &labels, ignored);
    };
    if gen_first {
        read_gen(&mut scenario, &mut ignored);
        read_keys(&mut scenario, "keys", &mut ignored);
    } else {
        read_keys(&mut scenario, "keys", &mut ignored);
        read_gen(&mut scenario, &mut ignored);
    }
    read_keys(&mut scenario, "later", &mut ignored);

    if let Some(words) = param("data") {
        ignored.push(format!(
            "keys: {words}; open the file again, or a saved scenario file, to see them"
        ));
    }
    read_traffic(&mut scenario, &param, &mut ignored);

    let mut before = None;
    let mut last = None;
    if let Some(text) = param("then") {
        let shown = scenario.clone();
        match text
            .parse::<Change>()
            .and_then(|change| scenario.apply(change))
        {
            Ok(outcome) => {
                before = Some(shown);
                last = Some(outcome);
            }
            Err(error) => ignored.push(format!("then: {error}")),
        }
    }
    Link {
        scenario,
        before,
        last,
        extra,
        ignored: summarised(ignored),
    }
}

/// Each parameter once, at its last value, in the order of those last values.
fn last_of_each(params: Vec<(String, String)>) -> Vec<(String, String)> {
    let mut seen = BTreeSet::new();
    let mut kept: Vec<(String, String)> = Vec::with_capacity(params.len());
    for (name, value) in params.into_iter().rev() {
        if seen.insert(name.clone()) {
            kept.push((name, value));
        }
    }
    kept.reverse();
    kept
}

/// The most notes a link's reading gives, and the most characters in one: a link of any length
/// is said in a few lines.
pub const MAX_NOTES: usize = 20;
const MAX_NOTE_CHARS: usize = 200;

/// The notes shortened and counted: the first ones in full (each at most a line), then how
/// many more there were.
fn summarised(notes: Vec<String>) -> Vec<String> {
    let total = notes.len();
    let kept = if total > MAX_NOTES {
        MAX_NOTES - 1
    } else {
        total
    };
    let mut out: Vec<String> = notes
        .into_iter()
        .take(kept)
        .map(|note| match note.char_indices().nth(MAX_NOTE_CHARS) {
            None => note,
            Some((end, _)) => format!("{}…", &note[..end]),
        })
        .collect();
    if total > kept {
        out.push(format!(
            "and {} more parts that could not be read",
            crate::core::numbers_and_lists::grouped((total - kept) as u64)
        ));
    }
    out
}
