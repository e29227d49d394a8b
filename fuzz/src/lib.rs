//! What Ringlab's fuzz targets share: the contract every reader is held to, scenarios and
//! changes built from the fuzzer's bytes, and the test suite's naive oracles.
//!
//! The contract, checked inside each target:
//! - nothing panics (libFuzzer reports any panic as a crash);
//! - nothing loops or allocates without bound: `scripts/fuzz.sh` runs every target with
//!   `-timeout=1` (an input answered in over a second is a finding) and `-rss_limit_mb=2048`,
//!   and feeds it inputs of a megabyte;
//! - a refusal is an [`Error`] whose words [`words`] accepts: a sentence, short, that repeats
//!   at most the start of a person's text;
//! - a reader that accepts an input writes it back to a text that reads again to the same
//!   value, where the format allows;
//! - [`Scenario::apply`] either refuses and leaves the scenario equal to before, or gives an
//!   outcome whose moved keys equal a naive recomputation ([`check_outcome`]).

use arbitrary::Arbitrary;
use ringlab::core::placement::systems::{
    cassandra, elasticsearch, envoy, groupcache, haproxy, kafka, redis, twemproxy, SystemVerb,
};
use ringlab::core::placement::Setting;
use ringlab::core::{
    hundredths_text, Change, Error, HashScheme, Key, Kind, NewServer, Outcome, Placement, Scenario,
    Server,
};

#[path = "../../tests/common/mod.rs"]
#[allow(dead_code, missing_docs, clippy::all)]
pub mod common;

/// The longest refusal or note, in characters: a few sentences.
pub const MAX_WORDS: usize = 600;

/// Checks that `text` is a refusal in words: not empty, with letters, at most [`MAX_WORDS`]
/// characters (so a megabyte of input is never repeated back), with no debug output in it
/// outside what it quotes.
pub fn words(text: &str) {
    words_about(text, "");
}

/// [`words`] for a refusal or a note about `input`, which it may repeat the start of: a debug
/// marker (`None`, `panicked`, …) that `input` holds may be the person's own text, a server
/// named `None` for instance, and is not counted.
pub fn words_about(text: &str, input: &str) {
    assert!(!text.trim().is_empty(), "a refusal without words");
    assert!(
        text.chars().any(char::is_alphabetic),
        "a refusal without words: {text:?}"
    );
    let count = text.chars().count();
    assert!(
        count <= MAX_WORDS,
        "a refusal of {count} characters: {:?}…",
        text.chars().take(200).collect::<String>()
    );
    // A person's text quoted in the refusal may hold anything: only the words round it are
    // checked for debug output.
    let own_words = outside_quotes(text);
    for debug in [
        "Error::", "Some(", "None", "Err(", "Ok(", "unwrap", "panicked",
    ] {
        assert!(
            !own_words.contains(debug) || input.contains(debug),
            "debug output in a refusal: {text:?}"
        );
    }
}

/// `text` without what it quotes: each `"…"` span, a `\"` inside one not closing it, becomes
/// `""`.
fn outside_quotes(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut quoted = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '\\') => {
                chars.next();
            }
            (_, '"') => {
                quoted = !quoted;
                out.push('"');
            }
            (true, _) => {}
            (false, c) => out.push(c),
        }
    }
    out
}

/// Where two values' debug forms first differ, a few lines around it: what a failed round trip
/// says, so that a finding shows what was lost.
pub fn first_difference<T: std::fmt::Debug>(a: &T, b: &T) -> String {
    let (a, b) = (format!("{a:#?}"), format!("{b:#?}"));
    let (a, b): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    let at = a
        .iter()
        .zip(&b)
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(b.len()));
    let from = at.saturating_sub(3);
    let clip = |lines: &[&str]| -> String {
        lines
            .iter()
            .skip(from)
            .take(6)
            .map(|l| l.chars().take(160).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    };
    format!("at line {at}:\n{}\n-- against --\n{}", clip(&a), clip(&b))
}

/// [`words`] for an engine refusal.
pub fn refusal(error: &Error) {
    words(&error.to_string());
}

