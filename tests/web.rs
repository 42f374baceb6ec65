//! Tests in headless Chromium (wasm-bindgen-test): the core compiled to wasm
//! gives the same answers as natively, and the UI renders and reacts.
#![cfg(target_arch = "wasm32")]

use std::time::Duration;

use mind_sports_web::engine::clock::ManualClock;
use mind_sports_web::engine::othello::notation::parse_board;
use mind_sports_web::engine::othello::perft::perft;
use mind_sports_web::engine::othello::{Analyzer, Position, Rules, Variant};
use mind_sports_web::engine::search::{Budget, Limits};
use mind_sports_web::ui::App;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlElement;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn perft_in_wasm_matches_the_published_counts() {
    let start = Position::start(Rules::default());
    let counts: Vec<u64> = (1..=7).map(|d| perft(&start, d)).collect();
    assert_eq!(counts, [4, 12, 56, 244, 1396, 8200, 55092]);
}

#[wasm_bindgen_test]
fn the_solver_in_wasm_finds_an_exact_endgame() {
    // FFO #1 (14 empties): G8 wins by 18.
    let position = parse_board(
        "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X",
        Variant::Standard,
    )
    .unwrap();
    let clock = ManualClock::new();
    let mut analyzer = Analyzer::new(16);
    let solution = analyzer
        .solve(&position, &Budget::new(Limits::default(), &clock))
        .unwrap();
    assert_eq!(solution.score, 18);
    assert_eq!(solution.best.unwrap().to_string(), "g8");
}

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// Mounts a game page as its module does inside the app (`othello.js`,
/// which a wasm-bindgen test does not serve), lent a host whose live region
/// is the returned element's `#live`.
async fn mount_game_page(fragment: &str, lang: &str) -> web_sys::Element {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsValue;
    web_sys::window()
        .unwrap()
        .location()
        .set_hash(fragment)
        .unwrap();
    let outer = document().create_element("div").unwrap();
    let page = document().create_element("div").unwrap();
    let live = document().create_element("div").unwrap();
    live.set_id("live");
    outer.append_child(&page).unwrap();
    outer.append_child(&live).unwrap();
    document().body().unwrap().append_child(&outer).unwrap();
    let host = js_sys::Object::new();
    let announce =
        Closure::<dyn Fn(String)>::new(move |text: String| live.set_text_content(Some(&text)));
    let quiet = Closure::<dyn Fn(JsValue)>::new(|_: JsValue| {});
    js_sys::Reflect::set(&host, &"announce".into(), &announce.into_js_value()).unwrap();
    js_sys::Reflect::set(&host, &"playing".into(), quiet.as_ref()).unwrap();
    js_sys::Reflect::set(&host, &"notice".into(), &quiet.into_js_value()).unwrap();
    mind_sports_web::ui::mount_module(
        page,
        lang,
        mind_sports_web::ui::othello::page_of,
        Some(host.into()),
    );
    yew::platform::time::sleep(Duration::from_millis(50)).await;
    outer
}

async fn mount_app(fragment: &str) -> web_sys::Element {
    web_sys::window()
        .unwrap()
        .location()
        .set_hash(fragment)
        .unwrap();
    let root = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<App>::with_root(root.clone()).render();
    yew::platform::time::sleep(Duration::from_millis(50)).await;
    root
}

/// Waits (a busy machine renders late) until `done` holds, for at most
/// three seconds; returns whether it did.
async fn eventually(mut done: impl FnMut() -> bool) -> bool {
    for _ in 0..60 {
        if done() {
            return true;
        }
        yew::platform::time::sleep(Duration::from_millis(50)).await;
    }
    done()
}

fn squares(root: &web_sys::Element, selector: &str) -> Vec<String> {
    let list = root.query_selector_all(selector).unwrap();
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<web_sys::Element>().ok())
        .filter_map(|e| e.get_attribute("data-square"))
        .collect()
}

