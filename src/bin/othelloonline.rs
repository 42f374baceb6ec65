//! The entry point of an online Othello game's page (wasm only, issue 28,
//! `#/online/othello/<id>`): a module of its own, with Othello's board and the
//! live game, which the app fetches when such a page opens, so that the
//! lobby, the "Play online" dialog and the other games' pages do not
//! carry them.

mind_sports_web::wasm_module!(
    ui::online::othello_game,
    "an online Othello game's page",
    host
);
