//! The entry point of an embedded Othello board (wasm only, issue 16,
//! `#/embed/othello?…` (and of an address that names no game, which shows Othello)): a module of its own, which a club's website
//! loads for its frames, carrying one game's board, never the site's pages.

mind_sports_web::wasm_module!(
    ui::embed::othello_page_of,
    "the embedded Othello boards",
    own,
    start_frame
);
