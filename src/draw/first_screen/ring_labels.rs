//! What the ring view says before anything has happened, written once for the app and for the
//! first screen written into the page: the hints round the ring, the last change's empty line,
//! and the ownership table's caption and balance figures.

use crate::core::{grouped, percent, plural, Ownership};

/// What a click on the ring does while it selects.
pub const SELECT_HINT: &str = "Click a key or a server's point to select it.";

/// Under the ring while the pointer is not over it.
pub const HOVER_HINT: &str = "Point at the ring to see who owns a position.";

/// The last change's headline before the first change.
pub const NO_CHANGE_YET: &str = "None yet: add a server and watch which keys move.";

/// The ownership table's caption: what the shares are out of, and what its marks mean.
pub fn ownership_caption(own: &Ownership) -> String {
    let total = if own.ring_size == 1 << 32 {
        "2^32".to_string()
    } else {
        grouped(own.ring_size)
    };
    let space = match own.unit {
        "positions" => format!("of the ring ({total} positions)"),
        "hash values" => format!("of the {total} hash values"),
        "table entries" => format!("of the table ({total} entries)"),
        _ => format!("of {total} evenly spaced positions, asked one by one"),
    };
    format!(
        "Share {space} and of the {} {}. The dashed mark is the even share; the thin mark, the share before the last change.",
        grouped(own.keys),
        plural(own.keys as usize, "key", "keys"),
    )
}

/// The heading of the ownership table's share column: "Ring" when the shares are of the
/// ring's positions, "Share" otherwise.
pub fn share_heading(own: &Ownership) -> &'static str {
    if own.unit == "positions" {
        "Ring"
    } else {
        "Share"
    }
}

/// The busiest server's share over an even share: "1.05×".
pub fn peak_to_mean(own: &Ownership) -> String {
    format!("{:.2}×", own.balance.peak_to_mean)
}

/// How far the shares stray from even: "7.1%".
pub fn spread(own: &Ownership) -> String {
    percent(own.balance.spread)
}

/// The balance tiles under the ownership table: each title and what its figure means.
pub const BALANCE_TILES: [(&str, &str); 2] = [
    ("Busiest server", "its share over an even share"),
    (
        "Shares stray from even by",
        "typically, as a part of an even share",
    ),
];
