//! Redis's `CLUSTER NODES` and `CLUSTER SLOTS`.
//!
//! `CLUSTER NODES` prints a line per node: `<id> <ip:port@cport[,hostname]> <flags> <master>
//! <ping-sent> <pong-recv> <config-epoch> <link-state> <slot> …`, slots as `a-b` or `a`, and on
//! the `myself` line the slots being moved as `[slot->-id]` or `[slot-<-id]`. Masters hold the
//! slots; replicas are read and left out. `CLUSTER SLOTS` (as redis-cli prints its reply) lists
//! ranges with their master first and replicas after. Either way every slot must belong to
//! exactly one master.

use super::cli::{slots_words, SLOTS};
use crate::core::error::{quoted, shown};
use crate::core::numbers_and_lists::plural;
use crate::core::placement::spec::Spec;
use crate::core::placement::systems::pasting::{
    server_name, PasteFormat, PastedCluster, Problems, Refused,
};
use crate::core::placement::systems::units::Units;
use crate::core::server::Server;

/// `redis-cli CLUSTER NODES`.
pub static CLUSTER_NODES: PasteFormat = PasteFormat {
    id: "cluster-nodes",
    name: "Redis CLUSTER NODES",
    #[cfg(not(target_arch = "wasm32"))]
    help:
        "Read a Redis cluster from what CLUSTER NODES printed.\nExample: --cluster-nodes nodes.txt",
    read: cluster_nodes,
    looks_like: |lines| {
        let fields: Vec<&str> = lines[0].split_whitespace().collect();
        fields.len() >= 8 && fields[0].len() == 40 && fields[1].contains('@')
    },
};

/// `redis-cli CLUSTER SLOTS`, as redis-cli prints its nested array.
pub static CLUSTER_SLOTS: PasteFormat = PasteFormat {
    id: "cluster-slots",
    name: "Redis CLUSTER SLOTS",
    #[cfg(not(target_arch = "wasm32"))]
    help: "Read a Redis cluster from what redis-cli printed for CLUSTER SLOTS.\nExample: --cluster-slots slots.txt",
    read: cluster_slots,
    looks_like: |lines| lines[0].starts_with("1) "),
};

/// Masters in the order read, and each slot's master.
struct Table {
    masters: Vec<String>,
    owners: Vec<Option<u16>>,
}

impl Table {
    fn new() -> Table {
        Table {
            masters: Vec::new(),
            owners: vec![None; SLOTS as usize],
        }
    }

    fn master(&mut self, name: &str) -> usize {
        match self.masters.iter().position(|m| m == name) {
            Some(i) => i,
            None => {
                self.masters.push(name.to_string());
                self.masters.len() - 1
            }
        }
    }

    /// Gives slots `first..=last` to master `m`; says which slot another master held already.
    fn claim(&mut self, first: u32, last: u32, m: usize) -> Result<(), String> {
        for slot in first..=last {
            match self.owners[slot as usize] {
                Some(o) if o as usize != m => {
                    return Err(format!(
                        "slot {slot} is held by both {} and {}: a slot belongs to one master",
                        self.masters[o as usize], self.masters[m]
                    ))
                }
                _ => self.owners[slot as usize] = Some(m as u16),
            }
        }
        Ok(())
    }

    fn finish(self, problems: &mut Problems) -> Option<(Vec<String>, Units)> {
        let missing: Vec<u32> = (0..SLOTS)
            .filter(|&s| self.owners[s as usize].is_none())
            .collect();
        if self.masters.is_empty() {
            problems.whole("No master was found: paste every line the command printed.");
            return None;
        }
        if !missing.is_empty() {
            let runs = ranges(&missing);
            problems.whole(format!(
                "{} belong to no master ({}): the cluster does not cover every slot.",
                slots_words(missing.len() as u64),
                short_list(&runs),
            ));
            return None;
        }
        let owners = self.owners.into_iter().map(|o| o.unwrap_or(0)).collect();
        Some((self.masters, Units::new(owners)))
    }
}

fn ranges(slots: &[u32]) -> Vec<String> {
    let mut out: Vec<(u32, u32)> = Vec::new();
    for &s in slots {
        match out.last_mut() {
            Some(r) if r.1 + 1 == s => r.1 = s,
            _ => out.push((s, s)),
        }
    }
    out.into_iter()
        .map(|(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}-{b}")
            }
        })
        .collect()
}

fn short_list(items: &[String]) -> String {
    if items.len() <= 4 {
        items.join(", ")
    } else {
        format!("{}, … and {} more", items[..4].join(", "), items.len() - 4)
    }
}

