//! The entry point of the embed snippet builder (wasm only, `#/embed`): a
//! module of its own for club webmasters, which the app fetches when the
//! builder first opens (a game page's "Embed this position"), so that the
//! club page does not carry the three games' parameters and previews. It
//! also draws its own preview, each game's board frame as that game's
//! module draws it, so that the builder's page fetches one module.

mind_sports_web::wasm_module!(
    ui::embed::builder::page_of,
    "the embed snippet builder",
    own,
    start_builder
);
