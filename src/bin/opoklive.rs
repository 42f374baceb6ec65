//! The entry point of a frame that follows a live Opok game on a club's
//! website (wasm only, `#/embed/opok?live=<id>`): a module of its own, the
//! live client and Opok's board, without online play's other pages and
//! without the other games.

mind_sports_web::wasm_module!(
    ui::online::opok_live,
    "the live Opok games' frames",
    host,
    start_frame
);