/// Reads a slot or a range `a-b`.
fn slot_range(text: &str) -> Result<(u32, u32), String> {
    let number = |t: &str| {
        t.parse::<u32>()
            .ok()
            .filter(|&s| s < SLOTS)
            .ok_or_else(|| format!("{} is not a slot (0 to 16383)", quoted(t)))
    };
    match text.split_once('-') {
        Some((a, b)) => {
            let (a, b) = (number(a)?, number(b)?);
            if a > b {
                return Err(format!("{} runs backwards", quoted(text)));
            }
            Ok((a, b))
        }
        None => number(text).map(|s| (s, s)),
    }
}

/// `CLUSTER NODES`.
fn cluster_nodes(text: &str, _: &Spec) -> Result<PastedCluster, Refused> {
    let mut problems = Problems::default();
    let mut table = Table::new();
    let mut skipped = Vec::new();
    let mut ids: Vec<(String, String)> = Vec::new();
    let mut replicas: Vec<(usize, String)> = Vec::new();
    let mut moving = 0usize;
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() < 8 {
            problems.at(n, "a CLUSTER NODES line has at least 8 fields: id, address, flags, master, ping, pong, epoch, link state");
            continue;
        }
        if f[0].len() != 40 || !f[0].bytes().all(|b| b.is_ascii_hexdigit()) {
            problems.at(
                n,
                format!("{} is not a node id (40 hexadecimal digits)", quoted(f[0])),
            );
            continue;
        }
        let address = f[1].split(['@', ',']).next().unwrap_or("");
        let Some((ip, port)) = address.rsplit_once(':') else {
            problems.at(
                n,
                format!("{} is not an address ip:port@cport", quoted(f[1])),
            );
            continue;
        };
        if ip.is_empty() || port.parse::<u16>().map_or(true, |p| p == 0) {
            problems.at(
                n,
                format!(
                    "{} has no usable address (a node still in handshake?)",
                    quoted(address)
                ),
            );
            continue;
        }
        let flags: Vec<&str> = f[2].split(',').collect();
        let known = [
            "myself",
            "master",
            "slave",
            "fail?",
            "fail",
            "handshake",
            "noaddr",
            "nofailover",
            "noflags",
        ];
        if let Some(bad) = flags.iter().find(|fl| !known.contains(fl)) {
            problems.at(n, format!("{} is not a CLUSTER NODES flag", quoted(bad)));
            continue;
        }
        if !matches!(f[7], "connected" | "disconnected") {
            problems.at(
                n,
                format!(
                    "{} is not a link state (connected or disconnected)",
                    quoted(f[7])
                ),
            );
            continue;
        }
        ids.push((f[0].to_string(), address.to_string()));
        if flags.contains(&"slave") {
            replicas.push((n, f[3].to_string()));
            if f.len() > 8 {
                problems.at(n, "a replica lists slots; only masters hold slots");
            }
            continue;
        }
        if !flags.contains(&"master") {
            problems.at(n, "the node is neither a master nor a replica");
            continue;
        }
        let name = match server_name(address) {
            Ok(name) => name,
            Err(error) => {
                problems.at(n, format!("{}: {error}", shown(address)));
                continue;
            }
        };
        if table.masters.contains(&name) {
            problems.at(n, format!("{name} is listed twice"));
            continue;
        }
        let m = table.master(&name);
        for field in &f[8..] {
            if field.starts_with('[') {
                // A slot being migrated or imported: it still belongs to its owner.
                moving += 1;
                continue;
            }
            match slot_range(field) {
                Ok((a, b)) => {
                    if let Err(why) = table.claim(a, b, m) {
                        problems.at(n, why);
                    }
                }
                Err(why) => problems.at(n, why),
            }
        }
    }
    for (n, master) in replicas {
        let of = ids
            .iter()
            .find(|(id, _)| *id == master)
            .map_or(master.clone(), |(_, a)| a.clone());
        skipped.push(format!(
            "line {n}: a replica of {of}; only masters hold slots"
        ));
    }
    if moving > 0 {
        skipped.push(format!(
            "{moving} {} being migrated or imported stay with the master that holds them now",
            plural(moving, "slot", "slots")
        ));
    }
    let finished = table.finish(&mut problems);
    problems.check()?;
    let (masters, slots) = finished.expect("no problem means a table");
    Ok(build(masters, slots, skipped))
}

