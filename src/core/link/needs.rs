//! What a link needs before it is read: the page's release build fetches the code of the
//! placements other than the ring and mod N when first used
//! ([`placement::code`](crate::core::placement)), so a link that names one waits for it.

use crate::core::placement::Kind;
use crate::core::scenario::Change;

/// Whether reading `query` would evaluate a placement whose code is not here yet: the link's
/// own (`placement=`), one its change chooses (`then=placement:…`), or any a lesson's steps
/// name (`lesson=`).
pub fn names_placement_away(query: &str) -> bool {
    names_placement_beyond(query, Kind::here)
}

/// Whether the change written as `text` (a link's `then`, a figure's action) chooses a
/// placement whose code is not here yet.
pub fn change_names_placement_away(text: &str) -> bool {
    chooses_placement_beyond(text, Kind::here)
}

/// [`names_placement_away`] with `here` saying which placements' code is here.
fn names_placement_beyond(query: &str, here: impl Fn(Kind) -> bool + Copy) -> bool {
    let query = query.strip_prefix('?').unwrap_or(query);
    form_urlencoded::parse(query.as_bytes()).any(|(name, value)| match &*name {
        "placement" => value.parse::<Kind>().is_ok_and(|kind| !here(kind)),
        "then" => chooses_placement_beyond(&value, here),
        "lesson" => Kind::every().any(|kind| !here(kind)),
        _ => false,
    })
}

/// [`change_names_placement_away`] with `here` saying which placements' code is here.
fn chooses_placement_beyond(text: &str, here: impl Fn(Kind) -> bool) -> bool {
    if let Ok(Change::SetPlacement { placement }) = text.trim().parse::<Change>() {
        !here(placement)
    } else {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page's first screen: the ring and mod N only.
    fn first_screen(kind: Kind) -> bool {
        matches!(kind, Kind::Ring | Kind::ModN)
    }

    #[test]
    fn a_link_naming_a_placement_beyond_the_first_screen_needs_it_first() {
        for query in [
            "?placement=jump&servers=A,B,C",
            "ring=100&servers=A,B&then=placement:redis-cluster",
            "?lesson=teaching-ring&step=2",
        ] {
            assert!(names_placement_beyond(query, first_screen), "{query}");
        }
    }

    #[test]
    fn a_link_on_the_ring_or_mod_n_needs_nothing_more() {
        for query in [
            "",
            "?present=1",
            "?placement=mod-n&servers=A,B,C&then=add:D",
            "?placement=ring&then=placement:mod-n",
            "?placement=nonsense",
            "?view=compare&embed=1",
        ] {
            assert!(!names_placement_beyond(query, first_screen), "{query}");
        }
    }

    #[test]
    fn a_change_choosing_a_placement_beyond_the_first_screen_needs_it_first() {
        assert!(chooses_placement_beyond("placement:maglev", first_screen));
        assert!(!chooses_placement_beyond("placement:mod-n", first_screen));
        assert!(!chooses_placement_beyond("add:E", first_screen));
        assert!(!chooses_placement_beyond("not a change", first_screen));
    }

    #[test]
    fn with_every_placement_here_no_link_waits() {
        assert!(!names_placement_away("?placement=jump&lesson=replicas"));
        assert!(!change_names_placement_away("placement:jump"));
    }
}
