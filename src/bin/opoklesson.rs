//! The entry point of an Opok lesson's frame (wasm only,
//! `#/embed/opok?mode=lesson&lesson=…`): a module of its own, with Opok's
//! lessons only.

mind_sports_web::wasm_module!(
    ui::learn::opok_lesson_frame_of,
    "an Opok lesson's frame",
    own,
    start_frame
);
