//! The naive alternative: `owner = servers[hash mod N]`, in the servers' list order.
//!
//! Going from N to N + 1 servers, a key keeps its server only when its hash leaves the same
//! remainder for both, which happens for N of every N(N + 1) hashes, so about N/(N + 1) of all
//! keys move. The ring moves about 1/(N + 1).

use std::sync::Arc;

use super::diff::KeyMove;

/// The index of the server that `hash mod N` picks among `servers` servers.
///
/// ```
/// // On the teaching ring a key placed at 52 has hash 52; with 4 servers it goes to servers[0].
/// assert_eq!(ringlab::core::mod_n_owner(52, 4), 0);
/// ```
pub fn mod_n_owner(hash: u32, servers: usize) -> usize {
    (u64::from(hash) % servers as u64) as usize
}

/// The keys whose `hash mod N` server differs between two server lists. The key sets are the
/// same keys, by id; their hashes may differ (after a change of hash scheme).
pub fn mod_n_moves(
    before_names: &[Arc<str>],
    before_hashes: &[u32],
    after_names: &[Arc<str>],
    after_hashes: &[u32],
) -> Vec<KeyMove> {
    // For each old server, where its name sits in the new list: a key stays when the new
    // remainder points at that same place.
    let place_after: Vec<Option<usize>> = before_names
        .iter()
        .map(|name| after_names.iter().position(|n| n == name))
        .collect();
    let (n_before, n_after) = (before_names.len(), after_names.len());
    before_hashes
        .iter()
        .zip(after_hashes)
        .enumerate()
        .filter_map(|(key, (&old, &new))| {
            let from = mod_n_owner(old, n_before);
            let to = mod_n_owner(new, n_after);
            (place_after[from] != Some(to)).then(|| KeyMove {
                key: key as u32,
                from: before_names[from].clone(),
                to: after_names[to].clone(),
            })
        })
        .collect()
}

/// The share of keys that `mod N` is expected to move when the server count goes from
/// `before` to `after` by one: N/(N + 1) when one joins, (N - 1)/N when one leaves.
pub fn mod_n_expected(before: usize, after: usize) -> Option<f64> {
    match after.cmp(&before) {
        std::cmp::Ordering::Greater => Some(before as f64 / after as f64),
        std::cmp::Ordering::Less => Some(after as f64 / before as f64),
        std::cmp::Ordering::Equal => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<Arc<str>> {
        list.iter().map(|n| Arc::from(*n)).collect()
    }

    #[test]
    fn from_four_to_five_servers_keeps_four_hashes_in_twenty() {
        let hashes: Vec<u32> = (0..20).collect();
        let moves = mod_n_moves(
            &names(&["a", "b", "c", "d"]),
            &hashes,
            &names(&["a", "b", "c", "d", "e"]),
            &hashes,
        );
        assert_eq!(moves.len(), 16);
        assert_eq!(mod_n_expected(4, 5), Some(0.8));
        assert_eq!(mod_n_expected(4, 3), Some(0.75));
    }

    #[test]
    fn the_same_list_moves_nothing() {
        let hashes: Vec<u32> = (0..100).map(|h| h * 7919).collect();
        let list = names(&["x", "y", "z"]);
        assert!(mod_n_moves(&list, &hashes, &list, &hashes).is_empty());
    }
}
