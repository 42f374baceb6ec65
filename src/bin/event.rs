//! The entry point of an event's page (wasm only, issue 29,
//! `#/event/<id>`): a module of its own, which the app fetches when the
//! page opens, so that neither the club page, online play's module, nor
//! the pages that create an event or show a club carry it.

mind_sports_web::wasm_module!(ui::event::page_of, "a club's event pages", host);
