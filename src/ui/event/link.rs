//! The event page's address (`#/event/<id>`, `?organiser=<token>` on the
//! organiser's private link) and the tokens this browser keeps for its
//! events: a player's (the seat token of their games) and the
//! organiser's, both in local storage as online seats are.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::super::browser;

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
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kept {
    /// The player's name and token, once registered here.
    #[serde(default)]
    pub player: Option<(String, String)>,
    /// The organiser's token.
    #[serde(default)]
    pub organiser: Option<String>,
}

/// Where the tokens are kept.
const KEPT_KEY: &str = "mind-sports.events";

/// Reads the kept tokens (an unreadable text is none).
pub fn read_kept(text: &str) -> BTreeMap<String, Kept> {
    serde_json::from_str(text).unwrap_or_default()
}

/// The tokens kept for `event`.
pub fn kept(event: &str) -> Kept {
    browser::load(KEPT_KEY)
        .map(|text| read_kept(&text))
        .and_then(|mut all| all.remove(event))
        .unwrap_or_default()
}

/// Changes what is kept for `event`.
pub fn keep(event: &str, change: impl FnOnce(&mut Kept)) {
    let mut all = browser::load(KEPT_KEY)
        .map(|text| read_kept(&text))
        .unwrap_or_default();
    change(all.entry(event.to_string()).or_default());
    let _ = browser::store(KEPT_KEY, &serde_json::to_string(&all).unwrap_or_default());
}

#[cfg(test)]
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
            EventLink::parse("ab?player=00ff").unwrap().player.as_deref(),
            Some("00ff")
        );
        for bad in ["", "../x", "K7", "a b", "a?organiser=1"] {
            let link = EventLink::parse(bad);
            assert!(link.is_none() || link.unwrap().organiser.is_none(), "{bad}");
        }
        assert_eq!(EventLink::parse("ab?organiser=<x>").unwrap().organiser, None);
    }

    #[test]
    fn kept_tokens_read_back() {
        let mut all = BTreeMap::new();
        all.insert(
            "ab12".to_string(),
            Kept {
                player: Some(("Eva".into(), "00ff".into())),
                organiser: None,
            },
        );
        let text = serde_json::to_string(&all).unwrap();
        assert_eq!(read_kept(&text), all);
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
}
