//! A scenario as a link: the query string that rebuilds it.
//!
//! `?ring=100&hash=md5-first32&vnodes=1&servers=A@10,B@40,C@75&keys=@90,@52&gen=1000&then=add:D@60`
//!
//! - `ring`: the size (`100`, `2^32`, any size from 2 to 2^32); `hash`: a scheme id;
//!   `vnodes`: points per server.
//! - `servers`: comma-separated `name`, `name@position` or `name*weight`, in list order.
//! - `keys`: comma-separated key labels (`@52` is a key at 52, anything else is a name to hash);
//!   `gen=N`: the generated keys `key-0` to `key-(N-1)`.
//! - `placement`: the placement the panels speak of (`ring` when absent); `maglev`, `partitions`,
//!   `load`, `probes`: the settings of maglev, the partition table, bounded loads and
//!   multi-probe; `table`: the partition table when it is no longer the one the servers start
//!   with (runs of server indices, see [`PartitionTable`]).
//! - the real systems' settings and state (`slots`, `topic`, `index`, `tokens`, ...): see
//!   [`systems`].
//! - `down`: the servers that failed, in the order they failed; `servers` lists them too, at
//!   the place they return to when they restart.
//! - `r`: copies per key (1 when absent); `restart`: seconds after a failure at which the
//!   failed server restarts; `gossip`: seconds a membership change takes to reach every
//!   client; `writes`: writes per second. `r` is also handed on in [`Link::extra`], for a page
//!   that keeps its own copy of it; a value for it in `extra` is written instead of the
//!   scenario's.
//! - `data`: in place of `keys` and `gen` when the keys came from a file of the person's own,
//!   which a link never carries: "your file, 1,000,000 lines, not in this link".
//! - `then`: the last change, replayed on opening so the link shows what it moved.
//!
//! Reading never fails: what cannot be read is skipped and said in words, and a link with no
//! usable server falls back to the teaching ring's servers.

mod systems;

use std::collections::{BTreeMap, BTreeSet, HashSet};

use crate::core::decimal::hundredths_text;
use crate::core::error::Error;
use crate::core::hash::HashScheme;
use crate::core::keys::{Key, KeySet};
use crate::core::placement::partitions::{check_count, PartitionTable};
use crate::core::placement::{check_maglev_size, check_probes, parse_load, Kind, Options};
use crate::core::scenario::{
    check_gossip, check_replicas, check_restart_after, check_writes, Change, Outcome, Scenario,
    Timing,
};
use crate::core::server::{Placement, Server};
use crate::core::size::{parse_number, RingSize};
use crate::core::text::ServerSpec;
use crate::core::traffic::{check_heat, check_remedy, Popularity, Remedy, Traffic};

/// Parameters the engine reads that are also handed on to the caller.
pub const SHARED_PARAMS: [&str; 1] = ["r"];

/// The parameters the engine reads; others are left to the caller.
pub const SCENARIO_PARAMS: [&str; 34] = [
    "ring",
    "hash",
    "vnodes",
    "servers",
    "keys",
    "gen",
    "later",
    "then",
    "placement",
    "maglev",
    "partitions",
    "load",
    "probes",
    "table",
    "traffic",
    "hot",
    "remedy",
    "top",
    "down",
    "r",
    "restart",
    "gossip",
    "writes",
    "data",
    "num-tokens",
    "token-seed",
    "min-ring",
    "gc-replicas",
    "slots",
    "topic",
    "leaders",
    "index",
    "shards",
    "tokens",
];

/// What a link held.
#[derive(Debug, Clone)]
pub struct Link {
    /// The scenario it shows.
    pub scenario: Scenario,
    /// The scenario before its last change, when it had one.
    pub before: Option<Scenario>,
    /// What its last change did.
    pub last: Option<Outcome>,
    /// Parameters the engine does not read, for the caller, in order.
    pub extra: Vec<(String, String)>,
    /// What could not be read, in words.
    pub ignored: Vec<String>,
}

