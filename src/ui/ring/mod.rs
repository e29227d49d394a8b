//! The ring view: the canvas and the one painter that touches its 2D context, the arrow keys
//! that step round it, the stage around it (the click mode, the selected server, the position
//! under the pointer), and the readout beside it: the selected key, the last change and the
//! ownership table, the canvas's text alternative.

pub mod arrow_keys;
pub mod canvas;
pub mod key_detail;
pub mod last_change;
pub mod ownership;
pub mod paint;
pub mod stage;
