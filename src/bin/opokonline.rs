//! The entry point of an online Opok game's page (wasm only, issue 28,
//! `#/online/opok/<id>`): a module of its own, with Opok's board and the
//! live game, which the app fetches when such a page opens, so that the
//! lobby, the "Play online" dialog and the other games' pages do not
//! carry them.

mind_sports_web::wasm_module!(ui::online::opok_game, "an online Opok game's page", host);
