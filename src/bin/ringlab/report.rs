//! `ringlab experiment`: the keys held at once when they are few, or streamed through the
//! change a batch at a time when there are more than `--batch-keys`, and the report's facts
//! from either (see `facts`).

use ringlab::core::{parse_number, Change, Scenario, MAX_KEYS};

use crate::batches::{self, batch_keys, threads, Batches, Keys};
use crate::cli::{ExperimentArgs, ExperimentCommand};
use crate::experiment::{add_keys, finish, put_key_text, put_keys, read_change, setup};
use crate::facts::Facts;
use crate::failure::Failure;
use crate::flags::BatchArgs;
use crate::pipeline;
use crate::tally::Tally;

/// The facts of the experiment the flags describe.
pub fn facts(command: &ExperimentCommand) -> Result<Facts, Failure> {
    let args = &command.experiment;
    let mut scenario = setup(&args.ring, &args.placement)?;
    let whole = needs_every_key(&scenario, args);
    let streamed = take_keys(&mut scenario, args, &command.batch, whole.is_some())?;
    match (streamed, whole) {
        (None, _) => {
            let run = finish(scenario, &args.traffic, &args.then)?;
            let facts = Facts::of(&run);
            // A million keys freed one by one would only delay the report.
            std::mem::forget(run);
            Ok(facts)
        }
        (Some(batches), Some(why)) => Err(batches::held_at_once(batches.source(), &why)),
        (Some(batches), None) => stream(
            &scenario,
            batches,
            read_change(&args.then)?,
            threads(&command.batch)?,
        ),
    }
}

/// Puts the keys the flags give on `scenario`, unless there are more than are held at once:
/// then their batches, to pass through a batch at a time. With `whole`, up to
/// [`MAX_KEYS`] are held whole (something needs every key at once).
pub fn take_keys(
    scenario: &mut Scenario,
    args: &ExperimentArgs,
    batch: &BatchArgs,
    whole: bool,
) -> Result<Option<Batches>, Failure> {
    let per_batch = batch_keys(batch, batches::BATCH_KEYS)?;
    let whole_up_to = match (whole, &batch.batch_keys) {
        (true, _) => MAX_KEYS,
        // Unless told, as many keys are held whole as take less memory than the batches on
        // their way through every core.
        (false, None) => batches::WHOLE_KEYS,
        (false, Some(_)) => per_batch,
    };
    let keys = &args.keys;
    Ok(match (&keys.keys_file, &keys.data.format, &keys.keys) {
        (Some(path), None, _) => match batches::open(path, whole_up_to, per_batch)? {
            Keys::Whole { source, text } => {
                put_key_text(scenario, &source, text)?;
                None
            }
            Keys::Streamed(batches) => Some(batches),
        },
        (None, _, Some(text)) => {
            let count = parse_number::<u32>(text)
                .map_err(|e| Failure::at("--keys", e.largest(u64::from(u32::MAX))))?;
            if count as usize <= whole_up_to {
                put_keys(scenario, Some(text), None, None)?;
                None
            } else {
                Some(Batches::generated(u64::from(count), per_batch))
            }
        }
        _ => {
            add_keys(scenario, keys)?;
            None
        }
    })
}

/// Passes the keys of `scenario` (from a scenario file, if any) and those of `batches` through
/// `change`, a batch at a time: `workers` batches are measured side by side while the next are
/// read, and their parts summed in the input's order.
fn stream(
    scenario: &Scenario,
    mut batches: Batches,
    change: Option<(Change, &'static str)>,
    workers: usize,
) -> Result<Facts, Failure> {
    let mut tally = Tally::new(scenario, change)?;
    if !scenario.keys().is_empty() {
        tally.add(scenario, &[])?;
    }
    let keyless = scenario.without_keys();
    let source = batches.source().to_string();
    let mut sum = tally.empty();
    pipeline::in_order(
        workers,
        || batches.next_batch(),
        |batch| {
            let (held, repeats) = batch.held(&source, &keyless)?;
            tally.measure(&held, &repeats)
        },
        |part| {
            sum.add(part);
            Ok(true)
        },
    )?;
    tally.merge(sum);
    Ok(tally.finish())
}

/// What needs every key at once, in words, when something does: the requests section, a
/// placement that places a key knowing the others (bounded loads) before or after the change,
/// or a change to the keys themselves or to the ring's size (which carries keys placed by hand
/// to new positions together).
pub fn needs_every_key(scenario: &Scenario, args: &ExperimentArgs) -> Option<String> {
    let traffic = &args.traffic;
    if traffic.traffic.is_some()
        || !traffic.hot.is_empty()
        || !traffic.remedy.is_empty()
        || traffic.reads.is_some()
    {
        return Some(
            "the requests section (--traffic, --hot, --remedy, --reads) weighs every key against the others"
                .to_string(),
        );
    }
    let alone = |s: &Scenario| {
        (!batches::places_alone(s)).then(|| {
            format!(
                "{} places each key knowing every other key",
                s.placement().name()
            )
        })
    };
    if let Some(why) = alone(scenario) {
        return Some(why);
    }
    let (change, flag) = read_change(&args.then).ok().flatten()?;
    let every_key = match &change {
        Change::AddKeys { .. }
        | Change::GenerateKeys { .. }
        | Change::DropKey { .. }
        | Change::ClearKeys
        | Change::SetRingSize { .. } => true,
        Change::AddServer { .. }
        | Change::SetServers { .. }
        | Change::RemoveServer { .. }
        | Change::SetVnodes { .. }
        | Change::SetWeight { .. }
        | Change::MovePoint { .. }
        | Change::HashPlaced
        | Change::SetHash { .. }
        | Change::SetPlacement { .. }
        | Change::SetPopularity { .. }
        | Change::MakeHot { .. }
        | Change::SetRemedy { .. }
        | Change::FailServer { .. }
        | Change::RestartServer { .. }
        | Change::SetReplicas { .. }
        | Change::SetRestartDelay { .. }
        | Change::SetGossip { .. }
        | Change::SetWrites { .. }
        | Change::Set { .. }
        | Change::System(_) => false,
    };
    if every_key {
        return Some(format!("{flag} changes every key at once"));
    }
    let (after, _) = scenario.without_keys().after(change).ok()?;
    alone(&after)
}
