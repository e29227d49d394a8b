//! From flags to a scenario, and the one change applied to it, through the engine only.

use std::path::Path;

use ringlab::core::placement::{maglev, multi_probe, partitions as table, Panel, Setting};
use ringlab::core::{
    check_vnodes, parse_number, CacheLoad, Change, Error, HashScheme, Key, Kind, LinesRefused,
    Outcome, RingSize, Scenario, Server, ServerSpec, MAX_KEYS, VNODES,
};

use crate::flags::{ChangeArgs, DataArgs, KeysArgs, PlacementArgs, RingArgs, TrafficArgs};
use ringlab::core::data::{read_data, DataOptions, Format as DataFormat, Opened};
use ringlab::core::pasted::Format;
use ringlab::core::read_scenario;

pub use crate::failure::Failure;

/// A finished experiment: the scenario before the change, after it, and what the engine said
/// the change did.
pub struct Run {
    /// The ring with its servers and keys, before the change.
    pub before: Scenario,
    /// The ring after the change (the same ring when there was none).
    pub after: Scenario,
    /// The change asked for, if any.
    pub change: Option<Change>,
    /// What the change did, if there was one.
    pub outcome: Option<Outcome>,
    /// Reads per second, when the traffic was asked about.
    pub reads: Option<f64>,
    /// What the chosen placement does not read of the set-up, in words.
    pub notes: Vec<String>,
}

/// Builds the scenario from the ring and placement flags, adds the keys, sets the traffic, and
/// applies the one change: what `experiment` reports on and `svg` draws.
pub fn build(
    ring: &RingArgs,
    placement: &PlacementArgs,
    keys: &KeysArgs,
    traffic: &TrafficArgs,
    then: &ChangeArgs,
) -> Result<Run, Failure> {
    let mut scenario = setup(ring, placement)?;
    add_keys(&mut scenario, keys)?;
    finish(scenario, traffic, then)
}

/// Sets the traffic on `scenario`, which holds its keys, and applies the one change.
pub fn finish(
    mut scenario: Scenario,
    traffic: &TrafficArgs,
    then: &ChangeArgs,
) -> Result<Run, Failure> {
    let reads = set_traffic(&mut scenario, traffic)?;
    let (change, flag) = match read_change(then)? {
        Some((change, flag)) => (Some(change), flag),
        None => (None, ""),
    };
    let before = scenario.clone();
    let outcome = match &change {
        Some(change) => Some(
            scenario
                .apply(change.clone())
                .map_err(|e| Failure::at(flag, e))?,
        ),
        None => None,
    };
    let notes = placement_notes(&before);
    Ok(Run {
        before,
        after: scenario,
        change,
        outcome,
        reads,
        notes,
    })
}

/// The one change `--add`, `--remove` or `--change` asks for, with the flag that asked.
pub fn read_change(then: &ChangeArgs) -> Result<Option<(Change, &'static str)>, Failure> {
    Ok(match (&then.add, &then.remove) {
        _ if then.change.is_some() => {
            let text = then.change.as_deref().unwrap_or_default();
            let change: Change = text.parse().map_err(|e| Failure::at("--change", e))?;
            Some((change, "--change"))
        }
        (Some(text), _) => {
            let spec: ServerSpec = text.parse().map_err(|e| Failure::at("--add", e))?;
            let change = Change::AddServer {
                name: spec.name,
                at: spec.at,
                weight: spec.weight,
            };
            Some((change, "--add"))
        }
        (None, Some(name)) => Some((Change::RemoveServer { name: name.clone() }, "--remove")),
        (None, None) => None,
    })
}

