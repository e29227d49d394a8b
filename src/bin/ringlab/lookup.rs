//! `ringlab lookup`: the server of each key under one placement, a line per key.
//!
//! The keys asked for are put on the ring in batches (each distinct key of a batch once, in the
//! order of its first appearance), so that a million keys take about as long as `experiment`
//! takes to read them; each key asked for then finds its id in the batch from a map built
//! once, never by searching the set. A keys file of more keys than a batch holds passes through
//! a batch at a time (see `batches`), each batch's lines written before the next is read, so
//! memory does not grow with the keys.

use std::collections::HashMap;
use std::io::Write;

use ringlab::core::{parse_number, Change, Key, Scenario, MAX_KEYS, MAX_REPLICAS};

use crate::answers::Answers;
use crate::batches::{self, batch_keys, holding, Batch, Keys};
use crate::cli::LookupArgs;
use crate::experiment::{key_lines, read_data_file, setup, Failure};
use crate::pipeline;

/// `key<TAB>owner`, and with R above 1 the R servers holding a copy, for every key asked for,
/// written to `out` as the keys are answered.
pub fn run(args: &LookupArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let mut scenario = setup(&args.ring, &args.placement)?;
    let replicas = replicas(&mut scenario, &args.replicas)?;
    let per_batch = batch_keys(&args.batch, batches::BATCH_KEYS)?;
    let mut answers = Answers::new(out, args.detail, replicas);
    match (&args.keys_file, &args.data.format) {
        (Some(path), Some(_)) => {
            let opened = read_data_file(path, &args.data, &scenario)?;
            let count = opened.keys.len();
            let asked = if !scenario.keys().is_empty() {
                let keys: Vec<Key> = opened.keys.iter().collect();
                add_asked(&mut scenario, keys)?
            } else {
                let name = path.display().to_string();
                scenario = opened
                    .apply_to(&scenario, &name)
                    .map_err(|e| Failure::at(&name, e))?
                    .0;
                (0..count as u32).collect()
            };
            answer(&mut answers, &scenario, asked)
        }
        (Some(path), None) => {
            let whole_up_to = if batches::places_alone(&scenario) {
                per_batch
            } else {
                MAX_KEYS
            };
            match batches::open(path, whole_up_to, per_batch)? {
                Keys::Whole { source, text } if !scenario.keys().is_empty() => {
                    let asked = add_asked(&mut scenario, key_lines(&text, &source)?)?;
                    answer(&mut answers, &scenario, asked)
                }
                Keys::Whole { source, text } => {
                    let batch = Batch {
                        text,
                        first_line: 1,
                    };
                    let (scenario, asked) = read(batch, &source, &scenario)?;
                    answer(&mut answers, &scenario, asked)
                }
                Keys::Streamed(mut batches) => {
                    let source = batches.source().to_string();
                    if !batches::places_alone(&scenario) {
                        return Err(batches::held_at_once(
                            &source,
                            &format!(
                                "{} places each key knowing every other key",
                                scenario.placement().name()
                            ),
                        ));
                    }
                    let keyless = scenario.without_keys();
                    answers.note(&keyless);
                    // One thread reads the batches while the others look their keys up and
                    // write their lines, which go out in the batches' order.
                    let form = answers.form();
                    pipeline::in_order(
                        batches::threads(&args.batch)?,
                        || batches.next_batch(),
                        |batch| {
                            let (scenario, asked) = read(batch, &source, &keyless)?;
                            Ok(form.lines(&scenario, &asked))
                        },
                        |lines| {
                            answers.write_lines(&lines)?;
                            Ok(!answers.closed())
                        },
                    )?;
                    answers.finish()
                }
            }
        }
        (None, _) if args.keys.is_empty() && !scenario.keys().is_empty() => {
            let asked = (0..scenario.keys().len() as u32).collect();
            answer(&mut answers, &scenario, asked)
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
            let asked = add_asked(&mut scenario, keys)?;
            answer(&mut answers, &scenario, asked)
        }
    }
}

/// Copies per key from `--replicas`; under a placement that keeps no copies and calls a setting
/// of its own its replicas (groupcache's points per node), that setting instead (set on
/// `scenario`), and one copy.
fn replicas(scenario: &mut Scenario, text: &str) -> Result<usize, Failure> {
    let called_replicas = scenario
        .placement()
        .spec()
        .settings
        .iter()
        .copied()
        .find(|setting| setting.called_replicas());
    if let Some(setting) = called_replicas {
        if text != "1" {
            let change =
                Change::setting(setting, text).map_err(|e| Failure::at("--replicas", e))?;
            scenario
                .apply(change)
                .map_err(|e| Failure::at("--replicas", e))?;
        }
        return Ok(1);
    }
    parse_number::<usize>(text)
        .ok()
        .filter(|r| (1..=MAX_REPLICAS).contains(r))
        .ok_or_else(|| {
            Failure::Refused(format!(
                "--replicas: copies per key go from 1 to {MAX_REPLICAS}."
            ))
        })
}

/// Answers every key asked for, `asked` their ids in `scenario`'s keys in the order asked; no
/// key at all is refused.
fn answer(answers: &mut Answers<'_>, scenario: &Scenario, asked: Vec<u32>) -> Result<(), Failure> {
    if asked.is_empty() {
        return Err(Failure::Refused(
            "no keys: give them as arguments or with --keys-file.".into(),
        ));
    }
    answers.write(scenario, asked)?;
    answers.finish()
}

/// The keys of `batch` (from `source`) on the ring of `keyless` in place of its own, and the id
/// of each line's key, in line order.
fn read(batch: Batch, source: &str, keyless: &Scenario) -> Result<(Scenario, Vec<u32>), Failure> {
    let loaded = batch.read(source, keyless)?;
    let count = loaded.keys.len();
    let asked = loaded.ids.unwrap_or_else(|| (0..count as u32).collect());
    let scenario = holding(keyless, loaded.keys, asked.len(), source)?;
    Ok((scenario, asked))
}

/// Puts the keys asked for on the ring, each once, and gives the id of each in the order asked.
/// The same key twice is looked up twice, but the ring holds it once; a key the ring already
/// holds (from a scenario file) keeps its id.
fn add_asked(scenario: &mut Scenario, keys: Vec<Key>) -> Result<Vec<u32>, Failure> {
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
