//! The page's boot (`index.html`) picks the module to start the app from by
//! the address opened, in JavaScript, before any wasm runs; the app mounts
//! pages by `Route::module`, in Rust. A route whose two answers differ
//! would fetch a second module (or the wrong one and draw nothing), so the
//! boot's script is run in Node over many addresses, and every answer must
//! be the route's module (`app` for the app's own pages).

use std::path::Path;

mod node;

use mind_sports_web::route::{in_preview, Route, PREVIEW_WINDOW};

/// The inline script of `index.html` that sets `mindSportsBoot`.
fn boot_script() -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let html = std::fs::read_to_string(root.join("index.html")).expect("index.html");
    html.split("<script>")
        .skip(1)
        .filter_map(|rest| rest.split("</script>").next())
        .find(|script| script.contains("mindSportsBoot"))
        .expect("index.html has a script that sets mindSportsBoot")
        .to_string()
}

/// Addresses written by hand: every kind of page, and the edges of each
/// pattern (a slash more, a query, a name of no game).
const ADDRESSES: &[&str] = &[
    "",
    "#",
    "#/",
    "#/othello",
    "#/othello/",
    "#/othello?black=human",
    "#/othello//",
    "#/learn/nim/",
    "#/learn/nim/a/b",
    "#/puzzles/<x>",
    "#/opok",
    "#/nim?heaps=3",
    "#/othello/rules",
    "#/opok/rules/",
    "#/nim/rules",
    "#/learn",
    "#/learn/nim",
    "#/learn/othello/othello-1-6",
    "#/learn/teacher",
    "#/puzzles",
    "#/puzzles/daily",
    "#/club",
    "#/club/",
    "#/embed",
    "#/embed/",
    "#/embed/othello",
    "#/embed/othello/",
    "#/embed/opok?size=4",
    "#/embed/opok/?size=4",
    "#/embed/nim?heaps=3,4",
    "#/embed/nim//",
    "#/embed/chess",
    "#/embed/othello?live=ab23cd45ef67",
    "#/embed/nim?parent=https://a.example&live=ab23cd45ef67",
    "#/embed/nim?heaps=3&alive=1",
    "#/embed/?live=ab",
    "#/embed/othello?x=1?live=2",
    "#/embed/event?id=k7qz3mfa9tbe&view=standings",
    "#/embed/event",
    "#/embed/event/",
    "#/embed/event/?id=ab",
    "#/embed/events?id=ab",
    "#/embed/ratings?club=ab12",
    "#/embed/ratings",
    "#/embed/ratings?club=ab&live=cd",
    "#/embed/othello?mode=lesson&lesson=othello-1-6",
    "#/embed/othello/?lesson=othello-1-6",
    "#/embed/nim?lesson=nim-1-1&parent=https%3A%2F%2Fclub.example",
    "#/embed/opok?lesson=opok-1-1&mode=view",
    "#/embed/opok?mode=lesson",
    "#/embed/othello?mode=puzzle",
    "#/embed/othello?puzzle=daily&mode=play",
    "#/embed/opok?mode=puzzle",
    "#/embed/othello?%6Dode=puzzle",
    "#/embed/othello?mode=puzzle%",
    "#/embed/othello?mode=%2Bpuzzle",
    "#/embed/othello?mode=puzzl%2B5",
    "#/embed/othello?lesson=othello-1-1&lesson=othello-1-2&mode=lesson",
    "#/embed/nim?mode=lesson&lesson=nim-1-1&live=ab23cd45ef67",
    "#/embed/othello?\u{feff}mode=puzzle",
    "#/online",
    "#/online/",
    "#/online/opok/ab23cd45ef67",
    "#/online/nim/ab23cd45ef67?seat=x",
    "#/online/othello/ab23cd45ef67",
    "#/online/nim",
    "#/online/nim?x",
    "#/online/opok?invite=ab",
    "#/online/nimx/ab",
    "#/online/chess/ab23cd45ef67",
    "#/embed/opok/?live=ab23cd45ef67",
    "#/embed/opok?theme=dark&live=ab23cd45ef67",
    "#/embed/opokx?live=ab23cd45ef67",
    "#/onlinex",
    "#/event/new",
    "#/event/new?club=ab12",
    "#/event/new/",
    "#/event/newer",
    "#/event/new&x",
    "#/event/k7qz3mfa9tbe",
    "#/event",
    "#/clubs/ab12",
    "#/clubs",
    "#/chess",
    "#/learnx",
    "#/puzzlesx",
    "#/rules",
    "#/othello/rules/x",
    "#othello",
    "#/OTHELLO",
];

