-- Clubs (issue 29): a club collects events for its rating list. Portable
-- SQL, as 0001. The club's token is kept only as its SHA-256 hash.

CREATE TABLE clubs (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    created_wall BIGINT NOT NULL
);

-- The events of each club: an event has at most one club (its key). It
-- is written with the event's `club` change, in one transaction.
CREATE TABLE club_members (
    event_id TEXT PRIMARY KEY,
    club_id TEXT NOT NULL,
    joined_wall BIGINT NOT NULL
);
CREATE INDEX club_members_club ON club_members (club_id);