/// A ring size, biased towards the sizes people use.
#[derive(Debug, Arbitrary)]
pub enum SizeSeed {
    /// The teaching ring, 0 to 99.
    Teaching,
    /// The full 2^32 ring.
    Full,
    /// A small ring, where points collide.
    Small(u8),
    /// Any size the fuzzer likes.
    Any(u32),
}

/// A server of a starting scenario.
#[derive(Debug, Arbitrary)]
pub struct ServerSeed {
    name: NameSeed,
    at: Option<u32>,
    weight: u8,
}

/// A name, mostly from a small pool so that changes meet the servers and keys they name.
#[derive(Debug, Arbitrary)]
pub enum NameSeed {
    /// One of a few names.
    Pool(u8),
    /// Any text.
    Any(String),
}

const NAMES: [&str; 10] = [
    "A", "B", "C", "D", "E", "F", "tokyo", "osaka", "web-1", "key-3",
];

impl NameSeed {
    fn text(&self) -> String {
        match self {
            NameSeed::Pool(i) => NAMES[*i as usize % NAMES.len()].to_string(),
            NameSeed::Any(text) => text.clone(),
        }
    }
}

/// A starting scenario: a ring, a hash, virtual nodes, servers, keys and a placement, small
/// enough for the naive oracles.
#[derive(Debug, Arbitrary)]
pub struct ScenarioSeed {
    size: SizeSeed,
    hash: u8,
    vnodes: u8,
    servers: Vec<ServerSeed>,
    generated: u16,
    keys: Vec<KeySeed>,
    placement: u8,
    /// A small maglev table (the oracle builds whole permutations).
    maglev: u8,
}

/// A key: generated, named or placed by hand.
#[derive(Debug, Arbitrary)]
pub enum KeySeed {
    /// `key-N`.
    Generated(u16),
    /// A name.
    Named(NameSeed),
    /// `@P`.
    At(u32),
}

impl KeySeed {
    fn label(&self) -> String {
        match self {
            KeySeed::Generated(n) => format!("key-{n}"),
            KeySeed::Named(name) => name.text(),
            KeySeed::At(p) => format!("@{p}"),
        }
    }
}

/// Small primes for maglev's table.
const PRIMES: [u32; 6] = [5, 7, 11, 31, 251, 1021];

impl ScenarioSeed {
    /// The scenario this seed describes, as far as the engine takes it; the teaching ring when
    /// it takes none of it.
    pub fn build(&self) -> Scenario {
        let size = match self.size {
            SizeSeed::Teaching => 100,
            SizeSeed::Full => 1 << 32,
            SizeSeed::Small(n) => u64::from(n).max(2),
            SizeSeed::Any(n) => u64::from(n),
        };
        let hash = [
            HashScheme::Md5First32,
            HashScheme::Md5Low32,
            HashScheme::JavaHashCode,
        ][self.hash as usize % 3];
        let vnodes = u32::from(self.vnodes % 12) + 1;
        let servers: Vec<Server> = self
            .servers
            .iter()
            .take(8)
            .map(|s| match s.at {
                Some(at) => Server::at(&s.name.text(), at % size.clamp(1, 1 << 31) as u32),
                None => Server {
                    name: s.name.text(),
                    placement: Placement::Hashed {
                        weight: u32::from(s.weight % 4) + 1,
                    },
                },
            })
            .collect();
        let Ok(ring) = ringlab::core::RingSize::new(size) else {
            return Scenario::teaching();
        };
        let Ok(mut scenario) = Scenario::new(ring, hash, vnodes, servers) else {
            return Scenario::teaching();
        };
        let _ = scenario.apply(Change::GenerateKeys {
            count: usize::from(self.generated % 200),
        });
        let labels: Vec<String> = self.keys.iter().take(40).map(KeySeed::label).collect();
        if !labels.is_empty() {
            // One by one: a key the engine refuses leaves the others in.
            for label in labels {
                let _ = scenario.apply(Change::AddKeys { keys: vec![label] });
            }
        }
        let _ = scenario.apply(Change::set(
            Setting::MaglevSize,
            PRIMES[self.maglev as usize % PRIMES.len()],
        ));
        let kind = Kind::ALL[self.placement as usize % Kind::ALL.len()];
        let _ = scenario.apply(Change::SetPlacement { placement: kind });
        scenario
    }
}

