//! The real librdkafka, checked against Ringlab: `tests/real/librdkafka_partitions.c` is
//! compiled against Debian's librdkafka into a temporary folder, starts librdkafka's own mock
//! cluster inside its process (three brokers listening on 127.0.0.1 only), creates topics of 3,
//! 12 and 50 partitions and sends every key to each; the partition of every delivery report
//! must be Ringlab's. The default partitioner (consistent_random) is checked against
//! `kafka-librdkafka`, `partitioner=murmur2_random` against `kafka` (the Java client's murmur2).
//! Each key is checked through `ringlab::core::placement::systems::kafka`'s functions and, when
//! it is a key Ringlab can hold, through a scenario read from a link, as a user builds it. The
//! compiler and the program have hard time limits, and the folder is removed when the test
//! ends, passed or failed. Without a C compiler or librdkafka's headers
//! (`scripts/setup.sh --real-servers` installs Debian's `librdkafka-dev`) each test says so and
//! passes without checking.

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use ringlab::core::placement::systems::kafka::{java_partition, librdkafka_partition};
use ringlab::core::placement::systems::Coordinate;
use ringlab::core::{check_label, read_link, Change, Key};

const SECOND: Duration = Duration::from_secs(1);

/// The topics the program creates, by partition count.
const TOPICS: [u32; 3] = [3, 12, 50];

/// The first of `candidates` that exists.
fn first_existing(candidates: &[&str]) -> Option<PathBuf> {
    candidates.iter().map(PathBuf::from).find(|p| p.exists())
}

/// A temporary folder, removed on drop whether the test passed or panicked.
struct Folder(PathBuf);

