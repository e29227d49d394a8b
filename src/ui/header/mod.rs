//! The page's header: the switch between views, the toolbar (undo and redo, presentation mode),
//! its Share menu (copy link, embed snippet, save PNG or CSV) and More menu, the folding menu
//! they are built from, and the keyboard shortcuts, installed here with the list More opens.

pub mod menu;
pub mod share;
pub mod shortcuts;
pub mod toolbar;
pub mod views;
