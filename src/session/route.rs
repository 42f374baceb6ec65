//! The app's pages as URL fragments (`#/othello?moves=…`): fragments work on
//! any static host and inside a club's page without server rules.

/// A page of the app.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Route {
    /// The list of games.
    Home,
    /// The Othello board; `Some(query)` when opened from a share link.
    Othello(Option<String>),
    /// The Othello rules page.
    OthelloRules,
    /// The Opok board; `Some(query)` when opened from a share link.
    Opok(Option<String>),
    /// The Opok rules page.
    OpokRules,
    /// The take-away games; `Some(query)` when opened from a share link.
    Nim(Option<String>),
    /// The take-away games' rules page.
    NimRules,
    /// A fragment that names no page.
    NotFound(String),
}

impl Route {
    /// The route of a URL fragment (with or without the leading `#`).
    pub fn from_fragment(fragment: &str) -> Route {
        let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
        let (path, query) = match fragment.split_once('?') {
            Some((p, q)) => (p, Some(q.to_string())),
            None => (fragment, None),
        };
        match path.trim_end_matches('/') {
            "" => Route::Home,
            "/othello" => Route::Othello(query.filter(|q| !q.is_empty())),
            "/othello/rules" => Route::OthelloRules,
            "/opok" => Route::Opok(query.filter(|q| !q.is_empty())),
            "/opok/rules" => Route::OpokRules,
            "/nim" => Route::Nim(query.filter(|q| !q.is_empty())),
            "/nim/rules" => Route::NimRules,
            other => Route::NotFound(other.to_string()),
        }
    }

    /// The URL fragment of this route, with the leading `#`.
    pub fn fragment(&self) -> String {
        match self {
            Route::Home => "#/".into(),
            Route::Othello(None) => "#/othello".into(),
            Route::Othello(Some(query)) => format!("#/othello?{query}"),
            Route::OthelloRules => "#/othello/rules".into(),
            Route::Opok(None) => "#/opok".into(),
            Route::Opok(Some(query)) => format!("#/opok?{query}"),
            Route::OpokRules => "#/opok/rules".into(),
            Route::Nim(None) => "#/nim".into(),
            Route::Nim(Some(query)) => format!("#/nim?{query}"),
            Route::NimRules => "#/nim/rules".into(),
            Route::NotFound(path) => format!("#{path}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fragments_round_trip() {
        for route in [
            Route::Home,
            Route::Othello(None),
            Route::Othello(Some("moves=f5".into())),
            Route::OthelloRules,
            Route::Opok(None),
            Route::Opok(Some("size=3".into())),
            Route::OpokRules,
            Route::Nim(None),
            Route::Nim(Some("misere=1".into())),
            Route::NimRules,
        ] {
            assert_eq!(Route::from_fragment(&route.fragment()), route);
        }
        assert_eq!(Route::from_fragment(""), Route::Home);
        assert_eq!(Route::from_fragment("#/othello?"), Route::Othello(None));
        assert_eq!(
            Route::from_fragment("#/chess"),
            Route::NotFound("/chess".into())
        );
    }
}
