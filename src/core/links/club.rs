//! A club on the server (issue 29), read the same way natively and in the
//! browser: the club page's address (`#/clubs/<id>`, with `?token=` on the
//! club's private link), the club tokens this browser keeps, the ratings
//! frame's address (`#/embed/ratings?club=…`), and how the rating list is
//! sorted and written. The pages are the event module's (`ui::event::clubs`).

use std::cmp::Ordering;
use std::collections::BTreeMap;

use crate::json::Decode;
use serde::{Deserialize, Serialize};

use crate::club::ratings::PlayerRating;
use crate::embed::params::{EmbedParams, Game};
use crate::links::event::{read_look, well_formed};
use crate::query::percent_decode;

/// Where this browser keeps its clubs' tokens (local storage).
pub const KEPT_CLUBS_KEY: &str = "mind-sports.clubs";

/// What the club page's address says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClubLink {
    /// The club's id.
    pub club: String,
    /// The club's token, on the club's private link.
    pub token: Option<String>,
}

impl ClubLink {
    /// Reads what follows `#/clubs/`; `None` when it names no club.
    pub fn parse(rest: &str) -> Option<ClubLink> {
        let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
        let club = path.trim_end_matches('/');
        if !well_formed(club) {
            return None;
        }
        let token = query
            .split('&')
            .filter_map(|pair| pair.strip_prefix("token="))
            .find(|token| well_formed(token))
            .map(str::to_string);
        Some(ClubLink {
            club: club.to_string(),
            token,
        })
    }

    /// The page's public address (`#/clubs/<id>`).
    pub fn public(&self) -> String {
        format!("#/clubs/{}", self.club)
    }

    /// The club's private link's fragment (`#/clubs/<id>?token=…`).
    pub fn private(club: &str, token: &str) -> String {
        format!("#/clubs/{club}?token={token}")
    }
}

/// A club whose token this browser keeps.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, Decode)]
pub struct KeptClub {
    /// The club's name, as last seen (empty until the page has read it).
    #[serde(default)]
    pub name: String,
    /// The club's token.
    pub token: String,
}

/// Reads the kept clubs, by id (an unreadable text, or an entry whose id
/// or token is not well formed, is none).
pub fn read_kept_clubs(text: &str) -> BTreeMap<String, KeptClub> {
    let mut all: BTreeMap<String, KeptClub> = crate::json::from_str(text).unwrap_or_default();
    // Kept in place: collecting anew would sort the map's keys again, a
    // sort of strings of its own in the club's module.
    all.retain(|id, kept| well_formed(id) && well_formed(&kept.token));
    all
}

/// Whether what follows `#/embed/` is the ratings frame.
pub fn is_ratings_frame(frame: &str) -> bool {
    frame == "ratings" || frame.starts_with("ratings?") || frame.starts_with("ratings/?")
}

/// The ratings frame's address, read.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingsFrame {
    /// The club.
    pub club: String,
    /// The other parameters (`parent`, `theme`, `lang`).
    pub params: EmbedParams,
}

impl RatingsFrame {
    /// Reads what follows `#/embed/` (`ratings?club=…&parent=…`); `None`
    /// without a well-formed club id. `parent`, `theme` and `lang` read as
    /// the event frame's.
    pub fn parse(rest: &str) -> Option<RatingsFrame> {
        if !is_ratings_frame(rest) {
            return None;
        }
        let (_, query) = rest.split_once('?')?;
        let mut club = None;
        let mut params = EmbedParams::new(Game::Othello);
        for pair in query.split('&') {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let value = percent_decode(value);
            match key {
                "club" => club = Some(value),
                _ => read_look(&mut params, key, &value),
            }
        }
        let club = club.filter(|id| well_formed(id))?;
        Some(RatingsFrame { club, params })
    }
}

/// A column of the rating list that sorts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    /// The place (best first).
    Rank,
    /// The name (alphabetical).
    Name,
    /// The rating.
    Rating,
    /// The rated games played.
    Games,
}

/// How the list is sorted: a column, and which way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sort {
    /// The column.
    pub column: Column,
    /// Greatest first (for the rank: the last place first).
    pub descending: bool,
}

impl Default for Sort {
    /// By place, best first: the list as the server gives it.
    fn default() -> Sort {
        Sort {
            column: Column::Rank,
            descending: false,
        }
    }
}

impl Sort {
    /// The sort after a press on `column`'s header: the same column turns
    /// round; another starts its natural way (names A to Z, the place best
    /// first, ratings and games greatest first).
    pub fn pressed(self, column: Column) -> Sort {
        if column == self.column {
            return Sort {
                column,
                descending: !self.descending,
            };
        }
        Sort {
            column,
            descending: matches!(column, Column::Rating | Column::Games),
        }
    }