#[wasm_bindgen_test]
async fn the_board_renders_and_a_click_plays() {
    web_sys::window()
        .unwrap()
        .local_storage()
        .unwrap()
        .unwrap()
        .clear()
        .unwrap();
    let root = mount_game_page("#/othello", "en").await;
    assert_eq!(squares(&root, ".square").len(), 64);
    let mut legal = squares(&root, ".square.legal");
    legal.sort();
    assert_eq!(legal, ["c4", "d3", "e6", "f5"]);
    let d3: HtmlElement = root
        .query_selector("[data-square=d3]")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    d3.click();
    yew::platform::time::sleep(Duration::from_millis(50)).await;
    let black = root
        .query_selector("[data-testid=black-count]")
        .unwrap()
        .unwrap();
    assert_eq!(black.text_content().unwrap().trim(), "Black 4");
    let label = d3.get_attribute("aria-label").unwrap();
    assert_eq!(label, "d3, black, last move");
    // The move was announced in the live region and saved.
    let live = root.query_selector("#live").unwrap().unwrap();
    let announced = eventually(|| {
        live.text_content()
            .unwrap()
            .starts_with("Black d3, flips d4.")
    })
    .await;
    assert!(announced, "live region: {:?}", live.text_content());
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    let saved = storage
        .get_item("mind-sports.othello.game")
        .unwrap()
        .unwrap();
    assert!(saved.contains("\"d3\""), "{saved}");
    // Now it is the computer's turn: no square is playable.
    assert!(squares(&root, ".square.legal").is_empty());
    let status = root
        .query_selector(".status")
        .unwrap()
        .unwrap()
        .text_content()
        .unwrap();
    assert!(status.contains("thinking"), "{status}");
    mind_sports_web::ui::unmount_module();
    root.remove();
}

#[wasm_bindgen_test]
async fn the_language_switch_translates_the_page() {
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    storage.clear().unwrap();
    storage.set_item("mind-sports.lang", "ru").unwrap();
    // The app itself: its header in Russian.
    let root = mount_app("#/").await;
    let othello_link = root
        .query_selector("a[href=\"#/othello\"]")
        .unwrap()
        .unwrap()
        .text_content()
        .unwrap();
    assert_eq!(othello_link, "Отелло");
    // A game page in the language the app passes its module.
    let page = mount_game_page("#/othello", "ru").await;
    let new_game = page
        .query_selector("button.new-game")
        .unwrap()
        .unwrap()
        .text_content()
        .unwrap();
    assert_eq!(new_game, "Новая игра");
    mind_sports_web::ui::unmount_module();
    page.remove();
    let lang = document()
        .document_element()
        .unwrap()
        .get_attribute("lang")
        .unwrap();
    assert_eq!(lang, "ru");
    root.remove();
    storage.clear().unwrap();
}

/// The club's rating list in the page's wasm gives the numbers of
/// `engine ratings` natively, to the last bit (the Autumn Cup of
/// tests/data/glicko2_two_periods.py; the native values as the command
/// prints them).
#[wasm_bindgen_test]
fn the_club_rating_list_in_wasm_has_the_native_numbers() {
    use mind_sports_web::club::{csv, ratings};
    let autumn = "tournament,nim,swiss,8,3,\"Autumn Cup\",,\n\
                  player,Ann\nplayer,Bob\nplayer,Cid\n\
                  game,1,Ann,Bob,1,0\nbye,1,Cid\ngame,2,Ann,Cid,0.5,0.5\nbye,2,Bob\n";
    let list = ratings::rate(&[csv::read(autumn).unwrap()]);
    let numbers: Vec<(&str, f64, f64)> = list
        .players
        .iter()
        .map(|p| (p.name.as_str(), p.rating, p.deviation))
        .collect();
    // One rating period (a file without a date): `engine ratings --json`.
    let native = [
        ("Ann", 1623.6590336110535, 253.40460001668032),
        ("Cid", 1500.0, 290.31896161384265),
        ("Bob", 1337.6891060937023, 290.31896371798047),
    ];
    for ((name, rating, deviation), (n, r, d)) in numbers.iter().zip(native) {
        assert_eq!(*name, n);
        assert_eq!((*rating, *deviation), (r, d), "{name}");
    }
    assert_eq!(numbers.len(), 3);
}
