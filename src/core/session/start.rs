//! Where a game page starts: the game of the link it was opened with, else
//! the autosaved game, else a new one. A link never costs the game in
//! progress: one that cannot be read leaves the autosaved game on the page
//! (and says what was wrong with the link); one that can hands the page the
//! autosaved game it replaces, to be put aside ([`super::recent`]).

/// The game a page opens with, and what went wrong on the way.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Opening<G, L, S> {
    /// The game to show; `None` for a new game.
    pub game: Option<G>,
    /// The autosaved game that the link's game replaces.
    pub replaced: Option<G>,
    /// Why the link was refused.
    pub link_error: Option<L>,
    /// Why the autosave could not be restored (it should be set aside, not
    /// deleted: a newer version of the app may read it).
    pub saved_error: Option<S>,
}

/// Chooses the opening game from the link's query (if the page was opened
/// with one) and the autosaved text (if any).
pub fn opening<G, L, S>(
    link: Option<&str>,
    decode: impl FnOnce(&str) -> Result<G, L>,
    saved: Option<&str>,
    load: impl FnOnce(&str) -> Result<G, S>,
) -> Opening<G, L, S> {
    let (saved, saved_error) = match saved.map(load) {
        Some(Ok(game)) => (Some(game), None),
        Some(Err(e)) => (None, Some(e)),
        None => (None, None),
    };
    match link.map(decode) {
        Some(Ok(game)) => Opening {
            game: Some(game),
            replaced: saved,
            link_error: None,
            saved_error,
        },
        link => Opening {
            game: saved,
            replaced: None,
            link_error: link.and_then(Result::err),
            saved_error,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<u32, String> {
        text.parse().map_err(|_| format!("bad {text}"))
    }

    #[test]
    fn a_good_link_wins_and_a_bad_one_keeps_the_saved_game() {
        let o = opening(Some("5"), parse, Some("7"), parse);
        assert_eq!((o.game, o.link_error, o.saved_error), (Some(5), None, None));
        assert_eq!(o.replaced, Some(7), "the game in progress is handed over");
        let o = opening(Some("5"), parse, Some("y"), parse);
        assert_eq!((o.game, o.replaced), (Some(5), None));
        assert!(
            o.saved_error.is_some(),
            "an unreadable autosave is said, not overwritten silently"
        );
        let o = opening(Some("x"), parse, Some("7"), parse);
        assert_eq!(o.game, Some(7));
        assert_eq!(o.link_error, Some("bad x".into()));
        let o = opening(Some("x"), parse, Some("y"), parse);
        assert_eq!(o.game, None);
        assert!(o.link_error.is_some() && o.saved_error.is_some());
        let o = opening(None, parse, None, parse);
        assert_eq!(
            o,
            Opening {
                game: None,
                replaced: None,
                link_error: None,
                saved_error: None
            }
        );
    }
}