/// Applies the traffic flags; returns the reads per second when any traffic flag was given.
fn set_traffic(scenario: &mut Scenario, args: &TrafficArgs) -> Result<Option<f64>, Failure> {
    let mut apply = |flag: &str, change: Result<Change, Error>| {
        change
            .and_then(|c| scenario.apply(c))
            .map(|_| ())
            .map_err(|e| Failure::at(flag, e))
    };
    if let Some(text) = &args.traffic {
        apply(
            "--traffic",
            text.parse()
                .map(|popularity| Change::SetPopularity { popularity }),
        )?;
    }
    for text in &args.hot {
        apply("--hot", format!("hot:{text}").parse())?;
    }
    for text in &args.remedy {
        apply(
            "--remedy",
            text.parse().map(|remedy| Change::SetRemedy { remedy }),
        )?;
    }
    let reads = match &args.reads {
        Some(text) => {
            Some(parse_number::<u64>(text).map_err(|e| Failure::at("--reads", e))? as f64)
        }
        None => None,
    };
    let any = args.traffic.is_some()
        || !args.hot.is_empty()
        || !args.remedy.is_empty()
        || reads.is_some();
    Ok(any.then(|| reads.unwrap_or(CacheLoad::default().reads)))
}

/// The ring of `ring` with its servers, under the placement `placement` names.
pub fn setup(ring: &RingArgs, placement: &PlacementArgs) -> Result<Scenario, Failure> {
    if let Some(path) = &ring.scenario {
        let bytes = read_file(path).map_err(|e| {
            Failure::Unreadable(format!("--scenario: cannot read {}: {e}", path.display()))
        })?;
        let text = String::from_utf8(bytes).map_err(|_| {
            Failure::Refused(format!("--scenario: {} is not UTF-8 text.", path.display()))
        })?;
        return read_scenario(&text).map_err(|e| Failure::at("--scenario", e));
    }
    let size: RingSize = match &ring.ring_size {
        Some(text) => text.parse().map_err(|e| Failure::at("--ring-size", e))?,
        None => RingSize::TEACHING,
    };
    let hash: HashScheme = match &ring.hash {
        Some(text) => text.parse().map_err(|e| Failure::at("--hash", e))?,
        None => HashScheme::default(),
    };
    let vnodes = match &ring.vnodes {
        Some(text) => parse_number::<u32>(text)
            .map_err(|e| e.largest(u64::from(*VNODES.end())))
            .and_then(check_vnodes)
            .map_err(|e| Failure::at("--vnodes", e))?,
        None => 1,
    };
    let file = crate::system_flags::cluster_file(placement)?;
    let mut scenario = match (&ring.servers, file) {
        (Some(list), None) => {
            let servers = list
                .split(',')
                .map(|text| text.parse::<ServerSpec>()?.on_ring(size))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| Failure::at("--servers", e))?;
            Scenario::new(size, hash, vnodes, servers).map_err(|e| Failure::at("--servers", e))?
        }
        (None, Some((flag, format, path))) => {
            let base = Scenario::new(size, hash, vnodes, vec![Server::hashed("A")])
                .map_err(|e| Failure::at("--ring-size", e))?;
            crate::system_flags::read_cluster(&flag, format, path, &base)?
        }
        (Some(_), Some((flag, ..))) => {
            return Err(Failure::Refused(format!(
                "--servers and {flag} both name the servers; give one of them."
            )))
        }
        (None, None) => {
            let flags: Vec<String> = Format::all().map(|f| format!("--{}", f.id())).collect();
            let (last, rest) = flags.split_last().expect("there are formats");
            return Err(Failure::Refused(format!(
                "--servers: give the servers, or read a cluster with {} or {last}.",
                rest.join(", ")
            )));
        }
    };
    let kind: Kind = match &placement.placement {
        Some(name) => name.parse().map_err(|e| Failure::at("--placement", e))?,
        None => scenario.placement(),
    };
    // A placement with its own ring, hash and points (ketama): a setting given for them is
    // refused, not silently ignored.
    if kind.spec().fixed_ring {
        let given = [
            (
                "--ring-size",
                ring.ring_size.is_some() && size != RingSize::FULL,
            ),
            (
                "--hash",
                ring.hash.is_some() && hash != HashScheme::default(),
            ),
            ("--vnodes", ring.vnodes.is_some() && vnodes != 1),
        ];
        if let Some((flag, _)) = given.iter().find(|(_, given)| *given) {
            return Err(Failure::at(flag, Error::FixedByKetama));
        }
    }
    let mut set = |flag: &str, change: Result<Change, Error>| {
        change
            .and_then(|c| scenario.apply(c))
            .map(|_| ())
            .map_err(|e| Failure::at(flag, e))
    };
    if let Some(m) = &placement.table_size {
        set(
            "--table-size",
            parse_number(m)
                .map_err(|e| e.largest(u64::from(*maglev::SIZES.end())))
                .map(|size: u32| Change::set(Setting::MaglevSize, size)),
        )?;
    }
    if let Some(p) = placement
        .partitions
        .as_ref()
        .filter(|_| kind.spec().panel != Panel::Topic)
    {
        set(
            "--partitions",
            parse_number(p)
                .map_err(|e| e.largest(u64::from(table::MAX_PARTITIONS)))
                .map(|count: u32| Change::set(Setting::Partitions, count)),
        )?;
    }
    if let Some(c) = &placement.load_factor {
        set("--load-factor", Change::setting(Setting::Load, c))?;
    }
    if let Some(k) = &placement.probes {
        set(
            "--probes",
            parse_number(k)
                .map_err(|e| e.largest(u64::from(*multi_probe::PROBES.end())))
                .map(|count: u32| Change::set(Setting::Probes, count)),
        )?;
    }
    for (flag, change) in crate::system_flags::settings(placement, kind, &scenario)? {
        scenario.apply(change).map_err(|e| Failure::at(&flag, e))?;
    }
    scenario
        .apply(Change::SetPlacement { placement: kind })
        .map_err(|e| Failure::at("--placement", e))?;
    Ok(scenario)
}

