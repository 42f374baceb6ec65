//! The entry point of a club's event pages (wasm only, issue 29): a
//! module of its own, which the app fetches when `#/event/<id>` or an
//! event frame (`#/embed/event?…`) opens, so that neither the club page
//! nor online play's module carries them.

mind_sports::wasm_module!(ui::event::page_of, "a club's event pages", host);
