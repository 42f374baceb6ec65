//! The entry point of the Othello page (wasm only): a module of its own,
//! which the app fetches when the Othello page first opens, so that the
//! home page's first load does not pay for it.

mind_sports_web::wasm_module!(ui::othello::page_of, "the Othello page", host);
