//! A club on the server (issue 29): the messages of `/api/v1/clubs/…`
//! that the server and the browser's pages share. Serde types only, so
//! they build for wasm32. `docs/tournament.md`, "Running an event
//! online", lists the routes.
//!
//! A club is created with a name ([`CreateClub`]) and answers a public id
//! and a private club token ([`ClubCreated`]). Its events are those
//! created with the club's id and token (the optional `club` and
//! `club_token` of `POST /events` and `POST /events/import`) or attached
//! later ([`Attach`], with both the event's organiser token and the club
//! token). Its rating list is `club::ratings::rate` over its events'
//! tournaments, oldest event first: what `engine ratings --json` prints
//! for the events' exported files in that order.
//!
//! ```
//! use mind_sports_core::online::club::{Attach, CreateClub};
//! use mind_sports_core::online::protocol::decode;
//! let create: CreateClub = decode(br#"{"name":"Brno Othello Club"}"#).unwrap();
//! assert_eq!(create.name, "Brno Othello Club");
//! let attach: Attach = decode(br#"{"token":"c1","event":"ww5jakuyzbx8",
//!     "organiser":"0f3a"}"#).unwrap();
//! assert_eq!(attach.event, "ww5jakuyzbx8");
//! ```

use crate::json::Decode;
use serde::{Deserialize, Serialize};

use super::event::{NameProblem, Stage};
use super::protocol::LimitReached;
use super::setup::GameKind;
use crate::club::ratings::{PlayerRating, RatingList};

/// `POST /api/v1/clubs`: a new club.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateClub {
    /// The club's name (at most 100 characters, no markup).
    pub name: String,
}

/// The answer to [`CreateClub`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
pub struct ClubCreated {
    /// The club's public id (its links and embeds name it).
    pub club: String,
    /// The club's secret token (given once, kept only as a hash): it
    /// adds events to the club.
    pub token: String,
}

/// `POST /api/v1/clubs/<id>/events`: an existing event joins the club.
/// Both secrets are needed: the club's (the club agrees) and the event's
/// organiser's (the event agrees).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attach {
    /// The club's token.
    pub token: String,
    /// The event's id.
    pub event: String,
    /// The event's organiser token.
    pub organiser: String,
}

/// An event of a club as `GET /api/v1/clubs/<id>` lists it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Decode)]
pub struct ClubEvent {
    /// The event's id.
    pub event: String,
    /// Its name.
    pub name: Option<String>,
    /// Its game.
    pub game: GameKind,
    /// Where it stands.
    pub stage: Stage,
    /// When it was created (milliseconds since 1970).
    pub created_ms: u64,
}

/// `GET /api/v1/clubs/<id>`: the club and its events, oldest first (the
/// order the rating list reads them in).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Decode)]
pub struct Club {
    /// The club's id.
    pub club: String,
    /// Its name.
    pub name: String,
    /// When it was created (milliseconds since 1970).
    pub created_ms: u64,
    /// Its events, oldest first.
    pub events: Vec<ClubEvent>,
    /// The members the club keeps (registration offers them), by name.
    #[serde(default)]
    pub members: Vec<Member>,
}

/// A member the club keeps: a name and, if the officers give one, a
/// rating (a whole number from 0 to 4000).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
pub struct Member {
    /// The name (unique in the club by its key, `club::text::key`).
    pub name: String,
    /// The rating, if given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<u32>,
}

/// The most members a club keeps.
pub const MAX_MEMBERS: usize = 1000;

/// The highest rating of a member.
pub const MAX_MEMBER_RATING: u32 = 4000;

/// `POST /api/v1/clubs/<id>/members`: an officer (the club's token) adds
/// a member, changes one (the same name's key: the spelling and the
/// rating) or removes one; the answer is the club.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EditMember {
    /// The club's token.
    pub token: String,
    /// The member's name.
    pub name: String,
    /// The rating, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<u32>,
    /// Removes the member of this name instead.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub remove: bool,
}

/// A page of the club's rating list: `GET /api/v1/clubs/<id>/ratings?page=N`
/// (from 0). The list is computed once per change of the club's events;
/// its `version` names it (the pages' `ETag`s carry it), and a page is at
/// most about 64 KiB of JSON, so that a club of any size is read in parts.
/// Joined in order, the pages' players are the whole list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Decode)]
pub struct RatingPage {
    /// The club's id.
    pub club: String,
    /// The list's version (changes with it).
    pub version: String,
    /// The events read ([`RatingList::events`]).
    pub events: usize,
    /// The rating periods ([`RatingList::periods`]).
    pub periods: usize,
    /// This page's players, best first.
    pub players: Vec<PlayerRating>,
    /// This page's number (from 0).
    pub page: usize,
    /// The number of pages.
    pub pages: usize,
    /// The players of the whole list.
    pub total: usize,
}

impl RatingPage {
    /// The whole list of `pages` (in order, of one version): `None` if
    /// they are not all there or not of one version.
    pub fn join(pages: &[RatingPage]) -> Option<RatingList> {
        let first = pages.first()?;
        let whole = pages.len() == first.pages
            && pages
                .iter()
                .enumerate()
                .all(|(n, p)| p.page == n && p.version == first.version);
        if !whole {
            return None;
        }
        let players: Vec<PlayerRating> = pages.iter().flat_map(|p| p.players.clone()).collect();
        (players.len() == first.total).then_some(RatingList {
            events: first.events,
            periods: first.periods,
            players,
        })
    }
}

/// What the club's live stream (`/api/v1/clubs/<id>/live`) sends: the
/// rating list's first page now, then again after every change of any of
/// its events (and when an event joins) that changed the list; the page
/// reads the other pages over HTTP.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Decode)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClubMessage {
    /// The list's first page, as `GET …/ratings?page=0` answers it.
    Ratings(RatingPage),
}

/// Why a club refused a request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum ClubRefusal {
    /// The event belongs to another club already (an event has one club).
    OtherClub,
    /// A member's rating is above [`MAX_MEMBER_RATING`].
    Rating,
    /// The club keeps [`MAX_MEMBERS`] members already.
    TooManyMembers,
    /// There is no member of that name to remove.
    NoSuchMember,
}

/// A club request's error (`{"error": "wrong_token"}`; the body errors
/// `malformed`, `too_large` and `limit` read as the events' do).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum ClubError {
    /// The body does not read.
    Malformed {
        /// What the decoder said.
        detail: String,
    },
    /// The body is too large.
    TooLarge,
    /// No such club.
    NotFound,
    /// No such event (attach).
    NoSuchEvent,
    /// The club token is not this club's.
    WrongToken,
    /// The organiser token is not the event's (a player's token is not
    /// an organiser's).
    WrongOrganiser,
    /// The club's name was refused.
    Name {
        /// Why.
        problem: NameProblem,
    },
    /// The club cannot do that.
    Refused {
        /// Why.
        refusal: ClubRefusal,
    },
    /// A limit was reached.
    Limit(LimitReached),
    /// The database failed; try again.
    Unavailable,
}
