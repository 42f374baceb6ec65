//! The home page: the games on offer.

use yew::prelude::*;

use super::context::use_texts;

/// The list of games.
#[function_component(Home)]
pub fn home() -> Html {
    let t = use_texts();
    html! {
        <section class="home">
            <p class="intro">{ t.common.home_intro() }</p>
            <ul class="game-cards">
                <li class="game-card">
                    <h2>{ t.othello.name() }</h2>
                    <div class="card-board" aria-hidden="true">
                        <span class="disc white" /><span class="disc black" />
                        <span class="disc black" /><span class="disc white" />
                    </div>
                    <p>{ t.othello.blurb() }</p>
                    <div class="card-actions">
                        <a class="button primary" href="#/othello">{ t.common.play() }</a>
                        <a class="button" href="#/othello/rules">{ t.common.rules() }</a>
                        <a class="button" href="#/learn/othello">{ t.common.learn_lessons() }</a>
                    </div>
                </li>
                <li class="game-card">
                    <h2>{ t.opok.name() }</h2>
                    <div class="card-board opok" aria-hidden="true">
                        <span class="stack circles"><span class="height">{ "5" }</span></span><span />
                        <span /><span class="stack squares"><span class="height">{ "5" }</span></span>
                    </div>
                    <p>{ t.opok.blurb() }</p>
                    <div class="card-actions">
                        <a class="button primary" href="#/opok">{ t.common.play() }</a>
                        <a class="button" href="#/opok/rules">{ t.common.rules() }</a>
                        <a class="button" href="#/learn/opok">{ t.common.learn_lessons() }</a>
                    </div>
                </li>
                <li class="game-card">
                    <h2>{ t.nim.name() }</h2>
                    <div class="card-board nim" aria-hidden="true">
                        <span class="token" /><span class="token" /><span class="token" />
                    </div>
                    <p>{ t.nim.blurb() }</p>
                    <div class="card-actions">
                        <a class="button primary" href="#/nim">{ t.common.play() }</a>
                        <a class="button" href="#/nim/rules">{ t.common.rules() }</a>
                        <a class="button" href="#/learn/nim">{ t.common.learn_lessons() }</a>
                    </div>
                </li>
            </ul>
            // Online play is a module of its own (`online.js`): the home
            // page only links to its lobby, where "My online games" are.
            <section class="my-games" aria-labelledby="my-games-title">
                <h2 id="my-games-title">{ t.common.online_play() }</h2>
                <p><a class="button" href="#/online" data-testid="lobby-link">{ t.common.online_link() }</a></p>
            </section>
        </section>
    }
}
