//! What the app remembers about a game in progress, independent of the web:
//! the record of moves with undo and redo, who plays which side, and the
//! state transitions the UI drives (tested natively).

pub mod clock;
pub mod club;
pub mod core;
pub mod diagram;
pub mod embed;
pub mod event;
pub mod formats;
pub mod game_clock;
pub mod nim;
pub mod online;
pub mod opok;
pub mod othello;
pub mod player;
pub mod qr;
pub mod query;
pub mod recent;
pub mod record;
pub mod route;
pub mod saved;
pub mod speech;
pub mod start;
pub mod turn;
