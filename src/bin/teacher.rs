//! The entry point of a teacher's pages (wasm only, `#/learn/teacher`,
//! `#/learn/set?…`, `#/learn/results?…`): a module of its own, apart from
//! the lessons a learner opens.

mind_sports_web::wasm_module!(ui::learn::teacher_of, "a teacher's pages", own);
