//! UI parts every game page uses: the game buttons, the move list, the
//! record panel (copy, paste, share), and the page-wide listeners.

pub mod controls;
pub mod coordinates;
pub mod dialog;
pub mod listeners;
pub mod move_list;
pub mod records;
