//! The entry point of a club's frames on its own website (wasm only): an
//! event's standings, pairings or results (`#/embed/event?…`) and the
//! club's rating list (`#/embed/ratings?…`), a module of their own so that
//! a club's page with three frames does not load the event pages three
//! times.

mind_sports_web::wasm_module!(ui::event::frame_of, "a club's frames", host, start_frame);
