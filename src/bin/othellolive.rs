//! The entry point of a frame that follows a live Othello game on a club's
//! website (wasm only, `#/embed/othello?live=<id>`): a module of its own, the
//! live client and Othello's board, without online play's other pages and
//! without the other games.

mind_sports_web::wasm_module!(
    ui::online::othello_live,
    "the live Othello games' frames",
    host,
    start_frame
);
