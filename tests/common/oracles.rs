//! Naive placements to check the engine's against: each written from its definition, plainly,
//! without the engine's structures (no sorted point lists, no indexes, no shortcuts), and
//! slow. They share only the key and server hashes, worked out here too.

use md5::{Digest, Md5};
use ringlab::core::{Key, Placement, Scenario};

use super::{key_hash, NaiveRing};

/// SplitMix64, from its published reference: output `i` (from 0) of the generator seeded with
/// `seed`.
pub fn splitmix(seed: u32, i: u32) -> u64 {
    let mut z = u64::from(seed).wrapping_add(u64::from(i + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn finalise(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn weight(scenario: &Scenario, index: usize) -> u32 {
    match scenario.servers()[index].placement {
        Placement::Hashed { weight } => weight,
        Placement::At(_) => 1,
    }
}

/// Every key of `scenario`, by id.
pub fn keys(scenario: &Scenario) -> Vec<Key> {
    scenario.keys().iter().collect()
}

/// Jump hash as Guava writes it: the same generator, the loop arranged differently.
pub fn jump(key: u64, buckets: u32) -> u32 {
    let mut state = key;
    let mut candidate: i64 = 0;
    loop {
        state = state
            .wrapping_mul(2_862_933_555_777_941_757)
            .wrapping_add(1);
        let next_double = f64::from(((state >> 33) as i32) + 1) / f64::from(1u32 << 31);
        let next = ((candidate + 1) as f64 / next_double) as i64;
        if next >= 0 && next < i64::from(buckets) {
            candidate = next;
        } else {
            return candidate as u32;
        }
    }
}

/// Each key's server under jump hash, by name.
pub fn jump_owners(scenario: &Scenario) -> Vec<String> {
    let n = scenario.servers().len() as u32;
    keys(scenario)
        .iter()
        .map(|k| {
            let b = jump(splitmix(key_hash(k, scenario.hash()), 0), n);
            scenario.servers()[b as usize].name.clone()
        })
        .collect()
}

/// Each key's server under rendezvous hashing: every score worked out, the highest taken,
/// ties to the name that sorts first.
pub fn rendezvous_owners(scenario: &Scenario) -> Vec<String> {
    let servers = scenario.servers();
    let weighted = (0..servers.len()).any(|i| weight(scenario, i) != weight(scenario, 0));
    keys(scenario)
        .iter()
        .map(|k| {
            let h = key_hash(k, scenario.hash());
            let mut best: Option<(f64, u64, &str)> = None;
            for (i, s) in servers.iter().enumerate() {
                let draw = finalise(splitmix(scenario.hash().hash32(&s.name), 0) ^ splitmix(h, 0));
                let u = ((draw >> 11) as f64 + 0.5) / 9_007_199_254_740_992.0;
                let score = -f64::from(weight(scenario, i)) / u.ln();
                let better = match best {
                    None => true,
                    Some((bs, bd, bn)) => {
                        if weighted {
                            score > bs || (score == bs && s.name.as_str() < bn)
                        } else {
                            draw > bd || (draw == bd && s.name.as_str() < bn)
                        }
                    }
                };
                if better {
                    best = Some((score, draw, &s.name));
                }
            }
            best.unwrap().2.to_string()
        })
        .collect()
}

/// Maglev's lookup table of `size` entries, by the paper's loop with whole permutation tables.
pub fn maglev_table(scenario: &Scenario, size: u32) -> Vec<usize> {
    let m = u64::from(size);
    let permutations: Vec<Vec<u64>> = scenario
        .servers()
        .iter()
        .map(|s| {
            let h = scenario.hash().hash32(&s.name);
            let offset = splitmix(h, 0) % m;
            let skip = splitmix(h, 1) % (m - 1) + 1;
            (0..m).map(|j| (offset + j * skip) % m).collect()
        })
        .collect();
    let n = permutations.len();
    let mut next = vec![0usize; n];
    let mut entry: Vec<Option<usize>> = vec![None; size as usize];
    let mut filled = 0;
    loop {
        for i in 0..n {
            let mut c = permutations[i][next[i]];
            while entry[c as usize].is_some() {
                next[i] += 1;
                c = permutations[i][next[i]];
            }
            entry[c as usize] = Some(i);
            next[i] += 1;
            filled += 1;
            if filled == size {
                return entry.into_iter().map(|e| e.unwrap()).collect();
            }
        }
    }
}

/// Each key's server under maglev.
pub fn maglev_owners(scenario: &Scenario, size: u32) -> Vec<String> {
    let table = maglev_table(scenario, size);
    keys(scenario)
        .iter()
        .map(|k| {
            let e = key_hash(k, scenario.hash()) % size;
            scenario.servers()[table[e as usize]].name.clone()
        })
        .collect()
}

/// Ketama's points, worked out from libketama's definition: (position, server name, order).
pub fn ketama_points(scenario: &Scenario) -> Vec<(u64, String, u32)> {
    let servers = scenario.servers();
    let total: u32 = (0..servers.len()).map(|i| weight(scenario, i)).sum();
    let mut points = Vec::new();
    for (i, s) in servers.iter().enumerate() {
        let pct = weight(scenario, i) as f32 / total as f32;
        let count =
            ((f64::from(pct) * 40.0 * f64::from(servers.len() as f32)) as f32).floor() as u32;
        for d in 0..count {
            let digest = Md5::digest(format!("{}-{d}", s.name).as_bytes());
            for h in 0..4 {
                let value = u32::from(digest[4 * h])
                    | u32::from(digest[4 * h + 1]) << 8
                    | u32::from(digest[4 * h + 2]) << 16
                    | u32::from(digest[4 * h + 3]) << 24;
                points.push((u64::from(value), s.name.clone(), d * 4 + h as u32));
            }
        }
    }
    points
}

/// Each key's server under ketama: the smallest point at or after the key's hash (ties by
/// name, then order), wrapping to the smallest point of all.
pub fn ketama_owners(scenario: &Scenario) -> Vec<String> {
    let points = ketama_points(scenario);
    keys(scenario)
        .iter()
        .map(|k| {
            let digest = Md5::digest(k.label().as_bytes());
            let h = u64::from(u32::from_le_bytes([
                digest[0], digest[1], digest[2], digest[3],
            ]));
            let at_or_after = points.iter().filter(|p| p.0 >= h).min();
            at_or_after
                .or_else(|| points.iter().min())
                .unwrap()
                .1
                .clone()
        })
        .collect()
}

/// Each key's server under multi-probe hashing with `k` probes: one point per server, each
/// probe's successor found by scanning, the nearest winning (the first probe on a tie).
pub fn multi_probe_owners(scenario: &Scenario, k: u32) -> Vec<String> {
    let one_each: Vec<_> = scenario
        .servers()
        .iter()
        .map(|s| match s.placement {
            Placement::Hashed { .. } => ringlab::core::Server::hashed(&s.name),
            Placement::At(_) => s.clone(),
        })
        .collect();
    let ring = NaiveRing::new(scenario.size().get(), scenario.hash(), 1, &one_each);
    let size = ring.size;
    keys(scenario)
        .iter()
        .map(|key| {
            let h = key_hash(key, scenario.hash());
            let mut best: Option<(u64, String)> = None;
            for i in 0..k {
                let probe = (splitmix(h, i) >> 32) % size;
                let point = ring.owner_point(probe);
                let distance = (point.position + size - probe) % size;
                if best.as_ref().is_none_or(|(d, _)| distance < *d) {
                    best = Some((distance, point.name.clone()));
                }
            }
            best.unwrap().1
        })
        .collect()
}

/// Each key's server under bounded loads with factor `load` (hundredths): keys arrive by the
/// mix of their hash, then their label, and walk the sorted points clockwise past full servers.
pub fn bounded_owners(scenario: &Scenario, load: u32) -> Vec<String> {
    let ring = NaiveRing::of(scenario);
    let mut sorted = ring.points.clone();
    sorted.sort_by(|a, b| (a.position, &a.name, a.vnode).cmp(&(b.position, &b.name, b.vnode)));
    let servers = scenario.servers();
    let total: u64 = (0..servers.len())
        .map(|i| u64::from(weight(scenario, i)))
        .sum();
    let all = keys(scenario);
    let caps: Vec<u64> = (0..servers.len())
        .map(|i| {
            let top = u64::from(load) * all.len() as u64 * u64::from(weight(scenario, i));
            top.div_ceil(100 * total)
        })
        .collect();
    let mut arrival: Vec<usize> = (0..all.len()).collect();
    arrival.sort_by(|&a, &b| {
        let mix = |i: usize| finalise(u64::from(key_hash(&all[i], scenario.hash())));
        mix(a)
            .cmp(&mix(b))
            .then_with(|| all[a].label().cmp(&all[b].label()))
    });
    let mut loads = vec![0u64; servers.len()];
    let mut owners = vec![String::new(); all.len()];
    for id in arrival {
        let position = u64::from(key_hash(&all[id], scenario.hash())) % ring.size;
        let first = ring.owner_point(position);
        let mut p = sorted.iter().position(|q| q == first).unwrap();
        loop {
            let name = &sorted[p].name;
            let index = servers.iter().position(|s| &s.name == name).unwrap();
            if loads[index] < caps[index] {
                loads[index] += 1;
                owners[id] = name.clone();
                break;
            }
            p = (p + 1) % sorted.len();
        }
    }
    owners
}

/// Each key's server under the partition table, from the table's rows and the definition
/// partition = ⌊position × P / M⌋.
pub fn table_owners(scenario: &Scenario) -> Vec<String> {
    let table = scenario.table();
    let size = scenario.size().get();
    let count = u64::from(table.count());
    keys(scenario)
        .iter()
        .map(|k| {
            let position = u64::from(key_hash(k, scenario.hash())) % size;
            let p = (u128::from(position) * u128::from(count) / u128::from(size)) as u32;
            scenario.servers()[table.owner(p)].name.clone()
        })
        .collect()
}
