//! The entry point of a take-away game lesson's frame (wasm only,
//! `#/embed/nim?mode=lesson&lesson=…`): a module of its own, with the
//! take-away games' lessons only.

mind_sports_web::wasm_module!(
    ui::learn::nim_lesson_frame_of,
    "a take-away lesson's frame",
    own,
    start_frame
);
