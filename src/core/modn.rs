//! The naive alternative: `owner = servers[hash mod N]`, in the servers' list order.
//!
//! Going from N to N + 1 servers, a key keeps its server only when its hash leaves the same
//! remainder for both, which happens for N of every N(N + 1) hashes, so about N/(N + 1) of all
//! keys move. The ring moves about 1/(N + 1).

/// The index of the server that `hash mod N` picks among `servers` servers.
///
/// ```
/// // On the teaching ring a key placed at 52 has hash 52; with 4 servers it goes to servers[0].
/// assert_eq!(ringlab::core::mod_n_owner(52, 4), 0);
/// ```
pub fn mod_n_owner(hash: u32, servers: usize) -> usize {
    (u64::from(hash) % servers as u64) as usize
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

    #[test]
    fn from_four_to_five_servers_keeps_four_hashes_in_twenty() {
        let kept = (0..20u32)
            .filter(|&h| mod_n_owner(h, 4) == mod_n_owner(h, 5))
            .count();
        assert_eq!(kept, 4);
        assert_eq!(mod_n_expected(4, 5), Some(0.8));
        assert_eq!(mod_n_expected(4, 3), Some(0.75));
    }
}
