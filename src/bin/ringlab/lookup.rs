//! `ringlab lookup`: the server of each key under one placement, a line per key.
//!
//! The keys asked for are put on the ring in one batch (each distinct key once, in the order
//! of its first appearance), so that a million keys take about as long as `experiment` takes
//! to read them; each key asked for then finds its id in a map built once, never by searching
//! the set.

use std::collections::HashMap;
use std::fmt::Write;

use ringlab::core::placement::Setting;
use ringlab::core::{
    copies_note, parse_number, BulkKeys, Change, DataSource, Key, LinesRefused, MAX_REPLICAS,
};

use crate::cli::LookupArgs;
use crate::experiment::{key_lines, read_data_file, read_keys, setup, Failure};

/// `key<TAB>owner`, and with R above 1 the R servers holding a copy, for every key asked for.
pub fn run(args: &LookupArgs) -> Result<String, Failure> {
    let mut scenario = setup(&args.ring, &args.placement)?;
    // groupcache keeps no copies: its "replicas" are its points per node.
    let points_are_replicas = scenario
        .placement()
        .spec()
        .settings
        .contains(&Setting::GroupcacheReplicas);
    let replicas = if points_are_replicas {
        if args.replicas != "1" {
            let count = parse_number(&args.replicas).map_err(|e| Failure::at("--replicas", e))?;
            scenario
                .apply(Change::SetGroupcacheReplicas { count })
                .map_err(|e| Failure::at("--replicas", e))?;
        }
        1
    } else {
        parse_number::<usize>(&args.replicas)
            .ok()
            .filter(|r| (1..=MAX_REPLICAS).contains(r))
            .ok_or_else(|| {
                Failure::Refused(format!(
                    "--replicas: copies per key go from 1 to {MAX_REPLICAS}."
                ))
            })?
    };
    // The ids of the keys asked for, in the order asked.
    let asked: Vec<u32> = match (&args.keys_file, &args.data.format) {
        (Some(path), Some(_)) => {
            let opened = read_data_file(path, &args.data, &scenario)?;
            let count = opened.keys.len();
            if !scenario.keys().is_empty() {
                let keys: Vec<Key> = opened.keys.iter().collect();
                add_asked(&mut scenario, keys)?
            } else {
                let name = path.display().to_string();
                scenario = opened
                    .apply_to(&scenario, &name)
                    .map_err(|e| Failure::at(&name, e))?
                    .0;
                (0..count as u32).collect()
            }
        }
        (Some(path), None) if scenario.keys().is_empty() => {
            // The keys' own reader: the text read in place on every core, each distinct key
            // placed once, and each line's key id handed back.
            let (source, text) = read_keys(path)?;
            let loaded = BulkKeys::new(text, scenario.hash(), scenario.size())
                .finish()
                .map_err(|refused| match refused {
                    LinesRefused::Line { line, error } => {
                        Failure::at(&format!("{source} line {line}"), error)
                    }
                    LinesRefused::Keys(error) => Failure::at(&source, error),
                })?;
            let count = loaded.keys.len();
            let source = DataSource {
                name: source,
                lines: loaded.ids.as_ref().map_or(count, Vec::len),
            };
            scenario = scenario
                .with_data(loaded.keys, None, source)
                .map_err(|e| Failure::Refused(e.to_string()))?
                .0;
            loaded.ids.unwrap_or_else(|| (0..count as u32).collect())
        }
        (Some(path), None) => {
            let (source, text) = read_keys(path)?;
            add_asked(&mut scenario, key_lines(&text, &source)?)?
        }
        (None, _) if args.keys.is_empty() && !scenario.keys().is_empty() => {
            (0..scenario.keys().len() as u32).collect()
        }
        (None, _) => {
            let keys = args
                .keys
                .iter()
                .enumerate()
                .map(|(i, text)| {
                    Key::parse(text).map_err(|e| Failure::Refused(format!("key {}: {e}", i + 1)))
                })
                .collect::<Result<Vec<_>, _>>()?;
            add_asked(&mut scenario, keys)?
        }
    };
    if asked.is_empty() {
        return Err(Failure::Refused(
            "no keys: give them as arguments or with --keys-file.".into(),
        ));
    }
    // What the answer does not take in, said beside it (standard error: the lines stay
    // KEY<TAB>SERVER for a program to read).
    let mut notes = crate::experiment::placement_notes(&scenario);
    notes.extend(copies_note(replicas, scenario.servers().len()));
    for note in notes {
        eprintln!("note: {note}");
    }
    let placed = scenario.placed();
    let set = scenario.keys();
    let mut out = String::with_capacity(asked.len() * 24);
    for id in asked {
        let owner = placed.owner_of_key(set, id);
        set.write_label(id, &mut out);
        out.push('\t');
        out.push_str(&placed.names()[owner]);
        if args.detail {
            let detail = match placed.coordinate(set, id) {
                Some(c) => c.to_string(),
                None => format!("hash={}", set.hash_of(id)),
            };
            let _ = write!(out, "\t{detail}");
        }
        if replicas > 1 {
            let copies: Vec<&str> = placed
                .preference(set, id, replicas)
                .into_iter()
                .map(|i| &*placed.names()[i])
                .collect();
            let _ = write!(out, "\t{}", copies.join(","));
        }
        out.push('\n');
    }
    Ok(out)
}

/// Puts the keys asked for on the ring, each once, and gives the id of each in the order asked.
/// The same key twice is looked up twice, but the ring holds it once; a key the ring already
/// holds (from a scenario file) keeps its id.
fn add_asked(scenario: &mut ringlab::core::Scenario, keys: Vec<Key>) -> Result<Vec<u32>, Failure> {
    let existing = scenario.keys();
    let mut ids_of: HashMap<Key, u32> = HashMap::with_capacity(keys.len() + existing.len());
    if !existing.is_empty() {
        for (id, key) in existing.iter().enumerate() {
            ids_of.insert(key, id as u32);
        }
    }
    let mut next = existing.len() as u32;
    let mut new = Vec::new();
    let mut asked = Vec::with_capacity(keys.len());
    for key in keys {
        let id = *ids_of.entry(key).or_insert_with_key(|key| {
            new.push(key.clone());
            next += 1;
            next - 1
        });
        asked.push(id);
    }
    if !new.is_empty() {
        scenario
            .insert_keys(new)
            .map_err(|e| Failure::Refused(format!("keys: {e}")))?;
    }
    Ok(asked)
}