/// The query string (without `?`) for `scenario`, which is the state before `then` when given,
/// followed by `extra` parameters.
pub fn write_link(
    scenario: &Scenario,
    then: Option<&Change>,
    extra: &[(String, String)],
) -> String {
    let mut query = Query::default();
    query.append_pair("ring", &scenario.size().to_string());
    if scenario.hash() != HashScheme::default() {
        query.append_pair("hash", scenario.hash().id());
    }
    if scenario.vnodes() != 1 {
        query.append_pair("vnodes", &scenario.vnodes().to_string());
    }
    let servers: Vec<String> = listed_servers(scenario)
        .iter()
        .map(|s| ServerSpec::of(s).to_string())
        .collect();
    query.append_pair("servers", &servers.join(","));
    if !scenario.down().is_empty() {
        let down: Vec<&str> = scenario
            .down()
            .iter()
            .map(|d| d.server.name.as_str())
            .collect();
        query.append_pair("down", &down.join(","));
    }
    let defaults = Options::default();
    let options = scenario.options();
    if scenario.placement() != Kind::default() {
        query.append_pair("placement", scenario.placement().id());
    }
    if options.maglev_size != defaults.maglev_size {
        query.append_pair("maglev", &options.maglev_size.to_string());
    }
    if let Some(count) = options.partitions {
        query.append_pair("partitions", &count.to_string());
    }
    if options.load != defaults.load {
        query.append_pair("load", &hundredths_text(options.load));
    }
    if options.probes != defaults.probes {
        query.append_pair("probes", &options.probes.to_string());
    }
    let weights: Vec<u32> = scenario.servers().iter().map(Server::weight).collect();
    if !scenario.table().is_start(&weights) {
        query.append_pair("table", &scenario.table().to_string());
    }
    let mut pairs = Vec::new();
    systems::write(scenario, &mut pairs);
    for (name, value) in pairs {
        query.append_pair(name, &value);
    }
    let traffic = scenario.traffic();
    let quiet = Traffic::default();
    if traffic.popularity != quiet.popularity {
        query.append_pair("traffic", &traffic.popularity.to_string());
    }
    if traffic.has_remedy() {
        query.append_pair("remedy", &traffic.remedies_text());
    }
    if traffic.top != quiet.top {
        query.append_pair("top", &traffic.top.to_string());
    }
    let timing = scenario.timing();
    let usual = Timing::default();
    let given = |name: &str| extra.iter().any(|(n, _)| n == name);
    if timing.replicas != usual.replicas && !given("r") {
        query.append_pair("r", &timing.replicas.to_string());
    }
    if let Some(seconds) = timing.restart_after {
        query.append_pair("restart", &seconds.to_string());
    }
    if timing.gossip != usual.gossip {
        query.append_pair("gossip", &timing.gossip.to_string());
    }
    if timing.writes != usual.writes {
        query.append_pair("writes", &timing.writes.to_string());
    }
    // Keys from a file of the person's own stay on their machine: the link says so instead.
    if let Some(source) = scenario.data_source() {
        query.append_pair("data", &source.link_words());
        if let Some(change) = then {
            query.append_pair("then", &change.to_string());
        }
        for (name, value) in extra {
            query.append_pair(name, value);
        }
        return query.0;
    }
    // The keys in the order they were added, which popularity by rank depends on: those
    // before the generated run (`keys`), the run (`gen`), then those after it (`keys` when
    // nothing came before the run, `later` otherwise).
    let parts = scenario.keys().link_keys();
    if !parts.before.is_empty() {
        query.append_pair("keys", &parts.before.join(","));
    }
    if parts.run > 0 {
        query.append_pair("gen", &parts.run.to_string());
    }
    if !parts.after.is_empty() {
        let name = if parts.before.is_empty() {
            "keys"
        } else {
            "later"
        };
        query.append_pair(name, &parts.after.join(","));
    }
    // Hot keys name keys, so they come after them.
    if !traffic.hot.is_empty() {
        let hot: Vec<String> = traffic
            .hot
            .iter()
            .map(|(k, m)| format!("{k}*{m}"))
            .collect();
        query.append_pair("hot", &hot.join(","));
    }
    if let Some(change) = then {
        query.append_pair("then", &change.to_string());
    }
    for (name, value) in extra {
        query.append_pair(name, value);
    }
    query.0
}

/// A query string built by hand so that links stay readable: `@`, `,`, `:`, `^` and `*` are
/// left as they are, everything else outside letters and digits is percent-encoded.
#[derive(Default)]
struct Query(String);

