//! From the keys a change moved to streams of reads, grouped by rate.
//!
//! For each key that moved (in the change or the restart), each server that one of the views
//! names as its owner receives a stream of its reads: the views' shares of them (see
//! [`Clock`](super::clock::Clock)). A stream costs extra database reads when it goes to
//! - a server that does not hold the key (a **cold** stream): the first read there misses and
//!   fills it. A server holds a key when it owned it before the change, or, with R copies, was
//!   one of the first R servers of its preference list; a restarted server holds nothing;
//! - the failed server while it is down, with one copy per key (a **dead** stream): each read
//!   that would have hit goes to the database. With more copies the client reads a replica.
//!
//! Streams of the same kind and rate behave alike, so keys are counted in groups: exactly, one
//! group per kind and distinct popularity weight, while there are at most [`EXACT_GROUPS`] of
//! them; otherwise in logarithmic bins of weight, [`PER_OCTAVE`] to each doubling, each group
//! at the mean rate of its keys (see [`Summation`]).

use std::collections::HashMap;
use std::sync::Arc;

use super::clock::Views;
use crate::core::keys::KeySet;
use crate::core::moves::KeyIds;
use crate::core::placement::{moves_between, Kind, Placed};
use crate::core::scenario::Scenario;
use crate::core::sum::Sum;

/// The most groups counted exactly before keys are binned by rate.
pub const EXACT_GROUPS: usize = 1024;
/// Bins of rate to each doubling when keys are binned: neighbouring bins differ by 2^(1/64),
/// about 1.1 %.
pub const PER_OCTAVE: u32 = 64;

/// How the moved keys were summed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Summation {
    /// Keys of equal rate grouped together: the sum is exact.
    Exact {
        /// Groups of keys (one per kind of stream and distinct rate).
        groups: usize,
    },
    /// Keys binned by rate, each bin at the mean rate of its keys. The series then differs from
    /// the exact sum by at most 10⁻⁴ of `hit × Σ rate` over the binned keys (the height of the
    /// spike they would make together), and the figures that are linear in the rates (the
    /// spike's height, what clients send a dead server, the total extra reads of streams that
    /// never end) stay exact.
    Binned {
        /// Bins in use.
        bins: usize,
        /// Bins to each doubling of the rate.
        per_octave: u32,
    },
}

/// What happens to a stream of reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Fate {
    /// To a server without the key, from the change (or from the restart, for the restarted
    /// server): its first read misses.
    Cold {
        /// Whether it starts at the restart.
        from_restart: bool,
    },
    /// To the failed server while it is down, with one copy per key: every read misses.
    Dead,
}

/// One kind of stream: its fate and the views whose clients send it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct Stream {
    pub fate: Fate,
    pub views: Views,
}

impl Stream {
    fn code(self) -> u8 {
        let fate = match self.fate {
            Fate::Cold {
                from_restart: false,
            } => 0,
            Fate::Cold { from_restart: true } => 1,
            Fate::Dead => 2,
        };
        fate * 8 + self.views
    }

    fn from_code(code: u8) -> Stream {
        let fate = match code / 8 {
            0 => Fate::Cold {
                from_restart: false,
            },
            1 => Fate::Cold { from_restart: true },
            _ => Fate::Dead,
        };
        Stream {
            fate,
            views: code % 8,
        }
    }
}

/// Keys whose streams have the same kind and rate.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Group {
    pub stream: Stream,
    /// Reads per second of each key.
    pub rate: f64,
    /// How many keys.
    pub keys: f64,
}

/// The scenarios a timeline runs through: before the change, after it, and after the restart.
pub(super) struct Path<'a> {
    pub scenarios: Vec<&'a Scenario>,
    /// The failed server, when the change was a failure.
    pub failed: Option<&'a str>,
}

/// Everything the curve needs from the keys.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Gathered {
    pub groups: Vec<Group>,
    pub summation: Summation,
    /// Keys moved by the change, and by the restart.
    pub moved: (usize, usize),
    /// Keys with a stream that costs database reads.
    pub cold_keys: usize,
    /// Reads per second of the keys whose owner before the change is named by no later view
    /// (the removed or failed server's keys).
    pub gone_rate: f64,
    /// Reads per second of keys whose owner differs between views 0 and 1, 0 and 2, 1 and 2.
    pub stale_rates: [f64; 3],
    /// The share of writes that go to keys the failed server held a copy of.
    pub hint_share: f64,
}

