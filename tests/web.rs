//! Tests in headless Chromium (wasm-bindgen-test): the core compiled to wasm
//! gives the same answers as natively, and the UI renders and reacts.
#![cfg(target_arch = "wasm32")]

use std::time::Duration;

use mind_sports::engine::clock::ManualClock;
use mind_sports::engine::othello::notation::parse_board;
use mind_sports::engine::othello::perft::perft;
use mind_sports::engine::othello::{Analyzer, Position, Rules, Variant};
use mind_sports::engine::search::{Budget, Limits};
use mind_sports::ui::App;
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

async fn mount_app() -> web_sys::Element {
    let root = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<App>::with_root(root.clone()).render();
    yew::platform::time::sleep(Duration::from_millis(50)).await;
    root
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
    let root = mount_app().await;
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
    assert_eq!(black.text_content().unwrap(), "● Black 4");
    let label = d3.get_attribute("aria-label").unwrap();
    assert_eq!(label, "d3, black disc, last move");
    // Now it is the computer's turn: no square is playable.
    assert!(squares(&root, ".square.legal").is_empty());
    let status = root
        .query_selector(".status")
        .unwrap()
        .unwrap()
        .text_content()
        .unwrap();
    assert!(status.contains("thinking"), "{status}");
    root.remove();
}
