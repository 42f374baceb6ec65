//! The names of the app's pages: the document title and the heading a
//! screen reader lands on after a route change.

use crate::route::Route;

use super::Texts;

/// The page's own name ("Othello", "Opok: the rules").
pub fn page_name(t: &Texts, route: &Route) -> &'static str {
    match route {
        Route::Home => t.common.app_name(),
        Route::NotFound(_) => t.common.not_found_title(),
        Route::Othello(_) => t.othello.name(),
        Route::OthelloRules => t.othello.rules_title(),
        Route::Opok(_) => t.opok.name(),
        Route::OpokRules => t.opok.rules_title(),
        Route::Nim(_) => t.nim.name(),
        Route::NimRules => t.nim.rules_title(),
        Route::Learn => t.common.learn_title(),
        Route::LearnGame(_) | Route::Lesson(..) => t.common.learn_lessons(),
        Route::LearnSet(_) => t.common.learn_set(),
        Route::LearnTeacher => t.common.learn_teacher(),
        Route::LearnResults(_) => t.common.learn_results(),
        Route::Puzzles | Route::Puzzle(_) => t.common.learn_puzzles(),
        Route::Club | Route::Clubs(_) => t.common.club_title(),
        Route::Embed(_) => t.common.app_name(),
        Route::EmbedBuilder(_) => t.common.embed_title(),
        Route::Lobby => t.common.online_play(),
        Route::Online(_) => t.common.online_game(),
        Route::Event(_) => t.common.event_title(),
    }
}

/// The document title: the page's name, then the app's.
pub fn page_title(t: &Texts, route: &Route) -> String {
    let name = page_name(t, route);
    if name == t.common.app_name() {
        name.to_string()
    } else {
        format!("{name} · {}", t.common.app_name())
    }
}

/// The document title of a page that names itself further (a lesson: its
/// title): `name`, then the page's title for `route`.
pub fn named_page_title(t: &Texts, route: &Route, name: &str) -> String {
    format!("{name} · {}", page_title(t, route))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    #[test]
    fn every_page_has_its_own_title_in_every_language() {
        let routes = [
            "#/",
            "#/othello",
            "#/othello/rules",
            "#/opok",
            "#/opok/rules",
            "#/nim",
            "#/nim/rules",
            "#/learn",
            "#/learn/othello",
            "#/learn/teacher",
            "#/learn/results",
            "#/learn/set",
            "#/puzzles",
            "#/club",
            "#/event/k7qz3mfa9tbe",
        ]
        .map(Route::from_fragment);
        for lang in Lang::ALL {
            let t = lang.texts();
            let titles: Vec<String> = routes.iter().map(|r| page_title(t, r)).collect();
            let mut distinct = titles.clone();
            distinct.sort();
            distinct.dedup();
            assert_eq!(distinct.len(), routes.len(), "{lang:?}: {titles:?}");
        }
        let t = Lang::Cs.texts();
        assert_eq!(
            page_title(t, &Route::from_fragment("#/othello?moves=d3")),
            "Othello · Mind Sports"
        );
        assert_eq!(
            named_page_title(
                t,
                &Route::from_fragment("#/learn/nim/nim-1-1"),
                "Vezmi poslední"
            ),
            "Vezmi poslední · Lekce · Mind Sports"
        );
        assert_eq!(
            page_title(t, &Route::from_fragment("#/nonsense")),
            "Stránka nenalezena · Mind Sports"
        );
    }
}
