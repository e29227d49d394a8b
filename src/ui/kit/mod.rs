//! A small kit shared by the views: colours and the server swatch, the one painter that
//! touches a canvas's 2D context, a modal dialog, moving the focus, the header's icons, the
//! page's clock and downloads, the regions' names, parts of the page that arrive on first use, and numbers as the
//! page writes them. Nothing here knows which view it is in, nor the app's state.

pub mod browser;
pub mod dialog;
pub mod focus;
pub mod icons;
pub mod landmark;
pub mod lazy;
pub mod numbers;
pub mod paint;
pub mod theme;
