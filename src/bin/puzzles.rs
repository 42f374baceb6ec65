//! The entry point of the puzzles (wasm only, `#/puzzles`, and a puzzle in
//! a frame): a module of its own, apart from the lessons.

mind_sports_web::wasm_module!(ui::learn::puzzles_of, "the puzzles", own);
