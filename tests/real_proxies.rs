//! The real proxies, checked against Ringlab's models: Debian's HAProxy (`hash-type
//! consistent`, keys from `url_param` and from a header) in front of small HTTP responders
//! written here, and Debian's twemproxy (nutcracker, `distribution: ketama`) in front of real
//! memcached instances. Every process listens on 127.0.0.1 only, in a temporary folder, on free
//! ports; every wait has a hard time limit; every process is stopped when the test ends, failed
//! or not. Without the binaries (`scripts/setup.sh --real-servers` installs them) each test
//! says so and passes without checking.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use ringlab::core::pasted::{self, Format};
use ringlab::core::placement::systems::haproxy::{self, Balance};
use ringlab::core::placement::systems::twemproxy::{self, Hash};
use ringlab::core::{check_label, Change, Kind, Scenario};

const SECOND: Duration = Duration::from_secs(1);

/// The server Ringlab's placement names for each of `keys` that Ringlab holds as a key (text
/// that is no position `@N`), on the scenario that pasting `text` in `format` gives: the same
/// configuration the real proxy runs, read as a person would paste it. `None` when Ringlab
/// refuses the configuration.
fn placed_by_ringlab(
    format: Format,
    text: &str,
    keys: &[Vec<u8>],
    kind: Kind,
) -> Option<BTreeMap<Vec<u8>, String>> {
    let pasted = pasted::read(format, text, &Scenario::teaching()).ok()?;
    let mut scenario = pasted.scenario;
    assert_eq!(scenario.placement(), kind, "the paste chooses its system");
    scenario.apply(Change::ClearKeys).expect("keys clear");
    let labels: Vec<String> = keys
        .iter()
        .filter_map(|k| String::from_utf8(k.clone()).ok())
        .filter(|l| !l.starts_with('@') && l.trim() == l && check_label(l).is_ok())
        .collect::<std::collections::BTreeSet<String>>()
        .into_iter()
        .collect();
    scenario
        .apply(Change::AddKeys {
            keys: labels.clone(),
        })
        .expect("the keys are Ringlab's");
    let placed = scenario.placed();
    let set = scenario.keys();
    Some(
        labels
            .into_iter()
            .map(|l| {
                let id = set.find(&l).expect("the key was added");
                let owner = placed.names()[placed.owner_of_key(set, id)].to_string();
                (l.into_bytes(), owner)
            })
            .collect(),
    )
}

/// The first of `candidates` that exists.
fn binary(candidates: &[&str]) -> Option<PathBuf> {
    candidates.iter().map(PathBuf::from).find(|p| p.exists())
}

/// The processes a test started and the folder they work in: stopped and removed on drop,
/// whether the test passed or panicked.
struct Processes {
    children: Vec<Child>,
    dir: PathBuf,
}

