//! The entry point of the learning pages (wasm only): a module of its own,
//! which the app fetches when a learning or rules page first opens, so that
//! the lessons and puzzles cost nothing on the first load of the app.

mind_sports_web::wasm_module!(ui::learn::page_of, "the learning pages", own);
