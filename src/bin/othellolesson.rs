//! The entry point of an Othello lesson's frame (wasm only,
//! `#/embed/othello?mode=lesson&lesson=…`): a module of its own, which a
//! club's website loads for the frame, carrying the lesson and the frame
//! around it, never the course's pages, a board's frame or another game's
//! lessons.

mind_sports_web::wasm_module!(
    ui::learn::othello_lesson_frame_of,
    "an Othello lesson's frame",
    own,
    start_frame
);
