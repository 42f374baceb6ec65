//! What a club does: created with a name (its token hashed at rest), an
//! event joins it (created with the club's token, or attached with both
//! the club's and the event's organiser's tokens; logged as the event's
//! `club` change by the organiser), and its rating list computed by the
//! library (`club::ratings::rate`) over its events' tournaments as they
//! stand in memory, so it is current after every change.

use std::sync::Arc;

use mind_sports_core::online::club::{
    Attach, Club, ClubCreated, ClubError, ClubEvent, ClubRefusal, CreateClub, EditMember, Member,
    MAX_MEMBERS, MAX_MEMBER_RATING,
};
use mind_sports_core::online::event::{Change, EventError, Who};

use super::ratings::{version_of, Rated};
use crate::event::club::{club_row, club_unavailable, with_token};
use crate::event::rating::rate_members;
use crate::event::service::EventEntry;
use crate::event::state::{label_name, player_name};
use crate::event::views::summary;
use crate::event::Events;
use crate::quotas;
use crate::store::clubs;
use crate::store::{ClubOp, Op, WriteError};
use crate::tokens;

/// The clubs of this instance (over its events).
pub struct Clubs {
    /// The events.
    pub events: Arc<Events>,
    /// The rating lists computed last.
    pub cache: super::ratings::RatingCache,
}

impl Clubs {
    /// A new club, made from `address` (its key).
    pub async fn create(
        &self,
        request: CreateClub,
        address: &str,
    ) -> Result<ClubCreated, ClubError> {
        let name = label_name(&request.name).map_err(|problem| ClubError::Name { problem })?;
        let service = &self.events.service;
        let wall = service.time().wall() as i64;
        let limits = &service.settings().limits;
        quotas::check(service.store(), limits, quotas::Made::Club, address, wall)
            .await
            .map_err(club_unavailable)?
            .map_err(ClubError::Limit)?;
        let (id, token) = (tokens::game_id(), tokens::secret());
        let op = Op::Club(ClubOp::Create {
            id: id.clone(),
            name,
            token_hash: tokens::hash(&token),
            address: address.to_string(),
            wall,
        });
        self.events
            .service
            .store()
            .journal()
            .write(&id, vec![op])
            .await
            .map_err(|e| club_unavailable(format!("{e:?}")))?;
        Ok(ClubCreated { club: id, token })
    }

    /// Club `id` and its events, oldest first.
    pub async fn show(&self, id: &str) -> Result<Club, ClubError> {
        let row = club_row(&self.events, id).await?;
        let mut events = Vec::new();
        for (event, created, entry) in self.members(id).await? {
            let loaded = entry.event.lock().await;
            let brief = summary(&event, &loaded.state);
            events.push(ClubEvent {
                event,
                name: brief.name,
                game: brief.setup.game,
                stage: brief.stage,
                created_ms: created as u64,
            });
        }
        Ok(Club {
            club: id.to_string(),
            name: row.name,
            created_ms: row.created_wall as u64,
            events,
            members: self.members_of(id).await?,
        })
    }

    /// Club `id`'s members, by name.
    async fn members_of(&self, id: &str) -> Result<Vec<Member>, ClubError> {
        let store = self.events.service.store();
        let rows = clubs::players(store, id).await.map_err(club_unavailable)?;
        Ok(rows
            .into_iter()
            .map(|(_, name, rating)| Member {
                name,
                rating: rating.and_then(|r| u32::try_from(r).ok()),
            })
            .collect())
    }

    /// An officer adds, changes or removes a member of club `id`: the name
    /// is taken as players' names are (and compared by its key), a rating
    /// is at most `MAX_MEMBER_RATING`; the club as it is then.
    pub async fn edit_member(&self, id: &str, request: EditMember) -> Result<Club, ClubError> {
        with_token(&self.events, id, &request.token).await?;
        let name = player_name(&request.name).map_err(|problem| ClubError::Name { problem })?;
        let key = mind_sports_core::club::text::key(&name);
        let refused = |refusal| ClubError::Refused { refusal };
        let store = self.events.service.store();
        let now = clubs::players(store, id).await.map_err(club_unavailable)?;
        let known = now.iter().any(|(k, _, _)| *k == key);
        let op = if request.remove {
            if !known {
                return Err(refused(ClubRefusal::NoSuchMember));
            }
            ClubOp::Unplayer {
                club: id.to_string(),
                key,
            }
        } else {
            if request.rating.is_some_and(|r| r > MAX_MEMBER_RATING) {
                return Err(refused(ClubRefusal::Rating));
            }
            if !known && now.len() >= MAX_MEMBERS {
                return Err(refused(ClubRefusal::TooManyMembers));
            }
            ClubOp::Player {
                club: id.to_string(),
                key,
                name,
                rating: request.rating.map(i64::from),
            }
        };
        match store.journal().write(id, vec![Op::Club(op)]).await {
            Ok(()) => {}
            // Removed meanwhile by another officer.
            Err(WriteError::Conflict) => return Err(refused(ClubRefusal::NoSuchMember)),
            Err(e) => return Err(club_unavailable(format!("{e:?}"))),
        }
        self.show(id).await
    }