impl Query {
    fn append_pair(&mut self, name: &str, value: &str) {
        if !self.0.is_empty() {
            self.0.push('&');
        }
        self.0.push_str(&encode(name));
        self.0.push('=');
        self.0.push_str(&encode(value));
    }
}

fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.~@,:^*!".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

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
                super::error::shown(&name),
                super::error::quoted(&value)
            ));
        }
        if SHARED_PARAMS.contains(&name.as_ref()) {
            extra.push((name.to_string(), value.to_string()));
        }
        if SCENARIO_PARAMS.contains(&name.as_ref()) {
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
            super::error::shown(name),
            super::words::grouped(count as u64)
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
        .map(|v| parse_number::<u32>(v).and_then(super::server::check_vnodes))
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
            ignored.push(format!("down {}: {error}", super::error::shown(name)));
        }
    }

    read_settings(&mut scenario, &param, &mut ignored);
    systems::read_state(&mut scenario, &param, &mut ignored);
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
            super::words::grouped((total - kept) as u64)
        ));
    }
    out
}

/// The placement, its settings and the partition table a link names; what cannot be read is
/// left at its default and said.
fn read_settings<'a>(
    scenario: &mut Scenario,
    param: &impl Fn(&str) -> Option<&'a str>,
    ignored: &mut Vec<String>,
) {
    let mut options = scenario.options();
    let read =
        |name: &str, ignored: &mut Vec<String>, set: &mut dyn FnMut(&str) -> Result<(), Error>| {
            if let Some(value) = param(name) {
                if let Err(error) = set(value) {
                    ignored.push(format!("{name}: {error}"));
                }
            }
        };
    read("maglev", ignored, &mut |v| {
        options.maglev_size = check_maglev_size(parse_number(v)?)?;
        Ok(())
    });
    read("partitions", ignored, &mut |v| {
        options.partitions = Some(check_count(parse_number(v)?, scenario.size())?);
        Ok(())
    });
    read("load", ignored, &mut |v| {
        options.load = parse_load(v)?;
        Ok(())
    });
    read("probes", ignored, &mut |v| {
        options.probes = check_probes(parse_number(v)?)?;
        Ok(())
    });
    systems::read_options(&mut options, param, ignored);
    let mut placement = Kind::default();
    read("placement", ignored, &mut |v| {
        let kind: Kind = v.parse()?;
        kind.spec().check_servers(scenario.servers().iter())?;
        placement = kind;
        Ok(())
    });
    let servers = scenario.servers().len();
    let weights: Vec<u32> = scenario.servers().iter().map(Server::weight).collect();
    let mut table = PartitionTable::start(options.partition_count(scenario.size()), &weights);
    read("table", ignored, &mut |v| {
        let parsed = PartitionTable::parse(v, servers)?;
        if parsed.count() != table.count() {
            return Err(Error::BadTable(v.chars().take(40).collect()));
        }
        table = parsed;
        Ok(())
    });
    if let Err(error) = scenario.set_placement_settings(placement, options, table) {
        ignored.push(error.to_string());
    }
}

/// Every server in list order, with the down servers at the places they return to: this list,
/// with the down servers failed in the order they failed, gives back the scenario's.
fn listed_servers(scenario: &Scenario) -> Vec<Server> {
    let live = scenario.servers();
    let mut all = Vec::with_capacity(live.len() + scenario.down().len());
    for place in 0..=live.len() {
        all.extend(
            scenario
                .down()
                .iter()
                .filter(|d| d.index.min(live.len()) == place)
                .map(|d| d.server.clone()),
        );
        all.extend(live.get(place).cloned());
    }
    all
}

/// The timeline's settings a link names; what cannot be read is left at its default and said.
fn read_timing<'a>(
    scenario: &mut Scenario,
    param: &impl Fn(&str) -> Option<&'a str>,
    ignored: &mut Vec<String>,
) {
    let mut timing = Timing::default();
    let mut read = |name: &str, set: &mut dyn FnMut(&str) -> Result<(), Error>| {
        if let Some(value) = param(name) {
            if let Err(error) = set(value) {
                ignored.push(format!("{name}: {error}"));
            }
        }
    };
    read("r", &mut |v| {
        timing.replicas = check_replicas(parse_number(v)?)?;
        Ok(())
    });
    read("restart", &mut |v| {
        timing.restart_after = Some(check_restart_after(parse_number(v)?)?);
        Ok(())
    });
    read("gossip", &mut |v| {
        timing.gossip = check_gossip(parse_number(v)?)?;
        Ok(())
    });
    read("writes", &mut |v| {
        timing.writes = check_writes(parse_number(v)?)?;
        Ok(())
    });
    if let Err(error) = scenario.set_timing(timing) {
        ignored.push(error.to_string());
    }
}

