//! The entry point of a lesson's frame (wasm only,
//! `#/embed/<game>?mode=lesson&lesson=…`): a module of its own, which a
//! club's website loads for the frame, carrying the lesson and the frame
//! around it, never the course's pages or a board's frame.

mind_sports_web::wasm_module!(
    ui::learn::lesson_frame_of,
    "a lesson's frame",
    own,
    start_frame
);
