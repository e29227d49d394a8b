//! A link whose `gen=` is too large to generate before a page shows: read in two parts. The
//! first opens at once, without the generated keys and what must come after them; the second
//! ([`Deferred`]) is finished once the caller has generated the keys (in steps, with progress
//! on screen), as if the link had opened with all of it.

use crate::core::keys::Key;
use crate::core::scenario::{Change, Scenario};
use crate::core::size::parse_number;

/// What a link asks for after its generated keys: they are generated first, then the keys it
/// lists after `gen`, its hot keys, its last change and its selected key, in that order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deferred {
    /// How many keys `gen=` asks for.
    pub count: usize,
    keys: Option<String>,
    hot: Option<String>,
    then: Option<String>,
    select: Option<String>,
}

/// What finishing a [`Deferred`] gives the caller: the scenario with the listed and hot keys
/// (the link's own view, not a change), the change to replay on it and the key to select, and
/// what could not be read, in words.
#[derive(Debug, Clone)]
pub struct Finished {
    /// The generated scenario with the keys listed after `gen` and the hot keys.
    pub scenario: Scenario,
    /// The link's last change, to replay on the scenario.
    pub then: Option<Change>,
    /// The key the link selects, once the change is replayed.
    pub select: Option<String>,
    /// What could not be read, in words.
    pub notes: Vec<String>,
}

/// Splits `query` (with or without `?`) into what opens at once and what waits, when its
/// `gen=` asks for at least `in_steps` keys; otherwise the query whole and nothing waiting.
pub fn defer_generation(query: &str, in_steps: usize) -> (String, Option<Deferred>) {
    let params: Vec<(String, String)> =
        form_urlencoded::parse(query.trim_start_matches('?').as_bytes())
            .map(|(n, v)| (n.into_owned(), v.into_owned()))
            .collect();
    // A parameter given twice counts at its last value, as the link's reader has it.
    let value = |name: &str| {
        params
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    };
    let count = value("gen").and_then(|g| parse_number::<usize>(&g).ok());
    let Some(count) = count.filter(|&c| c >= in_steps) else {
        return (query.to_string(), None);
    };
    // Keys listed after `gen` were added after the generated ones: they wait too, so that the
    // keys keep their order.
    let position = |name: &str| params.iter().position(|(n, _)| n == name);
    let keys_wait = matches!((position("gen"), position("keys")), (Some(g), Some(k)) if g < k);
    let waiting: &[&str] = if keys_wait {
        &["gen", "then", "select", "hot", "keys"]
    } else {
        &["gen", "then", "select", "hot"]
    };
    let rest = form_urlencoded::Serializer::new(String::new())
        .extend_pairs(
            params
                .iter()
                .filter(|(n, _)| !waiting.contains(&n.as_str())),
        )
        .finish();
    // An empty rest would open the starting scenario with its five keys; `gen=0` opens the
    // link's own ring with none, as the whole link would.
    let rest = if rest.is_empty() {
        "gen=0".to_string()
    } else {
        rest
    };
    let deferred = Deferred {
        count,
        keys: value("keys").filter(|_| keys_wait),
        hot: value("hot"),
        then: value("then"),
        select: value("select"),
    };
    (rest, Some(deferred))
}

impl Deferred {
    /// Finishes the link on `generated`, the opened scenario with its generated keys: adds the
    /// keys listed after them and marks the hot ones, and reads the change to replay and the
    /// key to select (which the caller applies, as the link's opening would have).
    pub fn finish(self, generated: Scenario) -> Finished {
        let mut notes = Vec::new();
        let mut scenario = with_keys(generated, self.keys.as_deref(), &mut notes);
        for text in self
            .hot
            .iter()
            .flat_map(|h| h.split(','))
            .map(str::trim)
            .filter(|t| !t.is_empty())
        {
            let made = format!("hot:{text}")
                .parse::<Change>()
                .and_then(|change| scenario.apply(change));
            if let Err(error) = made {
                notes.push(format!("hot {text}: {error}"));
            }
        }
        let then = self.then.and_then(|text| match text.parse::<Change>() {
            Ok(change) => Some(change),
            Err(error) => {
                notes.push(format!("then: {error}"));
                None
            }
        });
        Finished {
            scenario,
            then,
            select: self.select,
            notes,
        }
    }
}

