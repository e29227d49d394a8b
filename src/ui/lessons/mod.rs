//! Guided lessons on the page: the picker in the header and the current step's narration with
//! Back and Next. The lessons themselves are data in `crate::teach::lessons`.

pub mod caption;
pub mod panel;
