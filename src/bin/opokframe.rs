//! The entry point of an embedded Opok board (wasm only, issue 16,
//! `#/embed/opok?…`): a module of its own, which a club's website
//! loads for its frames, carrying one game's board, never the site's pages.

mind_sports_web::wasm_module!(
    ui::embed::opok_page_of,
    "the embedded Opok boards",
    own,
    start_frame
);