    /// The header's `aria-sort` (`ascending`, `descending` or `none`).
    pub fn aria(self, column: Column) -> &'static str {
        match (column == self.column, self.descending) {
            (false, _) => "none",
            (true, false) => "ascending",
            (true, true) => "descending",
        }
    }

    /// `players` in this order (equal ones by place, then as the list has
    /// them: the sort is stable).
    pub fn apply(self, players: &[PlayerRating]) -> Vec<&PlayerRating> {
        let mut sorted: Vec<&PlayerRating> = players.iter().collect();
        crate::engine::stable_sort::sort_by(&mut sorted, |a, b| {
            let by = match self.column {
                Column::Rank => a.rank.cmp(&b.rank),
                Column::Name => a.name.to_lowercase().cmp(&b.name.to_lowercase()),
                Column::Rating => a.rating.partial_cmp(&b.rating).unwrap_or(Ordering::Equal),
                Column::Games => a.games.cmp(&b.games),
            };
            let by = if self.descending { by.reverse() } else { by };
            by.then(a.rank.cmp(&b.rank))
        });
        sorted
    }
}

/// A rating as the list writes it: whole points, and the deviation after
/// `±` (`1623 ±87`).
pub fn rating_text(rating: f64, deviation: f64) -> String {
    // Rounded first: a whole number writes without the exact float
    // formatting, which would weigh on the pages' module.
    format!("{} ±{}", rating.round() as i64, deviation.round() as i64)
}

/// Points as a score sheet writes them: `1½`, `½`, `2`.
pub fn points_text(points: f64) -> String {
    let halves = (points * 2.0).round();
    if !halves.is_finite() || halves < 0.0 {
        return "0".into();
    }
    let whole = (halves / 2.0).floor();
    match (whole as u64, halves as u64 % 2 == 1) {
        (0, true) => "½".into(),
        (w, true) => format!("{w}½"),
        (w, false) => w.to_string(),
    }
}

/// A club frame the snippet builder offers: an event's (its id and view)
/// or a club's rating list (the club's id).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClubFrame {
    /// `#/embed/event?id=…&view=…`.
    Event {
        /// The event's id.
        id: String,
        /// `standings`, `pairings` or `live`.
        view: String,
    },
    /// `#/embed/ratings?club=…`.
    Ratings {
        /// The club's id.
        club: String,
    },
}

impl ClubFrame {
    /// The frame's fragment, with `parent` when given (`#/embed/…`).
    pub fn fragment(&self, parent: Option<&str>) -> String {
        let mut fragment = match self {
            ClubFrame::Event { id, view } => format!("#/embed/event?id={id}&view={view}"),
            ClubFrame::Ratings { club } => format!("#/embed/ratings?club={club}"),
        };
        if let Some(parent) = parent {
            fragment += &format!("&parent={}", crate::embed::params::encode(parent));
        }
        fragment
    }

    /// Whether the id has the form of one (the builder says so when not).
    pub fn is_complete(&self) -> bool {
        match self {
            ClubFrame::Event { id, .. } => well_formed(id),
            ClubFrame::Ratings { club } => well_formed(club),
        }
    }

