//! What the app remembers about a game in progress, independent of the web:
//! the record of moves with undo and redo, who plays which side, and the
//! state transitions the UI drives (tested natively).

pub mod clock;
pub mod core;
pub mod described;
pub mod diagram;
pub mod formats;
pub mod game_clock;
pub mod nim;
pub mod opok;
pub mod othello;
pub mod player;
pub mod recent;
pub mod record;
pub mod saved;
pub mod speech;
pub mod start;
pub mod turn;
