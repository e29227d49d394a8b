//! Each server's colour slot, by name: the one rule every picture follows (the main ring, a
//! question's ring, Compare's small circles, the ownership and request tables, their
//! swatches), so a server has one colour wherever it is drawn.
//!
//! A name asks for a slot of its own: the letters A to Z ask for 0, 1, 2, ... in order (A, B,
//! C and D are blue, orange, green and pink whatever else is on the ring), the page's city names
//! for their place in its list, and any other name for a slot from a hash of its letters. A
//! server keeps the slot it had while it stays; a newcomer takes the slot its name asks for
//! when nobody holds it, else the lowest free one. The palette itself (slot → colour, light and
//! dark) is `draw/palette.rs`; forced colours are the page's, in `ui/kit/theme.rs`.

use crate::core::naming::CITIES;

/// How many colours the palette has; slots past it wrap round.
pub const PALETTE: usize = 8;

/// The slot `name` asks for.
///
/// ```
/// use ringlab::draw::picture::preferred_slot;
/// assert_eq!(preferred_slot("A"), 0);
/// assert_eq!(preferred_slot("D"), 3);
/// assert_eq!(preferred_slot("osaka"), 1);
/// assert_eq!(preferred_slot("D2"), preferred_slot("D2"));
/// ```
pub fn preferred_slot(name: &str) -> usize {
    let mut letters = name.chars();
    if let (Some(letter @ 'A'..='Z'), None) = (letters.next(), letters.next()) {
        return (letter as usize - 'A' as usize) % PALETTE;
    }
    if let Some(city) = CITIES.iter().position(|c| *c == name) {
        return city % PALETTE;
    }
    // FNV-1a over the name's bytes: the same name, the same slot, on every page.
    let hash = name.bytes().fold(0x811c_9dc5_u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    });
    hash as usize % PALETTE
}

/// Colour slots for servers `names` (in list order): a server listed in `previous` keeps its
/// slot; a newcomer takes the slot its name asks for when it is free, else the lowest free one.
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
    for (name, slot) in &mut out {
        if slot.is_none() {
            let wanted = preferred_slot(name);
            let free = if taken.contains(&wanted) {
                (0..)
                    .find(|s| !taken.contains(s))
                    .expect("a free slot exists")
            } else {
                wanted
            };
            taken.push(free);
            *slot = Some(free);
        }
    }
    out.into_iter()
        .map(|(n, s)| (n, s.expect("every slot assigned")))
        .collect()
}

/// The slot of each of `names` as a picture of another scenario draws it: the slots the page
/// shows now (`shown`) for the servers it has, the same rule for the others.
pub fn slots_like(shown: &[(String, usize)], names: &[&str]) -> Vec<usize> {
    let kept: Vec<(String, usize)> = shown
        .iter()
        .filter(|(n, _)| names.contains(&n.as_str()))
        .cloned()
        .collect();
    assign_slots(&kept, names)
        .into_iter()
        .map(|(_, s)| s)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_slots_stay_with_their_server_when_another_leaves() {
        let first = assign_slots(&[], &["A", "B", "C"]);
        assert_eq!(
            first,
            vec![("A".into(), 0), ("B".into(), 1), ("C".into(), 2)]
        );
        let second = assign_slots(&first, &["A", "C"]);
        assert_eq!(second, vec![("A".to_string(), 0), ("C".to_string(), 2)]);
        let third = assign_slots(&second, &["A", "C", "D"]);
        assert_eq!(third[2], ("D".to_string(), 3));
    }

    #[test]
    fn a_server_has_the_same_slot_on_a_question_ring_as_on_the_main_ring() {
        // The main ring had A, B, C and D; B left. A question's ring shows A, C and D.
        let main = assign_slots(&assign_slots(&[], &["A", "B", "C", "D"]), &["A", "C", "D"]);
        assert_eq!(slots_like(&main, &["A", "C", "D"]), vec![0, 2, 3]);
        // Drawn on its own, with no main ring, the names still ask for the same slots.
        assert_eq!(slots_like(&[], &["A", "C", "D"]), vec![0, 2, 3]);
        // A server the question adds takes the slot its name asks for.
        assert_eq!(slots_like(&main, &["A", "C", "D", "E"]), vec![0, 2, 3, 4]);
    }

    #[test]
    fn a_name_whose_slot_is_taken_takes_the_lowest_free_one() {
        let slots = assign_slots(&[], &["A", "I"]);
        assert_eq!(slots[1], ("I".to_string(), 1));
        let cities = assign_slots(&[], &["tokyo", "osaka", "kyoto"]);
        assert_eq!(
            cities.iter().map(|(_, s)| *s).collect::<Vec<_>>(),
            vec![0, 1, 2]
        );
    }
}
