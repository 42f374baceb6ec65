//! The entry point of an embedded Nim board (wasm only, issue 16,
//! `#/embed/nim?…`): a module of its own, which a club's website
//! loads for its frames, carrying one game's board, never the site's pages.

mind_sports_web::wasm_module!(
    ui::embed::nim_page_of,
    "the embedded Nim boards",
    own,
    start_frame
);
