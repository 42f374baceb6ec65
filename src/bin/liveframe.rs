//! The entry point of a frame that follows a live online game on a club's
//! website (wasm only, `#/embed/<game>?live=<id>`): a module of its own,
//! the live client and the boards without online play's other pages.

mind_sports_web::wasm_module!(
    ui::online::frame_of,
    "the live games' frames",
    host,
    start_frame
);
