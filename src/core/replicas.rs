//! Replication: each key lives on the first R distinct servers clockwise from it (its
//! preference list). When a server dies, each of its keys is served by the next server on that
//! list, which already holds a copy: that replica is promoted. A key loses every copy only when
//! all R of its servers are gone, which one death cannot do when R > 1.

use std::sync::Arc;

use crate::core::placement::Kind;
use crate::core::scenario::{Outcome, Scenario};

/// A key whose primary died and whose next replica took over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Promotion {
    /// The key's id.
    pub key: u32,
    /// The server that died.
    pub from: Arc<str>,
    /// The replica promoted to primary.
    pub to: Arc<str>,
}

/// What a server's removal did to replicated keys.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Failover {
    /// Keys whose next replica was promoted.
    pub promoted: Vec<Promotion>,
    /// Keys that had no copy left.
    pub lost: usize,
}

/// For a change that removed a server from `before` on the ring, which replica took over each
/// moved key, with `replicas` copies per key. None for any other change or placement.
pub fn failover(before: &Scenario, outcome: &Outcome, replicas: usize) -> Option<Failover> {
    let (was, is) = outcome.servers;
    if is >= was || outcome.placement != Kind::Ring {
        return None;
    }
    let [gone] = outcome.moved.from.as_slice() else {
        return None;
    };
    let mut result = Failover::default();
    for key in outcome.moved.keys.iter() {
        let list = before.preference_list(key, replicas);
        let survivor = list
            .iter()
            .map(|&i| before.ring().names()[i].clone())
            .find(|name| name != gone);
        match survivor {
            Some(to) => result.promoted.push(Promotion {
                key,
                from: gone.clone(),
                to,
            }),
            None => result.lost += 1,
        }
    }
    Some(result)
}

/// Says so when `replicas` copies per key are asked for among fewer `servers`: each key can be
/// kept on every server, and no more.
///
/// ```
/// use ringlab::core::copies_note;
/// assert_eq!(copies_note(3, 3), None);
/// assert_eq!(
///     copies_note(3, 2).unwrap(),
///     "3 copies per key were asked for, but there are only 2 servers: each key is kept on both."
/// );
/// ```
pub fn copies_note(replicas: usize, servers: usize) -> Option<String> {
    if replicas <= servers {
        return None;
    }
    let (are, servers_word, all) = match servers {
        1 => ("is", "server".to_string(), "the one server".to_string()),
        2 => ("are", "servers".to_string(), "both".to_string()),
        n => ("are", "servers".to_string(), format!("all {n}")),
    };
    Some(format!(
        "{replicas} copies per key were asked for, but there {are} only {servers} {servers_word}: each key is kept on {all}."
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Change, HashScheme, RingSize, Server};

    fn cluster() -> Scenario {
        let servers = ["a", "b", "c", "d"]
            .iter()
            .map(|n| Server::hashed(n))
            .collect();
        let mut s = Scenario::new(RingSize::FULL, HashScheme::default(), 50, servers).unwrap();
        s.apply(Change::GenerateKeys { count: 2000 }).unwrap();
        s
    }

    #[test]
    fn with_three_replicas_a_dead_servers_keys_go_to_their_next_replica_and_none_is_lost() {
        let before = cluster();
        let mut after = before.clone();
        let outcome = after
            .apply(Change::RemoveServer { name: "c".into() })
            .unwrap();
        let failover = failover(&before, &outcome, 3).unwrap();
        assert_eq!(failover.lost, 0);
        assert_eq!(failover.promoted.len(), outcome.moved.len());
        // The promoted replica is exactly the key's new owner on the ring.
        for promotion in &failover.promoted {
            let owner = after
                .ring()
                .owner_of(after.keys().position_of(promotion.key));
            assert_eq!(&*promotion.to, after.ring().server_name(owner));
        }
    }

    #[test]
    fn with_one_copy_every_key_of_the_dead_server_is_lost() {
        let before = cluster();
        let mut after = before.clone();
        let outcome = after
            .apply(Change::RemoveServer { name: "a".into() })
            .unwrap();
        let failover = failover(&before, &outcome, 1).unwrap();
        assert_eq!(failover.lost, outcome.moved.len());
        assert!(failover.promoted.is_empty());
    }

    #[test]
    fn adding_a_server_is_no_failover() {
        let before = cluster();
        let mut after = before.clone();
        let outcome = after
            .apply(Change::AddServer {
                name: "e".into(),
                at: None,
                weight: None,
            })
            .unwrap();
        assert_eq!(failover(&before, &outcome, 3), None);
    }
}
