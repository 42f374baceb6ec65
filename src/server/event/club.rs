//! The club an event belongs to, as the events see it. A club collects
//! events, so the clubs build on the events and never the other way
//! round: what both need of a club is here, below them. That is the
//! club's row and what its token opens (an event created into the club;
//! the club's officers, who also manage its events), an event joining
//! its club at creation, and the club's rating list by name key, which
//! seeds round 1 of its events.

use std::collections::HashMap;

use mind_sports_core::online::club::ClubError;
use mind_sports_core::online::event::{Change, ClubClaim, EventError};

use super::rating::rate_members;
use super::service::Events;
use crate::store::clubs::{self, ClubRow};
use crate::store::{ClubOp, EventOp, Op};
use crate::tokens;

/// The database failed: logged, and the client told to try again.
pub fn club_unavailable<E: std::fmt::Display>(error: E) -> ClubError {
    tracing::error!(%error, "clubs");
    ClubError::Unavailable
}

/// Club `id`'s row (`not_found` before any lookup for what cannot be an
/// id).
pub async fn club_row(events: &Events, id: &str) -> Result<ClubRow, ClubError> {
    if !tokens::is_game_id(id) {
        return Err(ClubError::NotFound);
    }
    clubs::club(events.service.store(), id)
        .await
        .map_err(club_unavailable)?
        .ok_or(ClubError::NotFound)
}

/// Club `id`'s row, once its token is `token`.
pub async fn with_token(events: &Events, id: &str, token: &str) -> Result<ClubRow, ClubError> {
    let row = club_row(events, id).await?;
    if tokens::hash(token) != row.token_hash {
        return Err(ClubError::WrongToken);
    }
    Ok(row)
}

/// The ops of a new event joining the club it claims (its `club` change is the
/// event's second, after `Created`), once the club's token is checked: an
/// unknown club is a `setup` problem `club`, a missing or forged token
/// `wrong_token`.
pub async fn joining_at_creation(
    events: &Events,
    event: &str,
    claim: &ClubClaim,
) -> Result<Vec<Op>, EventError> {
    let token = claim.token.as_deref();
    let Some(club) = claim.id.as_deref() else {
        return match token {
            Some(_) => Err(EventError::Setup {
                problem: "club".into(),
            }),
            None => Ok(Vec::new()),
        };
    };
    let row = match with_token(events, club, token.unwrap_or_default()).await {
        Ok(row) => row,
        Err(ClubError::WrongToken) => return Err(EventError::WrongToken),
        Err(ClubError::NotFound) => {
            return Err(EventError::Setup {
                problem: "club".into(),
            })
        }
        Err(_) => return Err(EventError::Unavailable),
    };
    let wall = events.service.time().wall() as i64;
    let change = Change::Club {
        club: club.to_string(),
        name: row.name,
    };
    Ok(vec![
        Op::Club(ClubOp::Member {
            club: club.to_string(),
            event: event.to_string(),
            wall,
        }),
        Op::Event(EventOp::Append {
            id: event.to_string(),
            expect: 1,
            body: mind_sports_core::online::protocol::encode(&change),
            who: "organiser".into(),
            wall,
            due_at: None,
        }),
    ])
}

/// The rating list of club `club` by name key (`club::text::key`): what
/// seeds round 1 of its events. Computed here, not kept: it is read once
/// an event.
pub async fn ratings_by_key(
    events: &Events,
    club: &str,
) -> Result<HashMap<String, f64>, EventError> {
    let store = events.service.store();
    let rows = clubs::members(store, club).await.map_err(|error| {
        tracing::error!(%error, "clubs");
        EventError::Unavailable
    })?;
    let mut members = Vec::with_capacity(rows.len());
    for (event, created) in rows {
        members.push((event.clone(), created, events.entry(&event).await?));
    }
    let list = rate_members(&members).await;
    Ok(list
        .players
        .into_iter()
        .map(|p| (mind_sports_core::club::text::key(&p.name), p.rating.round()))
        .collect())
}