/// `CLUSTER SLOTS` as redis-cli prints it: nested numbered entries, `(integer) 0`, `"10.0.0.1"`.
fn cluster_slots(text: &str, _: &Spec) -> Result<PastedCluster, Refused> {
    let mut problems = Problems::default();
    let mut table = Table::new();
    let mut skipped = Vec::new();
    // Each value with its path of entry numbers: [range, field, node field].
    let mut stack: Vec<(usize, u32)> = Vec::new();
    struct Range {
        line: usize,
        start: Option<u32>,
        end: Option<u32>,
        ip: Option<String>,
        port: Option<u16>,
        replicas: usize,
    }
    let mut ranges: Vec<Range> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        if raw.trim().is_empty() {
            continue;
        }
        let mut rest = raw;
        let mut column = 0usize;
        let mut found = false;
        // Peel the "N) " markers off, each at its column.
        loop {
            let lead = rest.len() - rest.trim_start().len();
            let t = rest.trim_start();
            let digits = t.bytes().take_while(u8::is_ascii_digit).count();
            if digits == 0 || !t[digits..].starts_with(") ") {
                break;
            }
            column += lead;
            let k: u32 = t[..digits].parse().unwrap_or(0);
            while stack.last().is_some_and(|&(c, _)| c > column) {
                stack.pop();
            }
            match stack.last_mut() {
                Some(top) if top.0 == column => top.1 = k,
                _ => stack.push((column, k)),
            }
            found = true;
            column += digits + 2;
            rest = &t[digits + 2..];
        }
        if !found {
            problems.at(
                n,
                "not a line of CLUSTER SLOTS as redis-cli prints it (1) 1) (integer) 0)",
            );
            continue;
        }
        let value = rest.trim();
        let path: Vec<u32> = stack.iter().map(|&(_, k)| k).collect();
        if path.len() == 1 || path[0] as usize > ranges.len() {
            ranges.push(Range {
                line: n,
                start: None,
                end: None,
                ip: None,
                port: None,
                replicas: 0,
            });
        }
        let Some(range) = ranges.last_mut() else {
            continue;
        };
        let integer = value.strip_prefix("(integer) ").map(str::trim);
        let string = value.strip_prefix('"').and_then(|v| v.strip_suffix('"'));
        match path.as_slice() {
            [_, 1] => range.start = integer.and_then(|v| v.parse().ok()),
            [_, 2] => range.end = integer.and_then(|v| v.parse().ok()),
            [_, 3, 1] => range.ip = string.map(str::to_string),
            [_, 3, 2] => range.port = integer.and_then(|v| v.parse().ok()),
            [_, k, 1] if *k > 3 => range.replicas += 1,
            _ => {}
        }
    }
    let mut readable = Vec::new();
    for r in ranges {
        match (r.start, r.end, r.ip, r.port) {
            (Some(a), Some(b), Some(ip), Some(port)) if a <= b && b < SLOTS => {
                readable.push((r.line, a, b, format!("{ip}:{port}"), r.replicas))
            }
            (Some(a), Some(b), ..) if a > b || b >= SLOTS => problems.at(
                r.line,
                format!("the range {a}-{b} is not slots 0 to 16383 in order"),
            ),
            _ => problems.at(
                r.line,
                "this entry lacks its first slot, last slot, master address or port",
            ),
        }
    }
    let mut replicas = 0;
    for (line, a, b, address, r) in readable {
        replicas += r;
        match server_name(&address) {
            Ok(name) => {
                let m = table.master(&name);
                if let Err(why) = table.claim(a, b, m) {
                    problems.at(line, why);
                }
            }
            Err(error) => problems.at(line, format!("{}: {error}", shown(&address))),
        }
    }
    if replicas > 0 {
        skipped.push(format!(
            "{replicas} {} left out; only masters hold slots",
            plural(replicas, "replica listed is", "replicas listed are")
        ));
    }
    let finished = table.finish(&mut problems);
    problems.check()?;
    let (masters, slots) = finished.expect("no problem means a table");
    Ok(build(masters, slots, skipped))
}

fn build(masters: Vec<String>, slots: Units, skipped: Vec<String>) -> PastedCluster {
    let servers: Vec<Server> = masters.iter().map(|m| Server::hashed(m)).collect();
    let counts = slots.counts(masters.len());
    let mut cluster = PastedCluster::of(&super::SPEC, servers);
    cluster.read = masters
        .iter()
        .zip(&counts)
        .map(|(m, &c)| format!("{m}: {}", slots_words(c)))
        .collect();
    cluster.skipped = skipped;
    cluster.state = Some(Box::new(move |state| state.with_slots(slots)));
    cluster
}