/// What the chosen placement does not read of the set-up, in the engine's words (weights under
/// maglev, for instance), to print beside the answer. The own ring, hash and points of a
/// placement that fixes them (ketama) are not among them: a flag for them is refused by
/// [`setup`], and their defaults are not the person's choice.
pub fn placement_notes(scenario: &Scenario) -> Vec<String> {
    if scenario.placement().spec().fixed_ring {
        Vec::new()
    } else {
        scenario.unused_settings()
    }
}

/// Puts the keys of `--keys`, `--keys-file` or `--keys-at` on the ring, all in one batch.
pub fn add_keys(scenario: &mut Scenario, keys: &KeysArgs) -> Result<(), Failure> {
    if let (Some(path), Some(_)) = (&keys.keys_file, &keys.data.format) {
        let opened = read_data_file(path, &keys.data, scenario)?;
        let name = path.display().to_string();
        *scenario = opened
            .apply_to(scenario, &name)
            .map_err(|e| Failure::at(&name, e))?
            .0;
        return Ok(());
    }
    put_keys(
        scenario,
        keys.keys.as_deref(),
        keys.keys_file.as_deref(),
        keys.keys_at.as_deref(),
    )
}

/// Puts the keys of `--keys` (a count), `--keys-file` (a path) or `--keys-at` (positions) on
/// the ring, all in one batch.
pub fn put_keys(
    scenario: &mut Scenario,
    count: Option<&str>,
    file: Option<&Path>,
    at: Option<&str>,
) -> Result<(), Failure> {
    if let Some(count) = count {
        let count = parse_number::<usize>(count)
            .map_err(|e| Failure::at("--keys", e.largest(MAX_KEYS as u64)))?;
        scenario
            .apply(Change::GenerateKeys { count })
            .map_err(|e| Failure::at("--keys", e))?;
    } else if let Some(path) = file {
        let (source, text) = read_keys(path)?;
        put_key_text(scenario, &source, text)?;
    } else if let Some(list) = at {
        let size = scenario.size();
        let keys = list
            .split(',')
            .map(|text| {
                parse_number::<u64>(text)
                    .and_then(|position| size.check(position))
                    .map(Key::At)
            })
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| Failure::at("--keys-at", e))?;
        scenario
            .insert_keys(keys)
            .map_err(|e| Failure::at("--keys-at", e))?;
    }
    Ok(())
}

/// Puts the keys of `text`, one a line, read from `source`, on the ring in one batch. The
/// text itself is handed over: the keys' names stay in it, uncopied.
pub fn put_key_text(scenario: &mut Scenario, source: &str, text: String) -> Result<(), Failure> {
    scenario
        .insert_key_lines(text)
        .map_err(|refused| match refused {
            LinesRefused::Line { line, error } => {
                Failure::at(&format!("{source} line {line}"), error)
            }
            LinesRefused::Keys(error) => Failure::at(source, error),
        })
}