/// A change, mostly with values the scenario's servers and keys can take.
#[derive(Debug, Arbitrary)]
#[allow(missing_docs)]
pub enum ChangeSeed {
    AddServer {
        name: NameSeed,
        at: Option<u64>,
        weight: Option<u8>,
    },
    RemoveServer(NameSeed),
    SetVnodes(u16),
    SetWeight(NameSeed, u8),
    MovePoint(NameSeed, u64),
    AddKeys(Vec<KeySeed>),
    GenerateKeys(u16),
    DropKey(KeySeed),
    ClearKeys,
    SetRingSize(SizeSeed),
    SetHash(u8),
    SetPlacement(u8),
    SetMaglevSize(u32),
    SetPartitions(u16),
    SetLoadFactor(u16),
    SetProbes(u8),
    SetPopularity(u16),
    MakeHot(KeySeed, u32),
    SetRemedy(String),
    FailServer(NameSeed),
    RestartServer(NameSeed),
    SetReplicas(u8),
    SetRestartDelay(Option<u32>),
    SetGossip(u16),
    SetWrites(u64),
    SetServers(Vec<(NameSeed, Option<u64>, Option<u8>)>),
    HashPlaced,
    Rebalance(bool, u16, Vec<(NameSeed, u16)>),
    Reshard(u16, Vec<NameSeed>, NameSeed),
    CreateTopic(u16),
    AddPartitions(u8),
    /// `index:` with this text: `3`, `3/96`, `4/4/9.4`.
    CreateIndex(String),
    SplitIndex(u8),
    ShrinkIndex(u8),
    SetNumTokens(u16),
    SetTokenSeed(u64),
    SetMinRing(u32),
    SetGroupcacheReplicas(u16),
    /// HAProxy's hash function (one of its four, or any text) and whether avalanche follows.
    SetHashType(u8, bool, Option<String>),
    /// twemproxy's hash: one of its names, or any text.
    SetNutcrackerHash(u8, Option<String>),
    /// twemproxy's `hash_tag:`.
    SetHashTag(String),
    /// A real system as the placement.
    SetSystem(u8),
    /// Any change text.
    Text(String),
}