/// The traffic model a link names: popularity, remedies, and hot keys (which must be keys the
/// link holds).
fn read_traffic<'a>(
    scenario: &mut Scenario,
    param: &impl Fn(&str) -> Option<&'a str>,
    ignored: &mut Vec<String>,
) {
    let mut traffic = Traffic::default();
    if let Some(text) = param("traffic") {
        match text.parse::<Popularity>() {
            Ok(Popularity::Measured) => ignored.push(
                "traffic: the counts of your data are not in this link; every key is read equally"
                    .into(),
            ),
            Ok(p) => traffic.popularity = p,
            Err(error) => ignored.push(format!("traffic: {error}")),
        }
    }
    for (name, list) in [
        ("remedy", param("remedy")),
        ("top", param("top").map(|t| format!("top:{t}")).as_deref()),
    ] {
        for text in list
            .unwrap_or_default()
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
        {
            match text.parse::<Remedy>().and_then(check_remedy) {
                Ok(remedy) => traffic.set(remedy),
                Err(error) => {
                    ignored.push(format!("{name} {}: {error}", super::error::shown(text)))
                }
            }
        }
    }
    for text in param("hot")
        .unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
    {
        let read = text
            .rsplit_once('*')
            .ok_or_else(|| Error::NotANumber(text.to_string()))
            .and_then(|(key, times)| {
                let times = check_heat(parse_number(times)?)?;
                let label = Key::parse(key)?.label();
                if scenario.keys().find(&label).is_none() {
                    return Err(Error::NoSuchKey(label));
                }
                Ok((label, times))
            });
        match read {
            Ok((label, times)) if times > 1 => {
                traffic.hot.retain(|(k, _)| *k != label);
                traffic.hot.push((label, times));
            }
            Ok(_) => {}
            Err(error) => ignored.push(format!("hot {}: {error}", super::error::shown(text))),
        }
    }
    if let Err(error) = scenario.set_traffic(traffic) {
        ignored.push(error.to_string());
    }
}

/// A scenario with every server that can be read; the teaching servers when none can.
fn build_servers(
    size: RingSize,
    hash: HashScheme,
    vnodes: u32,
    specs: &[&str],
    ignored: &mut Vec<String>,
) -> Scenario {
    // The whole list at once, as the scenario held it: a hashed point that came to share a
    // hand-placed server's position after that server joined (more virtual nodes, say) is
    // no clash. Only a list that cannot be read whole is read server by server, to name the
    // servers that cannot join.
    let whole: Result<Vec<Server>, Error> = specs
        .iter()
        .map(|text| {
            text.parse::<ServerSpec>()
                .and_then(|spec| spec.on_ring(size))
        })
        .collect();
    if let Ok(servers) = whole {
        if let Ok(scenario) = Scenario::new(size, hash, vnodes, servers) {
            return scenario;
        }
    }
    let mut scenario: Option<Scenario> = None;
    for text in specs {
        let server = text
            .parse::<ServerSpec>()
            .and_then(|spec| spec.on_ring(size));
        let result = match (&mut scenario, server) {
            (_, Err(error)) => Err(error),
            (None, Ok(server)) => Scenario::new(size, hash, vnodes, vec![server]).map(|s| {
                scenario = Some(s);
            }),
            (Some(s), Ok(server)) => {
                let (at, weight) = match server.placement {
                    Placement::At(p) => (Some(u64::from(p)), None),
                    Placement::Hashed { weight } => (None, Some(weight)),
                };
                s.apply(Change::AddServer {
                    name: server.name,
                    at,
                    weight,
                })
                .map(|_| ())
            }
        };
        if let Err(error) = result {
            ignored.push(format!("server {}: {error}", super::error::shown(text)));
        }
    }
    scenario.unwrap_or_else(|| {
        if !specs.is_empty() {
            ignored.push(
                "no server could be read, so the teaching servers A, B and C are used".into(),
            );
        }
        let teaching = vec![
            Server::at("A", 10),
            Server::at("B", 40),
            Server::at("C", 75),
        ];
        Scenario::new(size, hash, vnodes, teaching.clone())
            .or_else(|_| {
                Scenario::new(
                    size,
                    hash,
                    vnodes,
                    vec![
                        Server::hashed("A"),
                        Server::hashed("B"),
                        Server::hashed("C"),
                    ],
                )
            })
            .expect("three hashed servers always fit")
    })
}

