-- Club events (issue 29). Portable SQL, as 0001. An event is the fold of
-- its changes (JSON of online::event::Change), each logged with who made
-- it and when; secrets are kept only as SHA-256 hashes.

-- An event: the organiser's token hash, the changes it has, and when its
-- next forfeit falls due (service time).
CREATE TABLE club_events (
    id TEXT PRIMARY KEY,
    organiser_hash TEXT NOT NULL,
    changes BIGINT NOT NULL,
    due_at BIGINT,
    created_wall BIGINT NOT NULL,
    updated_wall BIGINT NOT NULL
);
CREATE INDEX club_events_due ON club_events (due_at);

-- What happened to each event, in order; `who` is `organiser`,
-- `registration`, `server` or `player:<name>` (never a token).
CREATE TABLE club_event_changes (
    event_id TEXT NOT NULL,
    seq BIGINT NOT NULL,
    body TEXT NOT NULL,
    who TEXT NOT NULL,
    at_wall BIGINT NOT NULL,
    PRIMARY KEY (event_id, seq)
);

-- Each player's token hash (also the seat token of their games).
CREATE TABLE club_event_players (
    event_id TEXT NOT NULL,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    PRIMARY KEY (event_id, name)
);
CREATE INDEX club_event_players_token ON club_event_players (event_id, token_hash);

-- The online games of the events' rounds.
CREATE TABLE club_event_games (
    game_id TEXT PRIMARY KEY,
    event_id TEXT NOT NULL,
    round BIGINT NOT NULL,
    board BIGINT NOT NULL
);