/// A data file read as `--format`, `--key-column` and `--count-column` say, for the ring of
/// `scenario`; what was skipped is told on standard error.
pub fn read_data_file(
    path: &Path,
    data: &DataArgs,
    scenario: &Scenario,
) -> Result<Opened, Failure> {
    let format: DataFormat = data
        .format
        .as_deref()
        .unwrap_or("lines")
        .parse()
        .map_err(|e| Failure::at("--format", e))?;
    let (source, bytes) = read_bytes(path)?;
    let options = DataOptions {
        format,
        key_column: data.key_column.clone(),
        count_column: data.count_column.clone(),
    };
    let opened = read_data(bytes, options, scenario.hash(), scenario.size())
        .map_err(|e| Failure::at(&source, e))?;
    let skipped = opened.skipped.summary();
    if !skipped.is_empty() {
        eprintln!("{source}: {skipped}");
    }
    Ok(opened)
}

/// The bytes of a file, or of standard input for `-`, with a name for messages.
pub fn read_bytes(path: &Path) -> Result<(String, Vec<u8>), Failure> {
    if path == Path::new("-") {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin().lock(), &mut bytes).map_err(|e| {
            Failure::Unreadable(format!("--keys-file: cannot read standard input: {e}"))
        })?;
        Ok(("standard input".to_string(), bytes))
    } else {
        let bytes = read_file(path).map_err(|e| {
            // A file that is not there is a mistake in the command, refused like any other;
            // one that is there but cannot be read is a failure of the system.
            if e.kind() == std::io::ErrorKind::NotFound {
                Failure::Refused(format!("--keys-file: there is no file {}.", path.display()))
            } else {
                Failure::Unreadable(format!("--keys-file: cannot read {}: {e}", path.display()))
            }
        })?;
        Ok((path.display().to_string(), bytes))
    }
}

/// The text of a keys file, or of standard input for `-`, with a name for messages.
pub fn read_keys(path: &Path) -> Result<(String, String), Failure> {
    let (source, bytes) = read_bytes(path)?;
    match String::from_utf8(bytes) {
        Ok(text) => Ok((source, text)),
        Err(_) => Err(Failure::Refused(format!(
            "--keys-file: {source} is not UTF-8 text; keys are read one per line."
        ))),
    }
}

/// The bytes of the file at `path`. A large regular file is read into one buffer by every core
/// at once, each reading its own part; anything else (or a file that changes size while it is
/// read) is read the ordinary way.
fn read_file(path: &Path) -> std::io::Result<Vec<u8>> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileExt;
        let file = std::fs::File::open(path)?;
        let meta = file.metadata()?;
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let len = usize::try_from(meta.len()).unwrap_or(0);
        if meta.is_file() && threads > 1 && len >= 1 << 20 {
            let mut bytes = vec![0u8; len];
            let per = len.div_ceil(threads);
            let read = std::thread::scope(|scope| {
                let mut parts = bytes.chunks_mut(per).enumerate();
                let (_, first) = parts.next().expect("a file of a megabyte or more");
                let file = &file;
                let others: Vec<_> = parts
                    .map(|(i, part)| {
                        scope.spawn(move || file.read_exact_at(part, (i * per) as u64))
                    })
                    .collect();
                let mut read = file.read_exact_at(first, 0);
                for other in others {
                    let other = other.join().expect("reading a file never panics");
                    read = read.and(other);
                }
                read
            });
            // Nothing lies past the length the file had when it was opened.
            let ended = file.read_at(&mut [0u8], len as u64).is_ok_and(|n| n == 0);
            if read.is_ok() && ended {
                return Ok(bytes);
            }
        }
    }
    std::fs::read(path)
}

/// One key per non-blank line, read as the engine reads a key label. The same key may come
/// twice: unlike a key set, a list of keys to look up keeps both.
pub fn key_lines(text: &str, source: &str) -> Result<Vec<Key>, Failure> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut keys = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let key = Key::parse(line)
            .map_err(|error| Failure::at(&format!("{source} line {}", index + 1), error))?;
        keys.push(key);
    }
    Ok(keys)
}
