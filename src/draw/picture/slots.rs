//! Colour slots that stay with their server from one change to the next.

/// Colour slots that stay with their server: servers keep the slot they had in `previous`,
/// and a new server takes the lowest slot nobody holds.
pub fn assign_slots(previous: &[(String, usize)], names: &[&str]) -> Vec<(String, usize)> {
    let mut taken: Vec<usize> = Vec::new();
    let mut out: Vec<(String, Option<usize>)> = names
        .iter()
        .map(|name| {
            let slot = previous.iter().find(|(n, _)| n == name).map(|(_, s)| *s);
            if let Some(s) = slot {
                taken.push(s);
            }
            (name.to_string(), slot)
        })
        .collect();
    for entry in &mut out {
        if entry.1.is_none() {
            let free = (0..)
                .find(|s| !taken.contains(s))
                .expect("a free slot exists");
            taken.push(free);
            entry.1 = Some(free);
        }
    }
    out.into_iter()
        .map(|(n, s)| (n, s.expect("every slot assigned")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_slots_stay_with_their_server_when_another_leaves() {
        let first = assign_slots(&[], &["A", "B", "C"]);
        let second = assign_slots(&first, &["A", "C"]);
        assert_eq!(second, vec![("A".to_string(), 0), ("C".to_string(), 2)]);
        let third = assign_slots(&second, &["A", "C", "D"]);
        assert_eq!(third[2], ("D".to_string(), 1));
    }
}
