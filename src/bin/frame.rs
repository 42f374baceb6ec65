//! The entry point of the embedded frames (wasm only): a module of its own
//! (issue 16, `#/embed/<game>`), which the app fetches when a frame opens,
//! never on the app's own pages.

mind_sports_web::wasm_module!(ui::embed::page_of, "the embedded frames", own);
