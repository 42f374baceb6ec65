//! The home page: the games on offer.

use yew::prelude::*;

use super::context::use_texts;

/// The list of games.
#[function_component(Home)]
pub fn home() -> Html {
    let t = use_texts();
    html! {
        <section class="home">
            <p class="intro">{ t.home_intro }</p>
            <ul class="game-cards">
                <li class="game-card">
                    <h2>{ t.othello_name }</h2>
                    <div class="card-board" aria-hidden="true">
                        <span class="disc white" /><span class="disc black" />
                        <span class="disc black" /><span class="disc white" />
                    </div>
                    <p>{ t.othello_blurb }</p>
                    <div class="card-actions">
                        <a class="button primary" href="#/othello">{ t.play }</a>
                        <a class="button" href="#/othello/rules">{ t.rules }</a>
                    </div>
                </li>
                <li class="game-card">
                    <h2>{ t.opok_name }</h2>
                    <div class="card-board opok" aria-hidden="true">
                        <span class="stack circles"><span class="height">{ "5" }</span></span><span />
                        <span /><span class="stack squares"><span class="height">{ "5" }</span></span>
                    </div>
                    <p>{ t.opok_blurb }</p>
                    <div class="card-actions">
                        <a class="button primary" href="#/opok">{ t.play }</a>
                        <a class="button" href="#/opok/rules">{ t.rules }</a>
                    </div>
                </li>
                <li class="game-card">
                    <h2>{ t.nim_name }</h2>
                    <div class="card-board nim" aria-hidden="true">
                        <span class="token" /><span class="token" /><span class="token" />
                    </div>
                    <p>{ t.nim_blurb }</p>
                    <div class="card-actions">
                        <a class="button primary" href="#/nim">{ t.play }</a>
                        <a class="button" href="#/nim/rules">{ t.rules }</a>
                    </div>
                </li>
            </ul>
        </section>
    }
}
