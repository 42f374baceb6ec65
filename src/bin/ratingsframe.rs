//! The entry point of a club's rating list on the club's website (wasm
//! only, `#/embed/ratings?…`): a module of its own, without the event
//! pages.

mind_sports_web::wasm_module!(
    ui::event::ratings_frame_of,
    "a club's rating list",
    host,
    start_frame
);