impl Folder {
    fn new(name: &str) -> Folder {
        let dir = std::env::temp_dir().join(format!("ringlab-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        Folder(dir)
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// What a finished program left: its exit status, standard output and standard error.
struct Finished {
    status: ExitStatus,
    stdout: Vec<u8>,
    stderr: String,
}

/// Runs `program` with `args`, `input` on its standard input, killing it after `limit`.
fn run(program: &Path, args: &[&str], input: Vec<u8>, limit: Duration) -> Finished {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{} starts: {e}", program.display()));
    let mut stdin = child.stdin.take().expect("stdin is piped");
    std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let out = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = stdout.read_to_end(&mut bytes);
        bytes
    });
    let mut stderr = child.stderr.take().expect("stderr is piped");
    let err = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("the child can be waited for") {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{} {args:?} took more than {limit:?}", program.display());
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Finished {
        status,
        stdout: out.join().expect("the output is read"),
        stderr: err.join().expect("the errors are read"),
    }
}

/// The keys sent, all different, none holding a newline: Ringlab's generated keys, every
/// printable ASCII character alone, words of every length from 2 to 64 bytes and longer ones,
/// keys as users write them, UTF-8 text, librdkafka's and Kafka's own test keys, the empty key,
/// bytes that are no UTF-8, and pseudo-random bytes of every tail length.
fn key_bytes() -> Vec<Vec<u8>> {
    let mut keys: Vec<Vec<u8>> = (0..1000).map(|i| format!("key-{i}").into_bytes()).collect();
    keys.extend((0x20u8..0x7f).map(|b| vec![b]));
    let alphabet = b"abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-_";
    keys.extend((2..=64).map(|n| alphabet.iter().copied().cycle().take(n).collect()));
    keys.extend(
        [100, 255, 256, 1000, 4096].map(|n| (0..n).map(|i| b'z' - (i % 26) as u8).collect()),
    );
    let texts = [
        // As users write them, some with what Ringlab would trim or refuse.
        "user:1000",
        "user:1001",
        "{user1}.following",
        "order/2024-06-01/17",
        "@52",
        "key-007",
        "foo bar",
        " leading space",
        "trailing space ",
        "tab\there",
        "a,b",
        "nul\0inside",
        // UTF-8: two-, three- and four-byte characters, composed and decomposed.
        "ñ",
        "é",
        "e\u{301}",
        "ß",
        "€",
        "漢字",
        "🙂",
        "𝄞",
        "Ærøskøbing",
        "Zürich-7",
        "ключ",
        "κλειδί",
        "مفتاح",
        "日本語のキー",
        "naïve café",
        "ÿÿÿÿÿ",
        // librdkafka's tests/0048-partitioner.c and src/rdmurmur2.c, Kafka's UtilsTest.
        "",
        "23456",
        "this is another string with more length to it perhaps",
        "hejsan",
        "kafka",
        "giberish123456789",
        "1234",
        "234",
        "34",
        "PreAmbleWillBeRemoved,ThePrePartThatIs",
        "21",
        "foobar",
        "a-little-bit-long-string",
        "a-little-bit-longer-string",
        "lkjh234lh9fiuh90y23oiuhsafujhadof229phr9h19h89h8",
        "abc",
    ];
    keys.extend(texts.map(|t| t.as_bytes().to_vec()));
    // No UTF-8: high bytes alone and in every tail position.
    keys.extend(
        [
            &[0xff][..],
            &[0x80],
            &[0xc3],
            &[0xfe, 0xff],
            &[0x80, 0x81, 0x82],
            &[0xff; 4],
            &[0xff; 5],
            &[0x00],
            &[0x00, 0x00],
            &[0x7f, 0x80, 0xff, 0x01, 0xfe, 0x02, 0xfd],
        ]
        .map(<[u8]>::to_vec),
    );
    // Pseudo-random bytes (xorshift), 1 to 48 of them, any byte but a newline.
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..200 {
        let len = 1 + (next() % 48) as usize;
        let key: Vec<u8> = (0..len)
            .map(|_| next() as u8)
            .map(|b| if b == b'\n' { b'N' } else { b })
            .collect();
        keys.push(key);
    }
    let mut seen = std::collections::BTreeSet::new();
    keys.retain(|k| seen.insert(k.clone()));
    keys
}

/// The key as text when it is a key Ringlab can hold unchanged, as a user would type it.
fn as_label(key: &[u8]) -> Option<&str> {
    let text = std::str::from_utf8(key).ok()?;
    let parsed = Key::parse(text).ok()?;
    (parsed.label() == text).then_some(text)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Vec<u8> {
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).expect("hex"))
        .collect()
}

/// A key for a failure message: its text when it is UTF-8, its bytes in hex as well.
fn shown(key: &[u8]) -> String {
    format!("{:?} ({})", String::from_utf8_lossy(key), hex(key))
}

/// What the real librdkafka did with every key under one partitioner.
struct Deliveries {
    version: String,
    /// Each topic's partition count as the producer's metadata reported it, by the count asked.
    topics: BTreeMap<u32, u32>,
    /// Per topic (by partition count), each key's partitions, one per delivery.
    partitions: BTreeMap<u32, BTreeMap<Vec<u8>, Vec<u32>>>,
    delivered: usize,
}

/// Compiles the program and runs it on `keys` with `partitioner`; `None`, said on stderr, when
/// there is no C compiler or no librdkafka headers.
fn deliveries(partitioner: &str, keys: &[Vec<u8>]) -> Option<Deliveries> {
    let compiler = first_existing(&[
        "/usr/bin/cc",
        "/usr/bin/gcc",
        "/usr/local/bin/cc",
        "/usr/local/bin/gcc",
    ]);
    let header = first_existing(&[
        "/usr/include/librdkafka/rdkafka_mock.h",
        "/usr/local/include/librdkafka/rdkafka_mock.h",
    ]);
    let (Some(compiler), Some(_)) = (compiler, header) else {
        eprintln!("SKIPPED: no C compiler or no librdkafka headers (scripts/setup.sh --real-servers installs Debian's librdkafka-dev); the real librdkafka test of the {partitioner} partitioner did not run.");
        return None;
    };
    let folder = Folder::new(&format!("librdkafka-{partitioner}"));
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/real/librdkafka_partitions.c");
    let program = folder.0.join("librdkafka_partitions");
    let source_text = source.display().to_string();
    let program_text = program.display().to_string();
    let built = run(
        &compiler,
        &[
            "-std=gnu99",
            "-O1",
            "-Wall",
            "-Wextra",
            "-o",
            &program_text,
            &source_text,
            "-lrdkafka",
        ],
        Vec::new(),
        60 * SECOND,
    );
    assert!(
        built.status.success(),
        "{} compiles:\n{}",
        source.display(),
        built.stderr
    );

    let input: Vec<u8> = keys
        .iter()
        .flat_map(|k| k.iter().copied().chain([b'\n']))
        .collect();
    let ran = run(&program, &[partitioner], input, 120 * SECOND);
    assert!(
        ran.status.success(),
        "the program ends well ({}):\n{}",
        ran.status,
        ran.stderr
    );
    let out = String::from_utf8(ran.stdout).expect("the program writes text");
    let mut found = Deliveries {
        version: String::new(),
        topics: BTreeMap::new(),
        partitions: BTreeMap::new(),
        delivered: 0,
    };
    for line in out.lines() {
        let fields: Vec<&str> = line.split(' ').collect();
        match fields.as_slice() {
            ["version", version] => found.version = version.to_string(),
            ["topic", p, name, count] if *p == partitioner => {
                let asked: u32 = name
                    .strip_prefix("ringlab-")
                    .and_then(|n| n.parse().ok())
                    .unwrap_or_else(|| panic!("a topic of ours: {line}"));
                found.topics.insert(asked, count.parse().expect("a count"));
            }
            ["delivered", p, count, partition, key] if *p == partitioner => {
                found
                    .partitions
                    .entry(count.parse().expect("a count"))
                    .or_default()
                    .entry(unhex(key))
                    .or_default()
                    .push(partition.parse().expect("a partition"));
            }
            ["done", p, n] if *p == partitioner => {
                found.delivered = n.parse().expect("a count");
            }
            _ => panic!("a line the program should not print: {line:?}"),
        }
    }
    Some(found)
}

/// Checks every delivery of `partitioner` against `engine` and against the scenario of
/// `placement`; returns how many keys were compared per topic and how many of them also as
/// scenario keys.
fn compare(
    partitioner: &str,
    placement: &str,
    engine: fn(&[u8], u32) -> u32,
) -> Option<(Deliveries, usize, usize)> {
    let keys = key_bytes();
    let real = deliveries(partitioner, &keys)?;
    assert!(!real.version.is_empty(), "the program says its version");
    let asked: BTreeMap<u32, u32> = TOPICS.iter().map(|&p| (p, p)).collect();
    assert_eq!(
        real.topics, asked,
        "each topic has the partitions asked for"
    );
    assert_eq!(real.delivered, keys.len() * TOPICS.len(), "every record");

    // librdkafka's default partitioner does not hash a key of zero bytes: it goes to the sticky
    // partition, as a record without a key does. Ringlab never holds an empty key.
    let hashed = |key: &[u8]| !(key.is_empty() && partitioner == "default");
    assert!(check_label("").is_err());

    let labels: Vec<String> = keys
        .iter()
        .filter_map(|k| as_label(k))
        .map(String::from)
        .collect();
    let mut differ = Vec::new();
    for &p in &TOPICS {
        let got = &real.partitions[&p];
        assert_eq!(got.len(), keys.len(), "every key reached the topic of {p}");
        for key in &keys {
            let partitions = &got[key];
            assert_eq!(partitions.len(), 1, "{} delivered once", shown(key));
            let partition = partitions[0];
            assert!(partition < p, "{} on {partition} of {p}", shown(key));
            let ours = engine(key, p);
            if hashed(key) && ours != partition {
                differ.push(format!(
                    "{} of {p}: librdkafka {partition}, Ringlab {ours}",
                    shown(key)
                ));
            }
        }

        // The same keys in a scenario read from a link, placed by the engine a user drives.
        let read = read_link(
            &format!("ring=2^32&servers=b1,b2,b3&placement={placement}&topic={p}"),
            10_000,
        );
        assert!(read.ignored.is_empty(), "{:?}", read.ignored);
        let mut scenario = read.scenario;
        scenario
            .apply(Change::AddKeys {
                keys: labels.clone(),
            })
            .expect("the keys are added");
        let set = scenario.keys();
        assert_eq!(set.len(), labels.len(), "every label is a key of its own");
        let placed = scenario.placed();
        for id in 0..set.len() as u32 {
            let label = set.label(id);
            let Some(Coordinate::Partition(ours)) = placed.coordinate(set, id) else {
                panic!("{label:?} has a partition under {placement}");
            };
            let partition = got[label.as_bytes()][0];
            if ours != partition {
                differ.push(format!(
                    "{label:?} of {p} in a scenario: librdkafka {partition}, Ringlab {ours}"
                ));
            }
        }
    }
    assert!(
        differ.is_empty(),
        "{} deliveries differ under the {partitioner} partitioner of librdkafka {}: {:#?}",
        differ.len(),
        real.version,
        &differ[..differ.len().min(10)]
    );
    let (count, scenario_keys) = (keys.len(), labels.len());
    Some((real, count, scenario_keys))
}

#[test]
fn librdkafka_default_partitioner_delivers_every_key_where_ringlab_says() {
    let started = Instant::now();
    let Some((real, keys, labels)) = compare("default", "kafka-librdkafka", librdkafka_partition)
    else {
        return;
    };
    println!(
        "librdkafka {}, default partitioner: {keys} keys on each topic of 3, 12 and 50 partitions ({labels} of them also in a kafka-librdkafka scenario) where Ringlab says, in {:.1} s.",
        real.version,
        started.elapsed().as_secs_f64()
    );
}

#[test]
fn librdkafka_murmur2_random_partitioner_delivers_every_key_where_the_java_client_would() {
    let started = Instant::now();
    let Some((real, keys, labels)) = compare("murmur2_random", "kafka", java_partition) else {
        return;
    };
    println!(
        "librdkafka {}, murmur2_random: {keys} keys on each topic of 3, 12 and 50 partitions ({labels} of them also in a kafka scenario) where Ringlab's Java client says, in {:.1} s.",
        real.version,
        started.elapsed().as_secs_f64()
    );
}