impl Processes {
    fn new(name: &str) -> Processes {
        let dir = std::env::temp_dir().join(format!("ringlab-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        Processes {
            children: Vec::new(),
            dir,
        }
    }

    fn start(&mut self, program: &Path, args: &[String]) {
        let child = Command::new(program)
            .args(args)
            .current_dir(&self.dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("{} starts: {e}", program.display()));
        self.children.push(child);
    }
}

impl Drop for Processes {
    fn drop(&mut self) {
        for child in &mut self.children {
            let _ = child.kill();
            let _ = child.wait();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A port on 127.0.0.1 free a moment ago (the system's choice).
fn free_port() -> u16 {
    // The system may hand back a port it gave a moment ago, once its listener has gone: each
    // port is given out once in this process (two pools of one proxy on one port fail its
    // configuration check).
    static GIVEN: std::sync::Mutex<Vec<u16>> = std::sync::Mutex::new(Vec::new());
    let mut given = GIVEN.lock().unwrap_or_else(|e| e.into_inner());
    loop {
        let port = TcpListener::bind(("127.0.0.1", 0))
            .and_then(|l| l.local_addr())
            .expect("a free port on 127.0.0.1")
            .port();
        if !given.contains(&port) {
            given.push(port);
            return port;
        }
    }
}

/// Runs `program` with `args`, killing it after `limit`: its standard output and error.
fn run(program: &Path, args: &[&str], limit: Duration) -> String {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{} starts: {e}", program.display()));
    let mut pipes = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let reader = std::thread::spawn(move || {
        let mut out = String::new();
        let _ = pipes.0.read_to_string(&mut out);
        let _ = pipes.1.read_to_string(&mut out);
        out
    });
    let started = Instant::now();
    while child
        .try_wait()
        .expect("the child can be waited for")
        .is_none()
    {
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{} {args:?} took more than {limit:?}", program.display());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    reader.join().expect("the output is read")
}

/// Waits until `ready`, at most `limit`.
fn wait_for(what: &str, limit: Duration, mut ready: impl FnMut() -> bool) {
    let started = Instant::now();
    while !ready() {
        assert!(started.elapsed() < limit, "{what} within {limit:?}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Small HTTP/1.1 servers on 127.0.0.1, each answering every request with its own name; their
/// threads stop on drop.
struct Responders {
    stop: Arc<AtomicBool>,
    threads: Vec<JoinHandle<()>>,
    /// (name, port) of each.
    each: Vec<(String, u16)>,
}

impl Responders {
    fn start(names: &[&str]) -> Responders {
        let stop = Arc::new(AtomicBool::new(false));
        let mut threads = Vec::new();
        let mut each = Vec::new();
        for name in names {
            let listener = TcpListener::bind(("127.0.0.1", 0)).expect("a responder's port");
            listener.set_nonblocking(true).unwrap();
            each.push((name.to_string(), listener.local_addr().unwrap().port()));
            let (stop, name) = (stop.clone(), name.to_string());
            threads.push(std::thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    match listener.accept() {
                        Ok((stream, _)) => {
                            let (stop, name) = (stop.clone(), name.clone());
                            std::thread::spawn(move || answer(stream, &name, &stop));
                        }
                        Err(_) => std::thread::sleep(Duration::from_millis(5)),
                    }
                }
            }));
        }
        Responders {
            stop,
            threads,
            each,
        }
    }
}

impl Drop for Responders {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}

/// Answers each request on `stream` with `name` until the connection ends or the test stops.
fn answer(stream: TcpStream, name: &str, stop: &AtomicBool) {
    let _ = stream.set_nonblocking(false);
    let _ = stream.set_read_timeout(Some(SECOND));
    let mut writer = match stream.try_clone() {
        Ok(w) => w,
        Err(_) => return,
    };
    let mut reader = BufReader::new(stream);
    let response = format!(
        "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: {}\r\n\r\n{name}",
        name.len()
    );
    let mut line = Vec::new();
    let mut in_head = false;
    while !stop.load(Ordering::Relaxed) {
        line.clear();
        match reader.read_until(b'\n', &mut line) {
            Ok(0) => return,
            Ok(_) => {}
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                continue
            }
            Err(_) => return,
        }
        if line == b"\r\n" || line == b"\n" {
            if in_head && writer.write_all(response.as_bytes()).is_err() {
                return;
            }
            in_head = false;
        } else {
            in_head = true;
        }
    }
}

/// One GET through a kept-alive connection, with `headers` (each `Name: value`): the body.
fn get(stream: &mut BufReader<TcpStream>, target: &[u8], headers: &[Vec<u8>]) -> String {
    let mut request = b"GET ".to_vec();
    request.extend_from_slice(target);
    request.extend_from_slice(b" HTTP/1.1\r\nHost: ringlab\r\n");
    for h in headers {
        request.extend_from_slice(h);
        request.extend_from_slice(b"\r\n");
    }
    request.extend_from_slice(b"\r\n");
    stream
        .get_mut()
        .write_all(&request)
        .expect("the request is sent");
    let mut status = String::new();
    stream.read_line(&mut status).expect("a status line");
    let shown = String::from_utf8_lossy(target);
    assert!(status.contains(" 200 "), "{shown}: {status}");
    let mut length = 0usize;
    loop {
        let mut line = String::new();
        stream.read_line(&mut line).expect("a header");
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
            length = v.trim().parse().expect("a length");
        }
    }
    let mut body = vec![0u8; length];
    stream.read_exact(&mut body).expect("the body");
    String::from_utf8(body).expect("text")
}

/// How many of `differ` (each starting with a backend's or pool's name) each name has.
fn per_name(differ: &[String]) -> String {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for d in differ {
        *counts.entry(d.split(' ').next().unwrap_or("")).or_default() += 1;
    }
    counts
        .iter()
        .map(|(name, n)| format!("{name}: {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// One request of the HAProxy test: the backend's path, the target and the headers sent.
struct Request {
    target: Vec<u8>,
    headers: Vec<Vec<u8>>,
}

/// The key values of the HAProxy test: 1,000 generated ones, and some a client would
/// percent-encode, sent encoded.
fn haproxy_keys() -> Vec<String> {
    let mut keys: Vec<String> = (0..1000).map(|i| format!("key-{i}")).collect();
    keys.extend(
        [
            "user:1000",
            "a%20b",
            "caf%C3%A9",
            "%2F",
            "x+y",
            "",
            "{user1}.following",
        ]
        .map(String::from),
    );
    keys
}

/// The requests carrying `key` to backend `path` balanced by `balance`: the plain one, and for
/// some keys the parameter or header among others, as a client might write it.
fn requests(path: &str, balance: &Balance, i: usize, key: &str) -> Vec<Request> {
    match balance {
        Balance::UrlParam(name) => {
            let mut targets = vec![format!("/{path}/?{name}={key}")];
            if i % 10 == 0 {
                targets.push(format!("/{path}/?x{name}=1&{name}={key}&{name}=other"));
                targets.push(format!("/{path}/p?a=%26&b&{name}={key}"));
            }
            targets
                .into_iter()
                .map(|t| Request {
                    target: t.into_bytes(),
                    headers: Vec::new(),
                })
                .collect()
        }
        Balance::Header { name, domain_only } => {
            let header = |v: &[u8]| {
                let mut h = format!("{name}: ").into_bytes();
                h.extend_from_slice(v);
                h
            };
            let request = |headers: Vec<Vec<u8>>| Request {
                target: format!("/{path}/").into_bytes(),
                headers,
            };
            if *domain_only {
                // HAProxy reads one byte past the value: the first of the next header's name.
                // A name starting with a dot makes it hash the last label; the value's last
                // header would leave it to whatever the buffer held, so none is sent last.
                let mut pairs = vec![
                    (format!("www.{key}.com"), "Z-Next: 1"),
                    (format!("{key}.example.org:8080"), "Z-Next: 1"),
                ];
                if i % 10 == 0 {
                    pairs.push((format!("www.{key}.com"), ".next: 1"));
                    pairs.push((format!("a.{key}."), ".next: 1"));
                    pairs.push((format!("{key}.com, x.y.z"), ".next: 1"));
                    pairs.push((format!("{key}.com  "), ".next: 1"));
                }
                return pairs
                    .into_iter()
                    .map(|(v, after)| request(vec![header(v.as_bytes()), after.into()]))
                    .collect();
            }
            let mut values: Vec<Vec<u8>> = vec![key.as_bytes().to_vec()];
            if i % 10 == 0 {
                values.push(format!("  {key} , second").into_bytes());
                values.push(format!("\"{key},quoted\", second").into_bytes());
                values.push(format!("clé-{key}").into_bytes());
            }
            values
                .into_iter()
                .filter(|v| !v.is_empty())
                .map(|v| request(vec![header(&v)]))
                .collect()
        }
    }
}

/// The backends of the HAProxy test, as their `backend` sections (`@1`…`@4` stand for the
/// responders' addresses): name and text.
fn haproxy_backends() -> Vec<(&'static str, String)> {
    let four = "  server s1 @1 weight 1\n  server s2 @2 weight 2\n  server s3 @3 weight 3\n  server s4 @4 weight 1\n";
    let param = "  balance url_param key\n";
    vec![
        ("default", format!("{param}  hash-type consistent\n{four}")),
        ("sdbm", format!("{param}  hash-type consistent sdbm\n{four}")),
        ("crc32", format!("{param}  hash-type consistent crc32\n{four}")),
        (
            "djb2",
            format!("{param}  hash-type consistent djb2 avalanche\n{four}"),
        ),
        ("wt6", format!("{param}  hash-type consistent wt6\n{four}")),
        (
            "header",
            format!("  balance hdr(X-Key)\n  hash-type consistent\n{four}"),
        ),
        (
            "domain",
            format!("  balance hdr(X-Host) use_domain_only\n  hash-type consistent\n{four}"),
        ),
        (
            "ids",
            format!("{param}  hash-type consistent\n  server s1 @1 weight 1\n  server s2 @2 weight 2 id 1\n  server s3 @3 weight 3\n  server s4 @4 weight 1\n"),
        ),
        (
            "disabled",
            format!("{param}  hash-type consistent\n  server s1 @1 weight 1\n  server s2 @2 weight 2 disabled\n  server s3 @3 weight 3\n  server s4 @4 weight 1\n"),
        ),
        (
            "removed",
            format!("{param}  hash-type consistent\n  server s1 @1 weight 1\n  server s3 @3 weight 3\n  server s4 @4 weight 1\n"),
        ),
        (
            "removedids",
            format!("{param}  hash-type consistent\n  server s1 @1 weight 1 id 1\n  server s3 @3 weight 3 id 3\n  server s4 @4 weight 1 id 4\n"),
        ),
        (
            "backup",
            format!("{param}  hash-type consistent\n  server s1 @1 weight 1 disabled\n  server s2 @2 weight 2 backup\n  server s3 @3 weight 3 backup\n"),
        ),
    ]
}

#[test]
fn haproxy_sends_every_key_to_the_server_ringlab_names() {
    let Some(haproxy_bin) = binary(&["/usr/sbin/haproxy", "/usr/local/sbin/haproxy"]) else {
        println!("SKIPPED: haproxy is not installed (scripts/setup.sh --real-servers installs Debian's); the real HAProxy test did not run.");
        return;
    };
    let started = Instant::now();
    let version = run(&haproxy_bin, &["-v"], 5 * SECOND);
    let responders = Responders::start(&["r1", "r2", "r3", "r4"]);
    let by_port: BTreeMap<String, String> = responders
        .each
        .iter()
        .map(|(name, port)| (format!("127.0.0.1:{port}"), name.clone()))
        .collect();
    let mut processes = Processes::new("haproxy");
    let port = free_port();
    let backends: Vec<(&str, String)> = haproxy_backends()
        .into_iter()
        .map(|(name, text)| {
            let mut text = text;
            for (i, (_, p)) in responders.each.iter().enumerate() {
                text = text.replace(&format!("@{}", i + 1), &format!("127.0.0.1:{p}"));
            }
            (name, text)
        })
        .collect();
    let mut conf = format!(
        "global\n  nbthread 1\n  maxconn 100\ndefaults\n  mode http\n  timeout connect 5s\n  timeout client 20s\n  timeout server 20s\nfrontend fe\n  bind 127.0.0.1:{port}\n"
    );
    for (name, _) in &backends {
        conf += &format!("  use_backend {name} if {{ path_beg /{name}/ }}\n");
    }
    for (name, text) in &backends {
        conf += &format!("backend {name}\n{text}");
    }
    let conf_path = processes.dir.join("haproxy.cfg");
    std::fs::write(&conf_path, &conf).unwrap();
    let conf_arg = conf_path.display().to_string();
    let checked = run(&haproxy_bin, &["-c", "-f", &conf_arg], 10 * SECOND);
    assert!(checked.contains("valid"), "{checked}\n{conf}");
    processes.start(
        &haproxy_bin,
        &["-db".to_string(), "-f".to_string(), conf_arg],
    );
    wait_for("haproxy to listen", 10 * SECOND, || {
        TcpStream::connect(("127.0.0.1", port)).is_ok()
    });

    let keys = haproxy_keys();
    let connect = || {
        let stream = TcpStream::connect(("127.0.0.1", port)).expect("a connection");
        stream.set_read_timeout(Some(10 * SECOND)).unwrap();
        BufReader::new(stream)
    };
    let mut stream = connect();
    let mut sent = 0usize;
    let mut through_placement = 0usize;
    let mut differ = Vec::new();
    // Each backend's answer for each key, by responder: kept to compare backends.
    let mut answers: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for (name, text) in &backends {
        let config = haproxy::parse_backend(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let backend = config.backend();
        let balance = config.balance.clone().expect("a balance");
        // The same section pasted into Ringlab: the haproxy placement names a server for each
        // key it holds. Only the backend that leaves every key to backup servers is refused.
        let hashed: Vec<Vec<u8>> = keys
            .iter()
            .enumerate()
            .flat_map(|(i, key)| requests(name, &balance, i, key))
            .filter_map(|r| {
                let mut head = b"GET / HTTP/1.1\r\n".to_vec();
                for h in &r.headers {
                    head.extend_from_slice(h);
                    head.extend_from_slice(b"\r\n");
                }
                head.extend_from_slice(b"\r\n");
                balance.key(&r.target, &head).map(<[u8]>::to_vec)
            })
            .collect();
        let by_placement =
            placed_by_ringlab(format("haproxy-backend"), text, &hashed, Kind::Haproxy);
        assert_eq!(by_placement.is_none(), *name == "backup", "{name}");
        let mut got_all = Vec::new();
        for (i, key) in keys.iter().enumerate() {
            for r in requests(name, &balance, i, key) {
                let mut head = b"GET / HTTP/1.1\r\n".to_vec();
                for h in &r.headers {
                    head.extend_from_slice(h);
                    head.extend_from_slice(b"\r\n");
                }
                head.extend_from_slice(b"\r\n");
                // A request without a key is balanced round robin: not sent.
                let Some(hashed) = balance.key(&r.target, &head) else {
                    continue;
                };
                if sent > 0 && sent % 500 == 0 {
                    stream = connect();
                }
                sent += 1;
                let got = get(&mut stream, &r.target, &r.headers);
                let server = backend.server_for_key(hashed).expect("a usable server");
                let expected = &by_port[&backend.servers()[server].address];
                if let Some(owner) = by_placement.as_ref().and_then(|o| o.get(hashed)) {
                    let address = &config
                        .servers
                        .iter()
                        .find(|s| &s.name == owner)
                        .expect("Ringlab names a server of the section")
                        .address;
                    through_placement += 1;
                    if by_port[address] != got {
                        differ.push(format!(
                            "{name} {:?} through the haproxy placement: haproxy {got}, Ringlab {}",
                            String::from_utf8_lossy(hashed),
                            by_port[address]
                        ));
                    }
                }
                if &got != expected {
                    differ.push(format!(
                        "{name} {} {:?}: haproxy {got}, Ringlab {expected}",
                        String::from_utf8_lossy(&r.target),
                        r.headers
                            .iter()
                            .map(|h| String::from_utf8_lossy(h))
                            .collect::<Vec<_>>()
                    ));
                }
                got_all.push(got);
            }
        }
        answers.insert(name, got_all);
    }
    assert!(
        differ.is_empty(),
        "{} of {sent} requests differ ({}): {:#?}",
        differ.len(),
        per_name(&differ),
        &differ[..differ.len().min(10)]
    );
    // What the comparison shows of HAProxy itself: with explicit ids, removing a server's line
    // is the same as disabling it; without them, the servers after it are renumbered and keys
    // move between the servers that stayed.
    assert_eq!(answers["removedids"], answers["disabled"]);
    let moved_between_stayers = answers["removed"]
        .iter()
        .zip(&answers["disabled"])
        .filter(|(a, b)| a != b)
        .count();
    assert!(moved_between_stayers > 100, "{moved_between_stayers}");
    assert!(answers["backup"].iter().all(|a| a == "r2"));
    assert!(through_placement > 5_000, "{through_placement}");
    assert_ne!(answers["default"], answers["sdbm"]);
    println!(
        "{}: {sent} requests over {} backends answered as Ringlab says ({through_placement} of them also through the pasted section and the haproxy placement), in {:.1} s.",
        version.lines().next().unwrap_or("haproxy"),
        backends.len(),
        started.elapsed().as_secs_f64()
    );
}

/// Whether this process runs as root (memcached then needs `-u root`).
fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .map(|s| {
            s.lines()
                .any(|l| l.starts_with("Uid:") && l.split_whitespace().nth(1) == Some("0"))
        })
        .unwrap_or(false)
}

/// Sends `keys` as memcached `set`s to `port`, 100 at a time, expecting `STORED` for each.
fn set_all(port: u16, keys: &[Vec<u8>]) {
    let stream = TcpStream::connect(("127.0.0.1", port)).expect("a connection to nutcracker");
    stream.set_read_timeout(Some(10 * SECOND)).unwrap();
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut writer = stream;
    for batch in keys.chunks(100) {
        let mut out = Vec::new();
        for k in batch {
            out.extend_from_slice(b"set ");
            out.extend_from_slice(k);
            out.extend_from_slice(b" 0 0 1\r\nv\r\n");
        }
        writer.write_all(&out).expect("the sets are sent");
        for k in batch {
            let mut line = String::new();
            reader.read_line(&mut line).expect("an answer");
            assert_eq!(line, "STORED\r\n", "set {}", String::from_utf8_lossy(k));
        }
    }
}

/// Which of `keys` the memcached at `port` holds, asked with `get`, 50 keys at a time.
fn held(port: u16, keys: &[Vec<u8>]) -> Vec<Vec<u8>> {
    let stream = TcpStream::connect(("127.0.0.1", port)).expect("a connection to memcached");
    stream.set_read_timeout(Some(10 * SECOND)).unwrap();
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut writer = stream;
    let mut found = Vec::new();
    for batch in keys.chunks(50) {
        let mut out = b"get".to_vec();
        for k in batch {
            out.push(b' ');
            out.extend_from_slice(k);
        }
        out.extend_from_slice(b"\r\n");
        writer.write_all(&out).expect("the get is sent");
        loop {
            let mut line = Vec::new();
            reader.read_until(b'\n', &mut line).expect("an answer");
            if line == b"END\r\n" {
                break;
            }
            let rest = line
                .strip_prefix(b"VALUE ")
                .unwrap_or_else(|| panic!("{}", String::from_utf8_lossy(&line)));
            let space = rest.iter().position(|&c| c == b' ').unwrap();
            found.push(rest[..space].to_vec());
            let mut value = Vec::new();
            reader.read_until(b'\n', &mut value).expect("the value");
        }
    }
    found
}

/// The keys of one twemproxy pool: 1,000 generated ones, keys with bytes of 0x80 and more
/// (which twemproxy's hashes read as negative), and hash-tagged ones.
fn twemproxy_keys(pool: &str, count: usize) -> Vec<Vec<u8>> {
    let mut keys: Vec<Vec<u8>> = (0..count)
        .map(|i| format!("{pool}:key-{i}").into_bytes())
        .collect();
    for i in 0..count / 10 {
        keys.push(format!("{pool}:clé-{i}").into_bytes());
        keys.push(format!("{pool}:ключ-{i}").into_bytes());
        keys.push(format!("{pool}:{{user{i}}}:🙂").into_bytes());
    }
    keys
}

/// `pool`'s points with `counts` points per server: sorted (value, server).
fn points_counted(pool: &twemproxy::Pool, counts: &[u32]) -> Vec<(u32, usize)> {
    let mut points: Vec<(u32, usize)> = Vec::new();
    for (i, s) in pool.servers.iter().enumerate() {
        points.extend(
            twemproxy::server_points(&s.ketama_name(), counts[i])
                .into_iter()
                .map(|p| (p, i)),
        );
    }
    points.sort_by_key(|&(p, _)| p);
    points
}

/// The server of the first of `points` at or above `hash`, wrapping.
fn first_at_or_above(points: &[(u32, usize)], hash: u32) -> usize {
    let i = points.partition_point(|&(p, _)| p < hash);
    points[if i == points.len() { 0 } else { i }].1
}

#[test]
fn twemproxy_puts_every_key_on_the_memcached_ringlab_names() {
    let (Some(nutcracker), Some(memcached)) = (
        binary(&["/usr/sbin/nutcracker", "/usr/bin/nutcracker"]),
        binary(&["/usr/bin/memcached", "/usr/local/bin/memcached"]),
    ) else {
        println!("SKIPPED: nutcracker and memcached are not installed (scripts/setup.sh --real-servers installs Debian's); the real twemproxy test did not run.");
        return;
    };
    let started = Instant::now();
    let mut processes = Processes::new("twemproxy");
    let ports: Vec<u16> = (0..5).map(|_| free_port()).collect();
    for &p in &ports {
        let mut args: Vec<String> = ["-l", "127.0.0.1", "-p", &p.to_string(), "-U", "0"]
            .map(String::from)
            .to_vec();
        args.extend(["-m", "32", "-t", "1", "-c", "64"].map(String::from));
        if is_root() {
            args.extend(["-u", "root"].map(String::from));
        }
        processes.start(&memcached, &args);
    }
    for &p in &ports {
        wait_for("memcached to listen", 10 * SECOND, || {
            TcpStream::connect(("127.0.0.1", p)).is_ok()
        });
    }
    let m = |i: usize| format!("127.0.0.1:{}", ports[i]);

    // Each pool: its name, its YAML (with `@listen`), and how many generated keys.
    let mut pools: Vec<(String, String, usize)> = Vec::new();
    let five = format!(
        "   - {}:1\n   - {}:1 alpha\n   - {}:3\n   - {}:10\n   - {}:10\n",
        m(0),
        m(1),
        m(2),
        m(3),
        m(4)
    );
    pools.push((
        "fnv".into(),
        format!("  hash: fnv1a_64\n  distribution: ketama\n  servers:\n{five}"),
        1000,
    ));
    pools.push((
        "fnvless".into(),
        format!(
            "  hash: fnv1a_64\n  distribution: ketama\n  servers:\n   - {}:1\n   - {}:3\n   - {}:10\n   - {}:10\n",
            m(0),
            m(2),
            m(3),
            m(4)
        ),
        1000,
    ));
    pools.push((
        "md5".into(),
        format!(
            "  hash: md5\n  distribution: ketama\n  servers:\n   - {}:1\n   - {}:1\n   - {}:3 gamma\n",
            m(0),
            m(1),
            m(2)
        ),
        1000,
    ));
    pools.push((
        "tagged".into(),
        format!(
            "  hash: fnv1a_64\n  hash_tag: \"{{}}\"\n  distribution: ketama\n  servers:\n   - {}:1\n   - {}:2\n   - {}:1\n",
            m(0),
            m(1),
            m(2)
        ),
        300,
    ));
    for hash in Hash::ALL {
        if matches!(hash, Hash::Fnv1a64 | Hash::Md5) {
            continue;
        }
        pools.push((
            hash.name().replace('_', ""),
            format!(
                "  hash: {}\n  distribution: ketama\n  servers:\n   - {}:1\n   - {}:2 beta\n   - {}:1\n",
                hash.name(),
                m(2),
                m(3),
                m(4)
            ),
            300,
        ));
    }
    let mut yaml = String::new();
    let mut listen = Vec::new();
    for (name, body, _) in &pools {
        let port = free_port();
        listen.push(port);
        yaml += &format!("{name}:\n  listen: 127.0.0.1:{port}\n{body}");
    }
    let conf = processes.dir.join("nutcracker.yml");
    std::fs::write(&conf, &yaml).unwrap();
    let conf_arg = conf.display().to_string();
    let checked = run(&nutcracker, &["-t", "-c", &conf_arg], 10 * SECOND);
    assert!(checked.contains("syntax is ok"), "{checked}\n{yaml}");
    let stats = free_port();
    let dir = processes.dir.display().to_string();
    processes.start(
        &nutcracker,
        &[
            "-c".to_string(),
            conf_arg,
            "-o".to_string(),
            format!("{dir}/nutcracker.log"),
            "-p".to_string(),
            format!("{dir}/nutcracker.pid"),
            "-a".to_string(),
            "127.0.0.1".to_string(),
            "-s".to_string(),
            stats.to_string(),
        ],
    );
    for &p in &listen {
        wait_for("nutcracker to listen", 10 * SECOND, || {
            TcpStream::connect(("127.0.0.1", p)).is_ok()
        });
    }

    let mut compared = 0usize;
    let mut through_placement = 0usize;
    let mut differ = Vec::new();
    let mut fnv_counts = Vec::new();
    for ((name, body, count), &port) in pools.iter().zip(&listen) {
        let pool = twemproxy::parse_pool(&format!("{name}:\n{body}"))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut keys = twemproxy_keys(name, *count);
        if name == "fnv" {
            // Keys that only the single-precision point counts place right: they sit where a
            // point exact arithmetic would add changes the server.
            // Exact arithmetic, 4 × floor(w × 40 × n / W), against the counts nutcracker uses.
            let total: u32 = pool.servers.iter().map(|s| s.weight).sum();
            let n = pool.servers.len() as u32;
            let exact: Vec<u32> = pool
                .servers
                .iter()
                .map(|s| 4 * (s.weight * 40 * n / total))
                .collect();
            assert_eq!(exact, [32, 32, 96, 320, 320]);
            let exact = points_counted(&pool, &exact);
            let single = points_counted(&pool, &[28, 28, 92, 320, 320]);
            let trap: Vec<Vec<u8>> = (0..200_000)
                .map(|i| format!("fnv:trap-{i}").into_bytes())
                .filter(|k| {
                    let h = pool.key_hash(k);
                    first_at_or_above(&exact, h) != first_at_or_above(&single, h)
                })
                .take(50)
                .collect();
            assert_eq!(trap.len(), 50, "keys the two countings place apart");
            keys.extend(trap);
        }
        set_all(port, &keys);
        let mut real: BTreeMap<Vec<u8>, String> = BTreeMap::new();
        for &p in &ports {
            for k in held(p, &keys) {
                let before = real.insert(k.clone(), format!("127.0.0.1:{p}"));
                assert!(
                    before.is_none(),
                    "{name}: {} is on two servers",
                    String::from_utf8_lossy(&k)
                );
            }
        }
        assert_eq!(real.len(), keys.len(), "{name}: every key was stored once");
        let by_placement = placed_by_ringlab(
            format("nutcracker-pool"),
            &format!("{name}:\n{body}"),
            &keys,
            Kind::Twemproxy,
        )
        .unwrap_or_else(|| panic!("{name}: Ringlab reads the pool"));
        for (k, owner) in &by_placement {
            let s = pool
                .servers
                .iter()
                .find(|s| &s.ketama_name() == owner)
                .expect("Ringlab names a server of the pool");
            through_placement += 1;
            if real[k] != format!("{}:{}", s.host, s.port) {
                differ.push(format!(
                    "{name} {} through the twemproxy placement: nutcracker {}, Ringlab {owner}",
                    String::from_utf8_lossy(k),
                    real[k]
                ));
            }
        }
        for k in &keys {
            let s = &pool.servers[pool.locate(k).expect("a live server")];
            let ours = format!("{}:{}", s.host, s.port);
            compared += 1;
            if real[k] != ours {
                differ.push(format!(
                    "{name} {}: nutcracker {}, Ringlab {ours}",
                    String::from_utf8_lossy(k),
                    real[k]
                ));
            }
        }
        if name == "fnv" {
            fnv_counts = pool.continuum().counts().to_vec();
        }
    }
    assert!(
        differ.is_empty(),
        "{} of {compared} keys differ ({}): {:#?}",
        differ.len(),
        per_name(&differ),
        &differ[..differ.len().min(10)]
    );
    // The single-precision trap, on the pool the real nutcracker just placed keys on: the
    // servers of weight 1 and 3 lose a group of 4 points each.
    assert_eq!(fnv_counts, [28, 28, 92, 320, 320]);
    assert!(through_placement > 5_000, "{through_placement}");
    println!(
        "nutcracker 0.5.0: {compared} keys over {} pools on the memcached Ringlab names ({through_placement} also through the pasted pool and the twemproxy placement), in {:.1} s.",
        pools.len(),
        started.elapsed().as_secs_f64()
    );
}

/// The pasted form named `id`.
fn format(id: &str) -> Format {
    id.parse().expect("a form of pasted text")
}