/// Addresses made of pieces of the real ones, in every order a small
/// deterministic generator picks.
fn mixed_addresses() -> Vec<String> {
    let pieces = [
        "/", "embed", "othello", "opok", "nim", "event", "ratings", "learn", "puzzles", "rules",
        "club", "clubs", "online", "?", "&", "live=", "id=", "x", "/", "?live=ab", "online/",
    ];
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    (0..400)
        .map(|_| {
            let mut address = String::from("#/");
            for _ in 0..(seed % 5 + 1) {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                address.push_str(pieces[(seed % pieces.len() as u64) as usize]);
            }
            address
        })
        .collect()
}

/// Lesson and puzzle frames' addresses made of pieces of real and broken
/// parameters: escapes, `+`, repeats, values too long, pairs past the
/// fortieth.
fn learning_addresses() -> Vec<String> {
    let games = ["othello?", "opok?", "nim/?", "nim?", "othello/?", "chess?"];
    let long = format!("lesson={}", "x".repeat(8193));
    let many = "coords=1&".repeat(40);
    let pieces = [
        "mode=lesson",
        "mode=puzzle",
        "mode=view",
        "mode=play",
        "lesson=othello-1-1",
        "lesson=nim-2-3",
        "lesson=opok-1-1",
        "lesson=Othello-1-1",
        "puzzle=daily",
        "puzzle=corner-0a1b",
        "puzzle=%20x",
        "%6Dode=lesson",
        "mode=%6Cesson",
        "mode=lesson+",
        "lesson",
        "=",
        "&",
        "&&",
        "%",
        "%2",
        "%+6",
        "mode=%C3%A9",
        "x=1",
        long.as_str(),
        many.as_str(),
        "parent=https://a.example",
    ];
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    (0..600)
        .map(|_| {
            let mut address = format!("#/embed/{}", games[next(games.len())]);
            for i in 0..next(5) + 1 {
                if i > 0 {
                    address.push('&');
                }
                address.push_str(pieces[next(pieces.len())]);
            }
            address
        })
        .collect()
}

/// Every address of the test: by hand, mixed, and the learning frames'.
fn all_addresses() -> Vec<String> {
    ADDRESSES
        .iter()
        .map(|a| a.to_string())
        .chain(mixed_addresses())
        .chain(learning_addresses())
        .collect()
}

/// The module the boot starts for each of `addresses`, in a window named
/// `window` (`window.name`).
fn boot_answers(addresses: &[String], window: &str) -> Vec<String> {
    let program = format!(
        "const addresses = {};\n\
         globalThis.name = {};\n\
         const answers = addresses.map((hash) => {{\n\
           globalThis.location = {{ hash }};\n\
           globalThis.document = {{ createElement: () => ({{ setAttribute() {{}} }}), head: {{ append() {{}} }} }};\n\
           {}\n\
           return globalThis.mindSportsBoot;\n\
         }});\n\
         process.stdout.write(JSON.stringify(answers));",
        serde_json::to_string(&addresses).unwrap(),
        serde_json::to_string(window).unwrap(),
        boot_script(),
    );
    node::run_module(&program)
}

#[test]
fn the_builder_s_preview_starts_the_builder_s_module_for_a_board() {
    let addresses = all_addresses();
    let answers = boot_answers(&addresses, PREVIEW_WINDOW);
    let wrong: Vec<String> = addresses
        .iter()
        .zip(&answers)
        .filter_map(|(address, boot)| {
            let module = in_preview(Route::from_fragment(address).module().unwrap_or("app"));
            (boot != module).then(|| {
                format!("{address:?}: the preview's boot starts {boot}, the route is {module}'s")
            })
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    let builder = answers.iter().filter(|a| *a == "builder").count();
    assert!(builder >= 60, "only {builder} addresses start the builder");
    for frame in ["othellolesson", "othellolive", "eventframe"] {
        assert!(answers.iter().any(|a| a == frame), "{frame} is its own");
    }
}

#[test]
fn the_boot_starts_the_module_of_the_route() {
    let addresses = all_addresses();
    let answers = boot_answers(&addresses, "");
    let wrong: Vec<String> = addresses
        .iter()
        .zip(&answers)
        .filter_map(|(address, boot)| {
            let module = Route::from_fragment(address).module().unwrap_or("app");
            (boot != module)
                .then(|| format!("{address:?}: the boot starts {boot}, the route is {module}'s"))
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // The learning addresses reach both learning modules and the boards;
    // the others every game's live frame and online game page.
    for (module, least) in [
        ("othellolesson", 10),
        ("opoklesson", 5),
        ("nimlesson", 5),
        ("puzzleframe", 20),
        ("othelloframe", 20),
        ("nimframe", 20),
        ("othellolive", 2),
        ("opoklive", 2),
        ("nimlive", 2),
        ("othelloonline", 2),
        ("opokonline", 2),
        ("nimonline", 2),
    ] {
        let count = answers.iter().filter(|a| *a == module).count();
        assert!(count >= least, "only {count} addresses start {module}");
    }
}
