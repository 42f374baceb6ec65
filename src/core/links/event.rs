//! A club's event's addresses (issue 29), read the same way natively and
//! in the browser: the event page's (`#/event/<id>`, with the organiser's
//! or a player's private token), the tokens the browser keeps for its
//! events, and the event frames' (`#/embed/event?id=…&view=…`). The pages
//! are the event module's (`ui::event`).

use std::collections::BTreeMap;

use crate::json::Decode;
use serde::{Deserialize, Serialize};

use crate::embed::origin::Origin;
use crate::embed::params::{EmbedParams, Game, Theme};
use crate::lang::Lang;
use crate::query::percent_decode;

/// What the event page's address says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventLink {
    /// The event's id.
    pub event: String,
    /// The organiser's token, on the organiser's private link.
    pub organiser: Option<String>,
    /// A player's token, on the link the organiser hands to a player
    /// they added.
    pub player: Option<String>,
}

/// Whether `text` has the form of an event id or a token: 1 to 64 ASCII
/// lower-case letters and digits (nothing that could leave a path).
pub fn well_formed(text: &str) -> bool {
    (1..=64).contains(&text.len())
        && text
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
}

impl EventLink {
    /// Reads what follows `#/event/`; `None` when it names no event.
    pub fn parse(rest: &str) -> Option<EventLink> {
        let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
        let event = path.trim_end_matches('/');
        if !well_formed(event) {
            return None;
        }
        let token = |key: &str| {
            query
                .split('&')
                .filter_map(|pair| pair.strip_prefix(key))
                .find(|token| well_formed(token))
                .map(str::to_string)
        };
        Some(EventLink {
            event: event.to_string(),
            organiser: token("organiser="),
            player: token("player="),
        })
    }

    /// The page's public address (`#/event/<id>`).
    pub fn public(&self) -> String {
        format!("#/event/{}", self.event)
    }
}

/// The tokens kept for one event.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, Decode)]
pub struct Kept {
    /// The player's name and token, once registered here.
    #[serde(default)]
    pub player: Option<(String, String)>,
    /// The organiser's token.
    #[serde(default)]
    pub organiser: Option<String>,
    /// The players' tokens the organiser was given here (a file's
    /// players, late entries, reissued links), by name: kept so that a
    /// reload does not lose them.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub links: BTreeMap<String, String>,
}

/// Reads the kept tokens (an unreadable text is none).
pub fn read_kept(text: &str) -> BTreeMap<String, Kept> {
    crate::json::from_str(text).unwrap_or_default()
}

/// What an event frame shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    /// The standings.
    Standings,
    /// The current round's pairings and results.
    Pairings,
    /// Every board of the current round, live.
    Live,
}

/// An event frame's address, read.
#[derive(Clone, Debug, PartialEq)]
pub struct EventFrame {
    /// The event.
    pub event: String,
    /// What it shows.
    pub view: View,
    /// The other parameters (`parent`, `theme`, `lang`).
    pub params: EmbedParams,
}

impl EventFrame {
    /// Reads what follows `#/embed/` (`event?id=…&view=…&parent=…`);
    /// `None` without a well-formed id or with an unknown view. `parent`,
    /// `theme` and `lang` read as any frame's (an origin, a theme's and a
    /// language's names); one that does not read is left at its default.
    pub fn parse(rest: &str) -> Option<EventFrame> {
        let (_, query) = rest.split_once('?')?;
        let mut event = None;
        let mut view = View::Standings;
        // Read here rather than by the frames' reader, which would bring
        // the three games' replays into this module for three keys.
        let mut params = EmbedParams::new(Game::Othello);
        for pair in query.split('&') {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let value = percent_decode(value);
            match key {
                "id" => event = Some(value),
                "view" => {
                    view = match value.as_str() {
                        "standings" => View::Standings,
                        "pairings" => View::Pairings,
                        "live" => View::Live,
                        _ => return None,
                    }
                }
                _ => read_look(&mut params, key, &value),
            }
        }
        let event = event.filter(|id| well_formed(id))?;
        Some(EventFrame {
            event,
            view,
            params,
        })
    }
}

