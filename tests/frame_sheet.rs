//! A frame's style sheet is the site's less the rules no frame can match
//! (`src/pwa/frame-sheet.mjs`, run by the build's `finish.mjs`). A rule
//! it drops wrongly leaves a frame unstyled, so its reading of CSS is run
//! in Node here: over small sheets with each kind of selector and block,
//! and over the site's own sheet, all of which it must read.

use std::path::Path;

mod node;

/// What `script` (a module body with `sheet` imported) writes, as JSON.
fn run(script: &str) -> serde_json::Value {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let module = root.join("src/pwa/frame-sheet.mjs");
    let program = format!(
        "const sheet = await import({});\n\
         const {{ readFileSync }} = await import(\"node:fs\");\n\
         {script}",
        serde_json::to_string(&format!("file://{}", module.display())).unwrap()
    );
    node::run_module(&program)
}

/// `css` kept for a frame whose built files name `present` (space
/// separated).
fn kept(css: &str, present: &str) -> String {
    let script = format!(
        "const present = new Set({}.split(' '));\n\
         process.stdout.write(JSON.stringify(sheet.keepMatching({}, (n) => present.has(n))));",
        serde_json::to_string(present).unwrap(),
        serde_json::to_string(css).unwrap()
    );
    run(&script).as_str().unwrap().to_string()
}

#[test]
fn a_selector_stays_when_its_every_name_is_built() {
    assert_eq!(kept(".a .b { color: red }", "a b"), ".a .b{color: red}");
    assert_eq!(kept(".a .b { color: red }", "a"), "");
    assert_eq!(
        kept("#crash p { margin: 0 }", "crash"),
        "#crash p{margin: 0}"
    );
    // Of a list, the selectors that can match.
    assert_eq!(kept(".a, .c > p, .b { x: 1 }", "a b"), ".a,.b{x: 1}");
    // Elements and attributes need no name.
    assert_eq!(
        kept("button[aria-pressed=\"true\"] { x: 1 }", ""),
        "button[aria-pressed=\"true\"]{x: 1}"
    );
    assert_eq!(
        kept("[data-theme=\"dark.x\"] { x: 1 }", ""),
        "[data-theme=\"dark.x\"]{x: 1}"
    );
}

#[test]
fn a_functional_pseudo_class_s_names_are_not_asked() {
    // `:not(.b)` matches where `.b` is nowhere; `:is` and `:has` are kept
    // as well (a rule too many costs bytes, a rule too few a frame).
    assert_eq!(kept(".a:not(.b) { x: 1 }", "a"), ".a:not(.b){x: 1}");
    assert_eq!(kept(".a:is(.b, .c) { x: 1 }", "a"), ".a:is(.b, .c){x: 1}");
    assert_eq!(kept(":is(.b, .c) { x: 1 }", ""), ":is(.b, .c){x: 1}");
}

#[test]
fn blocks_of_rules_are_read_inside_and_others_kept_whole() {
    let css = "/* a { } comment, with a brace */\n\
               @media (width <= 480px) { .a { x: 1 } .b { y: 2 } }\n\
               @media print { .b { y: 2 } }\n\
               @container (min-width: 600px) { .a .b { z: 3 } }\n\
               @keyframes flip { from { opacity: 0 } to { opacity: 1 } }\n\
               .a::after { content: \"} {, .b\" }";
    assert_eq!(
        kept(css, "a"),
        "@media (width <= 480px){.a{x: 1}}\
         @keyframes flip{from { opacity: 0 } to { opacity: 1 }}\
         .a::after{content: \"} {, .b\"}"
    );
}

#[test]
fn a_sheet_that_does_not_read_is_refused() {
    let script = "const out = [];\n\
                  for (const css of ['.a { x: 1', '.a { content: \"x }', '.a { x: 1 } .b']) {\n\
                    try { sheet.keepMatching(css, () => true); out.push('read'); }\n\
                    catch (e) { out.push(e.message.startsWith('CSS: ') ? 'refused' : e.message); }\n\
                  }\n\
                  process.stdout.write(JSON.stringify(out));";
    assert_eq!(
        run(script),
        serde_json::json!(["refused", "refused", "refused"])
    );
}

#[test]
fn the_site_s_sheet_reads_whole() {
    // Every rule of styles/main.css kept when every name is there: as
    // many blocks as the sheet has, and the names its selectors use.
    let script = "const css = readFileSync('styles/main.css', 'utf8');\n\
                  const blocks = (text) => (text.replace(/\\/\\*[\\s\\S]*?\\*\\//g, '').match(/\\{/g) ?? []).length;\n\
                  const all = sheet.keepMatching(css, () => true);\n\
                  const names = [...sheet.everyName(css)];\n\
                  const none = sheet.keepMatching(css, () => false);\n\
                  process.stdout.write(JSON.stringify([blocks(css), blocks(all), names.length,\n\
                    names.includes('board-frame'), names.includes('crash-banner'), none.includes('.board')]));";
    let answer = run(script);
    let [blocks, kept, names, board, crash, none_board] = answer.as_array().unwrap().as_slice()
    else {
        panic!("{answer}");
    };
    assert_eq!(blocks, kept, "every block of main.css read and kept");
    assert!(names.as_u64().unwrap() > 300, "{names} names");
    assert_eq!(
        (board, crash, none_board),
        (&true.into(), &true.into(), &false.into())
    );
}