/// `scenario` with the keys of the comma-separated `keys` added; a key that cannot be added is
/// named in `notes` and the others are added still.
fn with_keys(mut scenario: Scenario, keys: Option<&str>, notes: &mut Vec<String>) -> Scenario {
    let Some(list) = keys else { return scenario };
    let labels: Vec<&str> = list
        .split(',')
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let all: Result<Vec<Key>, _> = labels.iter().map(|l| Key::parse(l)).collect();
    if all.and_then(|keys| scenario.insert_keys(keys)).is_ok() {
        return scenario;
    }
    // Something in the list is wrong: add the keys one by one and name the bad ones.
    for label in labels {
        let added = Key::parse(label).and_then(|k| scenario.insert_keys(vec![k]));
        if let Err(error) = added {
            notes.push(format!("key {}: {error}", crate::core::error::shown(label)));
        }
    }
    scenario
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::link::{read_link, write_link};

    #[test]
    fn a_small_gen_opens_whole_and_nothing_waits() {
        let query = "ring=100&gen=10&then=add:D@60";
        assert_eq!(defer_generation(query, 50), (query.to_string(), None));
    }

    #[test]
    fn a_large_gen_waits_with_what_must_follow_it_and_the_rest_opens_at_once() {
        let (rest, deferred) = defer_generation(
            "?ring=2^32&gen=60&hot=key-0*100&then=add:D&select=key-3",
            50,
        );
        assert_eq!(rest, "ring=2%5E32");
        let deferred = deferred.unwrap();
        assert_eq!(deferred.count, 60);
        assert_eq!(deferred.keys, None);
        // Keys listed before `gen` open at once; listed after it, they wait for it.
        let (rest, deferred) = defer_generation("keys=a,b&gen=60", 50);
        assert_eq!(
            (rest.as_str(), deferred.unwrap().keys),
            ("keys=a%2Cb", None)
        );
        let (rest, deferred) = defer_generation("gen=60&keys=a,b", 50);
        assert_eq!(
            (rest.as_str(), deferred.unwrap().keys.as_deref()),
            ("gen=0", Some("a,b"))
        );
    }

    #[test]
    fn finishing_on_the_generated_keys_gives_what_the_whole_link_opens_on() {
        let whole = "ring=100&servers=A@10,B@40,C@75&gen=60&keys=@5,@95&hot=key-3*50&then=add:D@60&select=key-7";
        let (rest, deferred) = defer_generation(whole, 50);
        let deferred = deferred.unwrap();
        // The caller generates the keys (here at once) on the scenario the rest opens.
        let mut opened = read_link(&rest, 1_000).scenario;
        opened
            .apply(Change::GenerateKeys {
                count: deferred.count,
            })
            .unwrap();
        let finished = deferred.finish(opened);
        assert!(finished.notes.is_empty(), "{:?}", finished.notes);
        let then = finished.then.unwrap();
        assert_eq!(then.to_string(), "add:D@60");
        assert_eq!(finished.select.as_deref(), Some("key-7"));
        let mut after = finished.scenario;
        after.apply(then).unwrap();
        let link = read_link(whole, 1_000);
        assert_eq!(after.keys().len(), link.scenario.keys().len());
        assert_eq!(
            write_link(&after, None, &[]),
            write_link(&link.scenario, None, &[])
        );
    }

    #[test]
    fn what_cannot_be_read_is_said_and_the_rest_is_still_done() {
        let (rest, deferred) = defer_generation("ring=100&gen=60&keys=@5,@500&then=grow", 50);
        let mut opened = read_link(&rest, 1_000).scenario;
        let deferred = deferred.unwrap();
        opened
            .apply(Change::GenerateKeys {
                count: deferred.count,
            })
            .unwrap();
        let finished = deferred.finish(opened);
        assert_eq!(finished.notes.len(), 2, "{:?}", finished.notes);
        assert!(finished.notes[0].starts_with("key @500: "));
        assert!(finished.notes[1].starts_with("then: "));
        assert!(finished.then.is_none());
        assert_eq!(finished.scenario.keys().len(), 61);
    }
}
