//! The club's rating list as it is served: computed once per change of
//! the club's events (a version: the hash of its events' ids and change
//! counts), cut into pages of at most [`PAGE_BYTES`] of JSON, and kept
//! for the clubs read last, so that a request or a live stream costs a
//! lookup, never a rating run, and no answer is larger than a page. The
//! list itself is [`crate::event::rating`]'s (a club's event seeds its
//! round 1 by it too).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use mind_sports_core::club::ratings::{PlayerRating, RatingList};
use mind_sports_core::online::club::{ClubMessage, RatingPage};
use mind_sports_core::online::protocol::encode;
use sha2::{Digest, Sha256};

/// The most JSON of players on one page (a page with one huge player's
/// history holds just that player).
pub const PAGE_BYTES: usize = 64 * 1024;

/// The most players on one page.
pub const PAGE_PLAYERS: usize = 200;

/// The most lists kept, and the most bytes of pages they may hold.
const KEPT_LISTS: usize = 64;
const KEPT_BYTES: usize = 64 * 1024 * 1024;

/// A club's list of one version, ready to serve.
#[derive(Debug)]
pub struct Rated {
    /// Its version.
    pub version: String,
    /// The pages' JSON (`RatingPage`), in order; at least one.
    pub pages: Vec<Arc<str>>,
    /// The live stream's message: the first page.
    pub message: Arc<str>,
    bytes: usize,
}

impl Rated {
    /// Cuts `list` of club `club` into pages.
    pub fn new(club: &str, version: String, list: &RatingList) -> Rated {
        let groups = paged(&list.players);
        let pages: Vec<RatingPage> = groups
            .iter()
            .enumerate()
            .map(|(page, players)| RatingPage {
                club: club.to_string(),
                version: version.clone(),
                events: list.events,
                periods: list.periods,
                players: players.to_vec(),
                page,
                pages: groups.len(),
                total: list.players.len(),
            })
            .collect();
        let message = Arc::from(encode(&ClubMessage::Ratings(pages[0].clone())));
        let pages: Vec<Arc<str>> = pages.iter().map(|p| Arc::from(encode(p))).collect();
        let bytes = pages.iter().map(|p| p.len()).sum();
        Rated {
            version,
            pages,
            message,
            bytes,
        }
    }

    /// The `ETag` of page `page`.
    pub fn etag(&self, page: usize) -> String {
        format!("\"{}-{page}\"", self.version)
    }
}

/// `players` in pages of at most [`PAGE_BYTES`] of JSON and
/// [`PAGE_PLAYERS`] players (one page, maybe empty, at least).
fn paged(players: &[PlayerRating]) -> Vec<&[PlayerRating]> {
    let mut pages = Vec::new();
    let (mut start, mut bytes) = (0, 0);
    for (at, player) in players.iter().enumerate() {
        let size = serde_json::to_string(player).map_or(0, |text| text.len() + 1);
        let full = at > start && (bytes + size > PAGE_BYTES || at - start >= PAGE_PLAYERS);
        if full {
            pages.push(&players[start..at]);
            (start, bytes) = (at, 0);
        }
        bytes += size;
    }
    pages.push(&players[start..]);
    pages
}

