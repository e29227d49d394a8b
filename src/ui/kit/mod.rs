//! A small kit shared by the views: colours and the server swatch, a modal dialog, a control's
//! message and the rule for refused input, moving the focus, the page's clock and downloads,
//! numbers as the page writes them, and the notice for a link that could not be read in full.
//! Nothing here knows which view it is in.

pub mod browser;
pub mod dialog;
pub mod fields;
pub mod focus;
pub mod link_notices;
pub mod numbers;
pub mod theme;
