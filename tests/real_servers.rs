//! The real servers, checked against Ringlab: a Redis Cluster of Debian's redis-server (three
//! masters made by `redis-cli --cluster create`, then `add-node` and `rebalance
//! --cluster-use-empty-masters`, with `ringlab plan` asked beforehand what the rebalance will
//! move, in slots, keys and bytes) and an nginx with `hash $arg_key consistent` over three
//! loopback backends. Every process listens on 127.0.0.1 only, in a temporary folder, on free
//! ports; every command has a hard time limit; every process is stopped when the test ends,
//! failed or not. Without the binaries (`scripts/setup.sh --real-servers` installs them) each
//! test says so and passes without checking.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use ringlab::core::pasted::{read, Format};
use ringlab::core::placement::systems::redis::key_slot;
use ringlab::core::{read_link, Change, Scenario};

/// The first of `candidates` that exists.
fn binary(candidates: &[&str]) -> Option<PathBuf> {
    candidates.iter().map(PathBuf::from).find(|p| p.exists())
}

/// The processes a test started and the folder they work in: stopped and removed on drop,
/// whether the test passed or panicked.
struct Servers {
    children: Vec<Child>,
    dir: PathBuf,
}

impl Servers {
    fn new(name: &str) -> Servers {
        let dir = std::env::temp_dir().join(format!("ringlab-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        Servers {
            children: Vec::new(),
            dir,
        }
    }

    /// Whether one of the processes has stopped.
    fn any_stopped(&mut self) -> bool {
        self.children
            .iter_mut()
            .any(|child| !matches!(child.try_wait(), Ok(None)))
    }

    /// Stops every process, keeping the folder.
    fn stop_all(&mut self) {
        for mut child in self.children.drain(..) {
            let _ = child.kill();
            let _ = child.wait();
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

impl Drop for Servers {
    fn drop(&mut self) {
        for child in &mut self.children {
            let _ = child.kill();
            let _ = child.wait();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// `count` consecutive free ports on 127.0.0.1 (with their cluster-bus ports, 10,000 up, when
/// `bus`), from a range that depends on the process so parallel runs rarely meet.
///
/// `attempt` moves the search on, for a second try after a server could not take the ports
/// found the first time (another program took one in between).
fn free_ports(count: u16, bus: bool, attempt: u16) -> u16 {
    // The Redis test looks from 20,000, nginx's from 24,000: both run at once in one process.
    let offset = if bus { 0 } else { 4000 };
    let start = 20_000 + offset + ((std::process::id() as u16 % 200 + attempt * 67) % 200) * 20;
    let free = |p: u16| TcpListener::bind(("127.0.0.1", p)).is_ok();
    (0..200u16)
        .map(|i| 20_000 + offset + (start - 20_000 - offset + i * 20) % 4000)
        .find(|&base| (base..base + count).all(|p| free(p) && (!bus || free(p + 10_000))))
        .expect("free ports on 127.0.0.1")
}

/// Runs `program` with `args` (and `input` on standard input), killing it after `limit`.
fn run(program: &Path, args: &[&str], input: Option<&str>, limit: Duration) -> String {
    let mut child = Command::new(program)
        .args(args)
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{} starts: {e}", program.display()));
    if let Some(text) = input {
        let mut stdin = child.stdin.take().expect("stdin is piped");
        let text = text.to_string();
        std::thread::spawn(move || {
            let _ = stdin.write_all(text.as_bytes());
        });
    }
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let reader = std::thread::spawn(move || {
        let mut out = String::new();
        let _ = stdout.read_to_string(&mut out);
        out
    });
    let started = Instant::now();
    loop {
        if child
            .try_wait()
            .expect("the child can be waited for")
            .is_some()
        {
            break;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{} {args:?} took more than {limit:?}", program.display());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    reader.join().expect("the output is read")
}

/// `text` without the colour codes redis-cli writes even into a pipe.
fn plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for d in chars.by_ref() {
                if d.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Waits until `ready`, at most `limit`.
fn wait_for(what: &str, limit: Duration, mut ready: impl FnMut() -> bool) {
    let started = Instant::now();
    while !ready() {
        assert!(started.elapsed() < limit, "{what} within {limit:?}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

const SECOND: Duration = Duration::from_secs(1);

/// The keys both tests place: generated ones, a few with hash tags and other characters, and
/// long ones, from 41 to 1,000 bytes (a request path among them, and a hash tag 500 bytes in).
fn key_names() -> Vec<String> {
    let mut keys: Vec<String> = (0..1000).map(|i| format!("key-{i}")).collect();
    keys.extend(
        [
            "{user1}.following",
            "{user1}.followers",
            "foo{}{bar}",
            "foo{{bar}}zap",
            "user:1000",
        ]
        .map(String::from),
    );
    let filler = |n: usize| -> String {
        "abcdefghijklmnopqrstuvwxyz0123456789"
            .chars()
            .cycle()
            .take(n)
            .collect()
    };
    keys.extend([
        format!("session:{}", filler(33)),
        format!("/static/{}.css?v=2", filler(282)),
        format!("{}{{tenant:7}}{}", filler(500), filler(489)),
        format!("user:{}", filler(995)),
    ]);
    keys
}

/// Ringlab's scenario of `servers` placed by `placement`, holding `keys`.
fn model(servers: &[String], placement: &str, keys: &[String]) -> Scenario {
    let mut scenario = read_link(
        &format!(
            "ring=2^32&servers={}&placement={placement}",
            servers.join(",")
        ),
        10_000,
    )
    .scenario;
    scenario
        .apply(Change::AddKeys {
            keys: keys.to_vec(),
        })
        .expect("the keys are added");
    scenario
}

/// Each key's server under `scenario`'s placement, by name.
fn owners(scenario: &Scenario) -> BTreeMap<String, String> {
    let placed = scenario.placed();
    let set = scenario.keys();
    (0..set.len() as u32)
        .map(|id| {
            (
                set.label(id),
                placed.names()[placed.owner_of_key(set, id)].to_string(),
            )
        })
        .collect()
}

/// Each slot's master, by name, as CLUSTER NODES from `port` says, read by Ringlab's reader.
fn real_slots(cli: &Path, port: u16) -> Vec<String> {
    let text = run(
        cli,
        &["-p", &port.to_string(), "cluster", "nodes"],
        None,
        5 * SECOND,
    );
    let pasted = read(
        "cluster-nodes".parse::<Format>().unwrap(),
        &text,
        &Scenario::teaching(),
    )
    .unwrap_or_else(|refused| panic!("CLUSTER NODES reads:\n{refused}\n{text}"));
    let s = pasted.scenario;
    let slots = s.systems().slots();
    (0..slots.len())
        .map(|slot| s.servers()[slots.owner(slot)].name.clone())
        .collect()
}

/// Each slot's master, by name, in Ringlab's scenario.
fn model_slots(s: &Scenario) -> Vec<String> {
    let slots = s.systems().slots();
    (0..slots.len())
        .map(|slot| s.servers()[slots.owner(slot)].name.clone())
        .collect()
}

/// Each key's master, by name, as the masters' own SCAN lists their keys.
fn real_owners(cli: &Path, ports: &[u16]) -> BTreeMap<String, String> {
    let mut found = BTreeMap::new();
    for &port in ports {
        let out = run(cli, &["-p", &port.to_string(), "--scan"], None, 5 * SECOND);
        for key in out.lines().filter(|l| !l.is_empty()) {
            found.insert(key.to_string(), format!("127.0.0.1:{port}"));
        }
    }
    found
}

/// A plan's rows by (from, to): the slot ranges, the keys and the bytes.
type PlanRows = BTreeMap<(String, String), (Vec<(usize, usize)>, u64, u64)>;

/// Every key the masters of `ports` hold, with the bytes `MEMORY USAGE` gives it.
fn memory_usage(cli: &Path, ports: &[u16]) -> BTreeMap<String, u64> {
    let mut sizes = BTreeMap::new();
    for &port in ports {
        let port = port.to_string();
        let scanned = run(cli, &["-p", &port, "--scan"], None, 5 * SECOND);
        let held: Vec<&str> = scanned.lines().filter(|l| !l.is_empty()).collect();
        let asked: String = held
            .iter()
            .map(|k| format!("MEMORY USAGE \"{k}\"\n"))
            .collect();
        let answers = run(cli, &["-p", &port], Some(&asked), 20 * SECOND);
        let answers: Vec<u64> = answers
            .lines()
            .map(|l| l.trim().parse().expect("a size in bytes"))
            .collect();
        assert_eq!(answers.len(), held.len(), "a size for each key");
        sizes.extend(held.iter().map(|k| k.to_string()).zip(answers));
    }
    sizes
}

/// `ringlab plan` for `joining` added to the cluster of `nodes` and a rebalance onto it, over
/// the keyspace file: by (from, to), the slot ranges, keys and bytes, read from its JSON.
fn ringlab_plan(nodes: &Path, joining: &str, keyspace: &Path) -> PlanRows {
    let out = Command::new(env!("CARGO_BIN_EXE_ringlab"))
        .args(["plan", "--cluster-nodes"])
        .arg(nodes)
        .args(["--add", joining, "--change", "rebalance:use-empty-masters"])
        .arg("--keys-file")
        .arg(keyspace)
        .args(["--rate", "50MB/s", "--json"])
        .output()
        .expect("ringlab runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_str(&text).expect("the plan is JSON");
    let number = |v: &serde_json::Value| v.as_u64().expect("a number");
    json["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| {
            let spans = m["slots"]
                .as_array()
                .expect("slots")
                .iter()
                .map(|s| (number(&s[0]) as usize, number(&s[1]) as usize))
                .collect();
            (
                (
                    m["from"].as_str().unwrap().to_string(),
                    m["to"].as_str().unwrap().to_string(),
                ),
                (spans, number(&m["keys"]), number(&m["bytes"])),
            )
        })
        .collect()
}

/// Whether every node of `ports` knows every other one, connected, none in handshake.
fn all_joined(cli: &Path, ports: &[u16]) -> bool {
    ports.iter().all(|p| {
        let nodes = run(
            cli,
            &["-p", &p.to_string(), "cluster", "nodes"],
            None,
            5 * SECOND,
        );
        let known = nodes
            .lines()
            .filter(|l| l.contains(" connected") && !l.contains("handshake"))
            .count();
        known == ports.len()
    })
}

#[test]
fn a_real_redis_cluster_places_and_moves_every_key_as_ringlab_says() {
    let (Some(server), Some(cli)) = (
        binary(&["/usr/bin/redis-server", "/usr/local/bin/redis-server"]),
        binary(&["/usr/bin/redis-cli", "/usr/local/bin/redis-cli"]),
    ) else {
        println!("SKIPPED: redis-server and redis-cli are not installed (scripts/setup.sh --real-servers installs Debian's); the real Redis Cluster test did not run.");
        return;
    };
    let started = Instant::now();
    let base = free_ports(4, true, 0);
    let ports: Vec<u16> = (base..base + 4).collect();
    let mut servers = Servers::new("redis");
    for &port in &ports {
        let dir = servers.dir.join(port.to_string());
        std::fs::create_dir_all(&dir).unwrap();
        let args: Vec<String> = [
            "--port",
            &port.to_string(),
            "--bind",
            "127.0.0.1",
            "--cluster-enabled",
            "yes",
            "--cluster-config-file",
            "nodes.conf",
            "--save",
            "",
            "--appendonly",
            "no",
            "--daemonize",
            "no",
            "--dir",
            &dir.display().to_string(),
            "--logfile",
            "log.txt",
        ]
        .map(String::from)
        .to_vec();
        servers.start(&server, &args);
    }
    for &port in &ports {
        wait_for("redis-server to answer", 10 * SECOND, || {
            run(&cli, &["-p", &port.to_string(), "ping"], None, 2 * SECOND).trim() == "PONG"
        });
    }
    let names: Vec<String> = ports.iter().map(|p| format!("127.0.0.1:{p}")).collect();
    let created = run(
        &cli,
        &[
            "--cluster",
            "create",
            &names[0],
            &names[1],
            &names[2],
            "--cluster-yes",
        ],
        None,
        60 * SECOND,
    );
    assert!(created.contains("All 16384 slots covered"), "{created}");
    wait_for("the cluster to be ok", 20 * SECOND, || {
        ports[..3].iter().all(|p| {
            run(
                &cli,
                &["-p", &p.to_string(), "cluster", "info"],
                None,
                2 * SECOND,
            )
            .contains("cluster_state:ok")
        })
    });

    let keys = key_names();
    let mut ringlab = model(&names[..3], "redis-cluster", &keys);

    // Every key's slot, asked of the server.
    let asked: String = keys
        .iter()
        .map(|k| format!("CLUSTER KEYSLOT \"{k}\"\n"))
        .collect();
    let slots = run(
        &cli,
        &["-p", &ports[0].to_string()],
        Some(&asked),
        20 * SECOND,
    );
    let slots: Vec<u32> = slots
        .lines()
        .map(|l| l.trim().parse().expect("a slot"))
        .collect();
    let ours: Vec<u32> = keys.iter().map(|k| key_slot(k.as_bytes())).collect();
    assert_eq!(slots, ours, "every key's slot");

    // The slot table redis-cli made, and every key's master once written through the cluster.
    assert_eq!(
        real_slots(&cli, ports[0]),
        model_slots(&ringlab),
        "the create split"
    );
    // Values of varied sizes, from 1 byte to about 6 KB, so that bytes and keys differ.
    let writes: String = keys
        .iter()
        .enumerate()
        .map(|(i, k)| format!("SET \"{k}\" {}\n", "v".repeat(1 + i * 37 % 6000)))
        .collect();
    run(
        &cli,
        &["-c", "-p", &ports[0].to_string()],
        Some(&writes),
        30 * SECOND,
    );
    assert_eq!(
        real_owners(&cli, &ports[..3]),
        owners(&ringlab),
        "every key's master"
    );

    // The keyspace as the masters list it, with the bytes MEMORY USAGE gives each key, and the
    // cluster as CLUSTER NODES prints it: what `ringlab plan` reads.
    let sizes = memory_usage(&cli, &ports[..3]);
    assert_eq!(sizes.len(), keys.len(), "every key has its size");
    let folder = servers.dir.join("plan");
    std::fs::create_dir_all(&folder).unwrap();
    let keyspace = folder.join("keyspace.tsv");
    let tsv: String = sizes.iter().map(|(k, b)| format!("{k}\t{b}\n")).collect();
    std::fs::write(&keyspace, tsv).unwrap();
    let nodes = folder.join("nodes.txt");
    let text = run(
        &cli,
        &["-p", &ports[0].to_string(), "cluster", "nodes"],
        None,
        5 * SECOND,
    );
    std::fs::write(&nodes, text).unwrap();
    let planned = ringlab_plan(&nodes, &names[3], &keyspace);
    let owners_before = real_owners(&cli, &ports[..3]);

    // add-node: a fourth, empty master; nothing moves.
    let added = run(
        &cli,
        &["--cluster", "add-node", &names[3], &names[0]],
        None,
        30 * SECOND,
    );
    assert!(added.contains("New node added correctly"), "{added}");
    wait_for("the four nodes to know each other", 20 * SECOND, || {
        all_joined(&cli, &ports)
    });
    wait_for("the new master to see the cluster up", 20 * SECOND, || {
        run(
            &cli,
            &["-p", &ports[3].to_string(), "cluster", "info"],
            None,
            2 * SECOND,
        )
        .contains("cluster_state:ok")
    });
    let out = ringlab
        .apply(format!("add:{}", names[3]).parse().unwrap())
        .unwrap();
    assert_eq!(out.moved.len(), 0);
    assert_eq!(
        real_slots(&cli, ports[0]),
        model_slots(&ringlab),
        "add-node moves no slot"
    );
    let before = model_slots(&ringlab);

    // rebalance --cluster-use-empty-masters: the same slots move, and the same keys.
    let balanced = run(
        &cli,
        &[
            "--cluster",
            "rebalance",
            &names[0],
            "--cluster-use-empty-masters",
        ],
        None,
        120 * SECOND,
    );
    let out = ringlab
        .apply("rebalance:use-empty-masters".parse().unwrap())
        .unwrap();
    let mut said: Vec<String> = plain(&balanced)
        .lines()
        .filter(|l| l.starts_with("Moving"))
        .map(str::to_string)
        .collect();
    let mut ours = out.system.as_ref().unwrap().lines.clone();
    said.sort();
    ours.sort();
    assert_eq!(said, ours, "the moves redis-cli printed:\n{balanced}");
    let after = real_slots(&cli, ports[0]);
    assert_eq!(
        after,
        model_slots(&ringlab),
        "the slot table after the rebalance"
    );
    let moved_real: Vec<usize> = (0..after.len())
        .filter(|&s| after[s] != before[s])
        .collect();
    assert_eq!(moved_real.len(), 4096);
    assert_eq!(
        real_owners(&cli, &ports),
        owners(&ringlab),
        "every key's master after"
    );
    assert_eq!(
        out.moved.len(),
        keys.iter()
            .filter(|k| {
                let slot = key_slot(k.as_bytes()) as usize;
                moved_real.binary_search(&slot).is_ok()
            })
            .count()
    );
    // The plan Ringlab gave before anything moved is what the real rebalance did: the slots
    // each master gave the new one, and the keys and bytes that went with them.
    let owners_after = real_owners(&cli, &ports);
    let mut real_plan = PlanRows::new();
    for (key, from) in &owners_before {
        let to = &owners_after[key];
        if from != to {
            let row = real_plan.entry((from.clone(), to.clone())).or_default();
            row.1 += 1;
            row.2 += sizes[key];
        }
    }
    for &slot in &moved_real {
        let spans = &mut real_plan
            .entry((before[slot].clone(), after[slot].clone()))
            .or_default()
            .0;
        match spans.last_mut() {
            Some((_, last)) if *last + 1 == slot => *last = slot,
            _ => spans.push((slot, slot)),
        }
    }
    assert_eq!(
        planned, real_plan,
        "ringlab plan against the real rebalance"
    );
    let total_bytes: u64 = real_plan.values().map(|r| r.2).sum();
    assert!(total_bytes > 0 && real_plan.len() == 3, "{real_plan:?}");
    println!(
        "The real Redis Cluster test took {:.1} s.",
        started.elapsed().as_secs_f64()
    );
}

/// One GET through a kept-alive connection: the body of the answer.
fn get(stream: &mut BufReader<TcpStream>, path: &str) -> String {
    let request = format!("GET {path} HTTP/1.1\r\nHost: ringlab\r\n\r\n");
    stream
        .get_mut()
        .write_all(request.as_bytes())
        .expect("the request is sent");
    let mut length = 0usize;
    let mut status = String::new();
    stream.read_line(&mut status).expect("a status line");
    assert!(status.contains(" 200 "), "{path}: {status}");
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

#[test]
fn a_real_nginx_sends_every_key_where_ringlab_says() {
    let Some(nginx) = binary(&["/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx"])
    else {
        println!("SKIPPED: nginx is not installed (scripts/setup.sh --real-servers installs Debian's); the real nginx test did not run.");
        return;
    };
    let started = Instant::now();
    let mut servers = Servers::new("nginx");
    let dir = servers.dir.display().to_string();
    // nginx stops when a port it is given is taken by the time it starts (another program may
    // take one after they were found free): then it tries again on other ports, twice at most.
    let mut attempt = 0;
    let (base, upstream) = loop {
        let base = free_ports(4, false, attempt);
        let backends: Vec<String> = (1..=3).map(|i| format!("127.0.0.1:{}", base + i)).collect();
        let upstream = format!(
            "    upstream backend {{\n        hash $arg_key consistent;\n{}    }}\n",
            backends
                .iter()
                .map(|b| format!("        server {b};\n"))
                .collect::<String>()
        );
        let answers: String = backends
            .iter()
            .map(|b| format!("    server {{ listen {b}; location / {{ return 200 \"{b}\"; }} }}\n"))
            .collect();
        let conf = format!(
            "daemon off;\nmaster_process off;\nworker_processes 1;\nerror_log {dir}/error.log;\npid {dir}/nginx.pid;\nevents {{ worker_connections 64; }}\nhttp {{\n    access_log off;\n    client_body_temp_path {dir}/body;\n    proxy_temp_path {dir}/proxy;\n    fastcgi_temp_path {dir}/fastcgi;\n    uwsgi_temp_path {dir}/uwsgi;\n    scgi_temp_path {dir}/scgi;\n{upstream}    server {{ listen 127.0.0.1:{base}; location / {{ proxy_pass http://backend; proxy_http_version 1.1; }} }}\n{answers}}}\n"
        );
        let conf_path = servers.dir.join("nginx.conf");
        std::fs::write(&conf_path, &conf).unwrap();
        let args: Vec<String> = [
            "-p",
            &dir,
            "-e",
            &format!("{dir}/error.log"),
            "-c",
            &conf_path.display().to_string(),
        ]
        .map(String::from)
        .to_vec();
        servers.start(&nginx, &args);
        // Listening on all four ports, or stopped.
        wait_for("nginx to listen or stop", 10 * SECOND, || {
            servers.any_stopped()
                || (base..base + 4).all(|p| TcpStream::connect(("127.0.0.1", p)).is_ok())
        });
        if !servers.any_stopped() {
            break (base, upstream);
        }
        let log = std::fs::read_to_string(servers.dir.join("error.log")).unwrap_or_default();
        servers.stop_all();
        attempt += 1;
        assert!(
            attempt < 3,
            "nginx stopped three times on start; its last error log:\n{log}"
        );
        println!("nginx stopped on start, and starts again on other ports; its error log:\n{log}");
    };

    // Ringlab reads the same upstream block.
    let keys = key_names();
    let mut scenario = read(
        "nginx-upstream".parse::<Format>().unwrap(),
        &upstream,
        &Scenario::teaching(),
    )
    .expect("the upstream block reads")
    .scenario;
    scenario.apply(Change::ClearKeys).unwrap();
    scenario
        .apply(Change::AddKeys { keys: keys.clone() })
        .unwrap();
    let expected = owners(&scenario);

    let connect = || {
        let stream = TcpStream::connect(("127.0.0.1", base)).unwrap_or_else(|e| {
            let log = std::fs::read_to_string(format!("{dir}/error.log")).unwrap_or_default();
            panic!("a connection to nginx: {e}; its error log:\n{log}")
        });
        stream.set_read_timeout(Some(5 * SECOND)).unwrap();
        BufReader::new(stream)
    };
    let mut stream = connect();
    let mut differ = Vec::new();
    for (i, key) in keys.iter().enumerate() {
        // nginx closes a kept-alive connection after 1,000 requests: a new one every 500.
        if i > 0 && i % 500 == 0 {
            stream = connect();
        }
        // nginx hashes $arg_key as the request line carries it, percent-encoding and all, so
        // each key is sent as it is (none of them holds a space, `&`, `#` or `%`).
        let got = get(&mut stream, &format!("/?key={key}"));
        if got != expected[key] {
            differ.push(format!("{key}: nginx {got}, Ringlab {}", expected[key]));
        }
    }
    assert!(
        differ.is_empty(),
        "{} keys differ: {:?}",
        differ.len(),
        &differ[..differ.len().min(5)]
    );
    println!(
        "The real nginx test took {:.1} s for {} keys.",
        started.elapsed().as_secs_f64(),
        keys.len()
    );
}