    /// The custom element's snippet, with `embed.js` from `app`.
    pub fn element(&self, app: &str) -> String {
        let attributes = match self {
            ClubFrame::Event { id, view } => {
                format!("kind=\"event\" event=\"{id}\" view=\"{view}\"")
            }
            ClubFrame::Ratings { club } => format!("kind=\"ratings\" club=\"{club}\""),
        };
        format!(
            "<script src=\"{}embed.js\" defer></script>\n<mind-sports-board {attributes}></mind-sports-board>",
            app.replace('"', "%22")
        )
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::embed::params::Theme;
    use crate::lang::Lang;
    use proptest::prelude::*;
    use std::time::{Duration, Instant};

    fn player(rank: usize, name: &str, rating: f64, games: u32) -> PlayerRating {
        PlayerRating {
            rank,
            name: name.into(),
            rating,
            deviation: 90.0,
            volatility: 0.06,
            games,
            provisional: false,
            history: Vec::new(),
        }
    }

    #[test]
    fn links_read() {
        let link = ClubLink::parse("k7qz3mfa9tbe?token=0f3a").unwrap();
        assert_eq!(link.club, "k7qz3mfa9tbe");
        assert_eq!(link.token.as_deref(), Some("0f3a"));
        assert_eq!(link.public(), "#/clubs/k7qz3mfa9tbe");
        assert_eq!(ClubLink::private("ab", "cd"), "#/clubs/ab?token=cd");
        assert_eq!(ClubLink::parse("ab/").unwrap().token, None);
        assert_eq!(ClubLink::parse("ab?token=<x>").unwrap().token, None);
        for bad in ["", "../x", "K7", "a b"] {
            assert!(ClubLink::parse(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn kept_clubs_read_back_and_drop_what_is_not_a_token() {
        let mut all = BTreeMap::new();
        all.insert(
            "ab12".to_string(),
            KeptClub {
                name: "Brno".into(),
                token: "00ff".into(),
            },
        );
        let text = serde_json::to_string(&all).unwrap();
        assert_eq!(read_kept_clubs(&text), all);
        assert!(read_kept_clubs("{not json").is_empty());
        assert!(read_kept_clubs(r#"{"ab":{"token":"<b>"}}"#).is_empty());
        assert_eq!(read_kept_clubs(r#"{"ab":{"token":"c1"}}"#)["ab"].name, "");
    }

    #[test]
    fn frames_read() {
        let frame = RatingsFrame::parse(
            "ratings?club=ab12&parent=https%3A%2F%2Fclub.example&theme=dark&lang=cs",
        )
        .unwrap();
        assert_eq!(frame.club, "ab12");
        assert_eq!(
            frame.params.parent.unwrap().to_string(),
            "https://club.example"
        );
        assert_eq!(frame.params.theme, Theme::Dark);
        assert_eq!(frame.params.lang, Some(Lang::Cs));
        assert!(RatingsFrame::parse("ratings?club=A%20B").is_none());
        assert!(RatingsFrame::parse("ratings").is_none());
        assert!(RatingsFrame::parse("event?club=ab").is_none());
        assert!(is_ratings_frame("ratings?club=x"));
        assert!(!is_ratings_frame("ratingsx?club=x"));
    }

    #[test]
    fn the_list_sorts_by_each_column_both_ways() {
        let players = [
            player(1, "Cyril", 1700.0, 4),
            player(2, "alice", 1600.0, 9),
            player(2, "Bob", 1600.0, 2),
        ];
        let names = |sort: Sort| -> Vec<&str> {
            sort.apply(&players)
                .iter()
                .map(|p| p.name.as_str())
                .collect()
        };
        let sort = Sort::default();
        assert_eq!(names(sort), ["Cyril", "alice", "Bob"]);
        assert_eq!(sort.aria(Column::Rank), "ascending");
        assert_eq!(sort.aria(Column::Name), "none");
        let by_name = sort.pressed(Column::Name);
        assert_eq!(names(by_name), ["alice", "Bob", "Cyril"]);
        assert_eq!(
            names(by_name.pressed(Column::Name)),
            ["Cyril", "Bob", "alice"]
        );
        let by_games = by_name.pressed(Column::Games);
        assert_eq!(by_games.aria(Column::Games), "descending");
        assert_eq!(names(by_games), ["alice", "Cyril", "Bob"]);
        let by_rating = sort.pressed(Column::Rating);
        assert_eq!(names(by_rating), ["Cyril", "alice", "Bob"]);
        assert_eq!(
            names(by_rating.pressed(Column::Rating)),
            ["alice", "Bob", "Cyril"]
        );
        assert_eq!(names(sort.pressed(Column::Rank)), ["alice", "Bob", "Cyril"]);
    }

    #[test]
    fn numbers_are_written_as_a_score_sheet_does() {
        assert_eq!(rating_text(1623.4, 87.6), "1623 ±88");
        assert_eq!(points_text(1.5), "1½");
        assert_eq!(points_text(0.5), "½");
        assert_eq!(points_text(2.0), "2");
        assert_eq!(points_text(0.0), "0");
        assert_eq!(points_text(f64::NAN), "0");
    }

    #[test]
    fn club_frames_have_their_addresses_and_elements() {
        let ratings = ClubFrame::Ratings {
            club: "ab12".into(),
        };
        assert_eq!(
            ratings.fragment(Some("https://club.example")),
            "#/embed/ratings?club=ab12&parent=https://club.example"
        );
        let read =
            RatingsFrame::parse(&ratings.fragment(Some("https://club.example"))[8..]).unwrap();
        assert_eq!(read.club, "ab12");
        assert_eq!(
            ratings.element("https://app.example/"),
            "<script src=\"https://app.example/embed.js\" defer></script>\n<mind-sports-board kind=\"ratings\" club=\"ab12\"></mind-sports-board>"
        );
        let event = ClubFrame::Event {
            id: "k7".into(),
            view: "live".into(),
        };
        assert_eq!(event.fragment(None), "#/embed/event?id=k7&view=live");
        assert!(event
            .element("/")
            .contains("kind=\"event\" event=\"k7\" view=\"live\""));
        assert!(event.is_complete());
        assert!(!ClubFrame::Ratings { club: "A B".into() }.is_complete());
    }

    proptest! {
        #[test]
        fn any_address_reads_without_panic(text in "\\PC{0,200}") {
            let started = Instant::now();
            if let Some(link) = ClubLink::parse(&text) {
                prop_assert!(well_formed(&link.club));
                prop_assert_eq!(ClubLink::parse(&link.public()[8..]).map(|l| l.club), Some(link.club));
            }
            if let Some(frame) = RatingsFrame::parse(&text) {
                prop_assert!(well_formed(&frame.club));
            }
            let _ = read_kept_clubs(&text);
            let _ = points_text(text.len() as f64 / 3.0);
            prop_assert!(started.elapsed() < Duration::from_millis(250));
        }

        #[test]
        fn kept_clubs_write_then_read_is_the_identity(id in "[a-z0-9]{1,64}", token in "[a-z0-9]{1,64}", name in "\\PC{0,100}") {
            let mut all = BTreeMap::new();
            all.insert(id, KeptClub { name, token });
            prop_assert_eq!(read_kept_clubs(&serde_json::to_string(&all).unwrap()), all);
        }
    }
}
