//! The entry point of a club's page on the server (wasm only, issue 29,
//! `#/clubs/<id>`): a module of its own, fetched when the page opens.

mind_sports_web::wasm_module!(ui::event::club_of, "a club's page on the server", host);
