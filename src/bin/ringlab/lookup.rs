//! `ringlab lookup`: the server of each key under one placement, a line per key.

use std::fmt::Write;

use ringlab::core::{parse_number, Change, Key, Kind, MAX_REPLICAS};

use crate::cli::LookupArgs;
use crate::experiment::{key_lines, read_keys, setup, Failure};

/// `key<TAB>owner`, and with R above 1 the R servers holding a copy, for every key asked for.
pub fn run(args: &LookupArgs) -> Result<String, Failure> {
    let mut scenario = setup(&args.ring, &args.placement)?;
    // groupcache keeps no copies: its "replicas" are its points per node.
    let replicas = if scenario.placement() == Kind::Groupcache {
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
    let keys: Vec<Key> = match &args.keys_file {
        Some(path) => {
            let (source, text) = read_keys(path)?;
            key_lines(&text, &source)?
        }
        None => args
            .keys
            .iter()
            .enumerate()
            .map(|(i, text)| {
                Key::parse(text).map_err(|e| Failure::Refused(format!("key {}: {e}", i + 1)))
            })
            .collect::<Result<_, _>>()?,
    };
    if keys.is_empty() {
        return Err(Failure::Refused(
            "no keys: give them as arguments or with --keys-file.".into(),
        ));
    }
    // The same key twice is looked up twice, but the ring holds it once.
    let mut labels: Vec<String> = keys.iter().map(Key::label).collect();
    let mut unique = labels.clone();
    unique.sort();
    unique.dedup();
    scenario
        .apply(Change::AddKeys { keys: unique })
        .map_err(|e| Failure::Refused(format!("keys: {e}")))?;
    let placed = scenario.placed();
    let set = scenario.keys();
    let mut out = String::new();
    for label in labels.drain(..) {
        let id = set.find(&label).expect("every key asked for was added");
        let owner = placed.owner_of_key(set, id);
        let _ = write!(out, "{label}\t{}", placed.names()[owner]);
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
