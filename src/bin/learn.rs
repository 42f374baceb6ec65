//! The entry point of the lessons (wasm only): a module of its own, which
//! the app fetches when a lesson page first opens (and a frame, for a
//! lesson in it), so that the lessons cost nothing on the first load of the
//! app, and neither the puzzles nor the rules pages carry them.

mind_sports_web::wasm_module!(ui::learn::page_of, "the lessons", own);
