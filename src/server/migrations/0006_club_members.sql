-- The members a club keeps (issue 37): names with optional ratings (whole
-- numbers), edited with the club's token, offered by its events'
-- registration. A member is their name's key (`club::text::key`, as the
-- rating list and the events' registration compare names), one a club.
-- Portable SQL, as 0001.
CREATE TABLE club_players (
    club_id TEXT NOT NULL,
    name_key TEXT NOT NULL,
    name TEXT NOT NULL,
    rating BIGINT,
    PRIMARY KEY (club_id, name_key)
);