/// Placements to evaluate the path with: the placement before the change and after it (they
/// differ only when the change chose another placement).
#[derive(Debug, Clone, Copy)]
pub(super) struct Kinds {
    pub before: Kind,
    pub after: Kind,
}

/// Sorts the keys of `path` into groups of streams, with reads per second `reads` spread by
/// popularity.
pub(super) fn gather(path: &Path<'_>, kinds: Kinds, reads: f64, writes: bool) -> Gathered {
    let s0 = path.scenarios[0];
    let placed: Vec<Arc<Placed>> = path
        .scenarios
        .iter()
        .enumerate()
        .map(|(i, s)| s.place(if i == 0 { kinds.before } else { kinds.after }))
        .collect();
    let keys: Vec<&KeySet> = path.scenarios.iter().map(|s| s.keys()).collect();
    let moves: Vec<KeyIds> = (1..placed.len())
        .map(|i| {
            let (a, b) = (path.scenarios[i - 1], path.scenarios[i]);
            moves_between(&a.layout(), &placed[i - 1], &b.layout(), &placed[i]).keys
        })
        .collect();
    // Every server any view names, by one id.
    let mut roster: Vec<Arc<str>> = Vec::new();
    let ids: Vec<Vec<u16>> = placed
        .iter()
        .map(|p| {
            p.names()
                .iter()
                .map(|name| match roster.iter().position(|n| n == name) {
                    Some(i) => i as u16,
                    None => {
                        roster.push(name.clone());
                        (roster.len() - 1) as u16
                    }
                })
                .collect()
        })
        .collect();
    let failed = path
        .failed
        .and_then(|name| roster.iter().position(|n| &**n == name))
        .map(|i| i as u16);
    let named_after: Vec<bool> = (0..roster.len() as u16)
        .map(|id| ids[1].contains(&id))
        .collect();
    let weights = s0.traffic().weights(s0.keys());
    let count = s0.keys().len();
    let total = weights.total(count);
    let scale = if total > 0.0 { reads / total } else { 0.0 };
    let replicas = s0.timing().replicas as usize;
    let restart = placed.len() == 3;
    let holder = Holder {
        placed: &placed[0],
        keys: keys[0],
        ids: &ids[0],
        replicas,
    };

    let mut tally = Tally::Exact(HashMap::new());
    let mut cold_keys = 0;
    let mut gone = Sum::default();
    let mut stale = [Sum::default(); 3];
    let mut hinted = Sum::default();
    let owner = |view: usize, id: u32| ids[view][placed[view].owner_of_key(keys[view], id)];
    let empty = KeyIds::default();
    let later = moves.get(1).unwrap_or(&empty);
    for id in union(&moves[0], later) {
        let o0 = owner(0, id);
        let o1 = owner(1, id);
        let o2 = if restart { owner(2, id) } else { o1 };
        let w = weights.of(id);
        if o0 != o1 {
            stale[0].add(w);
        }
        if restart && o0 != o2 {
            stale[1].add(w);
        }
        if restart && o1 != o2 {
            stale[2].add(w);
        }
        if !named_after[o0 as usize] {
            gone.add(w);
        }
        if replicas == 1 && Some(o0) == failed {
            hinted.add(w);
        }
        let mut costly = false;
        let owners = [o0, o1, o2];
        for (j, &s) in owners.iter().enumerate() {
            if owners[..j].contains(&s) {
                continue;
            }
            let views = owners
                .iter()
                .enumerate()
                .filter(|&(v, &o)| o == s && (v < 2 || restart))
                .fold(0, |bits, (v, _)| bits | 1 << v);
            let mut add = |fate| {
                tally.add(Stream { fate, views }, w);
                costly = true;
            };
            if Some(s) == failed {
                if replicas == 1 {
                    add(Fate::Dead);
                }
                if restart {
                    add(Fate::Cold { from_restart: true });
                }
            } else if s != o0 && (replicas == 1 || !holder.holds(id, s)) {
                add(Fate::Cold {
                    from_restart: false,
                });
            }
        }
        cold_keys += usize::from(costly);
    }
    if replicas > 1 && writes {
        if let Some(c) = failed {
            for id in 0..count as u32 {
                if holder.holds(id, c) {
                    hinted.add(weights.of(id));
                }
            }
        }
    }
    let share = |sum: Sum| {
        if total > 0.0 {
            sum.get() / total
        } else {
            0.0
        }
    };
    let (groups, summation) = tally.groups(scale);
    Gathered {
        groups,
        summation,
        moved: (moves[0].len(), later.len()),
        cold_keys,
        gone_rate: gone.get() * scale,
        stale_rates: stale.map(|s| s.get() * scale),
        hint_share: share(hinted),
    }
}

