//! The entry point of a puzzle's frame (wasm only,
//! `#/embed/othello?mode=puzzle&puzzle=…`): a module of its own, which a
//! club's website loads for the frame, carrying the puzzle and the frame
//! around it, never the puzzles' pages or a board's frame.

mind_sports_web::wasm_module!(
    ui::learn::puzzle_frame_of,
    "a puzzle's frame",
    own,
    start_frame
);