/// Reads a club frame's `parent`, `theme` or `lang` (`key`) into
/// `params` as any frame reads them (an origin, a theme's and a
/// language's names); one that does not read, or another key, is left.
/// Read here rather than by the frames' reader, which would bring the
/// three games' replays into the club frames' module for three keys.
pub fn read_look(params: &mut EmbedParams, key: &str, value: &str) {
    match key {
        "parent" => params.parent = Origin::parse(value).ok(),
        "theme" => params.theme = Theme::from_name(value).unwrap_or(params.theme),
        "lang" => params.lang = Lang::from_code(value).or(params.lang),
        _ => {}
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn links_read() {
        let link = EventLink::parse("k7qz3mfa9tbe?organiser=0f3a").unwrap();
        assert_eq!(link.event, "k7qz3mfa9tbe");
        assert_eq!(link.organiser.as_deref(), Some("0f3a"));
        assert_eq!(link.public(), "#/event/k7qz3mfa9tbe");
        assert_eq!(EventLink::parse("k7qz3mfa9tbe/").unwrap().organiser, None);
        assert_eq!(
            EventLink::parse("ab?player=00ff")
                .unwrap()
                .player
                .as_deref(),
            Some("00ff")
        );
        for bad in ["", "../x", "K7", "a b"] {
            let link = EventLink::parse(bad);
            assert!(link.is_none() || link.unwrap().organiser.is_none(), "{bad}");
        }
        assert_eq!(
            EventLink::parse("ab?organiser=<x>").unwrap().organiser,
            None
        );
    }

    #[test]
    fn kept_tokens_read_back() {
        let mut all = BTreeMap::new();
        all.insert(
            "ab12".to_string(),
            Kept {
                player: Some(("Eva".into(), "00ff".into())),
                organiser: None,
                links: BTreeMap::new(),
            },
        );
        all.insert(
            "cd34".to_string(),
            Kept {
                player: None,
                organiser: Some("0a0b".into()),
                links: BTreeMap::from([("Petr Novák".to_string(), "0c0d".to_string())]),
            },
        );
        let text = serde_json::to_string(&all).unwrap();
        assert_eq!(read_kept(&text), all);
        // Tokens kept before the players' links were: read as none.
        let old = read_kept(r#"{"ef":{"player":null,"organiser":"01"}}"#);
        assert!(old["ef"].links.is_empty());
        assert!(read_kept("{not json").is_empty());
    }

    proptest! {
        #[test]
        fn any_address_reads_without_panic(text in "\\PC{0,200}") {
            if let Some(link) = EventLink::parse(&text) {
                prop_assert!(well_formed(&link.event));
                prop_assert_eq!(EventLink::parse(&link.public()[8..]).map(|l| l.event), Some(link.event));
            }
            let _ = read_kept(&text);
        }
    }

    #[test]
    fn frames_read() {
        let frame = EventFrame::parse(
            "event?id=k7qz3mfa9tbe&view=live&parent=https%3A%2F%2Fclub.example&theme=dark",
        )
        .unwrap();
        assert_eq!(frame.event, "k7qz3mfa9tbe");
        assert_eq!(frame.view, View::Live);
        assert_eq!(
            frame.params.parent.unwrap().to_string(),
            "https://club.example"
        );
        let frame = EventFrame::parse("event?id=ab12&parent=nonsense&lang=cs").unwrap();
        assert_eq!(frame.view, View::Standings);
        assert!(frame.params.parent.is_none());
        assert_eq!(frame.params.lang, Some(Lang::Cs));
        assert!(EventFrame::parse("event?id=ab12&view=boards").is_none());
        assert!(EventFrame::parse("event?view=live").is_none());
        assert!(EventFrame::parse("event?id=<b>").is_none());
    }
}