/// Which servers hold a copy of a key before the change.
struct Holder<'a> {
    placed: &'a Placed,
    keys: &'a KeySet,
    /// Roster ids of the servers of view 0, by index.
    ids: &'a [u16],
    replicas: usize,
}

impl Holder<'_> {
    /// Whether server `s` (a roster id) held key `id`: it was among the first R servers of the
    /// key's preference list.
    fn holds(&self, id: u32, s: u16) -> bool {
        let Some(index) = self.ids.iter().position(|&i| i == s) else {
            return false;
        };
        let mut seen = 0;
        let first = self.placed.first_in_preference(self.keys, id, |server| {
            seen += 1;
            server == index || seen >= self.replicas
        });
        first == Some(index)
    }
}

/// The ids in either set, ascending, once each.
fn union<'a>(a: &'a KeyIds, b: &'a KeyIds) -> impl Iterator<Item = u32> + 'a {
    let mut a = a.iter().peekable();
    let mut b = b.iter().peekable();
    std::iter::from_fn(move || match (a.peek().copied(), b.peek().copied()) {
        (Some(x), Some(y)) if x == y => {
            a.next();
            b.next()
        }
        (Some(x), Some(y)) if x < y => a.next(),
        (Some(_), Some(_)) => b.next(),
        (Some(_), None) => a.next(),
        (None, _) => b.next(),
    })
}

/// Keys counted by kind of stream and weight: exactly while the distinct weights are few, then
/// by bins of weight.
enum Tally {
    Exact(HashMap<(u8, u64), u64>),
    Binned(HashMap<(u8, i32), (u64, f64)>),
}

impl Tally {
    fn add(&mut self, stream: Stream, weight: f64) {
        let code = stream.code();
        match self {
            Tally::Exact(map) => {
                *map.entry((code, weight.to_bits())).or_default() += 1;
                if map.len() > EXACT_GROUPS {
                    let mut bins: HashMap<(u8, i32), (u64, f64)> = HashMap::new();
                    for (&(code, bits), &count) in map.iter() {
                        let w = f64::from_bits(bits);
                        let bin = bins.entry((code, bin_of(w))).or_default();
                        bin.0 += count;
                        bin.1 += count as f64 * w;
                    }
                    *self = Tally::Binned(bins);
                }
            }
            Tally::Binned(map) => {
                let bin = map.entry((code, bin_of(weight))).or_default();
                bin.0 += 1;
                bin.1 += weight;
            }
        }
    }

    /// The groups, each key's weight turned into reads per second by `scale`, in a fixed order.
    fn groups(self, scale: f64) -> (Vec<Group>, Summation) {
        let (mut groups, summation) = match self {
            Tally::Exact(map) => {
                let groups: Vec<Group> = map
                    .into_iter()
                    .map(|((code, bits), count)| Group {
                        stream: Stream::from_code(code),
                        rate: f64::from_bits(bits) * scale,
                        keys: count as f64,
                    })
                    .collect();
                let summation = Summation::Exact {
                    groups: groups.len(),
                };
                (groups, summation)
            }
            Tally::Binned(map) => {
                let bins = map.len();
                let groups = map
                    .into_iter()
                    .map(|((code, _), (count, sum))| Group {
                        stream: Stream::from_code(code),
                        rate: sum / count as f64 * scale,
                        keys: count as f64,
                    })
                    .collect();
                let summation = Summation::Binned {
                    bins,
                    per_octave: PER_OCTAVE,
                };
                (groups, summation)
            }
        };
        // Hash maps have no order; sums are taken in this one so results repeat exactly.
        groups.sort_by(|a, b| {
            (a.stream.code(), a.rate)
                .partial_cmp(&(b.stream.code(), b.rate))
                .unwrap_or(std::cmp::Ordering::Equal)
        });
        (groups, summation)
    }
}

/// The bin of a weight: `⌊log₂ w × PER_OCTAVE⌋`.
fn bin_of(weight: f64) -> i32 {
    (weight.log2() * f64::from(PER_OCTAVE)).floor() as i32
}
