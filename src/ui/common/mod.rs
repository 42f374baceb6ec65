//! UI parts every game page uses: the game buttons, the move list, the
//! record panel (copy, paste, share), the board grid, the dialogs (a new
//! game, a diagram of the position) and the page-wide listeners.

pub mod controls;
pub mod coordinates;
pub mod diagram;
pub mod dialog;
pub mod field;
pub mod grid;
pub mod listeners;
pub mod live;
pub mod move_list;
pub mod records;
pub mod reduced;
