//! The entry point of the Opok page (wasm only): a module of its own, which
//! the app fetches when the Opok page first opens.

mind_sports_web::wasm_module!(ui::opok::page_of, "the Opok page", host);
