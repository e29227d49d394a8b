//! The page's header: the switch between views, undo and redo, the Share menu (copy link,
//! embed snippet, save PNG or CSV), presentation mode, and the More menu with the keyboard
//! shortcuts, which are installed here too.

pub mod shortcuts;
pub mod toolbar;