impl ChangeSeed {
    /// The change, or `None` when its text does not read as one.
    pub fn change(&self) -> Option<Change> {
        Some(match self {
            ChangeSeed::AddServer { name, at, weight } => Change::AddServer {
                name: name.text(),
                at: *at,
                weight: weight.map(|w| u32::from(w % 12)),
            },
            ChangeSeed::RemoveServer(name) => Change::RemoveServer { name: name.text() },
            ChangeSeed::SetVnodes(v) => Change::SetVnodes {
                vnodes: u32::from(*v % 1100),
            },
            ChangeSeed::SetWeight(name, w) => Change::SetWeight {
                name: name.text(),
                weight: u32::from(*w % 12),
            },
            ChangeSeed::MovePoint(name, to) => Change::MovePoint {
                name: name.text(),
                to: *to,
            },
            ChangeSeed::AddKeys(keys) => Change::AddKeys {
                keys: keys.iter().take(50).map(KeySeed::label).collect(),
            },
            ChangeSeed::GenerateKeys(n) => Change::GenerateKeys {
                count: usize::from(*n % 300),
            },
            ChangeSeed::DropKey(key) => Change::DropKey { label: key.label() },
            ChangeSeed::ClearKeys => Change::ClearKeys,
            ChangeSeed::SetRingSize(size) => Change::SetRingSize {
                size: match size {
                    SizeSeed::Teaching => 100,
                    SizeSeed::Full => 1 << 32,
                    SizeSeed::Small(n) => u64::from(*n),
                    SizeSeed::Any(n) => u64::from(*n),
                },
            },
            ChangeSeed::SetHash(h) => Change::SetHash {
                hash: [
                    HashScheme::Md5First32,
                    HashScheme::Md5Low32,
                    HashScheme::JavaHashCode,
                ][*h as usize % 3],
            },
            ChangeSeed::SetPlacement(k) => Change::SetPlacement {
                placement: Kind::ALL[*k as usize % Kind::ALL.len()],
            },
            ChangeSeed::SetMaglevSize(m) => Change::set(
                Setting::MaglevSize,
                if m % 2 == 0 {
                    PRIMES[*m as usize / 2 % PRIMES.len()]
                } else {
                    *m
                },
            ),
            ChangeSeed::SetPartitions(p) => Change::set(Setting::Partitions, p),
            ChangeSeed::SetLoadFactor(c) => {
                Change::set(Setting::Load, hundredths_text(u32::from(*c)))
            }
            ChangeSeed::SetProbes(k) => Change::set(Setting::Probes, k),
            ChangeSeed::SetPopularity(s) => {
                return format!("traffic:zipf:{}.{:02}", s / 100, s % 100)
                    .parse()
                    .ok()
            }
            ChangeSeed::MakeHot(key, times) => Change::MakeHot {
                key: key.label(),
                times: *times,
            },
            ChangeSeed::SetRemedy(text) => return format!("remedy:{text}").parse().ok(),
            ChangeSeed::FailServer(name) => Change::FailServer { name: name.text() },
            ChangeSeed::RestartServer(name) => Change::RestartServer { name: name.text() },
            ChangeSeed::SetReplicas(r) => Change::SetReplicas {
                count: u32::from(*r),
            },
            ChangeSeed::SetRestartDelay(s) => Change::SetRestartDelay { seconds: *s },
            ChangeSeed::SetGossip(s) => Change::SetGossip {
                seconds: u32::from(*s),
            },
            ChangeSeed::SetWrites(w) => Change::SetWrites { per_second: *w },
            ChangeSeed::SetServers(servers) => Change::SetServers {
                servers: servers
                    .iter()
                    .take(8)
                    .map(|(name, at, weight)| NewServer {
                        name: name.text(),
                        at: *at,
                        weight: weight.map(|w| u32::from(w % 12)),
                    })
                    .collect(),
            },
            ChangeSeed::HashPlaced => Change::HashPlaced,
            ChangeSeed::Rebalance(use_empty_masters, threshold, weights) => {
                Change::system(redis::Verb::Rebalance {
                    use_empty_masters: *use_empty_masters,
                    threshold: u32::from(*threshold),
                    weights: weights
                        .iter()
                        .take(8)
                        .map(|(name, w)| (name.text(), u32::from(*w)))
                        .collect(),
                })
            }
            ChangeSeed::Reshard(slots, from, to) => Change::system(redis::Verb::Reshard {
                slots: u32::from(*slots),
                from: from.iter().take(8).map(NameSeed::text).collect(),
                to: to.text(),
            }),
            ChangeSeed::CreateTopic(p) => Change::system(kafka::Verb::CreateTopic {
                partitions: u32::from(*p % 2000),
            }),
            ChangeSeed::AddPartitions(n) => Change::system(kafka::Verb::AddPartitions {
                count: u32::from(*n),
            }),
            ChangeSeed::CreateIndex(text) => return format!("index:{text}").parse().ok(),
            ChangeSeed::SplitIndex(n) => Change::system(elasticsearch::Verb::SplitIndex {
                shards: u32::from(*n),
            }),
            ChangeSeed::ShrinkIndex(n) => Change::system(elasticsearch::Verb::ShrinkIndex {
                shards: u32::from(*n),
            }),
            ChangeSeed::SetNumTokens(n) => {
                Change::set(Setting::System(&cassandra::TOKENS_PER_NODE), n % 1100)
            }
            ChangeSeed::SetTokenSeed(seed) => {
                Change::set(Setting::System(&cassandra::TOKEN_SEED), seed)
            }
            // A small ring keeps an input quick: Envoy's rings are built for every key's move.
            ChangeSeed::SetMinRing(n) => {
                Change::set(Setting::System(&envoy::MINIMUM_RING_SIZE), n % 20_000)
            }
            ChangeSeed::SetGroupcacheReplicas(n) => {
                Change::set(Setting::System(&groupcache::POINTS_PER_NODE), n % 1100)
            }
            ChangeSeed::SetHashType(f, avalanche, text) => {
                use ringlab::core::placement::systems::haproxy::HashType;
                let names = ["sdbm", "djb2", "wt6", "crc32"];
                let name = names[*f as usize % names.len()];
                let words = match text {
                    Some(text) => text.clone(),
                    None if *avalanche => format!("consistent {name} avalanche"),
                    None => format!("consistent {name}"),
                };
                Change::set(
                    Setting::System(&haproxy::HASH_TYPE),
                    HashType::parse(&words).ok()?,
                )
            }
            ChangeSeed::SetNutcrackerHash(h, text) => {
                use ringlab::core::placement::systems::twemproxy::Hash;
                Change::set(
                    Setting::System(&twemproxy::POOL_HASH),
                    match text {
                        Some(text) => text.clone(),
                        None => Hash::ALL[*h as usize % Hash::ALL.len()].name().to_string(),
                    },
                )
            }
            ChangeSeed::SetHashTag(tag) => Change::set(Setting::System(&twemproxy::HASH_TAG), tag),
            ChangeSeed::SetSystem(k) => Change::SetPlacement {
                placement: Kind::SYSTEMS[*k as usize % Kind::SYSTEMS.len()],
            },
            ChangeSeed::Text(text) => return text.parse().ok(),
        })
    }
}

