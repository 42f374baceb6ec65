//! The entry point of an online game's page (wasm only, issue 28,
//! `#/online/<game>/<id>`): a module of its own, with the three games'
//! boards and the live game, which the app fetches when such a page
//! opens, so that the lobby and the "Play online" dialog do not carry
//! them.

mind_sports_web::wasm_module!(ui::online::game_of, "an online game's page", host);
