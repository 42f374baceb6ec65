//! The entry point of a club event's frame on the club's website (wasm
//! only, `#/embed/event?…`: the standings, the pairings or the results): a
//! module of its own, without the event pages.

mind_sports_web::wasm_module!(
    ui::event::event_frame_of,
    "an event's frames",
    host,
    start_frame
);
