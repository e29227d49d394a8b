//! The settings a placement does not read, in words: so that a weight, a ring size, a hash or a
//! virtual-node count a person set is never ignored without a word, on the page or the command
//! line.

use super::layout::Layout;
use super::Kind;

/// One sentence for each setting of `layout` that `kind` does not read; none when it reads them
/// all (or they are at values it would give them itself).
///
/// ```
/// use ringlab::core::{placement::unused, Kind, Scenario};
/// let teaching = Scenario::teaching();
/// assert!(unused(Kind::Ring, &teaching.layout()).is_empty());
/// assert_eq!(
///     unused(Kind::Ketama, &teaching.layout()),
///     vec!["Ketama uses its own 2^32 ring, MD5 key hash and 160 points per server, so the ring of 100 positions applies only to the other placements.".to_string()]
/// );
/// ```
pub fn unused(kind: Kind, layout: &Layout<'_>) -> Vec<String> {
    let spec = kind.spec();
    let mut notes = Vec::new();
    if !spec.uses_weights() && layout.servers.iter().any(|s| s.weight() != 1) {
        notes.push(format!(
            "{} gives every server the same share: weights do not apply.",
            spec.name
        ));
    }
    notes.extend((spec.ignored)(layout));
    notes
}
