//! The entry point of the games' rules pages (wasm only,
//! `#/<game>/rules`): a module of its own, apart from the lessons.

mind_sports_web::wasm_module!(ui::learn::rules_of, "the rules pages", own);
