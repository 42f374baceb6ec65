//! The entry point of an online Nim game's page (wasm only, issue 28,
//! `#/online/nim/<id>`): a module of its own, with Nim's board and the
//! live game, which the app fetches when such a page opens, so that the
//! lobby, the "Play online" dialog and the other games' pages do not
//! carry them.

mind_sports_web::wasm_module!(ui::online::nim_game, "an online Nim game's page", host);