/// Every variant of [`Change`] has a seed: a new variant fails to compile here until it has
/// one too.
pub fn seeded(change: &Change) -> &'static str {
    match change {
        Change::AddServer { .. } => "AddServer",
        Change::RemoveServer { .. } => "RemoveServer",
        Change::SetVnodes { .. } => "SetVnodes",
        Change::SetWeight { .. } => "SetWeight",
        Change::MovePoint { .. } => "MovePoint",
        Change::AddKeys { .. } => "AddKeys",
        Change::GenerateKeys { .. } => "GenerateKeys",
        Change::DropKey { .. } => "DropKey",
        Change::ClearKeys => "ClearKeys",
        Change::SetRingSize { .. } => "SetRingSize",
        Change::SetHash { .. } => "SetHash",
        Change::SetPlacement { .. } => "SetPlacement",
        Change::SetPopularity { .. } => "SetPopularity",
        Change::MakeHot { .. } => "MakeHot",
        Change::SetRemedy { .. } => "SetRemedy",
        Change::FailServer { .. } => "FailServer",
        Change::RestartServer { .. } => "RestartServer",
        Change::SetReplicas { .. } => "SetReplicas",
        Change::SetRestartDelay { .. } => "SetRestartDelay",
        Change::SetGossip { .. } => "SetGossip",
        Change::SetWrites { .. } => "SetWrites",
        Change::SetServers { .. } => "SetServers",
        Change::HashPlaced => "HashPlaced",
        Change::Set { setting, .. } => match setting {
            Setting::MaglevSize => "SetMaglevSize",
            Setting::Partitions => "SetPartitions",
            Setting::Load => "SetLoadFactor",
            Setting::Probes => "SetProbes",
            // A system's settings are seeded one by one above, each in a range kept quick.
            Setting::System(setting) => setting.param,
        },
        Change::System(SystemVerb::Redis(verb)) => match verb {
            redis::Verb::Rebalance { .. } => "Rebalance",
            redis::Verb::Reshard { .. } => "Reshard",
        },
        Change::System(SystemVerb::Kafka(verb)) => match verb {
            kafka::Verb::CreateTopic { .. } => "CreateTopic",
            kafka::Verb::AddPartitions { .. } => "AddPartitions",
        },
        Change::System(SystemVerb::Elasticsearch(verb)) => match verb {
            elasticsearch::Verb::CreateIndex { .. } => "CreateIndex",
            elasticsearch::Verb::SplitIndex { .. } => "SplitIndex",
            elasticsearch::Verb::ShrinkIndex { .. } => "ShrinkIndex",
        },
    }
}