fn add_keys(scenario: &mut Scenario, labels: &[&str], ignored: &mut Vec<String>) {
    if labels.is_empty() {
        return;
    }
    let parsed: Result<Vec<Key>, _> = labels.iter().map(|l| Key::parse(l)).collect();
    if let Ok(keys) = parsed {
        if scenario.insert_keys(keys).is_ok() {
            return;
        }
    }
    // Something in the batch is wrong: each key is judged alone (read, on this ring, not given
    // before, not already there), the bad ones are named, and the rest go in as one batch. Key
    // by key insertion would copy the whole set for every key.
    let present: HashSet<Key> = scenario.keys().iter().collect();
    let mut alone = KeySet::new(scenario.size(), scenario.hash());
    let mut seen = HashSet::new();
    let mut good = Vec::new();
    let mut bad = 0;
    for label in labels {
        let judged = Key::parse(label).and_then(|key| {
            if present.contains(&key) || !seen.insert(key.clone()) {
                return Err(Error::DuplicateKey(key.label()));
            }
            alone.insert(vec![key.clone()])?;
            alone = KeySet::new(scenario.size(), scenario.hash());
            Ok(key)
        });
        match judged {
            Ok(key) => good.push(key),
            Err(error) => {
                bad += 1;
                if bad <= 5 {
                    ignored.push(format!("key {}: {error}", super::error::shown(label)));
                }
            }
        }
    }
    if bad > 5 {
        ignored.push(format!("and {} more keys that could not be read", bad - 5));
    }
    if let Err(error) = scenario.insert_keys(good) {
        ignored.push(format!("keys: {error}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_teaching_scenario_round_trips_through_its_link() {
        let scenario = Scenario::teaching();
        let query = write_link(&scenario, None, &[]);
        assert_eq!(
            query,
            "ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5"
        );
        let link = read_link(&query, 1000);
        assert_eq!(link.scenario, scenario);
        assert!(link.ignored.is_empty());
    }

    #[test]
    fn names_with_link_characters_are_encoded_and_read_back() {
        let mut scenario = Scenario::teaching();
        scenario
            .apply(Change::AddKeys {
                keys: vec!["user+1 x&y=z?é".into()],
            })
            .unwrap();
        let query = write_link(&scenario, None, &[]);
        assert!(query.contains("user%2B1%20x%26y%3Dz%3F%C3%A9"), "{query}");
        assert_eq!(read_link(&query, 100).scenario, scenario);
    }

    #[test]
    fn a_hand_written_link_with_a_last_change_replays_it() {
        let link = read_link(
            "?ring=100&servers=A@10,B@40,C@75&keys=@90,@52,@68,@25,@5&then=add:D@60",
            1000,
        );
        let last = link.last.unwrap();
        assert_eq!(last.moved.len(), 1);
        assert_eq!(last.baseline_moved(), 4);
        assert_eq!(link.scenario.servers().len(), 4);
        assert_eq!(link.before.unwrap().servers().len(), 3);
    }

    #[test]
    fn generated_keys_are_written_as_a_count() {
        let mut scenario = Scenario::teaching();
        scenario
            .apply(Change::GenerateKeys { count: 1000 })
            .unwrap();
        scenario
            .apply(Change::DropKey {
                label: "key-500".into(),
            })
            .unwrap();
        let query = write_link(&scenario, None, &[("select".into(), "@52".into())]);
        assert!(query.contains("gen=500"), "{query}");
        let link = read_link(&query, 10_000);
        assert_eq!(link.scenario.keys().len(), scenario.keys().len());
        assert_eq!(link.scenario.ownership(), scenario.ownership());
        assert_eq!(link.extra, vec![("select".to_string(), "@52".to_string())]);
    }

    #[test]
    fn a_tampered_link_keeps_what_it_can_and_says_what_it_dropped() {
        let link = read_link("ring=ten&vnodes=0&servers=A@10,A@20,<b>,B@400,C@75&keys=@52,@52,@999&gen=x&then=explode", 1000);
        let names: Vec<&str> = link
            .scenario
            .servers()
            .iter()
            .map(|s| s.name.as_str())
            .collect();
        assert_eq!(names, vec!["A", "C"]);
        assert_eq!(link.scenario.size(), RingSize::TEACHING);
        assert_eq!(link.scenario.keys().len(), 1);
        assert_eq!(link.ignored.len(), 9, "{:?}", link.ignored);
    }

    #[test]
    fn broken_percent_encoding_is_read_as_far_as_it_goes_and_said() {
        let link = read_link("servers=A@10&keys=%E0%A4%A", 10);
        assert_eq!(link.scenario.keys().len(), 1);
        assert_eq!(link.ignored.len(), 1, "{:?}", link.ignored);
    }

    #[test]
    fn a_link_without_servers_falls_back_to_the_teaching_servers() {
        let link = read_link("servers=,,", 10);
        assert_eq!(link.scenario.servers().len(), 3);
        let link = read_link("", 10);
        assert!(link.ignored.is_empty());
    }

    #[test]
    fn traffic_hot_keys_and_remedies_round_trip_through_the_link() {
        let mut scenario = Scenario::teaching();
        for text in [
            "traffic:zipf:1.1",
            "hot:@52*1000",
            "remedy:copies:3",
            "remedy:near:0.9",
            "remedy:top:5",
        ] {
            scenario.apply(text.parse().unwrap()).unwrap();
        }
        let query = write_link(&scenario, None, &[]);
        assert!(query.contains("traffic=zipf:1.10"), "{query}");
        assert!(query.contains("hot=@52*1000"), "{query}");
        let link = read_link(&query, 100);
        assert!(link.ignored.is_empty(), "{:?}", link.ignored);
        assert_eq!(link.scenario, scenario);
        let tampered = read_link(
            "keys=@5,@52&hot=@999*5,@52*0,@5*7&remedy=copies:9,bounded:1.25&traffic=zipf:9",
            100,
        );
        assert_eq!(tampered.ignored.len(), 4, "{:?}", tampered.ignored);
        assert_eq!(tampered.scenario.traffic().hot, vec![("@5".to_string(), 7)]);
        assert_eq!(tampered.scenario.traffic().bounded, Some(125));
    }

    #[test]
    fn a_parameter_given_many_times_is_read_once_at_its_last_value_and_said() {
        let plain =
            "ring=2^32&vnodes=10&servers=a,b,c&gen=100&then=remove:b&select=key-3&view=compare";
        let once = read_link(plain, 1000);
        let repeated: Vec<String> = plain
            .split('&')
            .map(|pair| vec![pair; 1000].join("&"))
            .collect();
        let link = read_link(&repeated.join("&"), 1000);
        assert_eq!(link.scenario, once.scenario);
        assert_eq!(link.extra, once.extra);
        assert_eq!(link.ignored.len(), 7, "{:?}", link.ignored);
        assert_eq!(
            link.ignored[0],
            "ring: given 1,000 times; only the last is read"
        );
        // Pairs with no name are no parameter, however often they come.
        assert!(read_link("=x&=y&&=", 10).ignored.is_empty());
        // The last value wins.
        let last = read_link("servers=a,b&servers=x,y,z", 10);
        assert_eq!(last.scenario.servers().len(), 3);
    }

    #[test]
    fn a_link_says_at_most_twenty_things_each_in_a_line() {
        let servers: Vec<String> = (0..600)
            .map(|i| format!("<{i}>{}", "x".repeat(300)))
            .collect();
        let link = read_link(&format!("servers={}", servers.join(",")), 10);
        assert_eq!(link.ignored.len(), MAX_NOTES);
        assert!(
            link.ignored.iter().all(|n| n.chars().count() <= 201),
            "{:?}",
            link.ignored
        );
        assert_eq!(
            link.ignored[MAX_NOTES - 1],
            "and 582 more parts that could not be read"
        );
    }

    #[test]
    fn a_link_cannot_ask_for_more_keys_than_the_caller_allows() {
        let link = read_link("gen=5000", 100);
        assert_eq!(link.scenario.keys().len(), 100);
        assert_eq!(link.ignored.len(), 1);
    }
}