/// The version of a list over events `(id, changes)` in order.
pub fn version_of<'a>(events: impl Iterator<Item = (&'a str, u64)>) -> String {
    let mut hasher = Sha256::new();
    for (id, changes) in events {
        hasher.update(format!("{id}:{changes};").as_bytes());
    }
    hasher.finalize()[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The lists kept: the clubs read last.
#[derive(Default)]
pub struct RatingCache {
    lists: Mutex<HashMap<String, (Arc<Rated>, u64)>>,
    uses: std::sync::atomic::AtomicU64,
    /// Held while a list is computed: one rating run at a time, and a
    /// list asked for by many at once is computed once.
    pub computing: tokio::sync::Mutex<()>,
}

impl RatingCache {
    /// Club `club`'s list if it is of `version`.
    pub fn get(&self, club: &str, version: &str) -> Option<Arc<Rated>> {
        let used = self.uses.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let mut lists = self.lists.lock().expect("not poisoned");
        let (rated, last) = lists.get_mut(club)?;
        (rated.version == version).then(|| {
            *last = used;
            rated.clone()
        })
    }

    /// Keeps `rated` as club `club`'s list, forgetting the lists read
    /// longest ago beyond the bounds.
    pub fn keep(&self, club: &str, rated: Arc<Rated>) {
        let used = self.uses.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let mut lists = self.lists.lock().expect("not poisoned");
        lists.insert(club.to_string(), (rated, used));
        loop {
            let bytes: usize = lists.values().map(|(r, _)| r.bytes).sum();
            if lists.len() <= 1 || (lists.len() <= KEPT_LISTS && bytes <= KEPT_BYTES) {
                return;
            }
            let oldest = lists
                .iter()
                .filter(|(id, _)| id.as_str() != club)
                .min_by_key(|(_, (_, last))| *last)
                .map(|(id, _)| id.clone());
            match oldest {
                Some(id) => lists.remove(&id),
                None => return,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(rank: usize, name: String, rounds: usize) -> PlayerRating {
        PlayerRating {
            rank,
            name,
            rating: 1500.0,
            deviation: 80.0,
            volatility: 0.06,
            games: rounds as u32,
            provisional: false,
            history: Vec::new(),
        }
    }

    #[test]
    fn pages_are_bounded_and_join_into_the_list() {
        let players: Vec<PlayerRating> = (1..=1000)
            .map(|rank| player(rank, "Ж".repeat(100) + &rank.to_string(), 7))
            .collect();
        let list = RatingList {
            events: 8,
            periods: 56,
            players,
        };
        let rated = Rated::new("club", version_of([("e", 3)].into_iter()), &list);
        assert!(rated.pages.len() > 3);
        let pages: Vec<RatingPage> = rated
            .pages
            .iter()
            .map(|text| {
                assert!(text.len() <= PAGE_BYTES + 1024, "{}", text.len());
                serde_json::from_str(text).unwrap()
            })
            .collect();
        assert_eq!(RatingPage::join(&pages), Some(list));
        assert!(pages.iter().all(|p| p.players.len() <= PAGE_PLAYERS));
        assert!(rated.message.len() <= PAGE_BYTES + 1024);
        // A missing page or one of another version: no list.
        assert_eq!(RatingPage::join(&pages[1..]), None);
        let mut mixed = pages.clone();
        mixed[1].version = "other".into();
        assert_eq!(RatingPage::join(&mixed), None);
    }

    #[test]
    fn an_empty_list_is_one_empty_page() {
        let list = RatingList {
            events: 0,
            periods: 0,
            players: Vec::new(),
        };
        let rated = Rated::new("club", "v".into(), &list);
        assert_eq!(rated.pages.len(), 1);
        let page: RatingPage = serde_json::from_str(&rated.pages[0]).unwrap();
        assert_eq!(RatingPage::join(&[page]), Some(list));
        assert_eq!(rated.etag(0), "\"v-0\"");
    }

    #[test]
    fn versions_follow_every_change() {
        let a = version_of([("e1", 3), ("e2", 5)].into_iter());
        assert_eq!(a, version_of([("e1", 3), ("e2", 5)].into_iter()));
        assert_ne!(a, version_of([("e1", 3), ("e2", 6)].into_iter()));
        assert_ne!(a, version_of([("e2", 5), ("e1", 3)].into_iter()));
    }

    #[test]
    fn the_cache_keeps_the_clubs_read_last() {
        let cache = RatingCache::default();
        let list = RatingList {
            events: 0,
            periods: 0,
            players: Vec::new(),
        };
        for n in 0..(KEPT_LISTS + 5) {
            let id = format!("club{n}");
            cache.keep(&id, Arc::new(Rated::new(&id, "v".into(), &list)));
            if n == KEPT_LISTS - 1 {
                assert!(cache.get("club0", "v").is_some());
            }
        }
        assert!(cache.get("club0", "v").is_some(), "read lately");
        assert!(cache.get("club1", "v").is_none(), "forgotten");
        assert!(cache.get("club0", "w").is_none(), "another version");
        assert!(cache.get(&format!("club{}", KEPT_LISTS + 4), "v").is_some());
    }
}
