//! The entry point of the take-away games' page (wasm only): a module of
//! its own, which the app fetches when the take-away page first opens.

mind_sports_web::wasm_module!(ui::nim::page_of, "the take-away games' page", host);
