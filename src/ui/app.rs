//! The page shell: title and the game.

use yew::prelude::*;

use super::othello::OthelloPage;

/// The whole app.
#[function_component(App)]
pub fn app() -> Html {
    html! {
        <div class="app">
            <header class="app-header">
                <h1>{ "Mind Sports" }</h1>
            </header>
            <main>
                <OthelloPage />
            </main>
        </div>
    }
}
