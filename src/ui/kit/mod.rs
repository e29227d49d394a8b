//! A small kit shared by every view: colours and the server swatch, a modal dialog, a control's
//! message and the rule for refused input, moving the focus, the page's clock and downloads, and
//! numbers as the page writes them. Nothing here knows which view it is in.

pub mod common;
pub mod theme;
