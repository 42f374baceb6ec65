//! Where a game page starts: the game of the link it was opened with, else
//! the autosaved game, else a new one. A link that cannot be read never
//! costs the game in progress: the page keeps the autosaved game and says
//! what was wrong with the link.

/// The game a page opens with, and what went wrong on the way.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Opening<G, L, S> {
    /// The game to show; `None` for a new game.
    pub game: Option<G>,
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
    let mut link_error = None;
    if let Some(query) = link {
        match decode(query) {
            Ok(game) => {
                return Opening {
                    game: Some(game),
                    link_error: None,
                    saved_error: None,
                }
            }
            Err(e) => link_error = Some(e),
        }
    }
    let (game, saved_error) = match saved.map(load) {
        Some(Ok(game)) => (Some(game), None),
        Some(Err(e)) => (None, Some(e)),
        None => (None, None),
    };
    Opening {
        game,
        link_error,
        saved_error,
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
                link_error: None,
                saved_error: None
            }
        );
    }
}