    /// Event `request.event` joins club `id`: both tokens are checked
    /// before anything is read of the event; an event of this club
    /// already is answered as it is (nothing logged twice).
    pub async fn attach(&self, id: &str, request: Attach) -> Result<Club, ClubError> {
        let club = with_token(&self.events, id, &request.token).await?;
        let entry = match self.events.entry(&request.event).await {
            Ok(entry) => entry,
            Err(EventError::NotFound) => return Err(ClubError::NoSuchEvent),
            Err(error) => return Err(club_unavailable_of(error)),
        };
        {
            let mut loaded = entry.event.lock().await;
            if !loaded.is_organiser(&request.organiser) {
                return Err(ClubError::WrongOrganiser);
            }
            match loaded.state.club() {
                Some(club) if club == id => {}
                Some(_) => {
                    return Err(ClubError::Refused {
                        refusal: ClubRefusal::OtherClub,
                    })
                }
                None => {
                    let member = Op::Club(ClubOp::Member {
                        club: id.to_string(),
                        event: request.event.clone(),
                        wall: self.events.service.time().wall() as i64,
                    });
                    let change = Change::Club {
                        club: id.into(),
                        name: club.name.clone(),
                    };
                    self.events
                        .commit(
                            &entry,
                            &mut loaded,
                            vec![(change, Who::Organiser)],
                            vec![member],
                        )
                        .await
                        .map_err(club_unavailable_of)?;
                }
            }
        }
        self.show(id).await
    }

    /// The rating list of club `id` as it is served: `club::ratings`
    /// over its events' rounds in the order they were played (forfeits
    /// and byes left out), computed only when one of its events changed since it was
    /// last (`ratings::Rated`).
    pub async fn rated(&self, id: &str) -> Result<Arc<Rated>, ClubError> {
        club_row(&self.events, id).await?;
        let members = self.members(id).await?;
        let version = version_of_members(&members).await;
        if let Some(rated) = self.cache.get(id, &version) {
            return Ok(rated);
        }
        let _computing = self.cache.computing.lock().await;
        if let Some(rated) = self.cache.get(id, &version) {
            return Ok(rated);
        }
        // An event changing meanwhile gives a newer list under the version
        // read above: the next read finds the version moved on and
        // computes again.
        let rated = Arc::new(Rated::new(id, version, &rate_members(&members).await));
        self.cache.keep(id, rated.clone());
        Ok(rated)
    }

    /// The events of club `id`, oldest first: id, creation's wall time,
    /// and the event in memory.
    async fn members(&self, id: &str) -> Result<Vec<(String, i64, Arc<EventEntry>)>, ClubError> {
        let store = self.events.service.store();
        let rows = clubs::members(store, id).await.map_err(club_unavailable)?;
        let mut members = Vec::with_capacity(rows.len());
        for (event, created) in rows {
            let entry = self
                .events
                .entry(&event)
                .await
                .map_err(club_unavailable_of)?;
            members.push((event, created, entry));
        }
        Ok(members)
    }

    /// Whether event `event` is club `id`'s (read from the database: it
    /// may have joined on another instance).
    pub async fn has_event(&self, id: &str, event: &str) -> bool {
        let store = self.events.service.store();
        matches!(clubs::club_of(store, event).await, Ok(Some(club)) if club == id)
    }
}

/// The version of the list over `members` as they stand.
async fn version_of_members(members: &[(String, i64, Arc<EventEntry>)]) -> String {
    let mut counts = Vec::with_capacity(members.len());
    for (id, _, entry) in members {
        counts.push((id.as_str(), entry.event.lock().await.state.changes()));
    }
    version_of(counts.into_iter())
}

/// An event's failure while a club reads or attaches it (the event's
/// refusals do not come here: its database failed).
fn club_unavailable_of(error: EventError) -> ClubError {
    match error {
        EventError::Unavailable => ClubError::Unavailable,
        other => club_unavailable(format!("{other:?}")),
    }
}