/// Every key's server under `kind`, by name, worked out by the naive oracles. The real
/// systems have no naive oracle here (`tests/systems/` checks each against its own published
/// vectors): their owners are the engine's own placement, key by key, so that the check is
/// that the moves an outcome reports are exactly the keys whose owner differs.
pub fn naive_owners(scenario: &Scenario, kind: Kind) -> Vec<String> {
    use common::oracles;
    let options = scenario.options();
    match kind {
        kind if kind.is_system() => {
            let placed = scenario.place(kind);
            let keys = scenario.keys();
            (0..keys.len() as u32)
                .map(|id| placed.names()[placed.owner_of_key(keys, id)].to_string())
                .collect()
        }
        Kind::Ring => common::ring_owners(scenario),
        Kind::ModN => common::mod_n_owners(scenario),
        Kind::Ketama => oracles::ketama_owners(scenario),
        Kind::Rendezvous => oracles::rendezvous_owners(scenario),
        Kind::Jump => oracles::jump_owners(scenario),
        Kind::Maglev => oracles::maglev_owners(scenario, options.maglev_size),
        Kind::Table => oracles::table_owners(scenario),
        Kind::Bounded => oracles::bounded_owners(scenario, options.load),
        Kind::MultiProbe => oracles::multi_probe_owners(scenario, options.probes),
        _ => unreachable!("every other placement is a real system"),
    }
}

/// Checks an accepted change's outcome: when it moved keys between servers, the keys it says
/// moved (under the chosen placement, and under the one it is compared with) are exactly the
/// keys whose naive owner differs before and after; otherwise it says none moved. Its sentences
/// are words ([`words_about`] the change, `about`, whose names they may repeat).
pub fn check_outcome(before: &Scenario, after: &Scenario, outcome: &Outcome, about: &str) {
    for note in &outcome.notes {
        words_about(note, about);
    }
    words_about(&outcome.headline, about);
    if !outcome.moves_keys {
        assert!(
            outcome.moved.is_empty(),
            "a change that moves no keys between servers says some moved"
        );
        return;
    }
    assert_eq!(
        before.keys().len(),
        after.keys().len(),
        "a change that moves keys keeps them"
    );
    // Keys placed by hand move with a ring that changes size (`@10` of 0-99 becomes
    // `@429496730` of 2^32), keeping their ids; otherwise every key stays as it was.
    if before.size() == after.size() {
        let same_keys: Vec<Key> = before.keys().iter().collect();
        assert_eq!(same_keys, after.keys().iter().collect::<Vec<Key>>());
    }
    let mut kinds = vec![(outcome.placement, &outcome.moved)];
    if let Some(baseline) = &outcome.baseline {
        kinds.push((baseline.kind, &baseline.moved));
    }
    for (kind, moved) in kinds {
        let expected =
            common::compare_owners(&naive_owners(before, kind), &naive_owners(after, kind));
        if let Err(problem) = common::moves_match(moved, &expected) {
            panic!("under {kind}: {problem}");
        }
    }
}

/// Applies `change` to `scenario` and holds the door to its contract: a refusal in words that
/// leaves the scenario exactly as it was, or an outcome that [`check_outcome`] accepts.
pub fn apply_checked(scenario: &mut Scenario, change: Change) {
    let before = scenario.clone();
    let _ = seeded(&change);
    match scenario.apply(change.clone()) {
        Err(error) => {
            words_about(&error.to_string(), &format!("{change:?}"));
            assert!(
                *scenario == before,
                "{change:?} was refused but changed the scenario"
            );
        }
        Ok(outcome) => check_outcome(&before, scenario, &outcome, &format!("{change:?}")),
    }
}
