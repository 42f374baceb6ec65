//! The entry point of a frame that follows a live Nim game on a club's
//! website (wasm only, `#/embed/nim?live=<id>`): a module of its own, the
//! live client and Nim's board, without online play's other pages and
//! without the other games.

mind_sports_web::wasm_module!(
    ui::online::nim_live,
    "the live Nim games' frames",
    host,
    start_frame
);
