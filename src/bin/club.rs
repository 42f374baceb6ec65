//! The entry point of the club page (wasm only): a module of its own, which
//! the app fetches when the club page first opens.

mind_sports_web::wasm_module!(ui::club::page_of, "the club page", own);
